import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

@Suite struct WebPDecodeCorpusTests {
    @Test(.requiresCorpus)
    func lossyDecodesAsRGB() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/lossy.webp"))
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.image.size == PixelSize(width: 1280, height: 800))
        #expect(decoded.image.format == .rgb8)
        #expect(decoded.image.colorSpace == .sRGB)
        #expect(decoded.loadScale == 1)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.info.details == ["lossy"])
        // A real photo, not a blank buffer.
        let means = ImageComparison.channelMeans(decoded.image)
        #expect(means.allSatisfy { $0 > 5 && $0 < 250 })

        let info = try Codecs.probe(bytes)
        #expect(info == decoded.info)
        #expect(info.format == .webp)
        #expect(info.size == PixelSize(width: 1280, height: 800))
        #expect(info.storedSize == info.size)
        #expect(info.orientation == .up)
        #expect(info.colorModel == "rgb")
        #expect(info.bitDepth == 8)
        #expect(!info.hasAlpha)
        #expect(info.frameCount == 1)
    }

    @Test(.requiresCorpus)
    func losslessAlphaKeepsGreenUnderTransparentPixels() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/lossless_alpha.webp"))
        let decoded = try Codecs.decode(bytes)
        let image = decoded.image
        #expect(image.size == PixelSize(width: 600, height: 400))
        #expect(image.format == .rgba8)
        let samples = image.samples8
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(samples[((y * 600 + x) * 4)..<((y * 600 + x) * 4 + 4)]) }
        // The 24 px border is fully transparent with pure green RGB underneath (cwebp -exact).
        for (x, y) in [(0, 0), (599, 0), (0, 399), (599, 399), (10, 200), (300, 5)] {
            #expect(pixel(x, y) == [0, 255, 0, 0], "pixel (\(x), \(y))")
        }
        #expect(pixel(300, 200)[3] == 255)

        let info = try Codecs.probe(bytes)
        #expect(info.hasAlpha)
        #expect(info.colorModel == "rgba")
        #expect(info.details == ["lossless"])
        #expect(info.size == PixelSize(width: 600, height: 400))
    }

    @Test(.requiresCorpus)
    func animatedGivesTheFirstFrameAndAWarning() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/animated_2frames.webp"))
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.image.size == PixelSize(width: 640, height: 400))
        #expect(decoded.warnings == ["animated WebP: decoded the first of 2 frames"])

        let info = try Codecs.probe(bytes)
        #expect(info.frameCount == 2)
        #expect(info.details.contains("animated"))
        #expect(info.details.contains("lossy"))
        #expect(info.size == PixelSize(width: 640, height: 400))

        // The decoded pixels are those of frame 1 alone (not frame 2, not a blend).
        let frames = WebPTestFiles.chunks(bytes).filter { $0.fourCC == "ANMF" }
        #expect(frames.count == 2)
        func standalone(_ anmf: WebPTestFiles.Chunk) throws -> Image {
            let still = try Codecs.decode(WebPTestFiles.stillFile(WebPTestFiles.frameChunks(anmf), width: 640, height: 400)).image
            return still.layout == decoded.image.layout ? still : still.converted(toLayout: decoded.image.layout)
        }
        #expect(try standalone(frames[0]) == decoded.image)
        #expect(try standalone(frames[1]) != decoded.image)
    }

    @Test(.requiresCorpus)
    func lossyTruncatedInHalfThrowsCorrupt() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/lossy.webp"))
        let error = try #require(throws: CodecError.self) { try Codecs.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(error.reason == .corrupt("not enough data (truncated)"))
        #expect(error.format == .webp)
        #expect(error.stage == .decode)
    }
}

@Suite struct WebPDecodeSyntheticTests {
    /// A small opaque pattern with distinct pixels.
    static let pattern = SyntheticImages.rgb8(width: 6, height: 4) { x, y, c in UInt8((x * 40 + y * 60 + c * 90) % 256) }

    @Test(arguments: Orientation.allCases)
    func exifOrientationIsApplied(_ orientation: Orientation) throws {
        let file = try WebPTestFiles.losslessWithOrientation(Self.pattern, orientation)
        let decoded = try Codecs.decode(file)
        #expect(decoded.image == Self.pattern.applyingOrientation(orientation))
        #expect(decoded.info.orientation == orientation)
        #expect(decoded.info.storedSize == PixelSize(width: 6, height: 4))
        #expect(decoded.info.size == orientation.displaySize(ofStored: PixelSize(width: 6, height: 4)))

        let stored = try Codecs.decode(file, options: DecodeOptions(applyOrientation: false))
        #expect(stored.image == Self.pattern)
        #expect(try Codecs.probe(file) == decoded.info)
    }

    @Test func exifWithoutPrefixIsRead() throws {
        let file = try WebPTestFiles.losslessWithOrientation(Self.pattern, .right, exifPrefix: false)
        #expect(try Codecs.probe(file).orientation == .right)
        #expect(try Codecs.decode(file).image.size == PixelSize(width: 4, height: 6))
    }

    /// Canvas 12x10; frame 1 is 6x4 at (4, 2), frame 2 covers the canvas.
    static func animation() throws -> (file: [UInt8], first: Image) {
        let first = SyntheticImages.rgb8(width: 6, height: 4) { x, y, c in UInt8(30 + x * 30 + y * 10 + c * 5) }
        let second = SyntheticImages.rgb8(width: 12, height: 10) { _, _, c in [200, 10, 10][c] }
        let lossless = WebPEncodeOptions(lossless: true)
        let frame1 = WebPTestFiles.imageChunks(try Codecs.encode(first, as: .webp(lossless)))
        let frame2 = WebPTestFiles.imageChunks(try Codecs.encode(second, as: .webp(lossless)))
        let file = WebPTestFiles.file([
            WebPTestFiles.vp8x(flags: WebPTestFiles.animationFlag | WebPTestFiles.alphaFlag, canvasWidth: 12, canvasHeight: 10),
            WebPTestFiles.anim(),
            WebPTestFiles.anmf(x: 4, y: 2, width: 6, height: 4, frame: frame1),
            WebPTestFiles.anmf(x: 0, y: 0, width: 12, height: 10, frame: frame2),
        ])
        return (file, first)
    }

    @Test func animationFirstFrameIsCompositedAtItsOffset() throws {
        let (file, first) = try Self.animation()
        let decoded = try Codecs.decode(file)
        #expect(decoded.warnings == ["animated WebP: decoded the first of 2 frames"])
        #expect(decoded.image.size == PixelSize(width: 12, height: 10))
        #expect(decoded.image.format == .rgba8)
        let frameRect = PixelRect(x: 4, y: 2, width: 6, height: 4)
        #expect(decoded.image.cropped(to: frameRect) == first.converted(toLayout: .rgba))
        // Outside the frame the canvas is transparent (the animation's first displayed frame).
        let samples = decoded.image.samples8
        for y in 0..<10 {
            for x in 0..<12 where !(frameRect.x..<frameRect.maxX).contains(x) || !(frameRect.y..<frameRect.maxY).contains(y) {
                let i = (y * 12 + x) * 4
                #expect(Array(samples[i..<(i + 4)]) == [0, 0, 0, 0], "pixel (\(x), \(y))")
            }
        }
        let info = try Codecs.probe(file)
        #expect(info.frameCount == 2)
        #expect(info.hasAlpha)
        #expect(info.details == ["lossless", "animated"])
    }

    @Test func truncatedAnimationThrows() throws {
        let (file, _) = try Self.animation()
        // Cut inside the first frame.
        let error = try #require(throws: CodecError.self) { try Codecs.decode(Array(file.prefix(60))) }
        #expect(error.reason == .corrupt("not enough data (truncated)"))
    }
}
