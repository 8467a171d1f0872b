import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedCore
import FullBleedTestSupport

/// The manifest's lean JSON form (docs/manifest.md, schema version 2) loses nothing: what it leaves
/// out or writes once comes back whole when the manifest (or a journal line) is read.
@Suite struct ManifestLeanFormTests {
    /// - Parameter bakeEveryGradient: raise the threshold of "no scrim stays subtle" to 100 L*, so that the
    ///   targets with a strong gradient deliver their `-scrim` tiers too.
    static func build(_ sample: String, pipeline: String = BuildFixtures.defaultPipeline, report: Bool = false,
                      bakeEveryGradient: Bool = false) throws -> (AssetBuilder.Output, PipelineSpec) {
        let bytes = try TestPaths.bytes(TestPaths.samples.appendingPathComponent(sample))
        var spec = try PipelineLoader.load(path: pipeline)
        if bakeEveryGradient { spec.legibility.parameters.hardEdgeLightnessChange = 100 }
        let source = SourceFile(absolutePath: TestPaths.samples.appendingPathComponent(sample).path, relativePath: sample)
        let plan = try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec, report: report)
        return (try AssetBuilder.build(plan, bytes: bytes), spec)
    }

    static func record(_ sample: String, pipeline: String = BuildFixtures.defaultPipeline, report: Bool = false,
                       bakeEveryGradient: Bool = false) throws -> (AssetRecord, PipelineSpec) {
        let (output, spec) = try build(sample, pipeline: pipeline, report: report, bakeEveryGradient: bakeEveryGradient)
        return (output.record, spec)
    }

    @Test func theManifestReadsBackToTheRecordsItWasWrittenFrom() throws {
        let (picture, spec) = try Self.record("lomiri_Picture_0B_by_freespace.jpg", report: true, bakeEveryGradient: true)
        let (chelsea, _) = try Self.record("sk_chelsea.png")   // every tier skipped: no files, no folder
        let manifest = Manifest(pipeline: spec, assets: [picture, chelsea], failures: [], shard: nil)
        let bytes = try manifest.encoded()
        let read = try Manifest.decode(bytes)
        #expect(read == manifest)
        #expect(try read.encoded() == bytes)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        // Each target is described once, at the top level, and not in the assets.
        let table = try #require(json["targets"] as? [String: Any])
        #expect(Set(table.keys) == ["iphone-17-pro-max", "iphone-17-pro", "ipad-pro-13-landscape"])
        let assets = try #require(json["assets"] as? [[String: Any]])
        let entry = try #require(assets.first { ($0["key"] as? String) == picture.key })
        for target in try #require(entry["targets"] as? [[String: Any]]) {
            #expect(target["kind"] == nil && target["device"] == nil && target["aspectRatio"] == nil && target["headroom"] == nil)
            #expect(target["layout"] != nil)
        }
        // Files are named within the asset's folder; the paths in memory are whole again.
        #expect(entry["folder"] as? String == picture.key + "/")
        #expect(read.assets.first { $0.key == picture.key }!.outputPaths.allSatisfy { $0.hasPrefix(picture.key + "/") })
        #expect(read.assets.first { $0.key == picture.key }!.report?.path == picture.key + "/analysis.json")
        #expect(assets.first { ($0["key"] as? String) == chelsea.key }?["folder"] == nil)
        // Derivatives: the scrim variant nested in its tier, no variant names, scales or `exact` statuses.
        let phone = try #require((entry["targets"] as? [[String: Any]])?.first)
        let tiers = try #require(phone["derivatives"] as? [[String: Any]])
        #expect(tiers.map { $0["tier"] as? String } == ["@2x", "@3x"])
        #expect(tiers.allSatisfy { $0["variant"] == nil && $0["scale"] == nil && $0["kind"] == nil && $0["status"] == nil && $0["headroom"] == nil })
        #expect(tiers.allSatisfy { ($0["scrim"] as? [String: Any])?["files"] != nil })
        let phoneRecord = read.assets.first { $0.key == picture.key }!.targets[0]
        #expect(phoneRecord.derivatives.map { phoneRecord.variant(of: $0) }
                == ["iphone-17-pro-max@2x", "iphone-17-pro-max@2x-scrim", "iphone-17-pro-max@3x", "iphone-17-pro-max@3x-scrim"])
        #expect(phoneRecord.derivatives.map(\.scale) == [2, 2, 3, 3])
        // Scrim stops are [location, opacity] pairs.
        let scrim = try #require((phone["recommendation"] as? [String: Any])?["scrim"] as? [String: Any])
        let stops = try #require(scrim["stops"] as? [[Double]])
        #expect(stops.first?.count == 2 && stops.last == [1, 0])
        // No digests, defaults left out, palette colours as pairs, a baked opacity equal to the recommendation's
        // left out (and read back as it).
        let files = tiers.flatMap { ($0["files"] as! [[String: Any]]) + (($0["scrim"] as! [String: Any])["files"] as! [[String: Any]]) }
        #expect(!files.isEmpty && files.allSatisfy { $0["sha256"] == nil && $0["mimeType"] as? String == "image/jpeg" })
        let source = try #require(entry["source"] as? [String: Any])
        #expect(source["orientation"] == nil && source["bitDepth"] == nil && source["hasAlpha"] == nil && entry["decode"] == nil)
        #expect((phone["crop"] as? [String: Any]).map { $0["requestedMode"] == nil && $0["zoom"] == nil && $0["score"] == nil } == true)
        #expect(entry["steps"] == nil && entry["subjects"] == nil)
        let palette = try #require((entry["placeholders"] as? [String: Any])?["palette"] as? [[Any]])
        #expect(!palette.isEmpty && palette.allSatisfy { $0.count == 2 && $0[0] is String && $0[1] is Double })
        #expect(tiers.allSatisfy { ($0["scrim"] as! [String: Any])["opacity"] == nil })
        #expect(phoneRecord.derivatives.filter { $0.kind == .scrim }.allSatisfy { $0.scrimOpacity == phoneRecord.recommendation?.scrim?.opacity })
        // The skipped photo: its reason, no targets or placeholders.
        let skipped = try #require(assets.first { ($0["key"] as? String) == chelsea.key })
        #expect(skipped["skipped"] as? String == chelsea.skipReason && chelsea.skipReason != nil)
        #expect(skipped["targets"] == nil && skipped["placeholders"] == nil)
    }

    /// A journal line (an asset record on its own, outside a manifest) carries its targets' definitions inline.
    @Test func anAssetRecordOutsideAManifestIsSelfContained() throws {
        let (record, _) = try Self.record("lomiri_Picture_0B_by_freespace.jpg")
        let line = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(AssetRecord.self, from: line) == record)
        // The subject box every crop judges is written once, on the asset, and given back to each crop.
        let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        let box = try #require(record.targets.first?.crop.subjectBox)
        #expect(record.targets.allSatisfy { $0.crop.subjectBox == box })
        #expect((object["subjectBox"] as? [String: Int]) == ["x": box.x, "y": box.y, "width": box.width, "height": box.height])
        #expect((object["targets"] as? [[String: Any]])?.allSatisfy { ($0["crop"] as? [String: Any])?["subjectBox"] == nil } == true)
        // The reduced iPad tier keeps its own headroom and status.
        let ipad = try #require(record.targets.first { $0.name == "ipad-pro-13-landscape" })
        let reduced = try #require(ipad.derivatives.first)
        #expect(reduced.status == .reducedHeadroom && reduced.headroom.map { $0 < ipad.headroom } == true)
        // In the lean form, a target without the manifest's table is an error, not a silent default.
        let lean = try DeterministicJSON.encode(record)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AssetRecord.self, from: Data(lean)) }
    }

    /// Review fix: an upscaled tier is no stretch headroom. With `"upscale": "upscale"` a 451x300 source gives
    /// the iPhone 17 Pro Max a 330x300 crop; its @3x tier is enlarged to 1320x1200, but only 330x300 source
    /// pixels are behind it, so the hero is already upsampled at rest (stretch 0.25), not stretchable to 1.
    @Test func maximumStretchCountsAnUpscaledTierAtItsSourcePixels() throws {
        let tmp = try TemporaryDirectory("upscale-stretch")
        defer { tmp.remove() }
        let base = try String(contentsOf: URL(fileURLWithPath: BuildFixtures.defaultPipeline), encoding: .utf8)
        let upscaling = base.replacingOccurrences(of: "\"upscale\": \"skip\"", with: "\"upscale\": \"upscale\"")
        try #require(upscaling != base)
        let path = try tmp.write("upscale.json", Array(upscaling.utf8))
        let (output, _) = try Self.build("sk_chelsea.png", pipeline: path)
        let record = output.record
        // The analysis's layout (the report, `inspect`) says the same.
        #expect(output.report.target(named: "iphone-17-pro-max")?.legibility?.layout?.maximumStretch == 0.25)
        let phone = try #require(record.targets.first { $0.name == "iphone-17-pro-max" })
        #expect(phone.derivatives.filter { $0.kind == .plain }.allSatisfy { $0.status == .upscaled })
        let device = try #require(phone.device)
        #expect(phone.crop.width == 330 && phone.crop.height == 300, "\(phone.crop)")
        #expect(device.maximumStretch == 0.25)
        #expect(device.maximumOverscrollPoints == 0)
        // An exact tier still counts at its own size (1650x1500 for 440x400 pt @3x: 1.25).
        let (bridge, _) = try Self.record("lomiri_Bridge_by_Sander_Klootwijk.jpg", pipeline: path)
        #expect(bridge.targets[0].device?.maximumStretch == 1.25)
    }

    /// Review fix: the report spells the fade tint as the pipeline file does (kebab-case, like every other
    /// enum value the JSON files use), and reads it back.
    @Test func theFadeTintIsSpelledAsInThePipelineFile() throws {
        let tints: [ExtensionFadeTint] = [.edgeMean, .black, .color(red: 0.25, green: 0.5, blue: 1)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let texts = try tints.map { String(decoding: try encoder.encode([$0]), as: UTF8.self) }
        #expect(texts == [#"["edge-mean"]"#, #"["black"]"#, #"[{"color":{"blue":1,"green":0.5,"red":0.25}}]"#])
        for tint in tints {
            #expect(try JSONDecoder().decode([ExtensionFadeTint].self, from: encoder.encode([tint])) == [tint])
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ExtensionFadeTint].self, from: Data(#"["edgeMean"]"#.utf8)) }
    }
}
