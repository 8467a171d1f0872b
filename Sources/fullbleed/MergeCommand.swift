import Foundation
import FullBleedPipeline

/// `fullbleed merge PARTIAL.json... --out manifest.json`: combine the partial manifests of a sharded build.
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Merge the partial manifests of a sharded build into the manifest one run writes (exit 0 once it is written, even when photos failed)"
    static let usage = "fullbleed merge PARTIAL.json... --out manifest.json [--no-wait]"
    static let options = [
        OptionSpec("out", short: "o", value: "FILE", help: "Where to write the merged manifest (atomically)"),
        OptionSpec("no-wait", help: "Exit 4 at once when a build holds the folder of --out (default: wait for it)"),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no partial manifests given") }
        guard let outPath = arguments.value("out") else { throw UsageError(message: "--out FILE is required") }
        let merged = try ManifestMerge.merge(partialsAt: arguments.positionals, writingTo: outPath,
                                             contention: arguments.has("no-wait") ? .refuse : .wait) { output.writeError($0) }
        for failure in merged.failureRecords { output.writeError(failure.error) }
        output.write("merged \(arguments.positionals.count) partial manifests: \(merged.assets) assets, \(merged.failures) failures -> \(outPath)")
        // The shards' failed photos are listed in the manifest and were reported by their shards: the merge
        // itself did its work, so it succeeds (a Job that merges fails only when the manifest is not written).
        return ExitCode.success
    }
}
