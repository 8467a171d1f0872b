import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedTestSupport

/// The catalog, the Swift file and the preview page are all or nothing: a disk that fills up while they
/// are written (an injected fault, in process) leaves the previous catalog and page exactly as they were,
/// with no temporary file, and the build stops with a write error (exit 3 from the CLI).
@Suite struct EmitAtomicityTests {
    static func spec(emit: Bool) throws -> PipelineSpec {
        var spec = try PipelineLoader.load(path: BuildFixtures.smallPipeline)
        if emit { spec.emit.enable([.xcassets, .swift]) }
        return spec
    }

    static func run(_ spec: PipelineSpec, input: String, out: String, preview: Bool = false, faults: WriteFaults? = nil) throws -> BuildSummary {
        var options = BuildOptions(inputs: [input], outputPath: out, jobs: 2)
        options.preview = preview
        options.writeFaults = faults
        return try BuildRunner.run(spec: spec, options: options) { _ in }
    }

    @Test func aFullDiskDuringTheCatalogLeavesNoHalfWrittenCatalog() throws {
        let tmp = try TemporaryDirectory("emit-full")
        defer { tmp.remove() }
        let input = tmp.path + "/in", out = tmp.path + "/out"
        try BuildFixtures.copySamples(["sk_chelsea.png", "sk_retina.jpg"], to: input)
        _ = try Self.run(try Self.spec(emit: false), input: input, out: out)
        let before = try BuildFixtures.snapshot(out)
        // The images are unchanged: the only writes are the catalog's files, and the disk fills after 300 bytes.
        #expect(throws: SystemError.self) {
            _ = try Self.run(try Self.spec(emit: true), input: input, out: out, faults: WriteFaults(bytesUntilFull: 300))
        }
        var after = try BuildFixtures.snapshot(out)
        after[".fullbleed-state.json"] = before[".fullbleed-state.json"]
        #expect(after.keys.sorted() == before.keys.sorted(), "left: \(Set(after.keys).subtracting(before.keys).sorted())")
        #expect(after == before)
        // With room, the same build writes the whole catalog.
        let summary = try Self.run(try Self.spec(emit: true), input: input, out: out)
        #expect(summary.built == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/Xcode/Heroes.xcassets/Contents.json"))
    }

    @Test func aFullDiskDuringThePreviewKeepsThePreviousPageAndItsThumbnails() throws {
        let tmp = try TemporaryDirectory("preview-full")
        defer { tmp.remove() }
        let input = tmp.path + "/in", out = tmp.path + "/out"
        try BuildFixtures.copySamples(["sk_chelsea.png"], to: input)
        _ = try Self.run(try Self.spec(emit: false), input: input, out: out, preview: true)
        let before = try BuildFixtures.snapshot(out)
        #expect(before.keys.contains("preview.html") && before.keys.contains { $0.hasPrefix("preview/") })
        // A second photo: its thumbnail and the new page must both fit, or neither is written.
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: input)
        let spec = try Self.spec(emit: false)
        // Enough room for the photo's outputs and the manifest, not for the preview.
        let probe = tmp.path + "/probe"
        _ = try Self.run(spec, input: input, out: probe)
        let needed = try BuildFixtures.snapshot(probe).filter { !$0.key.hasPrefix(".") && !$0.key.hasPrefix("sk_chelsea") }.values.reduce(0) { $0 + $1.count }
        #expect(throws: SystemError.self) {
            _ = try Self.run(spec, input: input, out: out, preview: true, faults: WriteFaults(bytesUntilFull: needed + 2_000))
        }
        let after = try BuildFixtures.snapshot(out)
        #expect(after["preview.html"] == before["preview.html"], "the page changed")
        #expect(after.keys.filter { $0.hasPrefix("preview/") }.sorted() == before.keys.filter { $0.hasPrefix("preview/") }.sorted())
        #expect(!after.keys.contains { $0.contains(".fullbleed-tmp-") || $0.contains(".fullbleed-run-") }, "\(after.keys.sorted())")
    }
}
