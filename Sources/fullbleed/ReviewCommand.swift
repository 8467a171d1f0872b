import Foundation
import FullBleedPipeline
import FullBleedReview

/// `fullbleed review INPUT... [--pipeline P] [--out DIR] [--port N] [--no-open]`: builds as `fullbleed build
/// --preview` does, then serves the review page on 127.0.0.1 until SIGINT or SIGTERM (exit 0).
enum ReviewCommand: Command {
    static let name = "review"
    static let summary = "Build, then serve a page on 127.0.0.1 to review and correct each hero's framing in the browser"
    static let usage = "fullbleed review INPUT... [--pipeline P] [--out DIR] [--port N] [--jobs N] [--no-open]"
    static let options = BuildOptionTable.options.filter { ["pipeline", "out", "jobs"].contains($0.long) } + [
        OptionSpec("port", value: "N", help: "Port on 127.0.0.1 (default 8765; 0 picks a free one)"),
        OptionSpec("no-open", help: "Do not open the page in the browser (print its address only)"),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no input files or folders given") }
        for input in arguments.positionals where !FileSystem.exists(input) {
            throw ConfigError(file: input, location: "INPUT", message: "no such file or folder")
        }
        let spec = try PipelineLoader.load(path: arguments.value("pipeline") ?? "ios-hero")
        let port = try arguments.integer("port", in: 0...65_535) ?? 8765
        let jobs = try arguments.integer("jobs", in: 1...256) ?? ParallelRunner.defaultJobs
        let out = output
        let session = try ReviewSession(spec: spec, inputs: arguments.positionals, outputPath: arguments.value("out") ?? "build/heroes",
                                        jobs: jobs) { out.writeError($0) }
        // Stop cleanly on SIGINT / SIGTERM: the signals are taken from their default action first, so one
        // arriving during the first build ends the wait below once the build has finished.
        let stopped = DispatchSemaphore(value: 0)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }

        session.build(reason: "first build")
        let server = ReviewServer(session: session, token: try ReviewToken.generate())
        do { try server.start(port: UInt16(port)) } catch {
            throw ConfigError(location: "--port", message: error.message)
        }
        session.startWatching()
        output.write("review: \(server.url)")
        output.writeError("review: serving \(session.outputRoot) on 127.0.0.1:\(server.port) (Ctrl-C to stop)")
        if !arguments.has("no-open") { openInBrowser(server.url, output: output) }
        stopped.wait()
        output.writeError("review: stopping")
        server.stop()
        session.stop()
        return ExitCode.success
    }

    /// `open` on macOS, `xdg-open` elsewhere; a failure is a note, the address is printed anyway.
    static func openInBrowser(_ url: String, output: Output) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        process.arguments = [url]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            output.writeError("review: could not open a browser (\(error.localizedDescription)); open the address above")
        }
    }
}
