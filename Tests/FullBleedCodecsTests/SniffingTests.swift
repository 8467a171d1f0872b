import Testing
import FullBleedCodecs

@Suite struct SniffingTests {
    @Test func signaturesAreRecognised() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat.sniff(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)) == .webp)
    }

    @Test func extensionsAndNearMissesAreNotTrusted() {
        #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == nil)
        #expect(ImageFormat.sniff([0xFF, 0xD8]) == nil)
        #expect(ImageFormat.sniff(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8)) == nil)
        #expect(ImageFormat.sniff([UInt8]()) == nil)
    }

    @Test func emptyAndUnknownBytesGiveTypedErrors() {
        #expect(throws: CodecError(stage: .decode, format: nil, reason: .empty)) { try Codecs.decode([]) }
        #expect(throws: CodecError(stage: .probe, format: nil, reason: .unrecognizedFormat(prefix: "00 01 02"))) {
            try Codecs.probe([0, 1, 2])
        }
    }

    @Test func errorsRenderAsOneLineWithPath() {
        let error = CodecError(stage: .decode, format: .jpeg, reason: .corrupt("Premature end of JPEG file\nsecond line"))
        #expect(error.at(path: "Samples/x.jpg").description == "Samples/x.jpg: decode failed (jpeg): Premature end of JPEG file second line")
        let limit = CodecError(stage: .decode, format: .png, reason: .pixelLimitExceeded(width: 100000, height: 100000, limit: 268_402_689))
        #expect(limit.description == "decode failed (png): 100000x100000 is 10000000000 pixels, over the limit of 268402689 pixels")
    }

    @Test func pixelLimitIsOverflowSafe() {
        let options = DecodeOptions(maxPixels: 1000)
        #expect(throws: CodecError.self) { try options.checkLimits(width: Int.max, height: 3, format: .png) }
        #expect(throws: CodecError.self) { try options.checkLimits(width: 0, height: 3, format: .png) }
        #expect(throws: Never.self) { try options.checkLimits(width: 10, height: 100, format: .png) }
    }
}
