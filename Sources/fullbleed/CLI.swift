import Foundation
import FullBleedPipeline

/// Process exit codes (documented in docs/exit-codes.md and `--help`).
enum ExitCode {
    /// Everything succeeded.
    static let success: Int32 = 0
    /// Some inputs failed; the others were processed (0 instead with `build --allow-failures`).
    static let someFailed: Int32 = 1
    /// Usage or configuration error: nothing was done.
    static let usage: Int32 = 2
    /// The output folder stopped accepting writes (full disk, I/O error) so the manifest could not be
    /// written: the previous manifest, if any, is intact; no partial or temporary files are left.
    static let outputFailed: Int32 = 3
    /// Another build holds the output folder's lock and `--no-wait` was given: nothing was done; retry later.
    static let busy: Int32 = 4

    /// The one map from an error that stops a command to its exit code, for every verb: a write into the
    /// output folder that failed (the manifest, a merged manifest, the catalog, the preview page) is 3;
    /// everything else that stops a command before it did its work (usage, a bad pipeline or manifest, an
    /// input that cannot be read, an output folder that cannot be created) is 2; an output folder locked by
    /// another build (`--no-wait`) is 4. Failures of single photos never get here: a build reports them and
    /// exits 1.
    /// The code of a build that ran to its end: 1 when photos failed (with `--check`: when something is
    /// stale or a recorded failure still fails), unless `allowFailures` and failed photos are all there is.
    static func of(_ summary: BuildSummary, check: Bool, allowFailures: Bool) -> Int32 {
        if check {
            let outOfDate = summary.stale.count - summary.failed
            return outOfDate > 0 || (summary.failed > 0 && !allowFailures) ? someFailed : success
        }
        return summary.failed == 0 || allowFailures ? success : someFailed
    }

    static func of(_ error: Error) -> Int32 {
        switch error {
        case let error as SystemError: return error.isBusy ? busy : error.isOutputFailure ? outputFailed : usage
        default: return usage
        }
    }
}

/// A subcommand: its name, one-line summary, options and how to run it (`Sendable`, so the table of
/// commands is a concurrency-safe constant).
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32
}

/// Where the CLI writes: stdout for results, stderr for diagnostics. Injected so tests can capture it.
struct Output: Sendable {
    var write: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void

    static let standard = Output(
        write: { text in FileHandle.standardOutput.write(Data((text + "\n").utf8)) },
        writeError: { text in FileHandle.standardError.write(Data((text + "\n").utf8)) })
}

enum CLI {
    static let commands: [any Command.Type] = [BuildCommand.self, InspectCommand.self, MergeCommand.self, PreviewCommand.self, ProbeCommand.self, PipelineCommand.self, ReviewCommand.self]

    /// Runs `fullbleed` with `arguments` (without the program name) and returns the exit code.
    static func run(arguments: [String], output: Output = .standard) -> Int32 {
        var output = output
        guard let first = arguments.first else {
            output.writeError(generalHelp)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                output.write(help(for: command))
            } else {
                output.write(generalHelp)
            }
            return ExitCode.success
        case "--version", "-V":
            output.write(BuildInfo.versionLine)
            return ExitCode.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let nearest = PipelineLoader.nearestName(to: first, among: commands.map { $0.name })
            output.writeError("fullbleed: unknown command '\(first)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "") + " (see 'fullbleed --help')")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            output.write(help(for: command))
            return ExitCode.success
        }
        do {
            let parsed = try ParsedArguments.parse(rest, options: command.options)
            return try command.run(parsed, output: &output)
        } catch let error as UsageError {
            output.writeError("fullbleed \(command.name): \(error.message) (see 'fullbleed \(command.name) --help')")
            return ExitCode.usage
        } catch {
            output.writeError("fullbleed \(command.name): " + OneLine.escaped("\(error)"))
            return ExitCode.of(error)
        }
    }

    static var generalHelp: String {
        var lines = [
            "fullbleed \(ToolVersion.current): hero assets for iOS 26-style detail screens, the web and Android.",
            "",
            "Usage: fullbleed COMMAND [OPTIONS] [ARGUMENTS]",
            "",
            "Commands:",
        ]
        for command in commands { lines.append("  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary) }
        lines += [
            "",
            "Options:",
            "  -h, --help     Show help (also 'fullbleed COMMAND --help')",
            "  -V, --version  Show the version",
            "",
            "Exit codes: 0 success, 1 some inputs failed (the rest were processed; 0 with --allow-failures),",
            "            2 usage error, 3 the output folder could not be written (full disk, I/O error, at any",
            "            point; the previous manifest is kept; retry), 4 another build holds the output folder's lock",
            "            (--no-wait; nothing was done; retry).",
        ]
        return lines.joined(separator: "\n")
    }

    static func help(for command: any Command.Type) -> String {
        var lines = ["Usage: \(command.usage)", "", command.summary]
        if !command.options.isEmpty {
            lines += ["", "Options:"]
            lines += OptionSpec.helpLines(command.options)
        }
        return lines.joined(separator: "\n")
    }
}
