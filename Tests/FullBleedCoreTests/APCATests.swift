import Foundation
import Testing
@testable import FullBleedColor
@testable import FullBleedCore
import FullBleedImage

@Suite("APCA 0.0.98G-4g")
struct APCATests {
    /// SPEC 2.3 reference vectors (apca-w3 test/index.js), `calcAPCA(text, bg)`.
    @Test(arguments: [
        ("#888", "#fff", 63.056469930209424),
        ("#fff", "#888", -68.54146436644962),
        ("#000", "#aaa", 58.146262578561334),
        ("#aaa", "#000", -56.24113336839742),
        ("#123", "#def", 91.66830811481631),
        ("#def", "#123", -93.06770049484275),
        ("#123", "#444", 8.32326136957393),
        ("#444", "#123", -7.526878460278154),
        ("#0006", "#fff", 54.62184067441377),
    ])
    func referenceTable(text: String, background: String, expected: Double) throws {
        let lc = APCA.contrast(text: try #require(SRGBColor(hex: text)), background: try #require(SRGBColor(hex: background)))
        #expect(abs(lc - expected) < 1e-6, "Lc(\(text) on \(background)) = \(lc), expected \(expected)")
    }

    @Test func translucentTextBlendsInGammaSpace() throws {
        // #0006 on white shows as the 8-bit grey 153 (255 * 0.6), rounded like alphaBlend.
        let blended = APCA.contrast(text: try #require(SRGBColor(hex: "#0006")), background: try #require(SRGBColor(hex: "#fff")))
        let grey = APCA.contrast(text: SRGBColor(red8: 153, green8: 153, blue8: 153), background: try #require(SRGBColor(hex: "#fff")))
        #expect(blended == grey)
    }

    /// SPEC 2.4 APCA thresholds to 5 decimals.
    @Test(arguments: [
        (30.0, 0.59447, 0.14034),
        (45.0, 0.43437, 0.25435),
        (60.0, 0.29274, 0.39704),
        (75.0, 0.17194, 0.56689),
        (90.0, 0.07572, 0.76277),
    ])
    func thresholdTable(lc: Double, whiteMaximum: Double, blackMinimum: Double) throws {
        let white = try #require(APCA.maximumBackgroundLuminanceForWhiteText(lc: lc))
        let black = try #require(APCA.minimumBackgroundLuminanceForBlackText(lc: lc))
        #expect(abs(white - whiteMaximum) < 0.000005)
        #expect(abs(black - blackMinimum) < 0.000005)
        #expect(abs(APCA.contrast(textLuminance: 1, backgroundLuminance: white) + lc) < 1e-9)
        #expect(abs(APCA.contrast(textLuminance: 0, backgroundLuminance: black) - lc) < 1e-9)
    }

    @Test func thresholdsBeyondTheRangeAreUnreachable() throws {
        let blackBackground = APCA.contrast(textLuminance: 1, backgroundLuminance: 0)
        #expect(abs(blackBackground) > 107 && abs(blackBackground) < 108)
        #expect(APCA.maximumBackgroundLuminanceForWhiteText(lc: 110) == nil)
        #expect(APCA.minimumBackgroundLuminanceForBlackText(lc: 110) == nil)
        // A threshold below the soft-clamp knee is undone through the clamp.
        let deep = try #require(APCA.maximumBackgroundLuminanceForWhiteText(lc: 105))
        #expect(deep < 0.022)
        #expect(abs(APCA.contrast(textLuminance: 1, backgroundLuminance: deep) + 105) < 1e-6)
    }

    @Test func polarityAndLowClip() {
        #expect(APCA.contrast(textLuminance: 0.5, backgroundLuminance: 0.5) == 0)
        #expect(APCA.contrast(textLuminance: 0.5, backgroundLuminance: 0.55) == 0)
        #expect(APCA.contrast(textLuminance: 0, backgroundLuminance: 1) > 0)
        #expect(APCA.contrast(textLuminance: 1, backgroundLuminance: 0) < 0)
        #expect(APCA.contrast(textLuminance: 1.2, backgroundLuminance: 0) == 0)
    }

    @Test func spaceLuminances() {
        // White is 1 (within the coefficients' rounding) in every space; P3 and Adobe follow apca-w3.
        for space in APCA.Space.allCases {
            #expect(abs(APCA.luminance(red: 1, green: 1, blue: 1, space: space) - 1) < 1e-6)
        }
        #expect(abs(APCA.luminance(red: 0, green: 0.5, blue: 0, space: .displayP3) - 0.6917492625852380 * pow(0.5, 2.4)) < 1e-15)
        #expect(abs(APCA.luminance(red: 0.5, green: 0, blue: 0, space: .adobeRGB) - 0.2973550227113810 * pow(0.5, 2.35)) < 1e-15)
        #expect(APCA.Space(family: .displayP3) == .displayP3 && APCA.Space(family: .other) == .sRGB)
        // The grey equivalent of a relative luminance is its encoded grey to the 2.4.
        let grey = APCA.greyLuminance(relativeLuminance: 0.2)
        #expect(abs(grey - 1.0000001 * pow(SRGBTransfer.encoded(0.2), 2.4)) < 1e-12)
    }
}
