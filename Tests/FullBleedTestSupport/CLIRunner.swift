import Foundation

/// Runs the built `fullbleed` binary in a child process and captures its output.
public enum CLIRunner {
    public struct Result: Sendable {
        public var exitCode: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The `fullbleed` binary next to the running test bundle (SwiftPM builds it because the CLI test target
    /// depends on it), or `FULLBLEED_BIN` when set.
    public static var binary: URL {
        if let override = ProcessInfo.processInfo.environment["FULLBLEED_BIN"] { return URL(fileURLWithPath: override) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates: [URL] = []
        var dir = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("fullbleed"))
            dir.deleteLastPathComponent()
        }
        for config in ["release", "debug"] {
            candidates.append(TestPaths.packageRoot.appendingPathComponent(".build/\(config)/fullbleed"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// Runs `fullbleed arguments...` in `directory` (default: the package root) and waits for it.
    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(executable: binary, arguments, in: directory ?? TestPaths.packageRoot, environment: environment)
    }

    /// Runs any `executable` with `arguments` in `directory` and waits for it, capturing both outputs.
    public static func run(executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes concurrently so a full pipe can never block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(exitCode: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
