import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCodecs

/// PngSuite (Willem van Schaik): every valid file against its RGBA golden, every `x*` file rejected.
@Suite(.enabled(if: TestPaths.hasPngSuite, Comment(rawValue: TestPaths.pngSuiteMissingMessage)))
struct PNGSuiteTests {
    /// Decoded samples, expanded to RGBA, equal the golden exactly; 16-bit files stay 16-bit and are
    /// compared at 16 bits. gAMA is not applied (the goldens hold the stored values).
    @Test(arguments: TestPathsPNG.validNames)
    func decodesExactlyToGolden(name: String) throws {
        let decoded = try Codecs.decode(try TestPathsPNG.bytes(name))
        let image = decoded.image
        #expect(image.format.sampleType == (decoded.info.bitDepth == 16 ? .uint16 : .uint8))
        #expect(image.format.alphaMode == .straight && image.format.transfer == .encoded)
        #expect(image.hasAlpha == decoded.info.hasAlpha)
        let golden = try PNGGolden.load(name)
        let samples = PNGGolden.rgbaSamples(image)
        #expect(samples.count == golden.count)
        let firstDifference = zip(samples, golden).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "\(name): sample \(firstDifference?.offset ?? -1) is \(firstDifference?.element.0 ?? -1), golden \(firstDifference?.element.1 ?? -1)")
    }

    /// Probing agrees with decoding on size, depth, alpha and interlacing.
    @Test(arguments: TestPathsPNG.validNames)
    func probeMatchesDecode(name: String) throws {
        let bytes = try TestPathsPNG.bytes(name)
        let info = try Codecs.probe(bytes)
        let decoded = try Codecs.decode(bytes)
        #expect(info == decoded.info)
        #expect(info.size == decoded.image.size)
        #expect(info.details.contains("interlaced") == (name.dropFirst(3).first == "i"))
    }

    /// Every deliberately broken file throws a PNG corrupt-data error carrying libpng's message, even
    /// where a golden exists (xcsn0g01: IDAT CRC; xhdn0g08: IHDR CRC).
    @Test(arguments: TestPathsPNG.invalidNames)
    func rejectsBrokenFile(name: String) throws {
        let bytes = try TestPathsPNG.bytes(name)
        let error = try #require(throws: CodecError.self) { try PNGCodec.decode(bytes, options: DecodeOptions()) }
        #expect(error.stage == .decode && error.format == .png)
        guard case .corrupt(let message) = error.reason else {
            Issue.record("\(name): expected a corrupt-data error, got \(error)")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func brokenFilesFailWithLibpngsMessage() throws {
        let expected = [
            "xhdn0g08": "IHDR: CRC error",
            "xcsn0g01": "IDAT: CRC error",
            "xs1n0g01": "Not a PNG file",
            "xlfn0g04": "PNG file corrupted by ASCII conversion",
        ]
        for (name, message) in expected {
            let error = try #require(throws: CodecError.self) { try PNGCodec.decode(try TestPathsPNG.bytes(name), options: DecodeOptions()) }
            #expect(error.reason == .corrupt(message), "\(name)")
        }
    }

    /// `NAME_to8.json` is the 8-bit reduction of the 16-bit golden. It truncates (`v >> 8`, libpng's
    /// `png_set_strip_16`) for most files, while FullBleed rounds to nearest (`round(v / 257)`, as
    /// `png_set_scale_16` and `Image.converted(to:)` do): writing a 16-bit file as 8-bit must give exactly
    /// the rounded values, which are never more than 1 away from the golden.
    @Test(arguments: TestPathsPNG.reducedNames)
    func sixteenToEightBitReduction(name: String) throws {
        let decoded = try Codecs.decode(try TestPathsPNG.bytes(name)).image
        #expect(decoded.format.sampleType == .uint16)
        let reencoded = try Codecs.encode(decoded, as: .png(PNGEncodeOptions(bitDepth: 8)))
        let eight = try Codecs.decode(reencoded).image
        #expect(eight.format.sampleType == .uint8)
        let sixteen = PNGGolden.rgbaSamples(decoded)
        let reduced = PNGGolden.rgbaSamples(eight)
        #expect(reduced == sixteen.map { ($0 * 255 + 32767) / 65535 })
        let golden = try PNGGolden.load(name + "_to8")
        let worst = zip(reduced, golden).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1, "\(name): reduction differs from the _to8 golden by \(worst)")
    }
}
