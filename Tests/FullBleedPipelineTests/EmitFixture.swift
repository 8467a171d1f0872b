import Foundation
import FullBleedPipeline
import FullBleedTestSupport

/// A small build with the asset catalog and the Swift file turned on: two Samples photos (one in a
/// subfolder, so its key has a folder), two iPhone targets (the second gets its own image set), an iPad
/// mini with a baked extension, and a web target (left out of the catalog); the catalog holds the baked
/// `-scrim` and `-extended` sets too (`bakedSets`).
struct EmitFixture {
    static let pipelineJSON = #"""
    {
      "name": "emit-test",
      "targets": [
        { "device": "iphone-17-pro", "scales": [1] },
        { "device": "iphone-se", "scales": [1] },
        { "device": "ipad-mini", "scales": [1], "heroHeightPoints": 240, "extension": true },
        { "web": "web", "widths": [160] }
      ],
      "tiers": { "upscale": "upscale" },
      "extension": { "edges": ["leading"], "lengthPoints": 60, "sigmaPoints": 12, "strips": true },
      "placeholders": { "thumbhash": true, "blurhash": [4, 3], "averageColor": true, "palette": 0 },
      "outputs": [ { "format": "webp", "quality": 75, "method": 0 }, { "format": "jpeg", "quality": 80 } ],
      "emit": { "xcassets": true, "bakedSets": true, "swift": true, "catalogName": "Test Heroes.xcassets", "swiftTypeName": "TestHeroes" }
    }
    """#

    let directory: TemporaryDirectory
    var spec: PipelineSpec
    var input: String { directory.path + "/in" }
    var out: String { directory.path + "/out" }
    var catalog: String { out + "/" + spec.emit.catalogPath }

    /// - Parameter pipelineJSON: the pipeline to build with (default the catalog test's).
    init(_ label: String, pipelineJSON: String = Self.pipelineJSON) throws {
        directory = try TemporaryDirectory(label)
        spec = try PipelineLoader.parse(Data(pipelineJSON.utf8))
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: input)
        try BuildFixtures.copySamples(["sk_chelsea.png"], to: input + "/trip")
    }

    /// Runs the build; returns the summary and the notes it reported.
    @discardableResult
    func build(check: Bool = false, spec: PipelineSpec? = nil) throws -> (summary: BuildSummary, notes: [String]) {
        let notes = NoteCollector()
        let summary = try BuildRunner.run(spec: spec ?? self.spec, options: BuildOptions(inputs: [input], outputPath: out, jobs: 2, check: check)) { event in
            if case .note(let text) = event { notes.append(text) }
        }
        return (summary, notes.lines)
    }

    func manifest() throws -> Manifest {
        try Manifest.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))))
    }

    /// The `--emit html` folder and one file of it.
    var html: String { out + "/" + spec.emit.htmlFolder }
    func read(_ name: String) throws -> String { try String(contentsOfFile: html + "/" + name, encoding: .utf8) }

    func remove() { directory.remove() }
}

/// Collects build notes from the runner's callback.
final class NoteCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ line: String) {
        lock.lock()
        collected.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
