import Foundation
import Testing
@testable import FullBleedColor
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// `Image.convertedToSRGB(intent:)`: round trips, real P3 / Adobe RGB files, formats, alpha, errors.
@Suite("Colour management: conversion to sRGB")
struct ColorManagementConversionTests {
    static let displayP3 = ColorSpace(family: .displayP3)

    @Test func sRGBAndUntaggedAreReturnedUnchanged() throws {
        let untagged = SyntheticImages.photoLike(width: 16, height: 8)
        #expect(try untagged.convertedToSRGB() == untagged)
        var tagged = untagged
        tagged.colorSpace = ColorSpace(family: .sRGB, icc: try ColorFixtures.sRGBProfile())
        #expect(try tagged.convertedToSRGB() == tagged)
        var gray = Image(width: 3, height: 1, layout: .gray, samples: [0, 100, 255])
        gray.colorSpace = ColorSpace(family: .gray)
        let converted = try gray.convertedToSRGB()
        #expect(converted.samples8 == gray.samples8 && converted.colorSpace == .sRGB)
    }

    /// sRGB -> Display P3 -> sRGB with 16-bit samples comes back within 16/65535 (a sixteenth of an 8-bit
    /// code: the s15Fixed16 colorants of ICC profiles limit it, in the sRGB toe of saturated colours), about
    /// 1/65535 on average (measured 1.07); alpha is untouched. An 8-bit detour would cost up to 128/65535 everywhere.
    @Test func sixteenBitRoundTripKeepsPrecisionAndAlpha() throws {
        let original = ColorFixtures.photoLike16(width: 48, height: 32)
        let p3 = try ColorFixtures.fromSRGB(original, into: try ColorFixtures.rgbProfile(.displayP3, curve: .sRGB), tag: Self.displayP3)
        #expect(p3.samples16 != original.samples16)
        let back = try p3.convertedToSRGB()
        #expect(back.format == original.format && back.colorSpace == .sRGB)
        let a = original.samples16, b = back.samples16
        var worst = 0, total = 0
        for i in a.indices where i % 4 != 3 {
            let d = abs(Int(a[i]) - Int(b[i]))
            worst = max(worst, d)
            total += d
        }
        #expect(worst <= 16, "largest 16-bit difference \(worst)")
        #expect(Double(total) / Double(a.count * 3 / 4) < 2, "mean 16-bit difference \(Double(total) / Double(a.count * 3 / 4))")
        #expect(stride(from: 3, to: a.count, by: 4).allSatisfy { a[$0] == b[$0] }, "alpha changed")
    }

    /// 8-bit RGBA Display P3 pixels agree within one code with the analytic conversion (CSS Color 4
    /// matrices from the primaries, clipped to the sRGB gamut); alpha is untouched.
    @Test func eightBitMatchesTheAnalyticConversion() throws {
        var p3 = SyntheticImages.rgba8(width: 40, height: 24) { x, y, c in
            c == 3 ? UInt8((x * 7 + y * 3) % 256) : UInt8((x * (c + 3) * 5 + y * (7 - c) * 3) % 256)
        }
        p3.colorSpace = Self.displayP3
        let converted = try p3.convertedToSRGB()
        #expect(converted.format == .rgba8 && converted.colorSpace == .sRGB)
        let matrix = LuminanceModel.displayP3.toLinearSRGB
        let a = p3.samples8, b = converted.samples8
        var worst = 0.0
        for p in stride(from: 0, to: a.count, by: 4) {
            let linear = SIMD3((0..<3).map { SRGBTransfer.linear(Double(a[p + $0]) / 255) })
            let srgb = matrix.applied(to: linear)
            for c in 0..<3 {
                let expected = SRGBTransfer.encoded(min(1, max(0, srgb[c]))) * 255
                worst = max(worst, abs(Double(b[p + c]) - expected))
            }
            #expect(a[p + 3] == b[p + 3], "alpha changed")
        }
        #expect(worst <= 1, "largest difference from the analytic conversion \(worst) codes")
    }

    /// Linear premultiplied floats stay linear premultiplied floats and agree with the 8-bit conversion.
    @Test func linearPremultipliedFloatsKeepTheirFormat() throws {
        var p3 = SyntheticImages.rgba8(width: 32, height: 16) { x, y, c in c == 3 ? UInt8(160 + (x + y) % 96) : UInt8((x * 8 + y * (c + 1) * 5) % 256) }
        p3.colorSpace = Self.displayP3
        let linear = p3.linearPremultiplied()
        let converted = try linear.convertedToSRGB()
        #expect(converted.format == linear.format && converted.colorSpace == .sRGB)
        let viaEightBit = try p3.convertedToSRGB()
        #expect(ImageComparison.maxAbsoluteDifference(converted.encoded(as: .uint8), viaEightBit) <= 1)
    }

    /// A Display P3 tag without profile bytes uses the standard P3 profile: the same as the file's profile.
    @Test(.requiresCorpus) func familyWithoutBytesMatchesTheEmbeddedProfile() throws {
        let picture = SyntheticImages.photoLike(width: 64, height: 32)
        var tagged = picture
        tagged.colorSpace = ColorSpace(family: .displayP3, icc: try ColorFixtures.corpusProfile("edge/p3_v4.jpg"))
        var familyOnly = picture
        familyOnly.colorSpace = Self.displayP3
        #expect(ImageComparison.maxAbsoluteDifference(try tagged.convertedToSRGB(), try familyOnly.convertedToSRGB()) <= 1)
    }

    /// The corpus P3 and Adobe RGB files were made from the same sRGB picture as edge/progressive.jpg:
    /// converted to sRGB they match it far better than their raw samples do (CATALOG: dropping the P3
    /// profile gives a mean difference of about 4/255). Measured mean |difference| (0...255): p3_v4 1.08 (raw
    /// 4.01, PSNR 43.9 dB), p3_v2_compact 1.08 (raw 3.99), adobergb 1.23 (raw 5.52, PSNR 42.7 dB); the
    /// remaining difference is the files' own JPEG compression.
    @Test(.requiresCorpus, arguments: [("edge/p3_v4.jpg", 1.5, 3.5), ("edge/p3_v2_compact.jpg", 1.5, 3.5), ("edge/adobergb.jpg", 1.5, 5.0)])
    func wideGamutFilesConvertToTheSRGBOriginal(file: String, convertedBound: Double, rawBound: Double) throws {
        let original = try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile("edge/progressive.jpg"))).image
        let wide = try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile(file))).image
        let converted = try wide.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB && converted.format == .rgb8)
        let convertedDifference = ImageComparison.meanAbsoluteDifference(converted, original)
        var raw = wide
        raw.colorSpace = .sRGB
        let rawDifference = ImageComparison.meanAbsoluteDifference(raw, original)
        #expect(convertedDifference < convertedBound, "\(file): converted differs by \(convertedDifference)/255")
        #expect(rawDifference > rawBound, "\(file): raw samples differ by only \(rawDifference)/255")
    }

    /// A gray image with a gray gamma-2.2 profile becomes sRGB-curve gray: `enc_sRGB(v^2.2)`.
    @Test func grayProfileConvertsToSRGBGray() throws {
        var gray = Image(width: 6, height: 1, layout: .gray, samples: [0, 30, 90, 128, 200, 255])
        gray.colorSpace = ICCInspector.colorSpace(forProfile: try ColorFixtures.grayProfile(curve: .gamma(2.2)).bytes)
        let converted = try gray.convertedToSRGB()
        #expect(converted.layout == .gray && converted.colorSpace == .sRGB)
        for (value, code) in zip(converted.samples8, gray.samples8) {
            let expected = SRGBTransfer.encoded(pow(Double(code) / 255, 2.2)) * 255
            #expect(abs(Double(value) - expected) <= 1, "\(code) -> \(value), expected \(expected)")
        }
    }

    /// Perceptual and relative colorimetric agree for matrix-shaper profiles (no perceptual tables).
    @Test func perceptualEqualsRelativeForMatrixShapers() throws {
        var p3 = SyntheticImages.photoLike(width: 32, height: 16)
        p3.colorSpace = Self.displayP3
        #expect(ImageComparison.maxAbsoluteDifference(try p3.convertedToSRGB(intent: .perceptual), try p3.convertedToSRGB()) <= 1)
    }

    /// Large images run in row bands on several threads: the result equals converting each part alone.
    @Test func bandedConversionIsDeterministic() throws {
        var p3 = SyntheticImages.photoLike(width: 640, height: 480)
        p3.colorSpace = Self.displayP3
        #expect(p3.width * p3.height >= ColorProfileTransform.RowBands.parallelThreshold)
        let whole = try p3.convertedToSRGB()
        #expect(try p3.convertedToSRGB() == whole)
        let rect = PixelRect(x: 0, y: 200, width: 640, height: 77)
        #expect(try p3.cropped(to: rect).convertedToSRGB() == whole.cropped(to: rect))
    }

    @Test func unusableProfilesAreTypedErrors() throws {
        var image = SyntheticImages.photoLike(width: 8, height: 8)
        image.colorSpace = ColorSpace(family: .other, icc: ICCInspector.inspect([UInt8](repeating: 0x41, count: 300)))
        #expect {
            _ = try image.convertedToSRGB()
        } throws: { error in
            guard case ColorManagementError.invalidProfile = error else { return false }
            return true
        }
        image.colorSpace = ColorSpace(family: .other, icc: try ColorFixtures.grayProfile(curve: .sRGB))
        #expect(throws: ColorManagementError.profileMismatch(profileColorSpace: "GRAY", layout: .rgb)) { try image.convertedToSRGB() }
        image.colorSpace = ColorSpace(family: .other)
        #expect(throws: ColorManagementError.missingProfile(.other)) { try image.convertedToSRGB() }
    }

    /// Timing of a 12 MP 8-bit Display P3 image (printed, never asserted; meaningful in release builds).
    @Test func twelveMegapixelTiming() throws {
        let image = ColorFixtures.largeRGB8(width: 4000, height: 3000, colorSpace: Self.displayP3)
        var best = Double.infinity
        var result = image
        for _ in 0..<TimingTests.runs(2) { best = min(best, try ColorFixtures.seconds { result = try image.convertedToSRGB() }) }
        #expect(result.size == image.size && result.colorSpace == .sRGB)
        TimingTests.report(String(format: "convertedToSRGB 4000x3000 RGB8 Display P3: %.3f s (%.1f Mpx/s)", best, 12 / best))
    }
}
