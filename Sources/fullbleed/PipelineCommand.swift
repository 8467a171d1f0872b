import Foundation
import FullBleedPipeline

/// `fullbleed pipeline list` and `fullbleed pipeline show NAME|FILE`: the built-in pipelines, and a pipeline's
/// JSON with how large a photo must be for each of its tiers.
enum PipelineCommand: Command {
    static let name = "pipeline"
    static let summary = "List the built-in pipelines, or show one (or a file) with the minimum photo size per tier"
    static let usage = "fullbleed pipeline list | fullbleed pipeline show NAME|FILE"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        let words = arguments.positionals
        switch words.first {
        case "list":
            guard words.count == 1 else { throw UsageError(message: "list takes no arguments, got '\(OneLine.escaped(words[1]))'") }
            output.write(try list())
        case "show":
            guard words.count == 2 else {
                throw UsageError(message: words.count < 2 ? "show needs a pipeline name or file (e.g. 'fullbleed pipeline show ios-hero')"
                                                          : "show takes one pipeline, got \(words.count - 1)")
            }
            output.write(try show(words[1]))
        case nil:
            throw UsageError(message: "expected 'list' or 'show NAME|FILE'")
        case let other?:
            throw UsageError(message: "unknown subcommand '\(OneLine.escaped(other))' (expected 'list' or 'show NAME|FILE')")
        }
        return ExitCode.success
    }

    /// One line per built-in pipeline: its name and description.
    static func list() throws -> String {
        let names = PipelineLoader.builtInNames
        let width = (names.map(\.count).max() ?? 0) + 2
        return try names.map { name in
            let spec = try PipelineLoader.parse(PipelineLoader.text(path: name, builtInOnly: true))
            return name.padding(toLength: width, withPad: " ", startingAt: 0) + (spec.description ?? "")
        }.joined(separator: "\n")
    }

    /// The pipeline's JSON (a built-in one as shipped, a file in its normalised form), a blank line, then
    /// `sizeTable`.
    static func show(_ path: String) throws -> String {
        let data = try PipelineLoader.text(path: path)
        let spec = try PipelineLoader.load(path: path)
        let json = PipelineLoader.isBuiltIn(path) ? String(decoding: data, as: UTF8.self) : try PipelineLoader.normalised(data)
        return json + "\n" + (try sizeTable(spec))
    }

    /// The minimum photo size per tier (`MinimumSourceSize`), as a table with a heading line.
    static func sizeTable(_ spec: PipelineSpec) throws -> String {
        let rows = try spec.minimumSourceSizes()
        let header = ["target", "tier", "tier pixels", "minimum photo", "for full headroom"]
        let cells = rows.map { row in
            [row.target, row.tier, "\(row.tierSize.width)x\(row.tierSize.height)", "\(row.minimum.width)x\(row.minimum.height)",
             "\(row.fullHeadroom.width)x\(row.fullHeadroom.height)" + (row.headroom == 1 ? "" : " (\(row.headroom)x)")]
        }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                i == cells.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return (["Minimum photo size per tier of \(spec.name) (pixels, width x height, any aspect ratio; smaller on either side: the tier is skipped, or upscaled with --upscale upscale):",
                 line(header)] + cells.map(line)).joined(separator: "\n")
    }
}
