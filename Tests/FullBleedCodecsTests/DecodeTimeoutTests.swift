import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// `DecodeOptions.timeLimitSeconds`: a decode that outlasts it is abandoned with one line
/// `decode failed (FORMAT): timed out after N s`. The limits used here (1 microsecond) cannot be met by
/// any real decode, so the tests assert the error, never a wall time.
@Suite struct DecodeTimeoutTests {
    static let image = SyntheticImages.photoLike(width: 640, height: 480)
    static let impossible = DecodeOptions(timeLimitSeconds: 0.000_001)

    static func encoded(_ options: EncodeOptions) throws -> [UInt8] { try Codecs.encode(image, as: options) }

    @Test(arguments: [
        (EncodeOptions.jpeg(JPEGEncodeOptions(quality: 90, progressive: false)), "jpeg"),
        (EncodeOptions.jpeg(JPEGEncodeOptions(quality: 90, progressive: true)), "jpeg"),
        (EncodeOptions.png(PNGEncodeOptions(compressionLevel: 1)), "png"),
        (EncodeOptions.webp(WebPEncodeOptions(quality: 80, method: 0)), "webp"),
    ])
    func anImpossibleLimitTimesOut(options: EncodeOptions, format: String) throws {
        let bytes = try Self.encoded(options)
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes, options: Self.impossible) }
        #expect(error.reason == .timedOut(seconds: 0.000_001))
        #expect(error.description == "decode failed (\(format)): timed out after 0.000001 s")
        #expect(error.at(path: "a/b.\(format)").description == "a/b.\(format): decode failed (\(format)): timed out after 0.000001 s")
    }

    @Test func aGenerousLimitDecodesTheSamePixels() throws {
        for options in [EncodeOptions.jpeg(JPEGEncodeOptions()), .png(PNGEncodeOptions()), .webp(WebPEncodeOptions())] {
            let bytes = try Self.encoded(options)
            let limited = try Codecs.decode(bytes, options: DecodeOptions(timeLimitSeconds: 60))
            let unlimited = try Codecs.decode(bytes)
            #expect(limited.image == unlimited.image, "\(options.format)")
        }
    }

    @Test(.requiresCorpus) func interlacedPNGChecksEveryPass() throws {
        // Adam7 rows arrive pass by pass; the row callback fires in every pass.
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/interlaced.png"))
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes, options: Self.impossible) }
        #expect(error.reason == .timedOut(seconds: 0.000_001))
    }

    @Test(.requiresCorpus) func theLargeCorpusJPEGIsAbandonedMidDecode() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/large_8000x6000.jpg"))
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes, options: DecodeOptions(timeLimitSeconds: 0.001)) }
        #expect(error.description == "decode failed (jpeg): timed out after 0.001 s")
    }

    @Test func secondsAreQuotedReadably() {
        #expect(CodecError(stage: .decode, format: .png, reason: .timedOut(seconds: 60)).description == "decode failed (png): timed out after 60 s")
        #expect(CodecError(stage: .decode, format: .heic, reason: .timedOut(seconds: 2.5)).description == "decode failed (heic): timed out after 2.5 s")
    }
}
