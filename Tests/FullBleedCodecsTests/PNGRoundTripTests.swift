import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCodecs

/// Encode -> decode on synthetic images (no corpus needed): exactness, ICC, determinism, chunk policy.
@Suite struct PNGRoundTripTests {
    static let layouts: [ChannelLayout] = [.gray, .grayAlpha, .rgb, .rgba]

    func roundTrip(_ image: Image, _ options: PNGEncodeOptions = PNGEncodeOptions()) throws -> DecodedImage {
        try Codecs.decode(try Codecs.encode(image, as: .png(options)))
    }

    @Test(arguments: layouts, [SampleType.uint8, .uint16])
    func roundTripIsExact(layout: ChannelLayout, sampleType: SampleType) throws {
        let image = PNGFixtures.noise(width: 37, height: 23, layout: layout, sampleType: sampleType)
        let decoded = try roundTrip(image)
        #expect(decoded.image == image)
        #expect(decoded.info.bitDepth == sampleType.bitDepth)
        #expect(decoded.info.colorModel == ["gray", "gray+alpha", "rgb", "rgba"][Self.layouts.firstIndex(of: layout)!])
        #expect(decoded.info.hasAlpha == layout.hasAlpha)
        #expect(decoded.warnings.isEmpty)
    }

    @Test(arguments: 0...9)
    func everyCompressionLevelIsLossless(level: Int) throws {
        let image = SyntheticImages.photoLike(width: 40, height: 30)
        #expect(try roundTrip(image, PNGEncodeOptions(compressionLevel: level)).image == image)
    }

    @Test func eightBitWrittenAsSixteenScalesBy257() throws {
        let image = PNGFixtures.noise(width: 9, height: 5, layout: .rgba, sampleType: .uint8)
        let decoded = try roundTrip(image, PNGEncodeOptions(bitDepth: 16)).image
        #expect(decoded.format.sampleType == .uint16)
        #expect(decoded.samples16 == image.samples8.map { UInt16($0) * 257 })
    }

    @Test func sixteenBitWrittenAsEightRoundsToNearest() throws {
        let image = Image(width: 6, height: 1, layout: .gray, samples16: [0, 128, 129, 32896, 65406, 65535])
        let decoded = try roundTrip(image, PNGEncodeOptions(bitDepth: 8)).image
        #expect(decoded.samples8 == [0, 0, 1, 128, 254, 255])
    }

    @Test func floatImagesAreWrittenEncodedAsEightBit() throws {
        let original = SyntheticImages.rgba8(width: 8, height: 8) { x, y, c in c == 3 ? UInt8(x * 32 + 31) : UInt8((x * 7 + y * 13 + c * 50) % 256) }
        let working = original.linearPremultiplied()
        let decoded = try roundTrip(working).image
        #expect(decoded.format == .rgba8)
        #expect(ImageComparison.maxAbsoluteDifference(decoded, original) <= 1)
    }

    @Test func iccProfileSurvivesEncodeAndDecode() throws {
        let profile = PNGFixtures.iccProfile(description: "FullBleed test profile")
        var image = PNGFixtures.noise(width: 16, height: 8, layout: .rgb, sampleType: .uint8)
        image.colorSpace = ICCInspector.colorSpace(forProfile: profile)
        let encoded = try Codecs.encode(image, as: .png(PNGEncodeOptions()))
        #expect(PNGChunks.types(encoded) == ["IHDR", "iCCP", "IDAT", "IEND"])
        let decoded = try Codecs.decode(encoded)
        #expect(decoded.image.colorSpace.icc?.bytes == profile)
        #expect(decoded.image.colorSpace == image.colorSpace)
        #expect(decoded.info.colorSpace == image.colorSpace)
        // The iCCP keyword is the profile's description.
        let keyword = Array("FullBleed test profile".utf8) + [0]
        #expect(encoded.indices.contains { encoded[$0...].starts(with: Array("iCCP".utf8) + keyword) })
    }

    @Test func grayImageWithRGBProfileIsWrittenAsRGB() throws {
        var image = PNGFixtures.noise(width: 5, height: 4, layout: .grayAlpha, sampleType: .uint8)
        image.colorSpace = ICCInspector.colorSpace(forProfile: PNGFixtures.iccProfile())
        let decoded = try roundTrip(image).image
        #expect(decoded.layout == .rgba)
        #expect(decoded == image.converted(toLayout: .rgba))
    }

    @Test func grayProfileOnGrayImageIsKept() throws {
        var image = PNGFixtures.noise(width: 5, height: 4, layout: .gray, sampleType: .uint16)
        image.colorSpace = ICCInspector.colorSpace(forProfile: PNGFixtures.iccProfile(dataColorSpace: "GRAY"))
        let decoded = try roundTrip(image).image
        #expect(decoded == image)
        #expect(decoded.colorSpace.family == .gray)
    }

    @Test func grayProfileOnRGBImageIsRefused() throws {
        var image = PNGFixtures.noise(width: 5, height: 4, layout: .rgb, sampleType: .uint8)
        image.colorSpace = ICCInspector.colorSpace(forProfile: PNGFixtures.iccProfile(dataColorSpace: "GRAY"))
        let error = try #require(throws: CodecError.self) { try Codecs.encode(image, as: .png(PNGEncodeOptions())) }
        #expect(error.stage == .encode && error.format == .png)
        #expect(error.reason == .unsupported("a GRAY ICC profile on an RGB image"))
    }

    @Test func malformedProfileFailsWithLibpngsMessage() throws {
        var profile = PNGFixtures.iccProfile()
        profile[36] = 0x00   // breaks the 'acsp' signature
        var image = PNGFixtures.noise(width: 4, height: 4, layout: .rgb, sampleType: .uint8)
        image.colorSpace = ColorSpace(family: .other, icc: ICCInspector.inspect(profile))
        let error = try #require(throws: CodecError.self) { try Codecs.encode(image, as: .png(PNGEncodeOptions())) }
        guard case .corrupt(let message) = error.reason else {
            Issue.record("expected libpng's message, got \(error)")
            return
        }
        #expect(message.contains("signature"), "\(message)")
    }

    @Test func iccKeywordIsAValidLatin1Keyword() {
        func keyword(_ name: String?) -> String {
            String(decoding: PNGEncoder.iccKeyword(name).dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #expect(keyword(nil) == "ICC profile")
        #expect(keyword("  Display   P3 ") == "Display P3")
        #expect(keyword("\u{1F600}") == "ICC profile")
        #expect(keyword(String(repeating: "a", count: 100)).count == 79)
        #expect(PNGEncoder.iccKeyword("é").dropLast() == [CChar(bitPattern: 0xE9)])
    }

    @Test func outputHasOnlyCriticalChunksAndIsDeterministic() throws {
        // A source carrying eXIf (orientation 6) and a text chunk: neither is written back.
        let stored = PNGFixtures.noise(width: 6, height: 4, layout: .rgb, sampleType: .uint8)
        let plain = try Codecs.encode(stored, as: .png(PNGEncodeOptions()))
        var source = PNGChunks.inserting("eXIf", data: PNGFixtures.exifBlock(orientation: .right), before: "IDAT", into: plain)
        source = PNGChunks.inserting("tEXt", data: Array("Comment\0hello".utf8), before: "IDAT", into: source)
        let decoded = try Codecs.decode(source)
        let first = try Codecs.encode(decoded.image, as: .png(PNGEncodeOptions()))
        let second = try Codecs.encode(decoded.image, as: .png(PNGEncodeOptions()))
        #expect(first == second)
        #expect(!PNGChunks.types(first).contains("eXIf"))
        #expect(Set(PNGChunks.types(first)) == ["IHDR", "IDAT", "IEND"])
        // Re-encoding what was decoded from our own output gives the same bytes.
        #expect(try Codecs.encode(try Codecs.decode(first).image, as: .png(PNGEncodeOptions())) == first)
    }

    @Test func invalidOptionsAreRefused() throws {
        let image = PNGFixtures.noise(width: 2, height: 2, layout: .rgb, sampleType: .uint8)
        for (options, message) in [
            (PNGEncodeOptions(bitDepth: 12), "PNG bitDepth must be 8 or 16, got 12"),
            (PNGEncodeOptions(compressionLevel: 10), "PNG compressionLevel must be 0...9, got 10"),
            (PNGEncodeOptions(compressionLevel: -1), "PNG compressionLevel must be 0...9, got -1"),
        ] {
            let error = try #require(throws: CodecError.self) { try Codecs.encode(image, as: .png(options)) }
            #expect(error.reason == .invalidOption(message))
            #expect(error.stage == .encode && error.format == .png)
        }
    }
}

/// Decoder behaviour on crafted streams: orientation, limits, CRC policy, truncation.
@Suite struct PNGDecodePolicyTests {
    /// A 3x2 gray image whose values encode their stored position (1...6), as PNG bytes.
    func numbered() throws -> [UInt8] {
        try Codecs.encode(Image(width: 3, height: 2, layout: .gray, samples: [1, 2, 3, 4, 5, 6]), as: .png(PNGEncodeOptions()))
    }

    @Test func exifOrientationIsAppliedAndProbed() throws {
        let png = PNGChunks.inserting("eXIf", data: PNGFixtures.exifBlock(orientation: .right), before: "IDAT", into: try numbered())
        let info = try Codecs.probe(png)
        #expect(info.orientation == .right)
        #expect(info.size == PixelSize(width: 2, height: 3) && info.storedSize == PixelSize(width: 3, height: 2))
        let decoded = try Codecs.decode(png)
        #expect(decoded.image.samples8 == [4, 1, 5, 2, 6, 3])   // rotated 90 degrees clockwise
        #expect(decoded.info == info)
        let stored = try Codecs.decode(png, options: DecodeOptions(applyOrientation: false))
        #expect(stored.image.samples8 == [1, 2, 3, 4, 5, 6])
        #expect(stored.info.orientation == .right)
    }

    @Test func exifAfterImageDataIsFoundByDecode() throws {
        let png = PNGChunks.inserting("eXIf", data: PNGFixtures.exifBlock(orientation: .down), before: "IEND", into: try numbered())
        let decoded = try Codecs.decode(png)
        #expect(decoded.info.orientation == .down)
        #expect(decoded.image.samples8 == [6, 5, 4, 3, 2, 1])
        // The probe stops at IDAT, so it cannot see it.
        #expect(try Codecs.probe(png).orientation == .up)
    }

    @Test func pixelLimitIsCheckedBeforeDecoding() throws {
        let png = try Codecs.encode(PNGFixtures.noise(width: 10, height: 10, layout: .rgb, sampleType: .uint8), as: .png(PNGEncodeOptions()))
        let options = DecodeOptions(maxPixels: 99)
        let expected = CodecError.Reason.pixelLimitExceeded(width: 10, height: 10, limit: 99)
        #expect(throws: CodecError(stage: .decode, format: .png, reason: expected)) { try Codecs.decode(png, options: options) }
        #expect(throws: CodecError(stage: .probe, format: .png, reason: expected)) { try Codecs.probe(png, options: options) }
        #expect(try Codecs.decode(png, options: DecodeOptions(maxPixels: 100)).image.size == PixelSize(width: 10, height: 10))
    }

    @Test func criticalChunkCRCErrorFails() throws {
        let png = PNGChunks.corruptingCRC(of: "IDAT", in: try numbered())
        #expect(throws: CodecError(stage: .decode, format: .png, reason: .corrupt("IDAT: CRC error"))) { try Codecs.decode(png) }
    }

    @Test func ancillaryChunkCRCErrorIsAWarning() throws {
        let png = PNGChunks.inserting("tEXt", data: Array("Comment\0x".utf8), before: "IDAT", into: try numbered(), corruptCRC: true)
        let decoded = try Codecs.decode(png)
        #expect(decoded.image.samples8 == [1, 2, 3, 4, 5, 6])
        #expect(decoded.warnings == ["tEXt: CRC error"])
    }

    @Test(arguments: [8, 20, 33, 45])
    func truncatedStreamFails(keep: Int) throws {
        let png = Array(try numbered().prefix(keep))
        let error = try #require(throws: CodecError.self) { try Codecs.decode(png) }
        #expect(error.format == .png && error.stage == .decode)
        #expect(error.reason == .corrupt("unexpected end of PNG data (file truncated)"))
    }
}
