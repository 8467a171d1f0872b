import Foundation
import Testing
import FullBleedImage

/// The gain map value types and formulas (Ultra HDR v1.0 / ISO 21496-1), against hand-computed values.
@Suite struct GainMapTests {
    static let channel = GainMapMetadata.Channel(gainMapMin: 0, gainMapMax: 2, gamma: 1, offsetSDR: 1.0 / 64, offsetHDR: 1.0 / 64)
    static let metadata = GainMapMetadata(channel, hdrCapacityMin: 0, hdrCapacityMax: 2)

    @Test func weightFollowsTheDisplayHeadroomBetweenTheCapacities() {
        let m = Self.metadata
        #expect(m.weight(displayHeadroomLog2: -1) == 0)
        #expect(m.weight(displayHeadroomLog2: 0) == 0)
        #expect(m.weight(displayHeadroomLog2: 0.5) == 0.25)
        #expect(m.weight(displayHeadroomLog2: 1) == 0.5)
        #expect(m.weight(displayHeadroomLog2: 2) == 1)
        #expect(m.weight(displayHeadroomLog2: 5) == 1)
        var shifted = m
        shifted.hdrCapacityMin = 1
        #expect(shifted.weight(displayHeadroomLog2: 1.5) == 0.5)
        var hdrBase = m
        hdrBase.baseRenditionIsHDR = true
        #expect(hdrBase.weight(displayHeadroomLog2: 0) == 1)
        #expect(hdrBase.weight(displayHeadroomLog2: 0.5) == 0.75)
        #expect(hdrBase.weight(displayHeadroomLog2: 2) == 0)
        #expect(m.weight(displayHeadroomLog2: .nan) == 0)
    }

    /// `(base + 1/64) * exp2(log2Gain * weight) - 1/64` for min 0, max 2 (log2), gamma 1 (values computed by hand;
    /// the same table is in libavif's gain map tests).
    @Test func applyingTheMapMatchesTheFormula() {
        let m = Self.metadata
        let cases: [(recovery: Double, base: Double, expected: Double)] = [
            (0, 0.5, 0.5), (0.25, 0.5, 0.71357888), (0.5, 0.5, 1.015625), (0.5, 0, 0.015625),
            (0.75, 0.18, 0.53768605), (1, 1, 4.046875), (1, 0, 0.046875),
        ]
        for (recovery, base, expected) in cases {
            let value = m.applied(toLinear: base, recovery: recovery, channel: 0, weight: 1)
            #expect(abs(value - expected) < 1e-6, "recovery \(recovery), base \(base): \(value)")
        }
        // The display headroom picks the weight: 1 stop of 2 is half the log gain.
        #expect(m.applied(toLinear: 1, recovery: 1, channel: 0, displayHeadroomLog2: 1) == m.applied(toLinear: 1, recovery: 1, channel: 0, weight: 0.5))
        #expect(m.applied(toLinear: 0.25, recovery: 1, channel: 0, displayHeadroomLog2: 0) == 0.25)
        // Half the weight: half the log gain.
        #expect(abs(m.applied(toLinear: 1, recovery: 1, channel: 1, weight: 0.5) - ((1 + 1.0 / 64) * 2 - 1.0 / 64)) < 1e-12)
        // An HDR base applies its offsets the other way round.
        var hdrBase = GainMapMetadata(.init(gainMapMin: -2, gainMapMax: 0, gamma: 1, offsetSDR: 0.1, offsetHDR: 0.2),
                                      hdrCapacityMin: 0, hdrCapacityMax: 2, baseRenditionIsHDR: true)
        #expect(abs(hdrBase.applied(toLinear: 4, recovery: 0, channel: 2, weight: 1) - ((4 + 0.2) / 4 - 0.1)) < 1e-12)
        hdrBase.baseRenditionIsHDR = false
        #expect(abs(hdrBase.applied(toLinear: 4, recovery: 0, channel: 2, weight: 1) - ((4 + 0.1) / 4 - 0.2)) < 1e-12)
    }

    @Test func gammaShapesTheRecoveryCurve() {
        let c = GainMapMetadata.Channel(gainMapMin: -1, gainMapMax: 3, gamma: 2, offsetSDR: 0, offsetHDR: 0)
        // log2Gain = min + (max - min) * recovery^(1/gamma)
        #expect(abs(c.log2Gain(recovery: 0.25) - (-1 + 4 * 0.5)) < 1e-12)
        #expect(c.log2Gain(code: 0) == -1 && c.log2Gain(code: 255) == 3)
        #expect(abs(c.recovery(log2Gain: 1) - 0.25) < 1e-12)
        #expect(c.recovery(log2Gain: 10) == 1 && c.recovery(log2Gain: -10) == 0 && c.recovery(log2Gain: .nan) == 0)
        #expect(c.recovery(log2Gain: .infinity) == 1 && c.recovery(log2Gain: -.infinity) == 0)
    }

    @Test(arguments: [1.0, 0.5, 2.2])
    func everyCodeSurvivesDecodeThenEncode(gamma: Double) {
        let c = GainMapMetadata.Channel(gainMapMin: -0.5, gainMapMax: 3.25, gamma: gamma, offsetSDR: 0, offsetHDR: 0)
        for code in 0...255 {
            #expect(c.code(log2Gain: c.log2Gain(code: UInt8(code))) == UInt8(code), "code \(code), gamma \(gamma)")
        }
    }

    @Test func pixelGainIsTheOffsetRatio() {
        let c = Self.channel
        #expect(abs(c.log2PixelGain(sdr: 0.5, hdr: 2) - log2((2 + 1.0 / 64) / (0.5 + 1.0 / 64))) < 1e-12)
        let bare = GainMapMetadata.Channel(gainMapMin: 0, gainMapMax: 2, gamma: 1, offsetSDR: 0, offsetHDR: 0)
        #expect(bare.log2PixelGain(sdr: 0, hdr: 0) == 0)
        #expect(bare.log2PixelGain(sdr: 0, hdr: 1) == .infinity)
        #expect(bare.code(log2Gain: bare.log2PixelGain(sdr: 0, hdr: 1)) == 255)
        #expect(bare.code(log2Gain: bare.log2PixelGain(sdr: 1, hdr: 0)) == 0)
    }

    @Test func validationNamesTheBrokenRule() {
        #expect(throws: Never.self) { try Self.metadata.validate() }
        func problem(_ change: (inout GainMapMetadata) -> Void) -> String? {
            var m = Self.metadata
            change(&m)
            do { try m.validate(); return nil } catch { return "\(error)" }
        }
        #expect(problem { $0.channels[0].gainMapMax = -1 }?.contains("GainMapMax -1.0 is below GainMapMin") == true)
        #expect(problem { $0.channels[0].gamma = 0 }?.contains("Gamma") == true)
        #expect(problem { $0.channels[0].offsetSDR = -0.1 }?.contains("OffsetSDR") == true)
        #expect(problem { $0.channels[0].offsetHDR = .nan }?.contains("OffsetHDR is nan") == true)
        #expect(problem { $0.hdrCapacityMin = -1 }?.contains("HDRCapacityMin") == true)
        #expect(problem { $0.hdrCapacityMax = 0 }?.contains("HDRCapacityMax 0.0 is not above") == true)
        #expect(problem { $0.hdrCapacityMax = .infinity }?.contains("not finite") == true)
        #expect(problem { $0.channels = [] }?.contains("0 channels") == true)
        #expect(problem { $0.channels = [Self.channel, Self.channel, GainMapMetadata.Channel(gainMapMin: 1, gainMapMax: 0)] }?
            .contains("GainMapMax[2]") == true)
    }

    @Test func channelsAreSharedOrPerColour() {
        let red = GainMapMetadata.Channel(gainMapMax: 1), green = GainMapMetadata.Channel(gainMapMax: 2), blue = GainMapMetadata.Channel(gainMapMax: 3)
        let multi = GainMapMetadata(channels: [red, green, blue], hdrCapacityMax: 3)
        #expect(multi.isMultichannel && multi.channel(2) == blue)
        #expect(!Self.metadata.isMultichannel && Self.metadata.channel(2) == Self.channel)
        let same = GainMapMetadata(channels: [red, red, red], hdrCapacityMax: 1)
        #expect(same.simplified.channels == [red] && multi.simplified == multi)
        #expect(abs(Self.metadata.headroom - 4) < 1e-12)
    }

    @Test func gainMapImagesAre8BitGrayOrRGB() throws {
        #expect(throws: GainMapError.self) { try GainMap(image: Image(width: 2, height: 2, format: .rgba8), metadata: Self.metadata) }
        #expect(throws: GainMapError.self) {
            try GainMap(image: Image(width: 2, height: 2, format: PixelFormat(layout: .gray, sampleType: .uint16)), metadata: Self.metadata)
        }
        let gray = try GainMap(image: Image(width: 96, height: 64, format: .gray8), metadata: Self.metadata)
        #expect(!gray.isColor && gray.size == PixelSize(width: 96, height: 64))
        #expect(throws: Never.self) { try gray.checkFits(baseSize: PixelSize(width: 384, height: 256)) }
        #expect(throws: Never.self) { try gray.checkFits(baseSize: PixelSize(width: 96, height: 64)) }
        #expect(throws: GainMapError.self) { try gray.checkFits(baseSize: PixelSize(width: 95, height: 64)) }
        #expect(throws: GainMapError.self) { try gray.checkFits(baseSize: PixelSize(width: 256, height: 384)) }
        let one = try GainMap(image: Image(width: 1, height: 1, format: .gray8), metadata: Self.metadata)
        #expect(throws: Never.self) { try one.checkFits(baseSize: PixelSize(width: 4000, height: 200)) }
    }

    @Test(arguments: Orientation.allCases)
    func orientationTurnsTheMapLikeItsImage(orientation: Orientation) throws {
        let codes = Image(width: 3, height: 2, layout: .gray, samples: [1, 2, 3, 4, 5, 6])
        let map = try GainMap(image: codes, metadata: Self.metadata)
        let turned = map.applyingOrientation(orientation)
        #expect(turned.image == codes.applyingOrientation(orientation))
        #expect(turned.metadata == map.metadata)
    }

    @Test func renditionAppliesTheMapAtTheDisplayHeadroom() throws {
        let base = Image(width: 4, height: 2, format: PixelFormat(layout: .rgb, sampleType: .float32, transfer: .linear),
                         floatSamples: [Float](repeating: 0.5, count: 24))
        let full = try GainMap(image: Image(width: 2, height: 1, layout: .gray, samples: [255, 255]), metadata: Self.metadata)
        let o = Float(1.0 / 64)
        let atMax = full.rendition(ofLinear: base, displayHeadroomLog2: 2).floatSamples
        #expect(atMax.allSatisfy { abs($0 - ((0.5 + o) * 4 - o)) < 1e-5 })
        let atOneStop = full.rendition(ofLinear: base, displayHeadroomLog2: 1).floatSamples
        #expect(atOneStop.allSatisfy { abs($0 - ((0.5 + o) * 2 - o)) < 1e-5 })
        let sdr = full.rendition(ofLinear: base, displayHeadroomLog2: 0).floatSamples
        #expect(sdr.allSatisfy { abs($0 - 0.5) < 1e-6 })

        // An RGB map with a left-to-right ramp: bilinear between the two columns' codes, clamped at the edges.
        let ramp = try GainMap(image: Image(width: 2, height: 1, layout: .rgb, samples: [0, 0, 255, 255, 255, 0]), metadata: Self.metadata)
        let out = ramp.rendition(ofLinear: base, displayHeadroomLog2: 2)
        func value(_ x: Int, _ c: Int) -> Float { out.floatSamples[x * 3 + c] }
        let gain0 = (0.5 + o) - o, gain4 = (0.5 + o) * 4 - o
        #expect(abs(value(0, 0) - gain0) < 1e-5 && abs(value(0, 2) - gain4) < 1e-5)   // left edge: first column
        #expect(abs(value(3, 0) - gain4) < 1e-5 && abs(value(3, 2) - gain0) < 1e-5)   // right edge: second column
        // x = 1: centre 1.5 of 4 maps to 0.25 of the 2-pixel map: recovery 0.25 in red -> gain 2^0.5.
        #expect(abs(value(1, 0) - ((0.5 + o) * Float(2).squareRoot() - o)) < 1e-4)
        #expect(abs(value(1, 1) - value(1, 0)) < 1e-6)
        #expect(abs(value(1, 2) - ((0.5 + o) * exp2f(1.5) - o)) < 1e-4)  // blue: recovery 0.75
    }

    /// A band rendered alone (rows `firstRow...` of a taller base) equals the same rows of the whole rendition.
    @Test func aBandRendersLikeTheSameRowsOfTheWhole() throws {
        let format = PixelFormat(layout: .rgb, sampleType: .float32, transfer: .linear)
        let base = Image(width: 5, height: 9, format: format, floatSamples: (0..<135).map { Float($0 % 17) / 16 })
        let map = try GainMap(image: Image(width: 3, height: 4, layout: .gray, samples: (0..<12).map { UInt8($0 * 21) }), metadata: Self.metadata)
        let whole = map.rendition(ofLinear: base, displayHeadroomLog2: 2)
        let rows = PixelRect(x: 0, y: 3, width: 5, height: 4)
        let band = map.rendition(ofLinear: base.cropped(to: rows), displayHeadroomLog2: 2, firstRow: 3, baseHeight: 9)
        #expect(band == whole.cropped(to: rows))
        // Sampled as a base of its own instead, the band differs: the rows do matter.
        #expect(map.rendition(ofLinear: base.cropped(to: rows), displayHeadroomLog2: 2) != whole.cropped(to: rows))
    }
}
