import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

@Suite struct WebPShrinkOnLoadTests {
    /// 201 x 121 so that reduced sizes round up: /2 -> 101x61, /4 -> 51x31, /8 -> 26x16.
    static let image = SyntheticImages.photoLike(width: 201, height: 121)
    static func file() throws -> [UInt8] { try Codecs.encode(image, as: .webp(WebPEncodeOptions(lossless: true))) }

    struct Case: Sendable, CustomStringConvertible {
        var minimum: PixelSize?
        var factor: Int
        var expected: PixelSize
        var description: String { "\(minimum.map(\.description) ?? "nil") -> 1/\(factor)" }
    }

    static let cases: [Case] = [
        Case(minimum: nil, factor: 1, expected: PixelSize(width: 201, height: 121)),
        Case(minimum: PixelSize(width: 26, height: 16), factor: 8, expected: PixelSize(width: 26, height: 16)),
        Case(minimum: PixelSize(width: 1, height: 1), factor: 8, expected: PixelSize(width: 26, height: 16)),
        Case(minimum: PixelSize(width: 27, height: 16), factor: 4, expected: PixelSize(width: 51, height: 31)),
        Case(minimum: PixelSize(width: 26, height: 17), factor: 4, expected: PixelSize(width: 51, height: 31)),
        Case(minimum: PixelSize(width: 51, height: 31), factor: 4, expected: PixelSize(width: 51, height: 31)),
        Case(minimum: PixelSize(width: 52, height: 10), factor: 2, expected: PixelSize(width: 101, height: 61)),
        Case(minimum: PixelSize(width: 101, height: 61), factor: 2, expected: PixelSize(width: 101, height: 61)),
        Case(minimum: PixelSize(width: 101, height: 62), factor: 1, expected: PixelSize(width: 201, height: 121)),
        Case(minimum: PixelSize(width: 400, height: 400), factor: 1, expected: PixelSize(width: 201, height: 121)),
    ]

    @Test(arguments: cases)
    func picksTheStrongestFactorThatCoversTheMinimum(_ c: Case) throws {
        let decoded = try Codecs.decode(try Self.file(), options: DecodeOptions(minimumSize: c.minimum))
        #expect(decoded.image.size == c.expected)
        #expect(decoded.loadScale == 1 / Double(c.factor))
        #expect(decoded.info.size == PixelSize(width: 201, height: 121))
        #expect(decoded.info.storedSize == PixelSize(width: 201, height: 121))
    }

    @Test func reducedPixelsAreAnAverageOfTheFullSizeOnes() throws {
        let decoded = try Codecs.decode(try Self.file(), options: DecodeOptions(minimumSize: PixelSize(width: 50, height: 30)))
        #expect(decoded.loadScale == 0.25)
        let full = ImageComparison.channelMeans(Self.image), reduced = ImageComparison.channelMeans(decoded.image)
        for (a, b) in zip(full, reduced) { #expect(abs(a - b) < 3) }
    }

    /// `image` (RGB8, sides multiples of `factor`) reduced by averaging `factor` x `factor` blocks, rounded.
    static func boxReduced(_ image: Image, by factor: Int) -> Image {
        let source = image.samples8, width = image.width / factor, height = image.height / factor
        return SyntheticImages.rgb8(width: width, height: height) { x, y, c in
            var sum = 0
            for dy in 0..<factor { for dx in 0..<factor { sum += Int(source[((y * factor + dy) * image.width + x * factor + dx) * 3 + c]) } }
            return UInt8((sum + factor * factor / 2) / (factor * factor))
        }
    }

    /// A lossy file decoded at 1/4 by libwebp's scaler (which averages in YUV, before the RGB conversion) is
    /// the same picture as its full decode box-reduced by 4 in RGB: measured 45.9 dB PSNR; and it is
    /// deterministic (two decodes give the same bytes).
    @Test func lossyReducedDecodeIsDeterministicAndCloseToAFullDecodeBoxReduced() throws {
        let bytes = try Codecs.encode(SyntheticImages.photoLike(width: 1600, height: 1000), as: .webp(WebPEncodeOptions(quality: 90)))
        let minimum = DecodeOptions(minimumSize: PixelSize(width: 400, height: 250))
        let reduced = try Codecs.decode(bytes, options: minimum)
        #expect(reduced.loadScale == 0.25)
        #expect(reduced.image.size == PixelSize(width: 400, height: 250))
        #expect(try Codecs.decode(bytes, options: minimum).image.samples8 == reduced.image.samples8)
        let full = try Codecs.decode(bytes).image
        let psnr = ImageComparison.psnr(reduced.image, Self.boxReduced(full, by: 4))
        print("WebP lossy 1/4 decode vs full decode box-reduced by 4: PSNR \(psnr) dB")
        #expect(psnr > 40, "PSNR \(psnr) dB")
    }

    @Test func minimumSizeIsInDisplayOrientation() throws {
        // Stored 201x121 rotated to display 121x201: a display minimum of 16x26 needs stored 26x16 -> 1/8.
        let rotated = try WebPTestFiles.losslessWithOrientation(Self.image, .right)
        let decoded = try Codecs.decode(rotated, options: DecodeOptions(minimumSize: PixelSize(width: 16, height: 26)))
        #expect(decoded.loadScale == 0.125)
        #expect(decoded.image.size == PixelSize(width: 16, height: 26))
        #expect(decoded.info.size == PixelSize(width: 121, height: 201))
        // The same minimum read in stored orientation would not fit 1/8 (26 wide needs stored height 26 > 16).
        let notRotated = try Codecs.decode(try Self.file(), options: DecodeOptions(minimumSize: PixelSize(width: 16, height: 26)))
        #expect(notRotated.loadScale == 0.25)
    }

    @Test func alphaImagesShrinkToo() throws {
        let rgba = SyntheticImages.rgba8(width: 64, height: 40) { x, _, c in c == 3 ? (x < 32 ? 0 : 255) : 200 }
        let bytes = try Codecs.encode(rgba, as: .webp(WebPEncodeOptions(lossless: true, exact: true)))
        let decoded = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 32, height: 20)))
        #expect(decoded.image.size == PixelSize(width: 32, height: 20))
        #expect(decoded.image.format == .rgba8)
        let samples = decoded.image.samples8
        #expect(samples[3] == 0)                 // left edge stays transparent
        #expect(samples[31 * 4 + 3] == 255)      // right edge stays opaque
        #expect(Array(samples[(31 * 4)..<(31 * 4 + 3)]) == [200, 200, 200])
    }

    struct CorpusCase: Sendable, CustomStringConvertible {
        var file: String
        var minimum: PixelSize
        var expected: PixelSize
        var loadScale: Double
        var fullSize: PixelSize
        var description: String { "\(file) min \(minimum)" }
    }

    /// Animations are decoded at full size (only still images use libwebp's scaler).
    static let corpusCases: [CorpusCase] = [
        CorpusCase(file: "edge/lossy.webp", minimum: PixelSize(width: 320, height: 200), expected: PixelSize(width: 320, height: 200),
                   loadScale: 0.25, fullSize: PixelSize(width: 1280, height: 800)),
        CorpusCase(file: "edge/lossy.webp", minimum: PixelSize(width: 321, height: 200), expected: PixelSize(width: 640, height: 400),
                   loadScale: 0.5, fullSize: PixelSize(width: 1280, height: 800)),
        CorpusCase(file: "edge/animated_2frames.webp", minimum: PixelSize(width: 80, height: 50),
                   expected: PixelSize(width: 640, height: 400), loadScale: 1, fullSize: PixelSize(width: 640, height: 400)),
    ]

    @Test(.requiresCorpus, arguments: corpusCases)
    func corpusFilesShrink(_ c: CorpusCase) throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile(c.file))
        let decoded = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: c.minimum))
        #expect(decoded.image.size == c.expected)
        #expect(decoded.loadScale == c.loadScale)
        #expect(decoded.info.size == c.fullSize)
    }
}
