import Dispatch
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

@Suite struct WebPEncodeTests {
    static let lossless = WebPEncodeOptions(lossless: true)
    static let losslessExact = WebPEncodeOptions(lossless: true, exact: true)

    /// RGBA with a transparent left third whose RGB is magenta, a half-transparent band and an opaque rest.
    static let rgba = SyntheticImages.rgba8(width: 48, height: 32) { x, y, c in
        if c == 3 { return x < 16 ? 0 : (x < 24 ? 128 : 255) }
        if x < 16 { return [255, 0, 255][c] }
        return UInt8((x * 5 + y * 7 + c * 50) % 256)
    }

    func alpha(_ image: Image) -> [UInt8] { image.samples8.enumerated().filter { $0.offset % 4 == 3 }.map(\.element) }

    @Test func losslessRGBRoundTripIsExact() throws {
        let image = SyntheticImages.photoLike(width: 64, height: 48)
        let decoded = try Codecs.decode(try Codecs.encode(image, as: .webp(Self.lossless)))
        #expect(decoded.image == image)
        #expect(decoded.info.details == ["lossless"])
        #expect(!decoded.info.hasAlpha)
    }

    @Test func losslessRGBAWithExactKeepsRGBUnderTransparentPixels() throws {
        let decoded = try Codecs.decode(try Codecs.encode(Self.rgba, as: .webp(Self.losslessExact)))
        #expect(decoded.image == Self.rgba)
    }

    @Test func losslessRGBAWithoutExactKeepsVisiblePixels() throws {
        let decoded = try Codecs.decode(try Codecs.encode(Self.rgba, as: .webp(Self.lossless))).image
        #expect(decoded.format == .rgba8)
        let original = Self.rgba.samples8, samples = decoded.samples8
        for pixel in 0..<(48 * 32) where original[pixel * 4 + 3] > 0 {
            #expect(Array(samples[(pixel * 4)..<(pixel * 4 + 4)]) == Array(original[(pixel * 4)..<(pixel * 4 + 4)]))
        }
        #expect(alpha(decoded) == alpha(Self.rgba))
    }

    @Test func lossyQuality80KeepsPSNRAbove30dB() throws {
        let image = SyntheticImages.photoLike(width: 256, height: 160)
        let bytes = try Codecs.encode(image, as: .webp(WebPEncodeOptions(quality: 80, method: 4)))
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.info.details == ["lossy"])
        #expect(decoded.image.format == .rgb8)
        #expect(ImageComparison.psnr(decoded.image, image) >= 30)
        // Lower quality gives a smaller file and a lower PSNR.
        let low = try Codecs.encode(image, as: .webp(WebPEncodeOptions(quality: 20, method: 4)))
        #expect(low.count < bytes.count)
        #expect(ImageComparison.psnr(try Codecs.decode(low).image, image) < ImageComparison.psnr(decoded.image, image))
    }

    @Test func lossyAlphaKeepsTheAlphaPlane() throws {
        let decoded = try Codecs.decode(try Codecs.encode(Self.rgba, as: .webp(WebPEncodeOptions(quality: 90)))).image
        #expect(decoded.format == .rgba8)
        #expect(alpha(decoded) == alpha(Self.rgba))
    }

    @Test func grayIsEncodedAsRGB() throws {
        let gray = Image(width: 16, height: 8, layout: .gray, samples: (0..<128).map { UInt8($0 * 2) })
        let decoded = try Codecs.decode(try Codecs.encode(gray, as: .webp(Self.lossless))).image
        #expect(decoded == gray.converted(toLayout: .rgb))

        let grayAlpha = Image(width: 4, height: 2, layout: .grayAlpha, samples: [10, 255, 20, 128, 30, 255, 40, 1, 50, 255, 60, 255, 70, 0, 80, 255])
        let decodedAlpha = try Codecs.decode(try Codecs.encode(grayAlpha, as: .webp(Self.losslessExact))).image
        #expect(decodedAlpha == grayAlpha.converted(toLayout: .rgba))
    }

    @Test func sixteenBitAndFloatImagesAreEncodedAs8Bit() throws {
        let wide = Image(width: 8, height: 4, layout: .rgb, samples16: (0..<96).map { UInt16($0 * 683) })
        #expect(try Codecs.decode(try Codecs.encode(wide, as: .webp(Self.lossless))).image == wide.encoded(as: .uint8))

        let linear = Self.rgba.linearPremultiplied()
        #expect(linear.format.sampleType == .float32 && linear.format.alphaMode == .premultiplied)
        let decoded = try Codecs.decode(try Codecs.encode(linear, as: .webp(Self.losslessExact))).image
        #expect(decoded == linear.encoded(as: .uint8))
    }

    @Test(.requiresCorpus)
    func iccProfileSurvivesEncodeAndDecode() throws {
        let jpeg = try TestPaths.bytes(TestPaths.corpusFile("edge/p3_v4.jpg"))
        let profile = try #require(WebPTestFiles.jpegICCProfile(jpeg))
        #expect(profile.count == 604)
        var image = SyntheticImages.photoLike(width: 40, height: 24)
        image.colorSpace = ICCInspector.colorSpace(forProfile: profile)
        #expect(image.colorSpace.family == .displayP3)

        for options in [WebPEncodeOptions(), Self.lossless] {
            let bytes = try Codecs.encode(image, as: .webp(options))
            let chunks = WebPTestFiles.chunks(bytes)
            #expect(chunks.first?.fourCC == "VP8X")
            #expect(chunks.first { $0.fourCC == "ICCP" }?.payload == profile)
            let flags = try #require(chunks.first?.payload.first)
            #expect(flags & WebPTestFiles.iccFlag != 0)
            #expect(flags & (WebPTestFiles.exifFlag | WebPTestFiles.xmpFlag) == 0)

            let decoded = try Codecs.decode(bytes)
            #expect(decoded.image.colorSpace == image.colorSpace)
            #expect(decoded.image.colorSpace.icc?.bytes == profile)
            #expect(try Codecs.probe(bytes).colorSpace.family == .displayP3)
        }
    }

    @Test func iccProfileOfRGBImageIsEmbeddedAndGrayProfileIsNot() throws {
        // A minimal header-only "profile": the bytes are carried, whatever they mean.
        var header = [UInt8](repeating: 0, count: 132)
        header[16..<20] = [0x52, 0x47, 0x42, 0x20]  // "RGB "
        var image = SyntheticImages.photoLike(width: 8, height: 8)
        image.colorSpace = ICCInspector.colorSpace(forProfile: header)
        let bytes = try Codecs.encode(image, as: .webp(Self.lossless))
        #expect(WebPTestFiles.chunks(bytes).first { $0.fourCC == "ICCP" }?.payload == header)
        #expect(try Codecs.decode(bytes).image.colorSpace.icc?.bytes == header)

        header[16..<20] = [0x47, 0x52, 0x41, 0x59]  // "GRAY"
        var gray = Image(width: 8, height: 8, layout: .gray, samples: [UInt8](repeating: 90, count: 64))
        gray.colorSpace = ICCInspector.colorSpace(forProfile: header)
        let grayBytes = try Codecs.encode(gray, as: .webp(Self.lossless))
        #expect(!WebPTestFiles.chunks(grayBytes).contains { $0.fourCC == "ICCP" })
    }

    @Test func noEXIFIsWrittenEvenWhenTheSourceHadSome() throws {
        let source = try WebPTestFiles.losslessWithOrientation(WebPDecodeSyntheticTests.pattern, .right)
        #expect(WebPTestFiles.chunks(source).contains { $0.fourCC == "EXIF" })
        let decoded = try Codecs.decode(source).image
        for options in [WebPEncodeOptions(), Self.lossless] {
            let chunks = WebPTestFiles.chunks(try Codecs.encode(decoded, as: .webp(options)))
            #expect(!chunks.contains { $0.fourCC == "EXIF" || $0.fourCC == "XMP " })
        }
    }

    @Test(arguments: [WebPEncodeOptions(), WebPEncodeOptions(quality: 50, method: 6), WebPEncodeOptions(lossless: true),
                      WebPEncodeOptions(quality: 100, method: 0, lossless: true, exact: true)])
    func encodingIsDeterministic(_ options: WebPEncodeOptions) throws {
        var tagged = Self.rgba
        tagged.colorSpace = ICCInspector.colorSpace(forProfile: [UInt8](repeating: 7, count: 200))
        let image = tagged
        let reference = try Codecs.encode(image, as: .webp(options))
        #expect(try Codecs.encode(image, as: .webp(options)) == reference)
        // The same bytes when encoded concurrently from several threads.
        let results = ResultBox(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { i in results.set(i, try? Codecs.encode(image, as: .webp(options))) }
        #expect(results.values.allSatisfy { $0 == reference })
    }

    @Test(arguments: [Float(-1), 100.5, .nan, .infinity])
    func invalidQualityIsRejected(_ quality: Float) throws {
        let error = try #require(throws: CodecError.self) {
            try Codecs.encode(Self.rgba, as: .webp(WebPEncodeOptions(quality: quality)))
        }
        guard case .invalidOption(let message) = error.reason else { Issue.record("got \(error)"); return }
        #expect(message.contains("quality"))
        #expect(error.stage == .encode && error.format == .webp)
    }

    @Test(arguments: [-1, 7])
    func invalidMethodIsRejected(_ method: Int) throws {
        let error = try #require(throws: CodecError.self) {
            try Codecs.encode(Self.rgba, as: .webp(WebPEncodeOptions(method: method)))
        }
        guard case .invalidOption(let message) = error.reason else { Issue.record("got \(error)"); return }
        #expect(message.contains("method \(method)"))
    }

    @Test func boundaryOptionsAreAccepted() throws {
        for options in [WebPEncodeOptions(quality: 0, method: 0), WebPEncodeOptions(quality: 100, method: 6)] {
            #expect(try Codecs.decode(try Codecs.encode(Self.rgba, as: .webp(options))).image.size == Self.rgba.size)
        }
    }

    @Test func imagesWiderThanWebPAllowsAreRejected() throws {
        let wide = Image(width: 16384, height: 1, format: .rgb8)
        let error = try #require(throws: CodecError.self) { try Codecs.encode(wide, as: .webp(WebPEncodeOptions())) }
        guard case .unsupported(let message) = error.reason else { Issue.record("got \(error)"); return }
        #expect(message.contains("16383"))
    }
}

/// Results written from `concurrentPerform` workers, one slot each.
private final class ResultBox: @unchecked Sendable {
    private var slots: [[UInt8]?]
    private let lock = DispatchQueue(label: "WebPEncodeTests.ResultBox")

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: [UInt8]?) { lock.sync { slots[index] = value } }

    var values: [[UInt8]?] { lock.sync { slots } }
}
