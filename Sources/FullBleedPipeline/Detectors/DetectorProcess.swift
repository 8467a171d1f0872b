import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one external command with `posix_spawnp` (no shell) in a process group of its own, writes `input`
/// to its stdin while reading its stdout and stderr (one thread, `poll`, so no pipe can deadlock), and
/// kills the whole group (SIGKILL) when the deadline passes or stdout exceeds its cap. The child is always
/// reaped; any process it left in its group is killed before that.
enum DetectorProcess {
    enum Failure: Error, Equatable {
        /// The program could not be started (missing, not executable): the system's reason.
        case cannotStart(String)
        case timedOut
        /// stdout grew past the cap.
        case answerTooLarge
        /// Ended with a non-zero status, or by a signal; the start of its stderr.
        case exited(status: Int32, stderr: String)
        case signalled(signal: Int32, stderr: String)
    }

    /// The command's stdout, when it exited with status 0 within `timeoutSeconds`.
    static func run(_ argv: [String], input: [UInt8], timeoutSeconds: Double, maxOutputBytes: Int, maxErrorBytes: Int) throws(Failure) -> [UInt8] {
        ignoreSIGPIPE
        let deadline = monotonicSeconds() + timeoutSeconds
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1], stderrPipe: [Int32] = [-1, -1]
        spawnLock.lock()
        guard makePipe(&stdinPipe), makePipe(&stdoutPipe), makePipe(&stderrPipe) else {
            let reason = String(cString: strerror(errno))
            spawnLock.unlock()
            for fd in stdinPipe + stdoutPipe + stderrPipe where fd >= 0 { close(fd) }
            throw .cannotStart("cannot create a pipe: \(reason)")
        }
        let pid: pid_t
        do {
            defer { spawnLock.unlock(); close(stdinPipe[0]); close(stdoutPipe[1]); close(stderrPipe[1]) }
            pid = try spawn(argv, stdin: stdinPipe[0], stdout: stdoutPipe[1], stderr: stderrPipe[1])
        } catch {
            close(stdinPipe[1]); close(stdoutPipe[0]); close(stderrPipe[0])
            throw error
        }
        var input = input[...]
        var stdinFD: Int32 = stdinPipe[1], stdoutFD: Int32 = stdoutPipe[0], stderrFD: Int32 = stderrPipe[0]
        for fd in [stdinFD, stdoutFD, stderrFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        defer { for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) } }
        if input.isEmpty { close(stdinFD); stdinFD = -1 }
        var output: [UInt8] = [], errors: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var failure: Failure?

        // Exchange data until both output pipes are closed.
        while stdoutFD >= 0 || stderrFD >= 0 {
            let left = deadline - monotonicSeconds()
            if left <= 0 { failure = .timedOut; break }
            var fds: [pollfd] = []
            if stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            if stdoutFD >= 0 { fds.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
            if stderrFD >= 0 { fds.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(1000, max(1, left * 1000))))
            if ready < 0 && errno != EINTR { failure = .cannotStart("poll failed: \(String(cString: strerror(errno)))"); break }
            guard ready > 0 else { continue }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdinFD {
                    let written = input.withUnsafeBytes { write(stdinFD, $0.baseAddress, min($0.count, 65536)) }
                    if written > 0 { input = input.dropFirst(written) }
                    // Done, or the detector closed its stdin (EPIPE): it answers from what it read.
                    if input.isEmpty || (written < 0 && errno != EAGAIN && errno != EINTR) { close(stdinFD); stdinFD = -1 }
                } else {
                    let isOutput = entry.fd == stdoutFD
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count > 0 {
                        if isOutput {
                            output += buffer[0..<count]
                            if output.count > maxOutputBytes { failure = .answerTooLarge }
                        } else if errors.count < maxErrorBytes {
                            errors += buffer[0..<min(count, maxErrorBytes - errors.count)]
                        }
                    } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                        close(entry.fd)
                        if isOutput { stdoutFD = -1 } else { stderrFD = -1 }
                    }
                }
            }
            if failure != nil { break }
        }
        // Wait for the exit (the pipes may close before it), within the same deadline.
        while failure == nil && !hasExited(pid) {
            if monotonicSeconds() >= deadline { failure = .timedOut; break }
            usleep(5000)
        }
        // The child is exited (not yet reaped) or still running: its group id cannot have been reused.
        _ = kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if let failure { throw failure }
        let stderrText = firstLine(errors)
        let signal = status & 0x7F
        if signal != 0 { throw .signalled(signal: signal, stderr: stderrText) }
        let code = (status >> 8) & 0xFF
        if code != 0 { throw .exited(status: code, stderr: stderrText) }
        return output
    }

    /// The first non-empty line of `bytes` (invalid UTF-8 repaired, control characters dropped), at most 200 characters.
    static func firstLine(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        let printable = String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        return printable.count > 200 ? String(printable.prefix(200)) + "..." : printable
    }

    /// Writing to a detector that closed its stdin must fail with EPIPE, not kill the build.
    private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A pipe whose two ends are closed on exec, so a detector spawned by another thread inherits neither
    /// (pipes are made and spawned under `spawnLock`, so none is spawned between `pipe` and `fcntl`).
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress!) }) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static let spawnLock = NSLock()

    /// Whether `pid` has exited, without reaping it (`WNOWAIT`).
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        while true {
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0 { return info.si_signo == SIGCHLD }
            if errno != EINTR { return true }
        }
    }

    private static func spawn(_ argv: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws(Failure) -> pid_t {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Its own process group (to kill it with everything it started), default signal handling and no
        // blocked signals, whatever this process set.
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let result = posix_spawnp(&pid, cArguments[0]!, &actions, &attributes, &cArguments, environment)
        guard result == 0 else { throw .cannotStart("\(argv[0]): \(String(cString: strerror(result)))") }
        return pid
    }
}
