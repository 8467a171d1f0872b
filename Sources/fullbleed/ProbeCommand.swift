import Foundation
import FullBleedCodecs
import FullBleedPipeline

/// `fullbleed probe FILE...`: format, size, colour space, alpha and orientation from headers only.
enum ProbeCommand: Command {
    static let name = "probe"
    static let summary = "Print format, size, colour space, alpha and orientation of images (headers only)"
    static let usage = "fullbleed probe [--json] [--max-pixels N] FILE..."
    static let options = [
        OptionSpec("json", help: "Print a JSON array (one object per file) instead of lines"),
        OptionSpec("max-pixels", value: "N", help: "Refuse images over N pixels (default \(DecodeOptions.defaultMaxPixels))"),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no files given") }
        var decodeOptions = DecodeOptions()
        if let limit = try arguments.integer("max-pixels", in: 1...Int(Int32.max) * 64) { decodeOptions.maxPixels = limit }

        let reports = arguments.positionals.map { ProbeReport.probe(path: $0, options: decodeOptions) }
        if arguments.has("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            output.write(String(decoding: try encoder.encode(reports), as: UTF8.self))
            for report in reports where !report.succeeded { output.writeError(report.line) }
        } else {
            for report in reports {
                if report.succeeded { output.write(report.line) } else { output.writeError(report.line) }
            }
        }
        return reports.allSatisfy(\.succeeded) ? ExitCode.success : ExitCode.someFailed
    }
}
