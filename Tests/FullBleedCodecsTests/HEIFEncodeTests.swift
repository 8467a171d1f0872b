import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// AVIF output: round trips, ICC carried, lossless, determinism, option checks.
@Suite struct HEIFEncodeTests {
    @Test func defaultAVIFRoundTripKeepsThePicture() throws {
        let image = SyntheticImages.photoLike(width: 160, height: 96)
        let bytes = try Codecs.encode(image, as: .avif(AVIFEncodeOptions()))
        #expect(ImageFormat.sniff(bytes) == .avif)
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.info.format == .avif && decoded.info.bitDepth == 8 && !decoded.info.hasAlpha)
        #expect(decoded.image.format == .rgb8 && decoded.image.size == image.size)
        #expect(ImageComparison.psnr(decoded.image, image) > 34)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func higherQualityGivesHigherPSNR() throws {
        let image = SyntheticImages.photoLike(width: 160, height: 96)
        let low = try Codecs.decode(try Codecs.encode(image, as: .avif(AVIFEncodeOptions(quality: 20)))).image
        let high = try Codecs.decode(try Codecs.encode(image, as: .avif(AVIFEncodeOptions(quality: 90)))).image
        #expect(ImageComparison.psnr(high, image) > ImageComparison.psnr(low, image) + 3)
    }

    @Test func losslessIsExact() throws {
        let image = HEIFTestFiles.asymmetric
        let decoded = try Codecs.decode(try Codecs.encode(image, as: .avif(AVIFEncodeOptions(lossless: true)))).image
        #expect(decoded == image)
    }

    @Test func alphaIsKept() throws {
        let decoded = try Codecs.decode(try Codecs.encode(HEIFTestFiles.translucent, as: .avif(AVIFEncodeOptions(quality: 90)))).image
        #expect(decoded.format == .rgba8)
        let error = zip(HEIFTestFiles.alpha(decoded), HEIFTestFiles.alpha(HEIFTestFiles.translucent)).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(error <= 8)
    }

    @Test func iccProfileIsCarriedByteForByte() throws {
        let profile = try #require(try Codecs.probe(try HEIFTestFiles.fixture("p3_orient6.heic")).colorSpace.icc)
        var image = HEIFTestFiles.asymmetric
        image.colorSpace = ICCInspector.colorSpace(forProfile: profile.bytes)
        let info = try Codecs.probe(try Codecs.encode(image, as: .avif(AVIFEncodeOptions())))
        #expect(info.colorSpace.family == .displayP3)
        #expect(info.colorSpace.icc?.bytes == profile.bytes)
    }

    /// HEIC output (x265): a Display P3 image stays P3 (its ICC profile byte for byte), the picture
    /// survives, and the same input gives the same bytes.
    @Test func heicOutputKeepsDisplayP3AndIsDeterministic() throws {
        let profile = try #require(try Codecs.probe(try HEIFTestFiles.fixture("p3_orient6.heic")).colorSpace.icc)
        var image = SyntheticImages.photoLike(width: 160, height: 96)
        image.colorSpace = ICCInspector.colorSpace(forProfile: profile.bytes)
        let bytes = try Codecs.encode(image, as: .heic(HEICEncodeOptions()))
        #expect(ImageFormat.sniff(bytes) == .heic)
        let info = try Codecs.probe(bytes)
        #expect(info.colorSpace.family == .displayP3)
        #expect(info.colorSpace.icc?.bytes == profile.bytes)
        #expect(ImageComparison.psnr(try Codecs.decode(bytes).image, image) > 30)
        #expect(try Codecs.encode(image, as: .heic(HEICEncodeOptions())) == bytes)
    }

    @Test func sameInputGivesSameBytes() throws {
        let image = SyntheticImages.photoLike(width: 96, height: 64)
        let results = [0, 1, 2].map { _ in try? Codecs.encode(image, as: .avif(AVIFEncodeOptions())) }
        let first = try #require(results[0])
        #expect(results.allSatisfy { $0 == first })
    }

    @Test(arguments: [AVIFEncodeOptions(quality: 101), AVIFEncodeOptions(quality: -1), AVIFEncodeOptions(speed: 10), AVIFEncodeOptions(speed: -1)])
    func outOfRangeOptionsAreRefused(options: AVIFEncodeOptions) {
        #expect { try Codecs.encode(HEIFTestFiles.asymmetric, as: .avif(options)) } throws: { error in
            guard let error = error as? CodecError, case .invalidOption = error.reason else { return false }
            return error.stage == .encode && error.format == .avif
        }
    }

    @Test func tenBitAVIFIsRefusedBeforeLibaomSeesIt() {
        #expect { try HEIFTestFiles.encode(HEIFTestFiles.deepGradient, .av1, bitDepth: 10) } throws: { error in
            guard let error = error as? CodecError, case .unsupported = error.reason else { return false }
            return true
        }
    }

    @Test func formatNames() {
        #expect(ImageFormat.avif.fileExtension == "avif" && ImageFormat.avif.mimeType == "image/avif")
        #expect(ImageFormat.heic.fileExtension == "heic" && ImageFormat.heic.mimeType == "image/heic")
        #expect(EncodeOptions.avif(AVIFEncodeOptions()).format == .avif)
    }
}
