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
