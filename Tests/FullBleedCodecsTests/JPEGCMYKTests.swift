import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// CMYK / YCCK JPEGs: through the embedded CMYK profile with lcms2, else the naive inversion-aware formula.
@Suite struct JPEGCMYKTests {
    static func decode(_ relative: String) throws -> DecodedImage {
        try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile(relative)))
    }

    /// Mean R, G, B (0...255) of ImageMagick's colour-managed conversion, measured once with ImageMagick
    /// 6.9.11-60 Q16: `convert cmyk_icc.jpg -intent Perceptual -profile srgb.icc -format
    /// "%[fx:mean.r*255] %[fx:mean.g*255] %[fx:mean.b*255]" info:`, where srgb.icc is lcms2 2.14's
    /// `cmsCreate_sRGBProfile` saved with `cmsSaveProfileToMem` (588 bytes): 116.705, 112.082, 141.147.
    /// (Relative colorimetric gives 123.475, 123.152, 145.895; the sRGB original, edge/progressive.jpg,
    /// averages 119.848, 116.880, 143.742.) FullBleed measured 116.485, 112.156, 141.196.
    static let imageMagickProfileMeans: [Double] = [116.705, 112.082, 141.147]

    /// Mean R, G, B of `convert cmyk_noicc.jpg -colorspace sRGB` (ImageMagick 6.9.11-60 Q16, no profile):
    /// 115.692, 124.746, 159.856. An inverted decode would average about (139, 130, 95).
    static let imageMagickFormulaMeans: [Double] = [115.692, 124.746, 159.856]

    @Test(.requiresCorpus) func embeddedProfileIsApplied() throws {
        let decoded = try Self.decode("edge/cmyk_icc.jpg")
        #expect(decoded.info.colorModel == "ycck")
        #expect(decoded.info.colorSpace.icc?.dataColorSpace == "CMYK")
        #expect(decoded.image.format == .rgb8)
        #expect(decoded.image.colorSpace == .sRGB)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let means = ImageComparison.channelMeans(decoded.image)
        for (mean, reference) in zip(means, Self.imageMagickProfileMeans) {
            #expect(abs(mean - reference) < 1, "means \(means), ImageMagick \(Self.imageMagickProfileMeans)")
        }
        // Not inverted: blue dominates as in the original picture, and the naive formula differs clearly.
        #expect(means[2] > means[0] + 15)
        let naive = try Self.decode("edge/cmyk_noicc.jpg").image
        #expect(ImageComparison.meanAbsoluteDifference(decoded.image, naive) > 5)
    }

    @Test(.requiresCorpus) func withoutProfileTheFormulaIsUsedWithAWarning() throws {
        let decoded = try Self.decode("edge/cmyk_noicc.jpg")
        #expect(decoded.info.colorModel == "ycck")
        #expect(decoded.image.colorSpace == .sRGB && decoded.info.colorSpace == .sRGB)
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.contains("without ICC profile") == true)
        let means = ImageComparison.channelMeans(decoded.image)
        for (mean, reference) in zip(means, Self.imageMagickFormulaMeans) {
            #expect(abs(mean - reference) < 3, "means \(means), ImageMagick \(Self.imageMagickFormulaMeans)")
        }
    }

    /// `bytes` with an APP2 ICC segment holding `profile` inserted after SOI.
    static func withICCProfile(_ bytes: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + bytes.dropFirst(2)
    }

    /// A profile lcms2 cannot open falls back to the formula, with a warning carrying lcms2's message.
    @Test(.requiresCorpus) func unreadableCMYKProfileFallsBackToTheFormula() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/cmyk_noicc.jpg"))
        let broken = Self.withICCProfile(bytes, JPEGTestFixtures.fakeProfile(size: 400, space: "CMYK").bytes)
        let decoded = try Codecs.decode(broken)
        #expect(decoded.image.colorSpace == .sRGB)
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.contains("could not be applied (lcms2: ") == true, "\(decoded.warnings)")
        #expect(decoded.image == (try Self.decode("edge/cmyk_noicc.jpg")).image)
    }

    /// An RGB profile in a CMYK file is ignored with a warning.
    @Test(.requiresCorpus) func nonCMYKProfileIsIgnored() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/cmyk_noicc.jpg"))
        let decoded = try Codecs.decode(Self.withICCProfile(bytes, JPEGTestFixtures.fakeProfile(size: 400, space: "RGB ").bytes))
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.contains("not CMYK") == true, "\(decoded.warnings)")
    }

    /// Decode time with and without the profile (printed, never asserted; meaningful in release builds).
    @Test(.requiresCorpus, .timingOnly) func decodeTiming() throws {
        var report: [String] = []
        for file in ["edge/cmyk_icc.jpg", "edge/cmyk_noicc.jpg"] {
            let bytes = try TestPaths.bytes(TestPaths.corpusFile(file))
            var best = Duration.seconds(1000)
            for _ in 0..<3 {
                best = min(best, try ContinuousClock().measure { _ = try Codecs.decode(bytes) })
            }
            let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
            report.append(String(format: "%@ %.3f s", file, seconds))
        }
        print("CMYK JPEG decode 1600x1000: " + report.joined(separator: ", "))
    }
}
