import Foundation
import Testing
import FullBleedColor
@testable import FullBleedPipeline
import FullBleedCore
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

@Suite struct AssetBuilderTests {
    static func plan(_ sample: String, pipeline: String = BuildFixtures.defaultPipeline, skipping: Set<BuildStep> = [])
        throws -> (AssetPlan, [UInt8]) {
        let bytes = try TestPaths.bytes(TestPaths.samples.appendingPathComponent(sample))
        let spec = try PipelineLoader.load(path: pipeline)
        let source = SourceFile(absolutePath: TestPaths.samples.appendingPathComponent(sample).path, relativePath: sample)
        return (try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec, skipping: skipping), bytes)
    }

    /// The extension canvas of each produced tier is rendered once, and its strips are cut from it (the
    /// default pipeline writes strips, which used to render the blur a second time).
    @Test func eachExtensionCanvasIsRenderedOnceAndTheStripsAreCutFromIt() throws {
        let (plan, bytes) = try Self.plan("lomiri_Bridge_by_Sander_Klootwijk.jpg")
        let counter = BackgroundExtension.RenderCounter()
        let output = try BackgroundExtension.$renderCounter.withValue(counter) { try AssetBuilder.build(plan, bytes: bytes) }
        let extended = output.record.targets.filter { $0.extensions != nil }
        let canvases = extended.flatMap(\.extensionCanvases)
        try #require(!canvases.isEmpty)
        #expect(counter.renders == canvases.count)
        #expect(counter.renders == extended.reduce(0) { $0 + $1.producedDerivatives.count })
        #expect(output.steps.contains(.extend))

        // The strip files decode to the canvas's pixels at their rectangles (PNG-free check: both JPEG
        // encodes of the same pixels are byte-identical when the pixels are).
        let files = Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        for target in extended {
            for canvas in target.extensionCanvases {
                let canvasFile = try #require(canvas.files.first { $0.imageFormat?.rawValue == "jpeg" })
                let decoded = try Codecs.decode(try #require(files[canvasFile.path])).image
                #expect(decoded.width == canvas.width && decoded.height == canvas.height)
                for strip in (target.extensions ?? []).filter({ $0.tier == canvas.tier && $0.part != .canvas }) {
                    let geometry = try #require(output.report.target(named: target.name)?.extensions?.first { $0.tier == strip.tier }?.geometry)
                    #expect(strip.insets == ExtensionInsets(geometry))
                    guard case .strip(let edge) = strip.part, let rect = geometry.stripRect(edge) else { continue }
                    #expect(rect.width == strip.width && rect.height == strip.height)
                }
            }
        }
    }

    /// `inspect`'s plan leaves out encoding only: same records, no files.
    @Test func skippingEncodeKeepsEveryNumber() throws {
        let (full, bytes) = try Self.plan("sk_retina.jpg")
        let (inspect, _) = try Self.plan("sk_retina.jpg", skipping: [.encode])
        #expect(!inspect.steps.contains(.encode) && full.steps.contains(.encode))
        let built = try AssetBuilder.build(full, bytes: bytes)
        let inspected = try AssetBuilder.build(inspect, bytes: bytes)
        #expect(inspected.files.isEmpty && !built.files.isEmpty)
        var stripped = built.record
        for t in stripped.targets.indices {
            for d in stripped.targets[t].derivatives.indices { stripped.targets[t].derivatives[d].files = [] }
            for e in (stripped.targets[t].extensions ?? []).indices { stripped.targets[t].extensions![e].files = [] }
        }
        #expect(stripped == inspected.record)
    }

    /// The steps a pipeline plans, in order, and the ones that ran.
    @Test func theBuildReportsTheStepsThatRan() throws {
        let (plan, bytes) = try Self.plan("sk_chelsea.png", pipeline: BuildFixtures.smallPipeline)
        #expect(plan.steps == [.decode, .crop, .tiers, .analyse, .bake, .extend, .encode, .placeholders])
        let steps = try AssetBuilder.build(plan, bytes: bytes).steps
        #expect(steps.first == .decode && steps.contains(.placeholders))
        #expect(steps == steps.sorted())
    }

    /// The live gradient an app draws over a plain file is the one the baker verified: the recommendation's
    /// opacity is at least every tier's baked opacity (8-bit rounding makes the baker raise it on these
    /// photos: 0.365 -> 0.39 on BytheWater for iPhone 17 Pro). Every gradient is baked (the threshold of "no
    /// scrim stays subtle" raised to 100 L*): these gradients are strong.
    @Test(.requiresCorpus, arguments: ["plasma_BytheWater.jpg", "mate_LadyBird.jpg"])
    func liveGradientIsTheBakedOne(name: String) throws {
        let url = TestPaths.corpus.appendingPathComponent("photos/" + name)
        let bytes = try TestPaths.bytes(url)
        var spec = try PipelineLoader.load(path: BuildFixtures.defaultPipeline)
        spec.legibility.parameters.hardEdgeLightnessChange = 100
        let plan = try AssetPlan(source: SourceFile(absolutePath: url.path, relativePath: name), bytes: bytes, sidecar: nil,
                                 spec: spec, skipping: [.encode])
        let record = try AssetBuilder.build(plan, bytes: bytes).record
        var compared = 0
        for target in record.targets {
            guard let scrim = target.recommendation?.scrim else { continue }
            for derivative in target.derivatives where derivative.kind == .scrim {
                let baked = try #require(derivative.scrimOpacity)
                #expect(scrim.opacity >= baked - 1e-12, "\(target.name) \(derivative.tier): live \(scrim.opacity), baked \(baked)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    /// `placeholders.dataURL`: a `data:image/png;base64,` URI of an sRGB PNG with no profile, 8 px on the
    /// crop's long side, whose colours are the crop's (its mean within 0.06 of the average colour). A web
    /// placeholder: `web-hero` writes it, `ios-hero` does not (the generated Swift has no use for it).
    @Test func dataURLIsATinySRGBPNGOfTheCrop() throws {
        let ios = try Self.plan("sk_retina.jpg", skipping: [.encode])
        #expect(try AssetBuilder.build(ios.0, bytes: ios.1).record.placeholders?.dataURL == nil)
        let (plan, bytes) = try Self.plan("sk_retina.jpg", pipeline: TestPaths.packageRoot.appendingPathComponent("Pipelines/web-hero.json").path)
        let record = try AssetBuilder.build(plan, bytes: bytes).record
        let placeholders = try #require(record.placeholders)
        let url = try #require(placeholders.dataURL)
        let prefix = "data:image/png;base64,"
        #expect(url.hasPrefix(prefix) && url.count < 600, "\(url.count) characters")
        let png = try #require(Data(base64Encoded: String(url.dropFirst(prefix.count))))
        let decoded = try Codecs.decode(Array(png))
        #expect(decoded.info.format == .png && decoded.image.colorSpace.family == .sRGB && decoded.info.colorSpace.icc == nil)
        let crop = try #require(record.targets.first?.crop)
        #expect(max(decoded.image.width, decoded.image.height) == 8)
        #expect(abs(Double(decoded.image.width) / Double(decoded.image.height) - Double(crop.width) / Double(crop.height)) < 0.5)
        let average = try #require(placeholders.averageColor.flatMap(SRGBColor.init(hex:)))
        let rgb = decoded.image.converted(toLayout: .rgb).samples8
        let count = Double(rgb.count / 3)
        let means = (0..<3).map { c in stride(from: c, to: rgb.count, by: 3).reduce(0.0) { $0 + Double(rgb[$1]) } / count / 255 }
        #expect(abs(means[0] - average.red) < 0.06 && abs(means[1] - average.green) < 0.06 && abs(means[2] - average.blue) < 0.06, "\(means) vs \(average)")

        let off = try PipelineLoader.parse(Data(#"{"name": "no-data-url", "targets": [{"device": "iphone-17-pro", "scales": [1]}], "outputs": [{"format": "jpeg"}], "placeholders": {"dataURL": false}}"#.utf8))
        let source = SourceFile(absolutePath: TestPaths.samples.appendingPathComponent("sk_retina.jpg").path, relativePath: "sk_retina.jpg")
        let none = try AssetBuilder.build(try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: off), bytes: bytes).record
        #expect(none.placeholders?.dataURL == nil && none.placeholders?.thumbHash != nil)
    }
}

/// The decode is sized for unzoomed crops; a crop that zooms in is planned again on a larger decode
/// (so that zooming costs no memory in the common case): most photos decode once, at the smaller scale.
@Suite struct ZoomDecodeTests {
    /// A 4800 x 3200 JPEG, mid-grey with one saturated red square of 160 px at `object`.
    static func jpeg(object: PixelRect) throws -> [UInt8] {
        let image = SyntheticImages.rgb8(width: 4800, height: 3200) { x, y, c in
            x >= object.x && x < object.maxX && y >= object.y && y < object.maxY ? [220, 30, 20][c] : 128
        }
        return try Codecs.encode(image, as: .jpeg(JPEGEncodeOptions(quality: 90)))
    }

    static func build(_ bytes: [UInt8]) throws -> AssetRecord {
        // The default pipeline with one target, iPhone 17 Pro @2x (its @3x and the other devices' tiers need
        // the full 4800 px at any zoom).
        var spec = try PipelineLoader.load(path: BuildFixtures.defaultPipeline)
        spec.targets = [TargetSpec(target: .device(.iPhone17Pro, scales: [2]))]
        let source = SourceFile(absolutePath: "/nonexistent/scene.jpg", relativePath: "scene.jpg")
        let plan = try AssetPlan(source: source, bytes: bytes, sidecar: nil, spec: spec, skipping: [.encode])
        return try AssetBuilder.build(plan, bytes: bytes).record
    }

    @Test func aZoomedCropIsPlannedOnALargerDecode() throws {
        // Low in the picture: every crop clears the band unzoomed, one decode at 1/2.
        let low = try Self.build(try Self.jpeg(object: PixelRect(x: 3150, y: 2000, width: 160, height: 160)))
        #expect(low.decode.loadScale == 0.5, "\(low.decode)")
        #expect(low.targets.allSatisfy { $0.crop.zoom == 1 })

        // Near the top: the phone crop must zoom to clear the band, so the source is decoded again at a
        // size that feeds the zoomed crop without enlarging, and the verdict holds on that crop.
        let object = PixelRect(x: 3150, y: 800, width: 160, height: 160)
        let high = try Self.build(try Self.jpeg(object: object))
        #expect(high.decode.loadScale > low.decode.loadScale, "\(high.decode)")
        let phone = try #require(high.targets.first { $0.device?.id == "iphone-17-pro" })
        let zoom = phone.crop.zoom
        #expect(zoom > 1 && zoom <= 1.5, "zoom \(zoom)")
        #expect(phone.crop.subjectClearsToolbar, "\(phone.crop.subjectClearsToolbarReason ?? "")")
        let crop = PixelRect(x: phone.crop.x, y: phone.crop.y, width: phone.crop.width, height: phone.crop.height)
        let band = try #require(phone.device).toolbarBandPoints / phone.device!.heroHeightPoints
        #expect(crop.contains(object) && Double(object.y) >= Double(crop.y) + band * Double(crop.height), "\(crop)")
        // No tier of the zoomed crop is enlarged: the decoded crop covers the largest tier.
        let largest = try #require(phone.derivatives.filter { $0.status != .skipped && $0.kind == .plain }.max { $0.width < $1.width })
        #expect(Double(crop.width) * high.decode.loadScale >= Double(largest.width), "\(crop) at \(high.decode.loadScale) for \(largest.width)")
    }
}

/// A salient region of confidence 0 (it leaks to the whole photo: no figure) is no subject: the report
/// leaves it out, as the verdict does.
@Suite struct ZeroConfidenceSubjectTests {
    @Test func theBridgeHasNoSubjectInTheManifest() throws {
        let (plan, bytes) = try AssetBuilderTests.plan("lomiri_Bridge_by_Sander_Klootwijk.jpg", skipping: [.encode])
        let output = try AssetBuilder.build(plan, bytes: bytes)
        let crops = output.record.targets.map(\.crop)
        try #require(crops.first?.subjectClearsToolbarReason == "no subject found")
        #expect(output.report.subjects == nil, "\(output.report.subjects ?? [])")
        #expect(crops.allSatisfy { $0.subjectBox == nil })
    }
}
