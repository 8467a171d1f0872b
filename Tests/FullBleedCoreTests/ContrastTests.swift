import Foundation
import Testing
@testable import FullBleedColor
@testable import FullBleedCore
import FullBleedImage

@Suite("WCAG contrast")
struct ContrastTests {
    /// SPEC 2.1 checks, printed to 4 decimals.
    @Test(arguments: [
        ("#ffffff", "#000000", 21.0),
        ("#ffffff", "#767676", 4.5422),
        ("#ffffff", "#777777", 4.4781),
        ("#ffffff", "#888888", 3.5449),
        ("#000000", "#888888", 5.9240),
        ("#ffffff", "#0000ff", 8.5925),
    ])
    func specRatios(first: String, second: String, expected: Double) throws {
        let a = try #require(SRGBColor(hex: first)), b = try #require(SRGBColor(hex: second))
        #expect(abs(WCAG.contrastRatio(a, b) - expected) < 0.00005)
        #expect(WCAG.contrastRatio(a, b) == WCAG.contrastRatio(b, a))
    }

    @Test func passFailAroundTheAABoundary() throws {
        let white = try #require(SRGBColor(hex: "#fff"))
        #expect(WCAG.contrastRatio(white, try #require(SRGBColor(hex: "#767676"))) >= WCAG.Level.aaNormalText.ratio)
        #expect(WCAG.contrastRatio(white, try #require(SRGBColor(hex: "#777777"))) < WCAG.Level.aaNormalText.ratio)
    }

    /// SPEC 2.4 threshold table: Y_w, enc(Y_w), Y_k, enc(Y_k) to 5 decimals.
    @Test(arguments: [
        (3.0, 0.30000, 0.58383, 0.10000, 0.34919),
        (4.5, 0.18333, 0.46532, 0.17500, 0.45533),
        (7.0, 0.10000, 0.34919, 0.30000, 0.58383),
    ])
    func thresholdTable(ratio: Double, whiteY: Double, whiteEncoded: Double, blackY: Double, blackEncoded: Double) {
        let yw = WCAG.maximumBackgroundLuminance(ratio: ratio), yk = WCAG.minimumBackgroundLuminance(ratio: ratio)
        #expect(abs(yw - whiteY) < 0.000005)
        #expect(abs(SRGBTransfer.encoded(yw) - whiteEncoded) < 0.000005)
        #expect(abs(yk - blackY) < 0.000005)
        #expect(abs(SRGBTransfer.encoded(yk) - blackEncoded) < 0.000005)
        // At the thresholds the ratio is exactly the target.
        #expect(abs(WCAG.contrastRatio(1, yw) - ratio) < 1e-12)
        #expect(abs(WCAG.contrastRatio(0, yk) - ratio) < 1e-12)
    }

    @Test func crossover() {
        #expect(abs(WCAG.crossoverLuminance - 0.17913) < 0.000005)
        #expect(abs(WCAG.crossoverRatio - 4.583) < 0.0005)
        #expect(abs(WCAG.contrastRatio(1, WCAG.crossoverLuminance) - WCAG.contrastRatio(0, WCAG.crossoverLuminance)) < 1e-12)
    }

    @Test func hexParsing() throws {
        let short = try #require(SRGBColor(hex: "#0006"))
        #expect(short.red == 0 && abs(short.alpha - 0.4) < 1e-15)
        let long = try #require(SRGBColor(hex: "87CEEB"))
        #expect(long.codes8 == SIMD3(0x87, 0xCE, 0xEB))
        #expect(long.hex == "#87ceeb")
        #expect(SRGBColor(hex: "#12345") == nil)
        #expect(SRGBColor(hex: "#ggg") == nil)
        let data = try JSONEncoder().encode(long)
        #expect(String(decoding: data, as: UTF8.self).contains("\"hex\":\"#87ceeb\""))
        #expect(try JSONDecoder().decode(SRGBColor.self, from: data) == long)
    }
}

@Suite("Luminance models and planes")
struct ContrastLuminanceTests {
    @Test func sRGBRowFromPrimariesMatchesCSSColor4() {
        let row = LuminanceModel.sRGB.luminanceRow
        #expect(abs(row.x - 0.21263900587151027) < 1e-12)
        #expect(abs(row.y - 0.715168678767756) < 1e-12)
        #expect(abs(row.z - 0.07219231536073371) < 1e-12)
        #expect(LuminanceModel.wcagSRGB.luminanceRow == SIMD3(0.2126, 0.7152, 0.0722))
    }

    /// SPEC 2.2: the CSS Color 4 Display P3 -> XYZ matrix, all three rows.
    @Test func displayP3MatrixMatchesCSSColor4() {
        let m = LuminanceModel.displayP3.rgbToXYZ
        let expected = [SIMD3(0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
                        SIMD3(0.2289745640697488, 0.6917385218365064, 0.079286914093745),
                        SIMD3(0, 0.04511338185890264, 1.043944368900976)]
        for (row, want) in zip([m.x, m.y, m.z], expected) {
            #expect(LegibilityTestData.maxDifference(row, want) < 1e-12, "row \(row) vs \(want)")
        }
        #expect(LuminanceModel(family: .displayP3) == .displayP3)
        #expect(abs(LuminanceModel.displayP3.luminance(encodedRed: 0, green: 1, blue: 0) - 0.6917385218365064) < 1e-12)
    }

    /// Adobe RGB (1998) Color Image Encoding v2005-05 prints the Y row 0.29734, 0.62736, 0.07529.
    @Test func adobeRGBRowAndGamma() {
        let model = LuminanceModel.adobeRGB
        #expect(LegibilityTestData.maxDifference(model.luminanceRow, SIMD3(0.29734, 0.62736, 0.07529)) < 0.000006)
        #expect(abs(model.luminanceRow.sum() - 1) < 1e-12)
        #expect(model.curve == .gamma(2.19921875))
        #expect(abs(model.luminance(encodedRed: 0.5, green: 0.5, blue: 0.5) - pow(0.5, 2.19921875)) < 1e-12)
    }

    @Test func familiesAndFallback() {
        #expect(LuminanceModel(family: .sRGB) == .wcagSRGB)
        #expect(LuminanceModel(family: .adobeRGB) == .adobeRGB)
        #expect(LuminanceModel(family: .other) == nil)
        // P3 -> sRGB maps white to white and P3 red outside the sRGB gamut.
        let white = LuminanceModel.displayP3.linearSRGB(fromLinear: SIMD3(1, 1, 1))
        #expect(LegibilityTestData.maxDifference(white, SIMD3(1, 1, 1)) < 1e-12)
        let red = LuminanceModel.displayP3.linearSRGB(fromLinear: SIMD3(1, 0, 0))
        #expect(red.x > 1 && red.y < 0)
    }

    @Test func planeFromEveryStorageAgrees() {
        // A colour ramp stored as RGB8, RGBA16, linear float and premultiplied linear float.
        let image8 = LegibilityTestData.ramp(width: 16, height: 4)
        let plane8 = LuminancePlane(image: image8)
        let expected = (0..<(16 * 4)).map { i -> Double in
            let s = image8.samples8
            return LuminanceModel.wcagSRGB.luminance(encodedRed: Double(s[i * 3]) / 255, green: Double(s[i * 3 + 1]) / 255,
                                                     blue: Double(s[i * 3 + 2]) / 255)
        }
        for (v, e) in zip(plane8.values, expected) { #expect(abs(Double(v) - e) < 1e-6) }

        let image16 = image8.converted(to: PixelFormat(layout: .rgb, sampleType: .uint16))
        for (v, e) in zip(LuminancePlane(image: image16).values, expected) { #expect(abs(Double(v) - e) < 1e-6) }

        let linear = image8.converted(toLayout: .rgba).linearPremultiplied()
        for (v, e) in zip(LuminancePlane(image: linear).values, expected) { #expect(abs(Double(v) - e) < 1e-6) }

        let gray = Image(width: 3, height: 1, layout: .gray, samples: [0, 128, 255])
        let grayPlane = LuminancePlane(image: gray)
        #expect(abs(Double(grayPlane.values[1]) - SRGBTransfer.linear(128.0 / 255)) < 1e-6)
        #expect(grayPlane.values[2] == 1)
        // A plane round-trips through its gray float image (what a blur takes and returns).
        #expect(LuminancePlane(image: grayPlane.image) == grayPlane)
    }

    @Test func planeUsesTheImagesColourSpace() {
        var image = Image(width: 1, height: 1, layout: .rgb, samples: [0, 255, 0])
        let srgb = LuminancePlane(image: image).values[0]
        image.colorSpace = ColorSpace(family: .displayP3)
        let p3 = LuminancePlane(image: image).values[0]
        #expect(abs(Double(srgb) - 0.7152) < 1e-6)
        #expect(abs(Double(p3) - 0.6917385218365064) < 1e-6)
        image.colorSpace = ColorSpace(family: .adobeRGB)
        #expect(abs(Double(LuminancePlane(image: image).values[0]) - LuminanceModel.adobeRGB.luminanceRow.y) < 1e-6)
    }
}

/// Synthetic inputs and small helpers shared by the legibility tests.
enum LegibilityTestData {
    /// Largest absolute component difference.
    static func maxDifference(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
    }

    /// Bytes of a hexadecimal string.
    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// The samples of pixel `(x, y)` of an 8-bit image.
    static func pixel8(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * image.width + x) * image.channelCount
        return Array(image.samples8[start..<(start + image.channelCount)])
    }

    /// SplitMix64: a tiny deterministic generator for test data.
    struct Generator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func nextDouble() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    /// RGB8 ramp: red along x, green along y, blue opposite to red.
    static func ramp(width: Int, height: Int) -> Image {
        var samples = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                samples += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8(255 - x * 255 / max(1, width - 1))]
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// SPEC 3.1 S6: `R = (3x² + 5y) mod 256, G = (7x + 2y²) mod 256, B = (11xy + 40) mod 256`.
    static func s6(width: Int, height: Int) -> [UInt8] {
        var samples = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                samples += [UInt8((3 * x * x + 5 * y) % 256), UInt8((7 * x + 2 * y * y) % 256), UInt8((11 * x * y + 40) % 256)]
            }
        }
        return samples
    }

    /// S6 colours with alpha `A = (9x + 4y) mod 256` (SPEC 3.2 S7), or opaque.
    static func s6RGBA(width: Int, height: Int, alpha: Bool) -> [UInt8] {
        let rgb = s6(width: width, height: height)
        var samples = [UInt8]()
        for i in 0..<(width * height) {
            let x = i % width, y = i / width
            samples += rgb[(i * 3)..<(i * 3 + 3)]
            samples.append(alpha ? UInt8((9 * x + 4 * y) % 256) : 255)
        }
        return samples
    }
}
