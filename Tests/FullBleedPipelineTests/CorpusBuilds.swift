import Foundation
@testable import FullBleedPipeline
import FullBleedTestSupport

/// Builds in memory (no file written) for tests that check a property of every corpus photo.
enum CorpusBuilds {
    /// Each photo of the corpus's `photos/` folder, by file name, built with `spec` (no sidecar).
    static func photos(spec: PipelineSpec) throws -> [(name: String, output: AssetBuilder.Output)] {
        try TestPaths.corpusFiles("photos").map { name in
            let url = TestPaths.corpusFile("photos/" + name)
            let bytes = try TestPaths.bytes(url)
            let source = SourceFile(absolutePath: url.path, relativePath: name)
            return (name, try AssetBuilder.build(try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec), bytes: bytes))
        }
    }
}
