import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Encode -> decode through libjpeg-turbo with synthetic images (no corpus needed).
@Suite struct JPEGRoundTripTests {
    let photo = SyntheticImages.photoLike(width: 256, height: 192)

    func roundTrip(_ image: Image, _ options: JPEGEncodeOptions) throws -> (bytes: [UInt8], decoded: DecodedImage) {
        let bytes = try Codecs.encode(image, as: .jpeg(options))
        return (bytes, try Codecs.decode(bytes))
    }

    @Test func quality90At444KeepsPSNRAbove38dB() throws {
        let (_, decoded) = try roundTrip(photo, JPEGEncodeOptions(quality: 90, chromaSubsampling: .yuv444))
        #expect(decoded.image.size == photo.size)
        #expect(decoded.image.format == .rgb8)
        let psnr = ImageComparison.psnr(photo, decoded.image)
        print("JPEG q90 4:4:4 synthetic 256x192: PSNR \(psnr) dB")
        #expect(psnr >= 38)
        #expect(ImageComparison.maxAbsoluteDifference(photo, decoded.image) <= 24)
    }

    @Test func lowerQualityGivesSmallerFilesAndLowerPSNR() throws {
        let high = try roundTrip(photo, JPEGEncodeOptions(quality: 95))
        let low = try roundTrip(photo, JPEGEncodeOptions(quality: 30))
        #expect(low.bytes.count < high.bytes.count)
        #expect(ImageComparison.psnr(photo, low.decoded.image) < ImageComparison.psnr(photo, high.decoded.image))
    }

    @Test func progressiveAndBaselineDecodeToTheSamePixels() throws {
        let progressive = try roundTrip(photo, JPEGEncodeOptions(quality: 85, progressive: true))
        let baseline = try roundTrip(photo, JPEGEncodeOptions(quality: 85, progressive: false))
        #expect(progressive.decoded.info.details.contains("progressive"))
        #expect(baseline.decoded.info.details.contains("baseline"))
        #expect(progressive.bytes != baseline.bytes)
        #expect(progressive.decoded.image == baseline.decoded.image)
    }

    @Test func optimisedHuffmanIsSmallerWithTheSamePixels() throws {
        let optimised = try roundTrip(photo, JPEGEncodeOptions(quality: 85, progressive: false, optimizeHuffman: true))
        let standard = try roundTrip(photo, JPEGEncodeOptions(quality: 85, progressive: false, optimizeHuffman: false))
        #expect(optimised.bytes.count < standard.bytes.count)
        #expect(optimised.decoded.image == standard.decoded.image)
    }

    @Test func chromaSubsamplingChangesTheOutput() throws {
        // Fine red/blue stripes: chroma detail that 4:2:0 must lose.
        let stripes = SyntheticImages.rgb8(width: 64, height: 64) { x, _, c in
            c == 1 ? 0 : ((x % 2 == 0) == (c == 0) ? 255 : 0)
        }
        let sub420 = try roundTrip(stripes, JPEGEncodeOptions(quality: 95, chromaSubsampling: .yuv420))
        let sub444 = try roundTrip(stripes, JPEGEncodeOptions(quality: 95, chromaSubsampling: .yuv444))
        #expect(sub420.decoded.info.details.contains("4:2:0"))
        #expect(sub444.decoded.info.details.contains("4:4:4"))
        #expect(sub420.decoded.image != sub444.decoded.image)
        #expect(ImageComparison.psnr(stripes, sub444.decoded.image) > ImageComparison.psnr(stripes, sub420.decoded.image) + 5)
    }

    @Test func outputHasNoEXIFEvenWhenTheSourceHadOne() throws {
        let source = JPEGTestFixtures.withEXIFOrientation(try JPEGTestFixtures.syntheticJPEG(), .right)
        #expect(JPEGTestFixtures.segments(source).contains { $0.marker == 0xE1 })
        let decoded = try Codecs.decode(source)
        let reencoded = try Codecs.encode(decoded.image, as: .jpeg(JPEGEncodeOptions()))
        let markers = JPEGTestFixtures.segments(reencoded).map(\.marker)
        #expect(markers.first == 0xE0)           // JFIF APP0
        #expect(!markers.contains(0xE1))        // no EXIF / XMP
        #expect(try Codecs.probe(reencoded).orientation == .up)
    }

    @Test func grayStaysGray() throws {
        let gray = Image(width: 40, height: 30, layout: .gray, samples: (0..<1200).map { UInt8($0 % 251) })
        let (bytes, decoded) = try roundTrip(gray, JPEGEncodeOptions(quality: 90))
        let info = try Codecs.probe(bytes)
        #expect(info.colorModel == "gray")
        #expect(decoded.image.layout == .gray)
        #expect(decoded.image.size == gray.size)
    }

    @Test func rgbaIsFlattenedOntoTheBackground() throws {
        // Left half transparent pure green, right half opaque blue.
        let rgba = SyntheticImages.rgba8(width: 32, height: 16) { x, _, c in
            x < 16 ? [0, 255, 0, 0][c] : [0, 0, 255, 255][c]
        }
        let red = try roundTrip(rgba, JPEGEncodeOptions(quality: 95, chromaSubsampling: .yuv444, background: [1, 0, 0]))
        #expect(red.decoded.image.layout == .rgb)
        let samples = red.decoded.image.samples8
        let left = Array(samples[(8 * 32 + 4) * 3..<(8 * 32 + 4) * 3 + 3])
        let right = Array(samples[(8 * 32 + 28) * 3..<(8 * 32 + 28) * 3 + 3])
        #expect(left[0] > 240 && left[1] < 15 && left[2] < 15, "transparent area shows the red background, got \(left)")
        #expect(right[0] < 15 && right[1] < 15 && right[2] > 240, "opaque area keeps its colour, got \(right)")
    }

    @Test func grayAlphaStaysGrayOnTheBackgroundLuma() throws {
        let grayAlpha = Image(width: 16, height: 16, layout: .grayAlpha, samples: [UInt8](repeating: 0, count: 512))
        let (_, decoded) = try roundTrip(grayAlpha, JPEGEncodeOptions(quality: 95, background: [1, 1, 1]))
        #expect(decoded.image.layout == .gray)
        #expect(decoded.image.samples8.allSatisfy { $0 >= 254 })
    }

    @Test func sixteenBitAndFloatImagesAreEncodedAs8Bit() throws {
        let sixteen = Image(width: 32, height: 32, layout: .rgb,
                            samples16: photo.cropped(to: PixelRect(x: 0, y: 0, width: 32, height: 32)).samples8.map { UInt16($0) * 257 })
        let eight = photo.cropped(to: PixelRect(x: 0, y: 0, width: 32, height: 32))
        let linearFloat = eight.linearPremultiplied()
        for source in [sixteen, linearFloat] {
            let (_, decoded) = try roundTrip(source, JPEGEncodeOptions(quality: 95, chromaSubsampling: .yuv444))
            #expect(decoded.image.format == .rgb8)
            #expect(ImageComparison.psnr(eight, decoded.image) >= 38, "source \(source.format)")
        }
    }

    @Test func encodingIsDeterministic() throws {
        let options = JPEGEncodeOptions(quality: 82)
        #expect(try Codecs.encode(photo, as: .jpeg(options)) == Codecs.encode(photo, as: .jpeg(options)))
    }

    @Test(arguments: [0, 101, -5])
    func qualityOutOfRangeIsRejected(quality: Int) {
        #expect(throws: CodecError(stage: .encode, format: .jpeg, reason: .invalidOption("quality must be 1...100, got \(quality)"))) {
            try Codecs.encode(photo, as: .jpeg(JPEGEncodeOptions(quality: quality)))
        }
    }

    @Test func invalidBackgroundIsRejected() {
        #expect {
            try Codecs.encode(photo, as: .jpeg(JPEGEncodeOptions(background: [2, 0, 0])))
        } throws: { error in
            guard let error = error as? CodecError, case .invalidOption = error.reason else { return false }
            return error.stage == .encode
        }
    }

    @Test func qualityBoundsEncode() throws {
        for quality in [1, 100] {
            let (_, decoded) = try roundTrip(photo, JPEGEncodeOptions(quality: quality))
            #expect(decoded.image.size == photo.size)
        }
    }

    @Test func iccProfileSpanningSeveralSegmentsSurvivesByteForByte() throws {
        // 150 000 bytes need three APP2 segments (at most 65 519 profile bytes each).
        let profile = JPEGTestFixtures.fakeProfile(size: 150_000, space: "RGB ")
        var tagged = photo
        tagged.colorSpace = ColorSpace(family: .other, icc: profile)
        let (bytes, decoded) = try roundTrip(tagged, JPEGEncodeOptions())
        #expect(JPEGTestFixtures.segments(bytes).filter { $0.marker == 0xE2 }.count == 3)
        #expect(decoded.image.colorSpace.icc?.bytes == profile.bytes)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func mismatchedProfileIsNotEmbedded() throws {
        var tagged = Image(width: 8, height: 8, layout: .gray, samples: [UInt8](repeating: 90, count: 64))
        tagged.colorSpace = ColorSpace(family: .other, icc: JPEGTestFixtures.fakeProfile(size: 400, space: "RGB "))
        let (bytes, decoded) = try roundTrip(tagged, JPEGEncodeOptions())
        #expect(!JPEGTestFixtures.segments(bytes).contains { $0.marker == 0xE2 })
        #expect(decoded.image.colorSpace == .sRGB)
    }

    @Test func tinyImagesRoundTrip() throws {
        for size in [PixelSize(width: 1, height: 1), PixelSize(width: 3, height: 2), PixelSize(width: 1, height: 17)] {
            let image = SyntheticImages.photoLike(width: size.width, height: size.height)
            let (_, decoded) = try roundTrip(image, JPEGEncodeOptions(quality: 95))
            #expect(decoded.image.size == size)
        }
    }
}
