import Foundation
import Testing
@testable import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

@Suite("BlurHash")
struct BlurHashTests {
    static func s6(_ width: Int, _ height: Int) -> Image {
        Image(width: width, height: height, layout: .rgb, samples: LegibilityTestData.s6(width: width, height: height))
    }

    /// SPEC 3.1 S4: rows y < 5 are (255, 200, 0), the others (0, 64, 255).
    static let stripes = SyntheticImages.rgb8(width: 20, height: 10) { _, y, c -> UInt8 in
        let top: [UInt8] = [255, 200, 0], bottom: [UInt8] = [0, 64, 255]
        return y < 5 ? top[c] : bottom[c]
    }

    /// SPEC 3.1: reference C encoder output for the synthetic images.
    @Test(arguments: [
        ("S6 40x30", 1, 1, "00G+gq"),
        ("S6 40x30", 4, 3, "L6G+gqVz02YXo[4b97K?vxM3zZPK"),
        ("S6 40x30", 5, 4, "V7G+gqVz0LYF0$o]9296KsVZv_MMzsPKzspHHv+IySIx"),
        ("S6 30x40", 1, 1, "00HLh["),
        ("S6 30x40", 4, 3, "L6HLh[U~EIw~7d08613M*{DHxB#7"),
        ("S6 30x40", 5, 4, "V6HLh[U~EIw~797d08613M5?*{DHxB#7nDsjUywHIux9"),
        ("S2 gradient", 4, 3, "L$HewF2swxX8l}WDjte;gJfjfQfj"),
        ("S1 flat", 1, 1, "00M|T9"),
        ("S1 flat", 4, 3, "LNM|T9}XfQ}X}XsofQsofQfQfQfQ"),
        ("S3 checker", 4, 3, "LKLqe9-;fQ-;-;D%fQ00fQfQfQfQ"),
        ("S4 stripes", 4, 3, "L~LpC6s;fQs;~FobfQob-Lj?fQj?"),
    ])
    func goldenVectors(name: String, x: Int, y: Int, expected: String) throws {
        let image: Image
        switch name {
        case "S6 40x30": image = Self.s6(40, 30)
        case "S6 30x40": image = Self.s6(30, 40)
        case "S2 gradient":
            image = SyntheticImages.rgb8(width: 32, height: 24) { x, y, c -> UInt8 in
                c == 0 ? UInt8(255 * x / 31) : (c == 1 ? UInt8(255 * y / 23) : 128)
            }
        case "S1 flat": image = SyntheticImages.rgb8(width: 8, height: 8) { _, _, c -> UInt8 in [200, 100, 50][c] }
        case "S3 checker": image = SyntheticImages.rgb8(width: 16, height: 16) { x, y, _ -> UInt8 in (x / 4 + y / 4) % 2 == 0 ? 0 : 255 }
        case "S4 stripes": image = Self.stripes
        default: Issue.record("unknown image \(name)"); return
        }
        let hash = try BlurHash(image: image, xComponents: x, yComponents: y)
        #expect(hash.string == expected, "\(name) \(x)x\(y)")
        #expect(hash.string.count == 4 + 2 * x * y)
        #expect(try BlurHash(expected) == hash)
    }

    @Test func otherSampleFormatsGiveTheSameHash() throws {
        let image = Self.s6(40, 30)
        let expected = "L6G+gqVz02YXo[4b97K?vxM3zZPK"
        #expect(try BlurHash(image: image.converted(toLayout: .rgba)).string == expected)
        #expect(try BlurHash(image: image.converted(to: PixelFormat(layout: .rgb, sampleType: .uint16))).string == expected)
    }

    /// SPEC 3.1 decode check (double precision, TS algorithm) at 8x6.
    @Test func decodeCheck() throws {
        let hash = try BlurHash("LlMF%n00%#MwS|WCWEM{R*bbWBbH")
        #expect(hash.xComponents == 4 && hash.yComponents == 3)
        #expect(hash.averageColor.codes8 == SIMD3(193, 154, 138))
        #expect(abs(Double(Base83.decode(Array("LlMF%n00%#MwS|WCWEM{R*bbWBbH".utf8)[1..<2]) + 1) / 166 - 0.289157) < 1e-6)
        let image = hash.decoded(width: 8, height: 6)
        #expect(image.width == 8 && image.height == 6 && image.layout == .rgb)
        #expect(LegibilityTestData.pixel8(image, 0, 0) == [91, 67, 0])
        #expect(LegibilityTestData.pixel8(image, 4, 3) == [181, 107, 80])
        #expect(LegibilityTestData.pixel8(image, 7, 5) == [240, 215, 210])
    }

    @Test func decodeOfAnEncodeResemblesTheInput() throws {
        let image = Self.stripes
        let decoded = try BlurHash(image: image, xComponents: 4, yComponents: 3).decoded(width: 20, height: 10)
        let top = LegibilityTestData.pixel8(decoded, 10, 1), bottom = LegibilityTestData.pixel8(decoded, 10, 8)
        #expect(top[0] == 255 && top[2] == 0)
        #expect(Int(top[0]) > Int(bottom[0]) + 100 && Int(bottom[2]) > Int(top[2]) + 200)
        // More punch, more contrast: the bottom loses the red the 4x3 components leak into it.
        let punchy = try BlurHash(image: image).decoded(width: 20, height: 10, punch: 2)
        #expect(LegibilityTestData.pixel8(punchy, 10, 8)[0] < bottom[0])
    }

    @Test func rejectsBadInput() {
        #expect(throws: PlaceholderError.invalidComponentCount(x: 10, y: 3)) { try BlurHash(image: Self.s6(4, 4), xComponents: 10, yComponents: 3) }
        #expect(throws: PlaceholderError.self) { try BlurHash("L6G+g") }
        #expect(throws: PlaceholderError.self) { try BlurHash("L6G+gqVz02YXo[4b97K?vxM3zZP") }
        #expect(throws: PlaceholderError.self) { try BlurHash("L6G+gqVz02YXo[4b97K?vxM3zZP\"") }
    }

    @Test func codableAsString() throws {
        let hash = try BlurHash("LlMF%n00%#MwS|WCWEM{R*bbWBbH")
        let json = try JSONEncoder().encode([hash])
        #expect(String(decoding: json, as: UTF8.self) == "[\"LlMF%n00%#MwS|WCWEM{R*bbWBbH\"]")
        #expect(try JSONDecoder().decode([BlurHash].self, from: json) == [hash])
    }
}
