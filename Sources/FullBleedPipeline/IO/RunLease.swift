import Foundation

/// One run's claim on an output folder, so several processes can share it (the shards of an Indexed Job
/// on one volume): a token `<pid>-<random>` carried by every temporary name the run writes
/// (`.fullbleed-tmp-<token>-...`), and a run lock `.fullbleed-run-<token>.lock` in the folder's root, held
/// with `flock(LOCK_EX)` for as long as any temporary file of the run may exist (every staged file, the
/// open journal: each holds a `Claim`; the lock file goes with the last one). Another run removes temporary
/// files only when they are older than its own start and their run's lock can be taken (that run is dead;
/// the kernel drops a dead process's `flock`).
final class RunLease: @unchecked Sendable {
    static let lockPrefix = ".fullbleed-run-"
    static let lockSuffix = ".lock"

    /// `<pid>-<8 hex digits>`: unique among the runs sharing a folder, even across hosts.
    let token: String
    /// Wall-clock start of the run, nanoseconds since 1970.
    let startedNanoseconds: Int64
    /// The folder whose root holds the lock file.
    let root: String
    private let mutex = NSLock()
    private var descriptor: Int32 = -1
    private var claims = 0

    init(root: String) {
        self.root = root
        token = "\(getpid())-" + String(format: "%08x", UInt32.random(in: .min ... .max))
        startedNanoseconds = Self.now()
    }

    /// One reason to hold the run lock (a staged file, an open journal); dropped by `release()` or when
    /// the last reference goes (a staged file a committed journal keeps for the next run is protected by
    /// that journal instead).
    final class Claim: @unchecked Sendable {
        private let lease: RunLease
        private let mutex = NSLock()
        private var released = false

        fileprivate init(_ lease: RunLease) { self.lease = lease }

        deinit { release() }

        /// Drops this claim; the lock file goes with the run's last claim. Idempotent.
        func release() {
            mutex.lock()
            let first = !released
            released = true
            mutex.unlock()
            if first { lease.drop() }
        }
    }

    /// Takes a claim, creating and locking the run lock if this run holds none (see `hold`).
    func claim() throws(SystemError) -> Claim {
        mutex.lock()
        defer { mutex.unlock() }
        if descriptor < 0 {
            let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw SystemError(path: root, operation: .write, errno: errno) }
            defer { close(fd) }
            try holdLocked(root: fd)
        }
        claims += 1
        return Claim(self)
    }

    private func drop() {
        mutex.lock()
        defer { mutex.unlock() }
        guard claims > 0 else { return }
        claims -= 1
        if claims == 0 { releaseLocked() }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func lockName(_ token: String) -> String { lockPrefix + token + lockSuffix }

    /// The token in a temporary name (`.fullbleed-tmp-<pid>-<hex>-...`), or nil when it has none.
    static func token(inTemporaryName name: String) -> String? {
        guard name.hasPrefix(OutputDirectory.temporaryPrefix) else { return nil }
        let parts = name.dropFirst(OutputDirectory.temporaryPrefix.count).split(separator: "-", maxSplits: 2)
        return parts.count >= 2 ? parts[0] + "-" + parts[1] : nil
    }

    /// The token of a run-lock name, or nil.
    static func token(inLockName name: String) -> String? {
        guard name.hasPrefix(lockPrefix), name.hasSuffix(lockSuffix), name.count > lockPrefix.count + lockSuffix.count else { return nil }
        return String(name.dropFirst(lockPrefix.count).dropLast(lockSuffix.count))
    }

    /// Takes the run lock in the folder `root` (a descriptor) if this run does not hold it yet. The lock
    /// file is checked to still be the one locked (another run may remove a lock file it found unlocked in
    /// the instant between its creation and its `flock`); its content says who holds it, for messages.
    private func holdLocked(root: Int32) throws(SystemError) {
        guard descriptor < 0 else { return }
        let name = Self.lockName(token)
        for _ in 0..<8 {
            let fd = openat(root, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw SystemError(path: name, operation: .write, errno: errno, detail: "cannot create the run lock") }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(fd)
                throw SystemError(path: name, operation: .write, errno: code, detail: "cannot lock the run lock")
            }
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, fstatat(root, name, &named, AT_SYMLINK_NOFOLLOW) == 0,
               held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                let info = Array(Self.holderDescription(command: "run").utf8)
                _ = ftruncate(fd, 0)
                _ = info.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
                descriptor = fd
                return
            }
            close(fd)
        }
        throw SystemError(path: name, operation: .write, refused: "the run lock keeps vanishing")
    }

    /// Ends the run whatever claims are left: removes its lock file (while still holding it) and drops the
    /// lock.
    func release() {
        mutex.lock()
        defer { mutex.unlock() }
        claims = 0
        releaseLocked()
    }

    private func releaseLocked() {
        guard descriptor >= 0 else { return }
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            unlinkat(fd, Self.lockName(token), 0)
            close(fd)
        }
        close(descriptor)
        descriptor = -1
    }

    /// Whether the run with `token` is alive: its lock file exists and someone holds it. Probes with a
    /// shared lock, so two runs probing at once never mistake each other for the owner.
    static func isAlive(_ token: String, root: Int32) -> Bool {
        let fd = openat(root, lockName(token), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return errno != ENOENT }
        defer { close(fd) }
        return flock(fd, LOCK_SH | LOCK_NB) != 0
    }

    /// Removes the lock file `name` of a dead run older than `before` (nanoseconds since 1970); true when
    /// removed. Taken exclusively first, so a live run's lock is never removed.
    static func removeDeadLock(_ name: String, root: Int32, before: Int64) -> Bool {
        let fd = openat(root, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &info) == 0, FileStamp(info).modifiedNanoseconds < before else { return false }
        return unlinkat(root, name, 0) == 0
    }

    /// `pid 123 on host h since 2026-12-01T12:00:00Z (fullbleed build)`: who holds a lock.
    static func holderDescription(command: String) -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        let formatter = ISO8601DateFormatter()
        return "pid \(getpid()) on host \(host) since \(formatter.string(from: Date())) (fullbleed \(command))"
    }
}

/// The lock of a whole output folder, `<out>/.fullbleed.lock` (`flock`): an unsharded build and `merge`
/// hold it exclusively (one writer per folder), the shards of a sharded build share it (they write
/// disjoint files and their own partial manifests). The exclusive holder writes who it is into the file
/// (emptied again on release) so a second build can say who it waits for.
public final class FolderLock: @unchecked Sendable {
    public static let fileName = ".fullbleed.lock"

    public enum Mode: Sendable { case exclusive, shared }

    /// What to do when another build holds the lock.
    public enum Contention: Sendable {
        /// Wait for it, after reporting who holds it through `onWait`.
        case wait
        /// Fail at once with a `SystemError` (`.lock`) naming the holder.
        case refuse
    }

    private let descriptor: Int32
    private let mode: Mode

    private init(descriptor: Int32, mode: Mode) {
        self.descriptor = descriptor
        self.mode = mode
    }

    /// Takes the lock of `out` (creating the lock file once, the only file a no-op build ever creates).
    /// - Throws: `SystemError` (`.lock`) with `.refuse` when another build holds it,
    ///   naming that build; `SystemError` (`.openOutput`) when the lock file cannot be created.
    public static func acquire(_ out: OutputDirectory, mode: Mode, contention: Contention, command: String,
                               onWait: (String) -> Void) throws -> FolderLock {
        let root = open(out.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw SystemError(path: out.root, operation: .openOutput, errno: errno) }
        defer { close(root) }
        let fd = openat(root, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw SystemError(path: out.root + "/" + fileName, operation: .openOutput, errno: errno, detail: "cannot create the folder lock")
        }
        let operation = mode == .exclusive ? LOCK_EX : LOCK_SH
        if flock(fd, operation | LOCK_NB) != 0 {
            let holder = Self.holder(fd: fd, root: root)
            guard contention == .wait else {
                close(fd)
                throw SystemError(path: out.root, operation: .lock,
                                  refused: "another build holds \(fileName) (\(holder)); not waiting for it (--no-wait)")
            }
            onWait("waiting for \(out.root)/\(fileName): held by \(holder)")
            while flock(fd, operation) != 0 {
                guard errno == EINTR else {
                    let code = errno
                    close(fd)
                    throw SystemError(path: out.root + "/" + fileName, operation: .lock, errno: code)
                }
            }
        }
        if mode == .exclusive {
            let info = Array(RunLease.holderDescription(command: command).utf8)
            _ = ftruncate(fd, 0)
            _ = info.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
        return FolderLock(descriptor: fd, mode: mode)
    }

    /// Releases the lock (the exclusive holder empties the file first).
    public func release() {
        if mode == .exclusive { _ = ftruncate(descriptor, 0) }
        close(descriptor)
    }

    /// Who holds the lock: the exclusive holder's line, else the live runs of a sharded build.
    private static func holder(fd: Int32, root: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        let text = n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        if !text.isEmpty { return OneLine.escaped(text) }
        let runs = liveRunDescriptions(root: root)
        return runs.isEmpty ? "a sharded build" : "a sharded build: " + runs.joined(separator: "; ")
    }

    /// The content of every live run lock in the folder (`pid ... on host ...`), sorted.
    private static func liveRunDescriptions(root: Int32) -> [String] {
        let dup = Foundation.dup(root)
        guard dup >= 0, let dir = fdopendir(dup) else { return [] }
        defer { closedir(dir) }
        var lines: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard let token = RunLease.token(inLockName: name), RunLease.isAlive(token, root: root) else { continue }
            let fd = openat(root, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
            if n > 0 { lines.append(OneLine.escaped(String(decoding: buffer.prefix(n), as: UTF8.self))) }
        }
        return lines.sorted()
    }
}
