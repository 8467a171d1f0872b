import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// HEIC and AVIF decoding of files made here with libheif's encoders: orientation, alpha, depth, colour.
@Suite struct HEIFDecodeTests {
    static let orientations: [Orientation] = [.right, .down, .upMirrored, .leftMirrored, .left]

    @Test(arguments: orientations)
    func irotAndImirAreAppliedOnceSoPixelsComeOutUpright(orientation: Orientation) throws {
        let bytes = try HEIFTestFiles.encode(HEIFTestFiles.asymmetric, .av1, quality: 95, orientation: orientation)
        let info = try Codecs.probe(bytes)
        let expected = HEIFTestFiles.asymmetric.applyingOrientation(orientation)
        #expect(info.size == expected.size)
        // libheif 1.15's encoder writes `ispe` after its own rotation; only the pixel count is certain.
        #expect(info.storedSize.width * info.storedSize.height == 64 * 48)
        #expect(info.orientation == .up)
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.image.size == expected.size)
        #expect(ImageComparison.psnr(decoded.image, expected) > 35)
    }

    @Test func heicFromX265DecodesUpright() throws {
        let bytes = try HEIFTestFiles.encode(HEIFTestFiles.asymmetric, .hevc, quality: 90, orientation: .right)
        #expect(ImageFormat.sniff(bytes) == .heic)
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.info.format == .heic)
        let expected = HEIFTestFiles.asymmetric.applyingOrientation(.right)
        #expect(decoded.image.size == PixelSize(width: 48, height: 64))
        #expect(ImageComparison.psnr(decoded.image, expected) > 30)
    }

    @Test(arguments: [HEIFEncodeRequest.Compression.av1, .hevc])
    func alphaDecodesStraight(compression: HEIFEncodeRequest.Compression) throws {
        let bytes = try HEIFTestFiles.encode(HEIFTestFiles.translucent, compression, quality: 95)
        let info = try Codecs.probe(bytes)
        #expect(info.hasAlpha && info.colorModel == "rgba")
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.format == .rgba8)
        let alphaError = zip(HEIFTestFiles.alpha(decoded), HEIFTestFiles.alpha(HEIFTestFiles.translucent)).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(alphaError <= 8)
    }

    /// 10-bit HEIC from x265 (10-bit AVIF cannot be written with Debian's libaom, see `tenBitAVIFIsRefused`).
    @Test func tenBitFilesDecodeTo16BitSamples() throws {
        let bytes = try HEIFTestFiles.encode(HEIFTestFiles.deepGradient, .hevc, quality: 95, bitDepth: 10)
        #expect(try Codecs.probe(bytes).bitDepth == 10)
        let decoded = try Codecs.decode(bytes).image
        #expect(decoded.format.sampleType == .uint16)
        #expect(ImageComparison.psnr(decoded, HEIFTestFiles.deepGradient) > 40)
        // More distinct levels than 8 bits could hold in the red channel.
        let reds = Set(decoded.samples16.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        #expect(reds.count > 256)
        #expect(decoded.samples16.max()! > 65_000)
    }

    @Test func sixteenBitWideningReplicatesBits() {
        let source: [UInt8] = [0x00, 0x00, 0xFF, 0x03, 0x00, 0x02]   // 0, 1023, 512 little-endian
        var out = [UInt16](repeating: 0, count: 3)
        source.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { HEIFDecoder.widenRow(from: raw.baseAddress!, count: 3, bits: 10, into: $0) }
        }
        #expect(out == [0, 65535, 32800])   // 512 * 65535 / 1023 = 32800.03
    }

    @Test func untaggedDisplayP3IsWrittenAsNCLXAndReadBackAsDisplayP3() throws {
        var image = HEIFTestFiles.asymmetric
        image.colorSpace = ColorSpace(family: .displayP3)
        let info = try Codecs.probe(try Codecs.encode(image, as: .avif(AVIFEncodeOptions())))
        #expect(info.colorSpace == ColorSpace(family: .displayP3))
        #expect(info.details.contains("nclx 12/13/6"))
    }

    @Test func untaggedSRGBIsWrittenAsBT709NCLX() throws {
        let info = try Codecs.probe(try Codecs.encode(HEIFTestFiles.asymmetric, as: .avif(AVIFEncodeOptions())))
        #expect(info.colorSpace == .sRGB)
        #expect(info.details.contains("nclx 1/13/6"))
    }

    @Test func nclxMapping() {
        #expect(HEIFColor.fromNCLX(primaries: 12, transfer: 13, matrix: 6).colorSpace.family == .displayP3)
        #expect(HEIFColor.fromNCLX(primaries: 1, transfer: 1, matrix: 1).colorSpace == .sRGB)
        let pq = HEIFColor.fromNCLX(primaries: 9, transfer: 16, matrix: 9)
        #expect(pq.colorSpace == .sRGB && pq.warning != nil)
    }

    @Test func grayInputBecomesRGB() throws {
        let gray = Image(width: 32, height: 16, layout: .gray, samples: (0..<(32 * 16)).map { UInt8($0 % 256) })
        let decoded = try Codecs.decode(try Codecs.encode(gray, as: .avif(AVIFEncodeOptions(quality: 90)))).image
        #expect(decoded.format == .rgb8)
        #expect(ImageComparison.psnr(decoded, gray.converted(toLayout: .rgb)) > 30)
    }
}
