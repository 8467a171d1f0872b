import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

@Suite struct WebPErrorTests {
    static let photo = SyntheticImages.photoLike(width: 96, height: 64)

    func expectCorrupt(_ bytes: [UInt8], containing words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(throws: CodecError.self, sourceLocation: sourceLocation) { try Codecs.decode(bytes) }
        #expect(error.format == .webp, sourceLocation: sourceLocation)
        guard case .corrupt(let message) = error.reason else {
            Issue.record("expected .corrupt, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(message.contains(words), "\(message)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func truncatedInHalfIsCorruptButStillProbes(lossless: Bool) throws {
        let bytes = try Codecs.encode(Self.photo, as: .webp(WebPEncodeOptions(lossless: lossless)))
        let half = Array(bytes.prefix(bytes.count / 2))
        try expectCorrupt(half, containing: "not enough data (truncated)")
        // The header is intact, so a probe still reads the size.
        #expect(try Codecs.probe(half).size == Self.photo.size)
    }

    @Test func everyPrefixOfAFileThrowsACodecError() throws {
        let bytes = try Codecs.encode(SyntheticImages.photoLike(width: 12, height: 8), as: .webp(WebPEncodeOptions(lossless: true)))
        for length in 0..<bytes.count {
            #expect(throws: CodecError.self, "prefix of \(length) bytes") { try Codecs.decode(Array(bytes.prefix(length))) }
        }
        #expect(try Codecs.decode(bytes).image.size == PixelSize(width: 12, height: 8))
    }

    @Test func lossyFrameStartCodeCorruptionIsABitstreamError() throws {
        var bytes = try Codecs.encode(Self.photo, as: .webp(WebPEncodeOptions()))
        // Plain lossy file: RIFF(12) + "VP8 " header(8) + 3-byte frame tag, then the start code 9D 01 2A.
        #expect(Array(bytes[12..<16]) == Array("VP8 ".utf8))
        #expect(Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A])
        bytes[24] = 0x77
        try expectCorrupt(bytes, containing: "bitstream error")
    }

    @Test func losslessSignatureCorruptionIsABitstreamError() throws {
        var bytes = try Codecs.encode(Self.photo, as: .webp(WebPEncodeOptions(lossless: true)))
        #expect(Array(bytes[12..<16]) == Array("VP8L".utf8))
        #expect(bytes[20] == 0x2F)
        bytes[20] = 0x30
        try expectCorrupt(bytes, containing: "bitstream error")
    }

    @Test func losslessDataCorruptionIsDetected() throws {
        var bytes = try Codecs.encode(Self.photo, as: .webp(WebPEncodeOptions(lossless: true)))
        // Overwrite the entropy-coded data after the VP8L header with ones.
        for i in 30..<min(bytes.count, 80) { bytes[i] = 0xFF }
        try expectCorrupt(bytes, containing: "bitstream error")
    }

    @Test func invalidChunkLayoutIsCorrupt() throws {
        let junk = WebPTestFiles.file([WebPTestFiles.Chunk(fourCC: "JUNK", payload: [1, 2, 3, 4])])
        #expect(throws: CodecError.self) { try Codecs.decode(junk) }
        #expect(throws: CodecError.self) { try Codecs.probe(junk) }
    }

    @Test func everySingleByteCorruptionThrowsOrDecodes() throws {
        let bytes = try WebPTestFiles.losslessWithOrientation(SyntheticImages.photoLike(width: 10, height: 6), .right)
        let options = DecodeOptions(maxPixels: 1 << 16)
        var failures = 0
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0xFF
            do {
                let decoded = try Codecs.decode(damaged, options: options)
                #expect(decoded.image.width * decoded.image.height <= 1 << 16)
            } catch is CodecError {
                failures += 1
            }
            _ = try? Codecs.probe(damaged, options: options)
        }
        #expect(failures > 0)
    }

    @Test func hugeCanvasIsRefusedBeforeAllocation() throws {
        // The first 30 bytes of a file whose VP8X header claims 16383 x 16383 (1 GiB of RGBA).
        let vp8x = WebPTestFiles.vp8x(flags: WebPTestFiles.alphaFlag, canvasWidth: 16383, canvasHeight: 16383)
        let bomb = WebPTestFiles.truncatedFile([vp8x], claimedSize: 50_000_000)
        let options = DecodeOptions(maxPixels: 4_000_000)
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bomb, options: options) }
        #expect(error.reason == .pixelLimitExceeded(width: 16383, height: 16383, limit: 4_000_000))
        #expect(error.stage == .decode && error.format == .webp)

        // The probe reports the claimed size without allocating pixels.
        let info = try Codecs.probe(bomb)
        #expect(info.size == PixelSize(width: 16383, height: 16383))
        #expect(info.hasAlpha)

        // Within the default limit it is a truncated file, refused before any allocation.
        let truncated = try #require(throws: CodecError.self) { try Codecs.decode(bomb) }
        #expect(truncated.reason == .corrupt("not enough data (truncated)"))

        // The same header in a complete RIFF file without any image chunk is an invalid file.
        let imageless = WebPTestFiles.file([vp8x])
        #expect(try #require(throws: CodecError.self) { try Codecs.decode(imageless, options: options) }.reason
                == .pixelLimitExceeded(width: 16383, height: 16383, limit: 4_000_000))
        guard case .corrupt = try #require(throws: CodecError.self, performing: { try Codecs.decode(imageless) }).reason else {
            Issue.record("expected .corrupt for a VP8X file without image")
            return
        }
    }

    @Test func canvasOverTheDefaultLimitIsRefused() throws {
        // 16384 x 16384 is one row and column more than sharp's default limit of 16383 x 16383.
        let limit = CodecError.Reason.pixelLimitExceeded(width: 16384, height: 16384, limit: DecodeOptions.defaultMaxPixels)
        let vp8x = WebPTestFiles.truncatedFile([WebPTestFiles.vp8x(flags: 0, canvasWidth: 16384, canvasHeight: 16384)], claimedSize: 1 << 30)
        #expect(try #require(throws: CodecError.self) { try Codecs.decode(vp8x) }.reason == limit)
        // A plain lossless file whose VP8L header claims the same size.
        let vp8l = WebPTestFiles.truncatedFile([WebPTestFiles.vp8lHeader(width: 16384, height: 16384)], claimedSize: 1 << 30)
        #expect(try #require(throws: CodecError.self) { try Codecs.decode(vp8l) }.reason == limit)
        // Probe applies the same limit (as the JPEG and PNG probes do), and reports the size under a higher one.
        #expect(try #require(throws: CodecError.self) { try Codecs.probe(vp8l) }.reason
                == .pixelLimitExceeded(width: 16384, height: 16384, limit: DecodeOptions.defaultMaxPixels))
        #expect(try Codecs.probe(vp8l, options: DecodeOptions(maxPixels: 1 << 30)).size == PixelSize(width: 16384, height: 16384))
    }

    @Test func canvasBeyondLibWebPsAreaLimitIsAnError() throws {
        // 2^24 x 2^24, the largest VP8X canvas: libwebp refuses canvases of 2^32 pixels or more.
        let bomb = WebPTestFiles.file([WebPTestFiles.vp8x(flags: 0, canvasWidth: 1 << 24, canvasHeight: 1 << 24)])
        #expect(throws: CodecError.self) { try Codecs.decode(bomb) }
        #expect(throws: CodecError.self) { try Codecs.probe(bomb) }
    }

    @Test func canvasAndBitstreamSizeMismatchIsAnError() throws {
        let canvas = WebPTestFiles.vp8x(flags: 0, canvasWidth: 200, canvasHeight: 100)
        let image = WebPTestFiles.imageChunks(try Codecs.encode(Self.photo, as: .webp(WebPEncodeOptions(lossless: true))))
        try expectCorrupt(WebPTestFiles.file([canvas] + image), containing: "bitstream error")
    }
}
