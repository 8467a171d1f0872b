import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The committed files in `Tests/Fixtures/heif`, made by `writeFixtures` with libheif's own encoders
/// (x265 for HEIC, libaom for AVIF) from `HEIFTestFiles.asymmetric` and the Display P3 ICC profile of
/// the corpus file `edge/p3_v4.jpg`.
@Suite struct HEIFFixtureTests {
    static let writeVariable = "FULLBLEED_WRITE_HEIF_FIXTURES"

    /// Stored 64x48 with a red block top-left, written with orientation 6 (`irot` 270 CCW = 90 CW): shown
    /// 48x64 with the red block top-right.
    @Test(arguments: ["p3_orient6.heic", "p3_orient6.avif"])
    func orientedP3Fixture(name: String) throws {
        let bytes = try HEIFTestFiles.fixture(name)
        #expect(bytes.count < 100_000)
        let info = try Codecs.probe(bytes)
        #expect(info.format == (name.hasSuffix("heic") ? .heic : .avif))
        #expect(info.size == PixelSize(width: 48, height: 64))
        #expect(info.orientation == .up && !info.hasAlpha && info.bitDepth == 8)
        #expect(info.colorSpace.family == .displayP3)
        #expect(info.colorSpace.icc?.name == "Display P3")
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.image.size == PixelSize(width: 48, height: 64))
        #expect(decoded.image.colorSpace == info.colorSpace)
        // 4:2:0 blurs the red block's edges: 27.4 dB measured.
        #expect(ImageComparison.psnr(decoded.image, HEIFTestFiles.asymmetric.applyingOrientation(.right)) > 25)
        let topRight = decoded.image.cropped(to: PixelRect(x: 38, y: 2, width: 8, height: 12))
        let means = ImageComparison.channelMeans(topRight)
        #expect(means[0] > 180 && means[1] < 70 && means[2] < 70)
    }

    @Test func alphaFixture() throws {
        let bytes = try HEIFTestFiles.fixture("alpha.avif")
        let info = try Codecs.probe(bytes)
        #expect(info.format == .avif && info.hasAlpha && info.size == PixelSize(width: 64, height: 48))
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.format == .rgba8)
        let alpha = HEIFTestFiles.alpha(decoded)
        #expect(alpha[0] < 8 && alpha[20] > 100 && alpha[20] < 156 && alpha[63] > 247)
    }

    @Test func tenBitNCLXP3Fixture() throws {
        let bytes = try HEIFTestFiles.fixture("nclx_p3_10bit.heic")
        let info = try Codecs.probe(bytes)
        #expect(info.format == .heic && info.bitDepth == 10)
        #expect(info.colorSpace == ColorSpace(family: .displayP3))
        #expect(info.details.contains("nclx 12/13/6"))
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.format.sampleType == .uint16 && decoded.colorSpace.family == .displayP3)
        #expect(ImageComparison.psnr(decoded, HEIFTestFiles.deepGradient) > 40)
    }

    /// Rewrites the fixtures; runs only with FULLBLEED_WRITE_HEIF_FIXTURES=1 and the corpus present.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[writeVariable] == "1" && TestPaths.hasCorpus,
                   "set FULLBLEED_WRITE_HEIF_FIXTURES=1 (with the corpus present) to rewrite Tests/Fixtures/heif"))
    func writeFixtures() throws {
        let p3 = try #require(try Codecs.probe(try TestPaths.bytes(TestPaths.corpusFile("edge/p3_v4.jpg"))).colorSpace.icc)
        var tagged = HEIFTestFiles.asymmetric
        tagged.colorSpace = ICCInspector.colorSpace(forProfile: p3.bytes)
        var deep = HEIFTestFiles.deepGradient
        deep.colorSpace = ColorSpace(family: .displayP3)
        let files: [(String, [UInt8])] = [
            ("p3_orient6.heic", try HEIFTestFiles.encode(tagged, .hevc, quality: 80, chroma: .yuv420, orientation: .right)),
            ("p3_orient6.avif", try HEIFTestFiles.encode(tagged, .av1, quality: 80, chroma: .yuv420, orientation: .right)),
            ("alpha.avif", try Codecs.encode(HEIFTestFiles.translucent, as: .avif(AVIFEncodeOptions(quality: 80)))),
            ("nclx_p3_10bit.heic", try HEIFTestFiles.encode(deep, .hevc, quality: 90, bitDepth: 10)),
        ]
        try FileManager.default.createDirectory(at: HEIFTestFiles.fixtures, withIntermediateDirectories: true)
        for (name, bytes) in files {
            try Data(bytes).write(to: HEIFTestFiles.fixtures.appendingPathComponent(name))
            #expect(bytes.count < 100_000)
        }
    }
}
