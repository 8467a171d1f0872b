import Foundation
import FullBleedPipeline

/// `fullbleed merge PARTIAL.json... --out manifest.json`: combine the partial manifests of a sharded build.
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Merge the partial manifests of a sharded build into the manifest one run writes"
    static let usage = "fullbleed merge PARTIAL.json... --out manifest.json"
    static let options = [
        OptionSpec("out", short: "o", value: "FILE", help: "Where to write the merged manifest (atomically)"),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no partial manifests given") }
        guard let outPath = arguments.value("out") else { throw UsageError(message: "--out FILE is required") }
        var partials: [(path: String, manifest: Manifest)] = []
        for path in arguments.positionals {
            partials.append((path, try Manifest.load(path: path, kind: "partial manifest")))
        }
        let merged = try ManifestMerge.merge(partials)
        let url = URL(fileURLWithPath: outPath).standardizedFileURL
        let folder = try OutputDirectory(path: url.deletingLastPathComponent().path)
        try folder.write(try merged.encoded(), to: url.lastPathComponent)
        output.write("merged \(partials.count) partial manifests: \(merged.assets.count) assets, \(merged.failures.count) failures -> \(outPath)")
        return merged.failures.isEmpty ? ExitCode.success : ExitCode.someFailed
    }
}
