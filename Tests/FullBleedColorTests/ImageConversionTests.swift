import Testing
import FullBleedColor
import FullBleedImage
import FullBleedTestSupport

/// Sample type, transfer and premultiplication conversions (`Image+Conversion` in FullBleedColor).
@Suite struct ImageConversionTests {
    @Test func sixteenBitToEightBitRounds() {
        let image = Image(width: 4, height: 1, layout: .gray, samples16: [0, 128, 65535, 32896])
        let eight = image.converted(to: PixelFormat(layout: .gray, sampleType: .uint8))
        #expect(eight.samples8 == [0, 0, 255, 128])
    }

    @Test func linearRoundTripIsExactFor8Bit() {
        let all = Image(width: 256, height: 1, layout: .gray, samples: (0..<256).map { UInt8($0) })
        let back = all.linearPremultiplied().encoded(as: .uint8)
        #expect(back.samples8 == all.samples8)
    }

    @Test func premultiplyThenUnpremultiplyKeepsColour() {
        let image = Image(width: 2, height: 1, layout: .rgba, samples: [200, 100, 50, 128, 0, 255, 0, 0])
        let linear = image.linearPremultiplied()
        #expect(linear.format.alphaMode == .premultiplied)
        let back = linear.encoded(as: .uint8)
        #expect(Array(back.samples8[0..<4]) == [200, 100, 50, 128])
        #expect(back.samples8[7] == 0)
    }

    @Test func encodedFloatIsLinearisedWithTheSRGBCurve() {
        let encoded = Image(width: 2, height: 1, format: PixelFormat(layout: .gray, sampleType: .float32), floatSamples: [0.5, 1])
        let linear = encoded.converted(to: PixelFormat(layout: .gray, sampleType: .float32, transfer: .linear)).floatSamples
        #expect(abs(linear[0] - 0.21404114) < 1e-6)
        #expect(linear[1] == 1)
    }

    @Test func linearPremultipliedIsIdempotent() {
        let image = Image(width: 2, height: 1, layout: .rgba, samples: [255, 0, 0, 0, 10, 200, 30, 77])
        let once = image.linearPremultiplied()
        #expect(once.linearPremultiplied() == once)
    }

    @Test func sixteenBitLinearRoundTripIsExact() {
        let codes: [UInt16] = [0, 1, 257, 1000, 32768, 50000, 65534, 65535]
        let image = Image(width: codes.count, height: 1, layout: .gray, samples16: codes)
        #expect(image.linearPremultiplied().encoded(as: .uint16).samples16 == codes)
    }
}

@Suite struct PrimariesTests {
    /// The Bradford-adapted colorants match what real ICC profiles store (sRGB IEC61966-2.1, Display P3,
    /// Adobe RGB (1998); values as those profiles' rXYZ/gXYZ/bXYZ tags hold them, s15Fixed16).
    @Test func iccColorantsMatchTheStandardProfiles() {
        let stored: [(RGBPrimaries, [Double])] = [
            (.sRGB, [0.4361, 0.2225, 0.0139, 0.3851, 0.7169, 0.0971, 0.1431, 0.0606, 0.7141]),
            (.displayP3, [0.5151, 0.2412, -0.0011, 0.2919, 0.6922, 0.0419, 0.1572, 0.0666, 0.7841]),
            (.adobeRGB, [0.6097, 0.3111, 0.0195, 0.2053, 0.6257, 0.0609, 0.1492, 0.0632, 0.7446]),
        ]
        for (primaries, expected) in stored {
            let m = primaries.iccColorants()
            let derived = [m.x.x, m.y.x, m.z.x, m.x.y, m.y.y, m.z.y, m.x.z, m.y.z, m.z.z]
            for (d, e) in zip(derived, expected) { #expect(abs(d - e) < 0.0006, "\(primaries): \(derived) vs \(expected)") }
        }
    }
}
