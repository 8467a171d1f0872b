import Foundation
import Testing
import FullBleedCore
@testable import FullBleedPipeline
import FullBleedTestSupport

/// A pipeline text box low on the hero gets its own gradient, from the bottom edge, and a pipeline that bakes
/// gradients bakes it into the `-scrim` tiers even where no top gradient is baked: where the top one is left to
/// the hard scroll edge (no scrim stays subtle over the system's bars), and on a web hero whose text boxes all
/// sit low.
@Suite struct LowerTextScrimTests {
    static let spec: PipelineSpec = {
        let json = """
        { "name": "lower-text", "description": "An iPhone @1x and a web width, a caption low on the hero.",
          "targets": [ { "device": "iphone-17-pro-max", "scales": [1] }, { "web": "web", "widths": [640], "aspect": "16:9" } ],
          "legibility": { "wcag": 4.5, "textBoxes": [ { "name": "caption", "x": 0.05, "y": 0.75, "width": 0.6, "height": 0.2 } ] },
          "outputs": [ { "format": "png" } ] }
        """
        return try! PipelineLoader.parse(Data(json.utf8))
    }()

    @Test func theLowerGradientIsBakedWithoutATopOne() throws {
        let name = "lomiri_Picture_0B_by_freespace.jpg"
        let url = TestPaths.samples.appendingPathComponent(name)
        let bytes = try TestPaths.bytes(url)
        let plan = try AssetPlan(source: SourceFile(absolutePath: url.path, relativePath: name), bytes: bytes, sidecar: nil, spec: Self.spec)
        let record = try AssetBuilder.build(plan, bytes: bytes).record
        // The iPhone hero: the bars' glyphs are left to the hard edge, the caption's gradient is baked alone.
        let phone = try #require(record.targets.first { $0.name == "iphone-17-pro-max" })
        let recommendation = try #require(phone.recommendation)
        #expect(recommendation.scrim == nil && recommendation.scrollEdgeEffectReason == .noSubtleScrim)
        let lower = try #require(recommendation.lowerText?.scrim)
        let phoneScrims = phone.derivatives.filter { $0.kind == .scrim }
        #expect(!phoneScrims.isEmpty && !phoneScrims.flatMap(\.files).isEmpty)
        #expect(phoneScrims.allSatisfy { $0.scrimOpacity == lower.opacity }, "\(phoneScrims.map(\.scrimOpacity)) vs \(lower.opacity)")
        // The band under the bars is left as it was.
        #expect(phoneScrims.allSatisfy { ($0.bandLightnessChange ?? 0) < 0.5 }, "\(phoneScrims.map(\.bandLightnessChange))")
        // The web hero: its only text box is low, its gradient is the recommendation's, baked.
        let web = try #require(record.targets.first { $0.name == "web" })
        let webScrim = try #require(web.recommendation?.scrim)
        #expect(webScrim.edge == .bottom)
        let webScrims = web.derivatives.filter { $0.kind == .scrim }
        #expect(!webScrims.isEmpty && webScrims.allSatisfy { $0.scrimOpacity == webScrim.opacity && !$0.files.isEmpty })
        // The lean manifest reads back to the same records.
        let manifest = Manifest(pipeline: Self.spec, assets: [record], failures: [], shard: nil)
        #expect(try Manifest.decode(try manifest.encoded()) == manifest)
    }
}
