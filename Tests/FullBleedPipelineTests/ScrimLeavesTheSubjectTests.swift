import Foundation
import Testing
import FullBleedCodecs
import FullBleedColor
import FullBleedCore
import FullBleedImage
@testable import FullBleedPipeline
import FullBleedTestSupport

/// When a crop's subject clears the toolbar band, the baked `-scrim` tier must leave the subject as it is:
/// over the subject box (mapped from source pixels into the tier through the crop) the baked and the
/// plain pixels differ by a mean |ΔL*| below 1 and at most 2 L* at any pixel. A scrim that has eased to 0
/// before the subject's top edge changes nothing there (PNG tiers: the same 8-bit codes, ΔL* = 0); 1 L*
/// is about one just-noticeable step, 2 L* allows a few pixels at the subject's top row under the last
/// rounded-up fade stop. A fade that runs 48 pt past the band over a subject starting at the band's foot
/// changes its top rows by tens of L* and fails the maximum (the mean over a large box can stay under 1).
@Suite struct ScrimLeavesTheSubjectTests {
    /// One iPhone tier at @1x, lossless, so plain and baked differ only by the scrim; every top gradient is
    /// baked, however far from subtle (a build otherwise leaves those to the hard scroll edge), so that where
    /// each one ends is checked.
    static let spec: PipelineSpec = {
        let json = """
        { "name": "scrim-subject", "description": "iPhone 17 Pro @1x, PNG.",
          "targets": [ { "device": "iphone-17-pro", "scales": [1] } ],
          "outputs": [ { "format": "png" } ] }
        """
        var spec = try! PipelineLoader.parse(Data(json.utf8))
        spec.legibility.parameters.hardEdgeLightnessChange = 100
        return spec
    }()

    struct Change: CustomStringConvertible {
        var target: String
        /// Subject top below the band's foot, points of the hero (negative: inside the band).
        var gapPoints: Double
        /// Scrim height, points.
        var scrimPoints: Double
        var mean: Double
        var max: Double
        var description: String {
            "\(target): subject \(String(format: "%.1f", gapPoints)) pt below the band, scrim \(String(format: "%.1f", scrimPoints)) pt, "
                + "mean |ΔL*| \(String(format: "%.2f", mean)), max \(String(format: "%.2f", max))"
        }
    }

    /// The change over the subject box of every device target whose subject clears the band and has a
    /// baked scrim tier.
    static func changes(_ output: AssetBuilder.Output) throws -> [Change] {
        var result: [Change] = []
        for target in output.record.targets {
            guard let device = target.device, target.crop.subjectClearsToolbar, let box = target.crop.subjectBox else { continue }
            for plain in target.producedDerivatives {
                guard let baked = target.scrimDerivative(for: plain),
                      let plainFile = plain.files.first, let bakedFile = baked.files.first,
                      let plainBytes = output.files.first(where: { $0.path == plainFile.path })?.bytes,
                      let bakedBytes = output.files.first(where: { $0.path == bakedFile.path })?.bytes else { continue }
                let before = try Codecs.decode(plainBytes).image, after = try Codecs.decode(bakedBytes).image
                let crop = target.crop
                let sx = Double(before.width) / Double(crop.width), sy = Double(before.height) / Double(crop.height)
                let x0 = max(0, Int((Double(box.x - crop.x) * sx).rounded(.down)))
                let y0 = max(0, Int((Double(box.y - crop.y) * sy).rounded(.down)))
                let x1 = min(before.width, Int((Double(box.x + box.width - crop.x) * sx).rounded(.up)))
                let y1 = min(before.height, Int((Double(box.y + box.height - crop.y) * sy).rounded(.up)))
                guard x1 > x0, y1 > y0 else { continue }
                let rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                let l0 = LuminancePlane(image: before.cropped(to: rect)).values
                let l1 = LuminancePlane(image: after.cropped(to: rect)).values
                var total = 0.0, largest = 0.0
                for i in l0.indices {
                    let d = abs(CIELightness.of(Double(l1[i])) - CIELightness.of(Double(l0[i])))
                    total += d
                    largest = Swift.max(largest, d)
                }
                let pointsPerPixel = device.heroHeightPoints / Double(before.height)
                let scrim = target.recommendation?.scrims.first { $0.edge == .top }
                result.append(Change(target: "\(target.name) \(plain.tier)",
                                     gapPoints: Double(y0) * pointsPerPixel - device.toolbarBandPoints,
                                     scrimPoints: scrim?.heightPoints ?? 0,
                                     mean: total / Double(l0.count), max: largest))
            }
        }
        return result
    }

    /// A 1000×1500 photo: busy black-and-white stripes (the band needs a scrim, and it is no light band)
    /// around a textured subject patch given by the sidecar at `subjectTop` (fraction).
    static func build(subjectTop: Double) throws -> AssetBuilder.Output {
        let width = 1000, height = 1500
        let top = Int(subjectTop * Double(height)), bottom = top + 300
        let image = SyntheticImages.rgb8(width: width, height: height) { x, y, c in
            if y >= top, y < bottom, x >= 300, x < 700 { return UInt8(truncatingIfNeeded: 90 + (x * (c + 2) + y * 3) % 110) }
            return (x / 12 + y / 40) % 2 == 0 ? 245 : 10
        }
        let bytes = try Codecs.encode(image, as: .png(PNGEncodeOptions()))
        let sidecar = try Sidecar.parse(Data("{\"subject\": {\"x\": 0.3, \"y\": \(subjectTop), \"width\": 0.4, \"height\": 0.2}}".utf8))
        let source = SourceFile(absolutePath: "/nonexistent/low-subject.png", relativePath: "low-subject.png")
        return try AssetBuilder.build(try AssetPlan(source: source, bytes: bytes, sidecar: sidecar, spec: spec), bytes: bytes)
    }

    /// Subjects far enough below the band that the scrim (band + 48-pt fade) has ended above them. The
    /// striped band is no light band (a white veil for black glyphs would lift its dark stripes by tens of L*),
    /// so the tone rule gives white glyphs over a dark gradient, and that gradient ends above the subject.
    @Test(arguments: [0.45, 0.55])
    func theBakedScrimLeavesALowSubjectAlone(subjectTop: Double) throws {
        let output = try Self.build(subjectTop: subjectTop)
        let colors = output.record.targets.compactMap { $0.recommendation?.scrims.first { $0.edge == .top }?.color }
        #expect(!colors.isEmpty && colors.allSatisfy { $0 == .black }, "top scrims: \(colors)")
        let found = try Self.changes(output)
        try #require(!found.isEmpty, "no target whose subject clears the band with a baked scrim")
        for change in found {
            #expect(change.gapPoints >= 0, "\(change)")
            #expect(change.mean < 1 && change.max <= 2, "\(change)")
        }
    }

    /// Every labelled corpus photo (`Tests/Fixtures/subjects.tsv`), its labelled box given as the sidecar
    /// `subject` so that the check is about the scrim, not about the detector, wherever the crop's subject
    /// clears the band. Before the fade ended at the subject's top edge (it ran 48 pt past the glyph
    /// regions) this failed: `lomiri_friends` (subject 0.0 pt below the band, scrim 149 pt) max |ΔL*|
    /// 34.0, `plasma_FallenLeaf` (11.2 pt below, scrim 159 pt) max 18.5.
    @Test(.requiresCorpus) func theBakedScrimLeavesCorpusSubjectsAlone() throws {
        let labels = SubjectLabel.corpus
        try #require(labels.count >= 9, "no subject labels in Tests/Fixtures/subjects.tsv")
        var checked = 0
        var failures: [String] = []
        for label in labels {
            let file = label.file
            let json = "{\"subject\": {\"x\": \(label.x), \"y\": \(label.y), \"width\": \(label.width), \"height\": \(label.height)}}"
            let bytes = try TestPaths.bytes(TestPaths.corpusFile(file))
            let source = SourceFile(absolutePath: TestPaths.corpusFile(file).path, relativePath: file)
            let plan = try AssetPlan(source: source, bytes: bytes, sidecar: try Sidecar.parse(Data(json.utf8)), spec: Self.spec)
            for change in try Self.changes(try AssetBuilder.build(plan, bytes: bytes)) {
                checked += 1
                if !(change.mean < 1 && change.max <= 2) { failures.append("\(file) \(change)") }
            }
        }
        #expect(checked > 0, "no corpus photo has a subject that clears the band under a baked scrim")
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }
}
