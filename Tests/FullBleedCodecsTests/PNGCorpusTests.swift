import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCodecs

/// The shared corpus: edge-case PNGs, real photos with an iCCP warning, and broken or hostile files.
@Suite(.enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)))
struct PNGCorpusTests {
    static let edgePNGs = TestPaths.corpusFiles("edge").filter { $0.hasSuffix(".png") }
    static let photoPNGs = TestPaths.corpusFiles("photos").filter { $0.hasPrefix("sk_") && $0.hasSuffix(".png") }

    func decode(_ relative: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile(relative)), options: options)
    }

    func expectCatalogSize(_ relative: String, _ decoded: DecodedImage) throws {
        let size = try #require(Catalog.entries[relative]?.displaySize, "\(relative) has no size in CATALOG.tsv")
        #expect(decoded.image.size == PixelSize(width: size.width, height: size.height), "\(relative)")
        #expect(decoded.info.size == decoded.image.size)
    }

    @Test(arguments: edgePNGs)
    func edgeFileDecodesToCatalogSize(file: String) throws {
        let decoded = try decode("edge/" + file)
        try expectCatalogSize("edge/" + file, decoded)
        #expect(decoded.warnings.isEmpty, "\(file): \(decoded.warnings)")
    }

    @Test func sixteenBitStaysSixteenBit() throws {
        let decoded = try decode("edge/rgb16.png")
        #expect(decoded.image.format == PixelFormat(layout: .rgb, sampleType: .uint16))
        #expect(decoded.info.bitDepth == 16 && decoded.info.colorModel == "rgb")
        // Native byte order: the first samples of rows 0 and 20 as an independent decoder (Python zlib +
        // PNG unfiltering) reads them from the big-endian file.
        let samples = decoded.image.samples16, row = decoded.image.samplesPerRow
        #expect(Array(samples[0..<12]) == [25600, 28159, 21503, 28160, 29695, 21504, 30720, 30208, 22528, 33280, 32767, 26111])
        #expect(Array(samples[(20 * row)..<(20 * row + 12)]) == [32255, 32768, 25600, 33279, 33279, 26623, 34303, 33792, 27648, 34816, 33792, 28671])
    }

    @Test func paletteWithTransparencyDecodesToRGBA() throws {
        let decoded = try decode("edge/palette_trns.png")
        #expect(decoded.image.format == .rgba8)
        #expect(decoded.info.colorModel == "palette" && decoded.info.hasAlpha)
        let samples = decoded.image.samples8
        let alphas = Set(stride(from: 3, to: samples.count, by: 4).map { samples[$0] })
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 2)
    }

    @Test func grayAlphaStaysGrayAlpha() throws {
        let decoded = try decode("edge/gray_alpha.png")
        #expect(decoded.image.format == PixelFormat(layout: .grayAlpha, sampleType: .uint8))
        #expect(decoded.info.colorModel == "gray+alpha" && decoded.info.hasAlpha)
        // Alpha ramps 0 -> 255 left to right.
        let row = decoded.image.samples8.prefix(decoded.image.samplesPerRow)
        #expect(row[1] == 0 && row[row.count - 1] == 255)
    }

    @Test func interlacedDecodes() throws {
        let decoded = try decode("edge/interlaced.png")
        #expect(decoded.info.details == ["interlaced"])
        #expect(decoded.image.format == .rgb8)
        #expect(try Codecs.probe(try TestPaths.bytes(TestPaths.corpusFile("edge/interlaced.png"))).details == ["interlaced"])
    }

    /// The photos' iCCP is the old HP sRGB profile: libpng warns, the file decodes, the profile is carried.
    @Test(arguments: photoPNGs)
    func photoDecodesDespiteICCWarning(file: String) throws {
        let decoded = try decode("photos/" + file)
        try expectCatalogSize("photos/" + file, decoded)
        #expect(decoded.warnings.contains("iCCP: known incorrect sRGB profile"), "\(decoded.warnings)")
        let icc = try #require(decoded.image.colorSpace.icc)
        #expect(icc.name == "sRGB IEC61966-2.1")
        #expect(decoded.image.colorSpace.family == .sRGB)
        #expect(decoded.info.colorSpace == decoded.image.colorSpace)
    }

    @Test func photoICCProfileSurvivesReencoding() throws {
        let decoded = try decode("photos/sk_astronaut.png")
        let encoded = try Codecs.encode(decoded.image, as: .png(PNGEncodeOptions()))
        let again = try Codecs.decode(encoded)
        #expect(again.image == decoded.image)
        #expect(again.image.colorSpace.icc?.bytes == decoded.image.colorSpace.icc?.bytes)
        #expect(PNGChunks.types(encoded).filter { $0 != "IDAT" } == ["IHDR", "iCCP", "IEND"])
    }

    @Test func criticalCRCErrorFailsTheFile() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/bad_crc.png"))
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes) }
        #expect(error.reason == .corrupt("IHDR: CRC error"))
        #expect(error.description == "decode failed (png): IHDR: CRC error")
        let probeError = try #require(throws: CodecError.self) { try Codecs.probe(bytes) }
        #expect(probeError.description == "probe failed (png): IHDR: CRC error")
    }

    @Test func truncatedFileFails() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/truncated.png"))
        let error = try #require(throws: CodecError.self) { try Codecs.decode(bytes) }
        #expect(error.reason == .corrupt("unexpected end of PNG data (file truncated)"))
        #expect(error.format == .png && error.stage == .decode)
    }

    @Test(arguments: [("bad/bomb_header_100000x100000.png", 100_000, 100_000), ("bad/bomb_valid_30000x30000_1bit.png", 30_000, 30_000)])
    func bombIsRefusedByThePixelLimit(file: String, width: Int, height: Int) throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile(file))
        let limit = CodecError.Reason.pixelLimitExceeded(width: width, height: height, limit: DecodeOptions.defaultMaxPixels)
        let decodeError = try #require(throws: CodecError.self) { try Codecs.decode(bytes) }
        #expect(decodeError.reason == limit && decodeError.stage == .decode && decodeError.format == .png)
        let probeError = try #require(throws: CodecError.self) { try Codecs.probe(bytes) }
        #expect(probeError.reason == limit && probeError.stage == .probe)
    }
}
