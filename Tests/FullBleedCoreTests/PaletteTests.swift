import Foundation
import Testing
@testable import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

@Suite("Dominant palette and average colour")
struct PaletteTests {
    /// 60% dodger blue on the left, 40% tomato on the right.
    static let twoColours = SyntheticImages.rgb8(width: 50, height: 20) { x, _, c -> UInt8 in
        let blue: [UInt8] = [0x1e, 0x90, 0xff], tomato: [UInt8] = [0xff, 0x63, 0x47]
        return x < 30 ? blue[c] : tomato[c]
    }

    @Test func twoColourImageGivesBothColoursWithTheirShares() {
        let palette = DominantPalette(image: Self.twoColours)
        #expect(palette.entries.count == 2)
        #expect(palette.entries.map(\.color.hex) == ["#1e90ff", "#ff6347"])
        #expect(abs(palette.entries[0].share - 0.6) < 1e-12 && abs(palette.entries[1].share - 0.4) < 1e-12)
    }

    @Test func transparentPixelsDoNotCount() {
        let image = SyntheticImages.rgba8(width: 40, height: 10) { x, _, c -> UInt8 in
            if x >= 30 { return c == 3 ? 0 : 0x80 }   // invisible grey
            let white: [UInt8] = [255, 255, 255, 255], black: [UInt8] = [0, 0, 0, 255]
            return x < 10 ? white[c] : black[c]
        }
        let palette = DominantPalette(image: image)
        #expect(palette.entries.map(\.color.hex) == ["#000000", "#ffffff"])
        #expect(abs(palette.entries[0].share - 2.0 / 3) < 1e-12)
        let average = AverageColor(image: image)
        #expect(abs(average.coverage - 0.75) < 1e-12)
        // One third white, two thirds black, averaged in linear light: Y = 1/3.
        #expect(abs(average.relativeLuminance - 1.0 / 3) < 1e-6)
        #expect(average.color.hex == "#9c9c9c")
    }

    @Test func paletteIsDeterministicAndSane() {
        let photo = SyntheticImages.photoLike(width: 96, height: 64)
        let first = DominantPalette(image: photo)
        #expect(first == DominantPalette(image: photo))
        #expect(first == DominantPalette(image: photo.converted(toLayout: .rgba)))
        #expect(first.entries.count == 5)
        #expect(abs(first.entries.map(\.share).reduce(0, +) - 1) < 1e-12)
        #expect(zip(first.entries, first.entries.dropFirst()).allSatisfy { $0.share >= $1.share })
        #expect(Set(first.entries.map(\.color.hex)).count == 5)
        // Fewer colours: the two nearest of three merge (in Oklab, dark red is nearer to red than white is).
        let three = SyntheticImages.rgb8(width: 30, height: 10) { x, _, c -> UInt8 in
            let white: [UInt8] = [255, 255, 255], red: [UInt8] = [220, 20, 20], darkRed: [UInt8] = [180, 10, 10]
            return x < 10 ? white[c] : (x < 20 ? red[c] : darkRed[c])
        }
        let two = DominantPalette(image: three, maximumColorCount: 2)
        #expect(two.entries.count == 2)
        #expect(abs(two.entries[0].share - 2.0 / 3) < 1e-12 && two.entries[1].color.hex == "#ffffff")
    }

    @Test func averageColourIsLinearLight() {
        // Black and white halves average to linear 0.5, encoded #bcbcbc (not #808080).
        let halves = SyntheticImages.rgb8(width: 10, height: 4) { x, _, _ in x < 5 ? 0 : 255 }
        let average = AverageColor(image: halves)
        #expect(average.color.hex == "#bcbcbc" && average.coverage == 1)
        #expect(abs(average.relativeLuminance - 0.5) < 1e-6)
        // The same from 16-bit and from linear float input.
        #expect(AverageColor(image: halves.converted(to: PixelFormat(layout: .rgb, sampleType: .uint16))).color.hex == "#bcbcbc")
        #expect(AverageColor(image: halves.linearPremultiplied()).color.hex == "#bcbcbc")
    }

    @Test func displayP3IsReportedInSRGB() {
        var image = Image(width: 2, height: 1, layout: .rgb, samples: [255, 255, 255, 255, 255, 255])
        image.colorSpace = ColorSpace(family: .displayP3)
        #expect(AverageColor(image: image).color.hex == "#ffffff")
        // Display P3 (0.5, 0.5, 0.5) grey stays the same grey; P3 red leaves the sRGB gamut and clamps.
        var red = Image(width: 1, height: 1, layout: .rgb, samples: [255, 0, 0])
        red.colorSpace = ColorSpace(family: .displayP3)
        let average = AverageColor(image: red)
        #expect(average.color.hex == "#ff0000")
        #expect(abs(average.relativeLuminance - 0.2289745640697488) < 1e-6)
        let palette = DominantPalette(image: red)
        #expect(palette.entries.map(\.color.hex) == ["#ff0000"])
    }

    @Test func resultsAreCodable() throws {
        let palette = DominantPalette(image: Self.twoColours)
        #expect(try JSONDecoder().decode(DominantPalette.self, from: JSONEncoder().encode(palette)) == palette)
        let average = AverageColor(image: Self.twoColours)
        #expect(try JSONDecoder().decode(AverageColor.self, from: JSONEncoder().encode(average)) == average)
    }
}
