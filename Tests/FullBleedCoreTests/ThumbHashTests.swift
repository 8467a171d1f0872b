import Foundation
import Testing
@testable import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

@Suite("ThumbHash")
struct ThumbHashTests {
    /// SPEC 3.2 golden vectors (JS Float64 and Swift Float32 references agree byte for byte).
    @Test(arguments: [
        (40, 30, false, "1ff8050d8205263533727555865773753707be0de8"),
        (30, 40, false, "1f08020d043034124255724673443a66b505cc08b7"),
        (40, 30, true, "1ff8810c80170a695694784883b2f3fb82950359367a877707"),
    ])
    func goldenVectors(width: Int, height: Int, alpha: Bool, expected: String) throws {
        let rgba = LegibilityTestData.s6RGBA(width: width, height: height, alpha: alpha)
        let hash = try ThumbHash(rgba: rgba, width: width, height: height)
        #expect(hash.hex == expected)
        #expect(hash.bytes.count == (alpha ? 25 : 21))
        // The Image entry point gives the same bytes.
        let image = Image(width: width, height: height, layout: .rgba, samples: rgba)
        #expect(try ThumbHash(image: image) == hash)
        if !alpha {
            let rgb = Image(width: width, height: height, layout: .rgb, samples: LegibilityTestData.s6(width: width, height: height))
            #expect(try ThumbHash(image: rgb) == hash)
        }
    }

    /// SPEC 3.2 S5: a 24x32 gradient with alpha ⌊255x/23⌋. Its header is the same in JS and Swift and
    /// decodes to the average RGBA (0.669312, 0.494709, 0.502646, 0.466667).
    @Test func averageColourFromTheHeader() throws {
        let hash = try ThumbHash(bytes: LegibilityTestData.bytes(hex: "a358861c0e37b3077b888787380b8bb34f0778888778887708"))
        let average = hash.averageColor
        #expect(abs(average.red - 0.669312) < 1e-6)
        #expect(abs(average.green - 0.494709) < 1e-6)
        #expect(abs(average.blue - 0.502646) < 1e-6)
        #expect(abs(average.alpha - 0.466667) < 1e-6)
        // Portrait with alpha: lx = round(5 * 24 / 32) = 4 against ly = 5.
        #expect(abs(hash.approximateAspectRatio - 4.0 / 5.0) < 1e-6)
    }

    @Test func decodedPreviewKeepsShapeColourAndAlpha() throws {
        let opaque = try ThumbHash(rgba: LegibilityTestData.s6RGBA(width: 40, height: 30, alpha: false), width: 40, height: 30)
        let preview = opaque.decoded()
        // lx = 7, ly = round(7 * 30 / 40) = 5: 32 x round(32 / 1.4) = 32 x 23.
        #expect(preview.width == 32 && preview.height == 23 && preview.layout == .rgba)
        let means = ImageComparison.channelMeans(preview)
        let average = opaque.averageColor
        #expect(abs(means[0] - average.red * 255) < 6 && abs(means[1] - average.green * 255) < 6 && abs(means[2] - average.blue * 255) < 6)
        #expect(means[3] == 255)

        let portrait = try ThumbHash(rgba: LegibilityTestData.s6RGBA(width: 30, height: 40, alpha: false), width: 30, height: 40)
        #expect(portrait.decoded().width == 23 && portrait.decoded().height == 32)

        let translucent = try ThumbHash(rgba: LegibilityTestData.s6RGBA(width: 40, height: 30, alpha: true), width: 40, height: 30)
        let alphaPreview = translucent.decoded()
        // With alpha lx = 5, ly = round(5 * 30 / 40) = 4: 32 x round(32 / 1.25) = 32 x 26.
        #expect(alphaPreview.width == 32 && alphaPreview.height == 26)
        // S7 alpha rises to the right (9x dominates): the decoded left column is more transparent than the right.
        let samples = alphaPreview.samples8, w = alphaPreview.width
        let left = (0..<alphaPreview.height).map { Int(samples[($0 * w) * 4 + 3]) }.reduce(0, +)
        let right = (0..<alphaPreview.height).map { Int(samples[($0 * w + w / 2) * 4 + 3]) }.reduce(0, +)
        #expect(left < right)
    }

    @Test func flatColourRoundTrips() throws {
        let rgba = [UInt8](repeating: 0, count: 20 * 10 * 4).enumerated().map { i, _ in [UInt8(200), 120, 40, 255][i % 4] }
        let preview = try ThumbHash(rgba: rgba, width: 20, height: 10).decoded()
        let means = ImageComparison.channelMeans(preview)
        // The DC is quantised to 6 bits (about 4/255) and the decoder truncates.
        #expect(abs(means[0] - 200) <= 4 && abs(means[1] - 120) <= 4 && abs(means[2] - 40) <= 4)
    }

    @Test func rejectsBadInput() throws {
        let big = Image(width: 101, height: 10, layout: .rgb, samples: [UInt8](repeating: 0, count: 101 * 10 * 3))
        #expect(throws: PlaceholderError.imageTooLarge(width: 101, height: 10, limit: 100)) { try ThumbHash(image: big) }
        #expect(throws: PlaceholderError.self) { try ThumbHash(bytes: [1, 2, 3]) }
        // A valid header whose AC bytes are cut off.
        #expect(throws: PlaceholderError.self) { try ThumbHash(bytes: Array(LegibilityTestData.bytes(hex: "1ff8050d8205263533727555865773753707be0de8").prefix(12))) }
        #expect(throws: PlaceholderError.self) { try ThumbHash(rgba: [0, 0, 0], width: 1, height: 1) }
    }

    @Test func codableAsBase64() throws {
        let hash = try ThumbHash(rgba: LegibilityTestData.s6RGBA(width: 40, height: 30, alpha: true), width: 40, height: 30)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let json = try encoder.encode([hash])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(hash.base64)\"]")
        #expect(try JSONDecoder().decode([ThumbHash].self, from: json) == [hash])
    }
}
