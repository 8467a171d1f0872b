import Foundation
import FullBleedCore
import FullBleedPipeline

/// `fullbleed inspect FILE`: what a build would decide for one photo, without writing anything.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Show one photo's size, colour space, toolbar-band legibility, recommendation and crop"
    static let usage = "fullbleed inspect FILE [--pipeline P] [--json | --report]"
    static let options = [
        OptionSpec("pipeline", short: "p", value: "P", help: "Pipeline file or name in Pipelines/ (default ios-hero)"),
        OptionSpec("json", help: "Print the asset's manifest record as JSON"),
        OptionSpec("report", help: "Print the asset's analysis report (every region's measurements) as JSON"),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: "give exactly one photo")
        }
        if FileSystem.isFolder(path) {
            throw UsageError(message: "\(OneLine.escaped(path)) is a folder: inspect takes one photo ('fullbleed build' takes folders)")
        }
        let spec = try PipelineLoader.load(path: arguments.value("pipeline") ?? "ios-hero")
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let source = SourceFile(absolutePath: absolute, relativePath: path)
        let record: AssetRecord
        let report: AssetReport
        do {
            let sidecar = try Sidecar.load(forSource: absolute)
            let bytes = try ImageFile.readBytes(atPath: absolute)
            let plan = try AssetPlan(source: source, bytes: bytes, sidecar: sidecar, spec: spec, skipping: [.encode])
            let built = try AssetBuilder.build(plan, bytes: bytes)
            (record, report) = (built.record, built.report)
        } catch let error as ConfigError {
            throw error
        } catch {
            output.writeError("\(error)".replacingOccurrences(of: absolute, with: path))
            return ExitCode.someFailed
        }
        if arguments.has("report") {
            output.write(String(decoding: try report.encoded().dropLast(), as: UTF8.self))
            return ExitCode.success
        }
        if arguments.has("json") {
            // The asset's entry as the manifest writes it, with each target's definition (kind, aspect ratio,
            // headroom, device), which a manifest keeps in its top-level `targets` table, inline: there is no table.
            output.write(String(decoding: try DeterministicJSON.encode(record, targetDefinitionsInline: true).dropLast(), as: UTF8.self))
            return ExitCode.success
        }
        for line in InspectReport.lines(for: record, report: report) { output.write(line) }
        return ExitCode.success
    }
}

/// The readable form of one asset record.
enum InspectReport {
    static func lines(for record: AssetRecord, report: AssetReport) -> [String] {
        let s = record.source
        var lines = ["\(s.path): \(s.format) \(s.width)x\(s.height), \(s.colorSpace)\(s.iccProfile.map { " (ICC '\($0)')" } ?? ""), "
                     + "\(s.bitDepth)-bit, \(s.hasAlpha ? "alpha" : "opaque"), orientation \(s.orientation)"]
        if record.decode.loadScale < 1 {
            lines.append("  decode: shrink-on-load 1/\(Int((1 / record.decode.loadScale).rounded())) -> \(record.decode.width)x\(record.decode.height)")
        }
        if let reason = record.skipReason { lines.append("  skipped: \(reason)") }
        for subject in report.subjects ?? [] {
            lines.append("  subject: \(subject.kind) \(subject.width)x\(subject.height) at (\(subject.x), \(subject.y)), "
                         + String(format: "confidence %.2f", subject.confidence))
        }
        for target in record.targets {
            let c = target.crop
            var header = "  \(target.name): crop \(c.width)x\(c.height) at (\(c.x), \(c.y)), \(c.mode)"
            if c.mode != c.requestedMode { header += " (asked \(c.requestedMode))" }
            if let score = report.target(named: target.name)?.cropScore { header += String(format: ", score %.2f", score) }
            if c.zoom > 1 { header += String(format: ", zoom %.2fx", c.zoom) }
            if c.subjectClearsToolbar {
                header += target.device != nil ? ", subject whole and below the toolbar" : ", subject whole"
            } else {
                header += ", subject does not clear: \(c.subjectClearsToolbarReason ?? "no subject found")"
            }
            lines.append(header)
            lines.append("    tiers: " + (target.producedDerivatives.map { "\($0.tier) \($0.width)x\($0.height)" }
                                          + target.skippedDerivatives.map { "\($0.tier) skipped" }).joined(separator: ", "))
            if let analysis = report.target(named: target.name)?.legibility {
                lines += LegibilityLines.describe(analysis).map { "    " + $0 }
            }
        }
        for reason in record.review ?? [] { lines.append("  needs a look: \(reason)") }
        if record.reviewed { lines.append("  reviewed: a person confirmed these heroes for the photo's current bytes") }
        for warning in record.warnings { lines.append("  warning: \(warning)") }
        return lines
    }
}
