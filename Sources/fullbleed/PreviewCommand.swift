import Foundation
import FullBleedPipeline

/// `fullbleed preview MANIFEST [--out FILE] [--sources PATH]...`: the HTML preview page of an existing build.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Write the HTML preview page (phone and iPad frames, crops, legibility) of a build's manifest"
    static let usage = "fullbleed preview MANIFEST [--out FILE] [--sources PATH]..."
    static let options = [
        OptionSpec("out", short: "o", value: "FILE", help: "Where to write the page (default preview.html next to the manifest)"),
        OptionSpec("sources", short: "s", value: "PATH", help: "Input file or folder of the build, to draw the crops on the photos (repeatable)"),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
        guard arguments.positionals.count == 1, let manifestPath = arguments.positionals.first else {
            throw UsageError(message: "give exactly one manifest.json")
        }
        let manifest = try Manifest.load(path: manifestPath)
        let manifestURL = URL(fileURLWithPath: manifestPath).standardizedFileURL
        let outputFolder = manifestURL.deletingLastPathComponent().path
        let pagePath = arguments.value("out") ?? outputFolder + "/" + PreviewPage.fileName
        let result = try PreviewWriter.write(manifest: manifest, outputFolder: outputFolder, pagePath: pagePath,
                                             sources: try PreviewWriter.namedSourceFiles(arguments.allValues("sources")))
        report(result, output: output)
        return ExitCode.success
    }

    /// One line naming the page; a note when some crops are drawn without their photo.
    static func report(_ result: PreviewWriter.Result, output: Output) {
        output.write("preview: \(result.pagePath)")
        if !result.sourcesNotAvailable.isEmpty {
            output.writeError("preview: \(result.sourcesNotAvailable.count) source(s) not available, crops drawn on their outline"
                              + " (pass the build's inputs with --sources): " + result.sourcesNotAvailable.joined(separator: "; "))
        }
    }
}
