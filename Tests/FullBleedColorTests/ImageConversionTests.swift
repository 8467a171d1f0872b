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
