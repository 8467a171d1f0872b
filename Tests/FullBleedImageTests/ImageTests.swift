import Testing
import FullBleedImage
import FullBleedTestSupport

@Suite struct ImageTests {
    @Test func copyOnWriteKeepsValueSemantics() {
        let a = Image(width: 2, height: 1, layout: .gray, samples: [10, 20])
        var b = a
        b.withUnsafeMutableSamples(as: UInt8.self) { $0[0] = 99 }
        #expect(a.samples8 == [10, 20])
        #expect(b.samples8 == [99, 20])
    }

    @Test func cropCopiesTheRectangle() {
        let image = Image(width: 3, height: 3, layout: .gray, samples: [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(image.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2)).samples8 == [5, 6, 8, 9])
    }

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

    @Test func removingAlphaFlattensOntoBackground() {
        let image = Image(width: 2, height: 1, layout: .rgba, samples: [0, 255, 0, 0, 0, 0, 0, 255])
        let flat = image.converted(toLayout: .rgb, background: [1, 1, 1])
        #expect(flat.samples8 == [255, 255, 255, 0, 0, 0])
    }

    @Test func grayToRGBReplicates() {
        let image = Image(width: 1, height: 1, layout: .gray, samples: [77])
        #expect(image.converted(toLayout: .rgba).samples8 == [77, 77, 77, 255])
    }
}

@Suite struct ConversionTests {
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
