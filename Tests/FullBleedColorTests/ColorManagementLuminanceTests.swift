import Foundation
import Testing
@testable import FullBleedColor
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Relative luminance through ICC profiles (lcms2) against the built-in models and published rows.
@Suite("Colour management: luminance")
struct ColorManagementLuminanceTests {
    static func maxDifference(_ a: LuminancePlane, _ b: LuminancePlane) -> Float {
        zip(a.values, b.values).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// R, G, B primaries and white as 8-bit pixels.
    static let primaries = Image(width: 4, height: 1, layout: .rgb, samples: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])

    /// lcms2's sRGB profile read through lcms2 gives the D65 luminance row of CSS Color 4 (not the
    /// D50-adapted 0.2225 / 0.7169 / 0.0606 of the PCS): the chromatic adaptation is undone.
    @Test func lcms2SRGBGivesTheD65LuminanceRow() throws {
        let plane = try LuminancePlane(image: Self.primaries, profile: try ColorFixtures.sRGBProfile())
        let row = LuminanceModel.sRGB.luminanceRow
        for (value, expected) in zip(plane.values, [row.x, row.y, row.z, 1]) {
            #expect(abs(Double(value) - expected) < 2e-4, "\(plane.values)")
        }
    }

    /// Every built-in fast path agrees with lcms2 transforming the same pixels to XYZ, within 1e-3.
    @Test(.requiresCorpus, arguments: [("srgb", ""), ("display-p3", "edge/p3_v4.jpg"), ("display-p3", "edge/p3_v2_compact.jpg"),
                                        ("adobe-rgb", "edge/adobergb.jpg")])
    func builtInModelsAgreeWithLcms2(family: String, file: String) throws {
        let profile = file.isEmpty ? try ColorFixtures.sRGBProfile() : try ColorFixtures.corpusProfile(file)
        var image = ColorFixtures.colorCube
        image.colorSpace = ICCInspector.colorSpace(forProfile: profile.bytes)
        #expect(image.colorSpace.family.rawValue == family)
        let fast = LuminancePlane(image: image)
        let viaLcms2 = try LuminancePlane(image: image, profile: profile)
        let difference = Self.maxDifference(fast, viaLcms2)
        #expect(difference < 1e-3, "\(family) \(file): max |Y_model - Y_lcms2| = \(difference)")
        // The exact CSS Color 4 row, not WCAG's rounded one, is what lcms2 reproduces for sRGB.
        let exact = LuminancePlane(image: image, model: family == "srgb" ? .sRGB : LuminanceModel(family: image.colorSpace.family))
        #expect(Self.maxDifference(exact, viaLcms2) < 3e-4)
    }

    /// The same pixel values mean different colours in each space: a saturated red is brighter in Display P3
    /// and Adobe RGB than in sRGB; a saturated green is darker (wider-gamut greens lie towards the green-cyan
    /// of lower luminance: Y rows 0.7152 sRGB, 0.6917 P3, 0.6274 Adobe RGB); white is 1 everywhere;
    /// mid grey matches in sRGB and P3 (same curve) and is brighter in Adobe RGB (gamma 2.2 vs the sRGB curve).
    @Test(.requiresCorpus) func theSamePixelsDifferByColourSpace() throws {
        let image = Image(width: 4, height: 1, layout: .rgb, samples: [255, 0, 0, 0, 255, 0, 255, 255, 255, 128, 128, 128])
        func plane(_ profile: ICCProfile) throws -> [Float] { try LuminancePlane(image: image, profile: profile).values }
        let srgb = try plane(try ColorFixtures.sRGBProfile())
        let p3 = try plane(try ColorFixtures.corpusProfile("edge/p3_v4.jpg"))
        let adobe = try plane(try ColorFixtures.corpusProfile("edge/adobergb.jpg"))
        #expect(p3[0] > srgb[0] + 0.01 && adobe[0] > p3[0] + 0.05)
        #expect(p3[1] < srgb[1] - 0.01 && adobe[1] < p3[1] - 0.05)
        for white in [srgb[2], p3[2], adobe[2]] { #expect(abs(white - 1) < 1e-4) }
        #expect(abs(p3[3] - srgb[3]) < 1e-4 && adobe[3] > srgb[3] + 0.002)
    }

    /// A v2 profile without a 'chad' tag (D65 media white): Bradford is undone as lcms2 applied it.
    @Test(.requiresCorpus) func v2DisplayProfileUsesItsMediaWhite() throws {
        let profile = try ColorFixtures.corpusProfile("edge/p3_v2_compact.jpg")
        let plane = try LuminancePlane(image: Self.primaries, profile: profile)
        let row = LuminanceModel.displayP3.luminanceRow
        for (value, expected) in zip(plane.values, [row.x, row.y, row.z, 1]) { #expect(abs(Double(value) - expected) < 1e-3) }
    }

    /// A profile the built-in models do not know (ProPhoto, D50; Rec. 2020, D65) is read through lcms2:
    /// the primaries give the luminance row derived from their chromaticities, grey follows the curve.
    @Test(arguments: [(ColorFixtures.proPhoto, 1.8), (ColorFixtures.rec2020, 2.4)])
    func otherProfilesAreReadThroughLcms2(primaries: RGBPrimaries, gamma: Double) throws {
        let profile = try ColorFixtures.rgbProfile(primaries, curve: .gamma(gamma))
        #expect(ICCInspector.colorSpace(forProfile: profile.bytes).family == .other)
        var image = Image(width: 5, height: 1, layout: .rgb, samples: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 100, 100, 100])
        image.colorSpace = ColorSpace(family: .other, icc: profile)
        let (plane, warnings) = LuminancePlane.colorManaged(image)
        #expect(warnings.isEmpty)
        #expect(LuminancePlane(image: image) == plane)
        let row = primaries.rgbToXYZ().y
        for (value, expected) in zip(plane.values, [row.x, row.y, row.z, 1, pow(100.0 / 255, gamma)]) {
            #expect(abs(Double(value) - expected) < 1e-3, "\(plane.values) vs row \(row)")
        }
    }

    /// The per-channel tables built from a matrix-shaper profile's curves and colorants give what lcms2's
    /// transform to XYZ gives, pixel by pixel, for 8- and 16-bit samples and gray.
    @Test(arguments: [(ColorFixtures.proPhoto, 1.8), (ColorFixtures.rec2020, 2.4), (RGBPrimaries.adobeRGB, 563.0 / 256)])
    func matrixShaperTablesMatchTheTransform(primaries: RGBPrimaries, gamma: Double) throws {
        let space = ColorSpace(family: .other, icc: try ColorFixtures.rgbProfile(primaries, curve: .gamma(gamma)))
        let eight = ColorFixtures.colorCube
        let sixteen = Image(width: 25, height: 5, layout: .rgb, samples16: eight.samples8.enumerated().map { UInt16($1) * 256 + UInt16($0 % 256) })
        for image in [eight, sixteen] {
            let type = image.format.sampleType
            let tables = try ProfileLuminance(colorSpace: space, layout: .rgb, sampleType: type).plane(of: image)
            let transform = try ProfileLuminance(colorSpace: space, layout: .rgb, sampleType: type, allowTables: false).plane(of: image)
            #expect(Self.maxDifference(tables, transform) < 2e-5, "\(type)")
        }
        let grayImage = Image(width: 5, height: 1, layout: .gray, samples: [0, 1, 60, 128, 255])
        let graySpace = ColorSpace(family: .gray, icc: try ColorFixtures.grayProfile(curve: .gamma(gamma)))
        let grayTables = try ProfileLuminance(colorSpace: graySpace, layout: .gray, sampleType: .uint8).plane(of: grayImage)
        let grayTransform = try ProfileLuminance(colorSpace: graySpace, layout: .gray, sampleType: .uint8, allowTables: false).plane(of: grayImage)
        #expect(Self.maxDifference(grayTables, grayTransform) < 2e-5)
    }

    /// Gray images with a gray profile: `Y` is the profile's gray curve, not the sRGB curve.
    @Test func grayProfileGivesItsCurve() throws {
        let profile = try ColorFixtures.grayProfile(curve: .gamma(2.2))
        var image = Image(width: 5, height: 1, layout: .gray, samples: [0, 50, 128, 200, 255])
        image.colorSpace = ICCInspector.colorSpace(forProfile: profile.bytes)
        #expect(image.colorSpace.family == .gray)
        let plane = LuminancePlane(image: image)
        for (value, code) in zip(plane.values, [0.0, 50, 128, 200, 255]) {
            #expect(abs(Double(value) - pow(code / 255, 2.2)) < 1e-3)
        }
        #expect(abs(Double(plane.values[2]) - SRGBTransfer.linear(128.0 / 255)) > 0.003)
    }

    /// Alpha, 16-bit samples and linear premultiplied floats (alpha >= 0.5, so premultiplying keeps the
    /// colour) read the same luminance as the 8-bit pixels.
    @Test func sampleFormatsAgree() throws {
        let profile = try ColorFixtures.rgbProfile(ColorFixtures.proPhoto, curve: .gamma(1.8))
        let space = ColorSpace(family: .other, icc: profile)
        var opaque = ColorFixtures.colorCube
        opaque.colorSpace = space
        let reference = LuminancePlane(image: opaque)
        let rgba = Image(width: 25, height: 5, layout: .rgba, samples: opaque.samples8.enumerated().flatMap { i, v in
            i % 3 == 2 ? [v, UInt8(128 + i % 128)] : [v]
        }, colorSpace: space)
        #expect(Self.maxDifference(LuminancePlane(image: rgba), reference) < 1e-6)
        let sixteen = Image(width: 25, height: 5, layout: .rgb, samples16: opaque.samples8.map { UInt16($0) * 257 }, colorSpace: space)
        #expect(Self.maxDifference(LuminancePlane(image: sixteen), reference) < 1e-4)
        let linear = rgba.linearPremultiplied()
        #expect(Self.maxDifference(LuminancePlane(image: linear), reference) < 1e-3)
    }

    /// A malformed profile is a typed error, and colour-managed luminance falls back to sRGB with a warning.
    @Test(arguments: [0, 100, 131])
    func malformedProfileFallsBackToSRGB(truncatedTo length: Int) throws {
        let valid = try ColorFixtures.rgbProfile(ColorFixtures.proPhoto, curve: .gamma(1.8)).bytes
        let bytes = length == 0 ? (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37) } : Array(valid.prefix(length))
        var image = ColorFixtures.colorCube
        image.colorSpace = ColorSpace(family: .other, icc: ICCInspector.inspect(bytes))
        #expect {
            _ = try LuminancePlane(image: image, profile: ICCInspector.inspect(bytes))
        } throws: { error in
            guard case ColorManagementError.invalidProfile(let message) = error else { return false }
            return !message.isEmpty
        }
        let (plane, warnings) = LuminancePlane.colorManaged(image)
        #expect(plane == LuminancePlane(image: image, model: .wcagSRGB))
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("measured as sRGB") == true, "\(warnings)")
    }

    /// A profile for other channels (gray profile on RGB pixels) and `.other` without bytes also fall back.
    @Test func mismatchedOrMissingProfileFallsBack() throws {
        let gray = try ColorFixtures.grayProfile(curve: .sRGB)
        var image = ColorFixtures.colorCube
        image.colorSpace = ColorSpace(family: .other, icc: gray)
        #expect(throws: ColorManagementError.profileMismatch(profileColorSpace: "GRAY", layout: .rgb)) {
            _ = try LuminancePlane(image: image, profile: gray)
        }
        #expect(LuminancePlane.colorManaged(image).warnings.first?.contains("GRAY") == true)
        image.colorSpace = ColorSpace(family: .other)
        let (plane, warnings) = LuminancePlane.colorManaged(image)
        #expect(plane == LuminancePlane(image: image, model: .wcagSRGB))
        #expect(warnings.first?.contains("no ICC profile") == true, "\(warnings)")
    }
}
