import Foundation
import FullBleedCodecs
import FullBleedImage
import FullBleedPipeline
import FullBleedTestSupport

/// Helpers for the tests of many photos and many processes on one output folder (shards, locks,
/// journals): generated photos, background runs of the binary, and the one consistency check every test
/// ends with.
enum ScaleFixtures {
    /// One 48-pixel web width, JPEG only: the build of a photo costs little more than its decode.
    static var tinyPipeline: String { TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/pipelines/tiny.json").path }

    /// Writes `count` distinct JPEG photos of `width` x `height` pixels into `folder`, 100 to a sub-folder
    /// (`g000/p00000.jpg`, ...), the same bytes on every call.
    static func writePhotos(_ count: Int, to folder: String, width: Int = 128, height: Int = 96, first: Int = 0) throws {
        for index in first..<(first + count) {
            let image = SyntheticImages.rgb8(width: width, height: height) { x, y, c in
                UInt8(truncatingIfNeeded: (x * (c + 1) + y * (index % 7 + 1) + index * 37 + c * 80) & 0xFF)
            }
            let bytes = try Codecs.encode(image, as: .jpeg(JPEGEncodeOptions(quality: 85, progressive: false)))
            let group = folder + String(format: "/g%03d", index / 100)
            try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: group + String(format: "/p%05d.jpg", index)))
        }
    }

    /// Starts the binary in the background (output to files in `logs` when given, else discarded).
    static func start(_ arguments: [String], environment: [String: String] = [:], log: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let log {
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            process.standardOutput = handle
            process.standardError = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Starts the binary in the background with every signal unblocked and SIGINT / SIGTERM at their
    /// default action, as a shell starts it (a `Process` started from the test runner's threads inherits
    /// their blocked signal mask, so SIGINT and SIGTERM would never arrive); output discarded.
    /// - Returns: the child's pid, for `kill` and `waitForExit`.
    static func startWithDefaultSignals(_ arguments: [String]) throws -> pid_t {
        let argv = ([CLIRunner.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CLIRunner.binary.path, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        return pid
    }

    /// Waits for the child `pid`: the signal that ended it, or nil when it exited.
    static func waitForExit(_ pid: pid_t) -> (exitCode: Int32?, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? ((status >> 8) & 0xFF, nil) : (nil, status & 0x7F)
    }

    /// Whether the child `pid` is still running (not reaped, not a zombie).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    /// What is wrong with the output folder `out` after a build (empty when nothing): every file the
    /// manifest lists exists with its size (the manifest has no digests), every image file in the folder is listed, and no
    /// temporary file, journal or run lock is left.
    static func problems(in out: String, manifestName: String = "manifest.json") throws -> [String] {
        var problems: [String] = []
        let manifest = try Manifest.load(path: out + "/" + manifestName)
        var listed: Set<String> = []
        for asset in manifest.assets {
            for target in asset.targets {
                for file in target.derivatives.flatMap(\.files) + (target.extensions ?? []).flatMap(\.files) {
                    listed.insert(file.path)
                    guard let data = FileManager.default.contents(atPath: out + "/" + file.path) else {
                        problems.append("\(file.path): listed but missing")
                        continue
                    }
                    if data.count != file.bytes {
                        problems.append("\(file.path): listed with \(file.bytes) bytes, has \(data.count)")
                    }
                }
            }
        }
        for path in try BuildFixtures.snapshot(out).keys.sorted() {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".fullbleed-tmp-") || name.hasPrefix(".fullbleed-journal-") || name.hasPrefix(".fullbleed-run-") {
                problems.append("\(path): left behind")
            } else if !name.hasPrefix("."), !name.hasPrefix("manifest"), !listed.contains(path) {
                problems.append("\(path): not listed in \(manifestName)")
            }
        }
        return problems
    }

    /// The `finished` event of a `--json` build's stdout.
    static func finished(_ stdout: String) -> [String: Any]? {
        for line in stdout.split(separator: "\n").reversed() {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["event"] as? String == "finished" {
                return object
            }
        }
        return nil
    }
}
