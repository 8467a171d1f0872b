import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// FullBleed's Ultra HDR writer: read back by FullBleed's reader, and (through committed references made
/// by `make_fixtures.py`, or live when the venv exists) by libultrahdr 1.4.0.
@Suite struct UltraHDRWriteTests {
    /// The writer's input for `fullbleed_written.jpg`: the base and RGB gain map of `uhdr_rgb_srgb.jpg` as FullBleed decodes them.
    static func input() throws -> (Image, GainMap) {
        let decoded = try Codecs.decode(try HDRFixtures.bytes("uhdr_rgb_srgb.jpg"))
        return (decoded.image, try #require(decoded.gainMap))
    }

    static func written() throws -> [UInt8] {
        let (base, map) = try Self.input()
        return try Codecs.encodeUltraHDR(base, gainMap: map, options: JPEGEncodeOptions(quality: 90), gainMapQuality: 95)
    }

    @Test func writtenFilesReadBackWithTheSameMetadataAndMap() throws {
        let (base, map) = try Self.input()
        let bytes = try Self.written()
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let back = try #require(decoded.gainMap)
        #expect(decoded.info.gainMap?.source == .iso21496)
        for c in 0..<3 {
            let a = back.metadata.channel(c), b = map.metadata.channel(c)
            #expect(abs(a.gainMapMin - b.gainMapMin) < 1e-8 && abs(a.gainMapMax - b.gainMapMax) < 1e-8 && abs(a.gamma - b.gamma) < 1e-8)
            #expect(abs(a.offsetSDR - b.offsetSDR) < 1e-8 && abs(a.offsetHDR - b.offsetHDR) < 1e-8)
        }
        #expect(back.metadata.hdrCapacityMax == map.metadata.hdrCapacityMax && back.metadata.hdrCapacityMin == map.metadata.hdrCapacityMin)
        #expect(back.metadata.isMultichannel == map.metadata.isMultichannel && back.isColor)
        #expect(back.size == map.size)
        #expect(ImageComparison.psnr(back.image, map.image) > 40)  // the map is re-encoded as JPEG q95 4:4:4
        #expect(ImageComparison.psnr(decoded.image, base) > 35)
        #expect(decoded.image.colorSpace.family == base.colorSpace.family)

        // The XMP copy says the same.
        let ranges = try UltraHDRLayout.imageRanges(bytes)
        let mapHeader = try JPEGDecompressor.run(Array(bytes[ranges[1]]), stage: .probe) { try $0.readHeader() }
        let xmp = try XMPGainMap.metadata(try #require(mapHeader.segments.first { $0.kind == .xmp }).payload)
        #expect(xmp.channels.count == 3 && zip(xmp.channels, map.metadata.channels).allSatisfy { abs($0.gainMapMax - $1.gainMapMax) < 1e-12 })
        #expect(xmp.hdrCapacityMax == map.metadata.hdrCapacityMax)
    }

    @Test func offsetsAreExactAndBytesDeterministic() throws {
        let bytes = try Self.written()
        #expect(try Self.written() == bytes)
        let ranges = try UltraHDRLayout.imageRanges(bytes)
        #expect(ranges.count == 2 && ranges[0] == 0..<ranges[1].lowerBound && ranges[1].upperBound == bytes.count)
        #expect(bytes[ranges[1].lowerBound] == 0xFF && bytes[ranges[1].lowerBound + 1] == 0xD8)
        #expect(bytes[ranges[0].upperBound - 2] == 0xFF && bytes[ranges[0].upperBound - 1] == 0xD9)
        // The primary XMP's Item:Length is the gain map's size; the primary has the ISO version box.
        let header = try JPEGDecompressor.run(bytes, stage: .probe) { try $0.readHeader() }
        let primaryXMP = String(decoding: try #require(header.segments.first { $0.kind == .xmp }).payload, as: UTF8.self)
        #expect(primaryXMP.contains("Item:Semantic=\"GainMap\" Item:Mime=\"image/jpeg\" Item:Length=\"\(ranges[1].count)\""))
        #expect(header.segments.first { $0.kind == .iso21496 }?.payload == ISO21496Metadata.versionBox)
        #expect(header.icc != nil)
    }

    @Test func grayMapsAndOrientationSurviveTheRoundTrip() throws {
        let decoded = try Codecs.decode(try HDRFixtures.bytes("uhdr_orient6.jpg"))
        let map = try #require(decoded.gainMap)
        let bytes = try Codecs.encodeUltraHDR(decoded.image, gainMap: map, options: JPEGEncodeOptions(quality: 92))
        let back = try Codecs.decode(bytes)
        let backMap = try #require(back.gainMap)
        #expect(back.image.size == PixelSize(width: 384, height: 256) && back.info.orientation == .up)
        #expect(!backMap.isColor && backMap.size == PixelSize(width: 96, height: 64))
        #expect(ImageComparison.psnr(backMap.image, map.image) > 38)  // q90 gray map: 39.5 dB measured
        #expect(backMap.metadata.simplified.channels.count == 1)
    }

    /// What the asset catalog gets: the written file without its gain map is, byte for byte, the plain
    /// JPEG of the same base, which reads with no gain map; a file without MPF is refused.
    @Test func strippingTheGainMapGivesThePlainJPEGOfTheBase() throws {
        let (base, _) = try Self.input()
        let stripped = try Codecs.standardDynamicRangeJPEG(strippingGainMapFrom: try Self.written())
        let plainBase = try Codecs.encode(base, as: .jpeg(JPEGEncodeOptions(quality: 90)))
        #expect(stripped == plainBase)
        let decoded = try Codecs.decode(stripped)
        #expect(decoded.gainMap == nil && decoded.info.gainMap == nil && decoded.warnings.isEmpty)
        // A libultrahdr file too: its primary, without MPF, ISO and hdrgm segments, decodes to the same pixels.
        let uhdr = try HDRFixtures.bytes("uhdr_gray_p3.jpg")
        let plain = try Codecs.standardDynamicRangeJPEG(strippingGainMapFrom: uhdr)
        let plainDecoded = try Codecs.decode(plain), uhdrDecoded = try Codecs.decode(uhdr)
        #expect(plain.count < uhdr.count && plainDecoded.info.gainMap == nil)
        #expect(plainDecoded.image == uhdrDecoded.image)
        #expect(throws: CodecError.self) { try Codecs.standardDynamicRangeJPEG(strippingGainMapFrom: stripped) }
    }

    @Test func invalidInputIsRefused() throws {
        let (base, map) = try Self.input()
        var bad = map
        bad.metadata.hdrCapacityMax = -1
        #expect(throws: CodecError.self) { try Codecs.encodeUltraHDR(base, gainMap: bad) }
        let big = try GainMap(image: Image(width: base.width + 1, height: base.height, format: .gray8), metadata: map.metadata)
        #expect(throws: CodecError.self) { try Codecs.encodeUltraHDR(base, gainMap: big) }
    }

    /// ISO 21496-1 serialisation round trip, HDR base included, and the binary layout of one box.
    @Test func isoBoxRoundTripsAndHasTheDocumentedLayout() throws {
        let m = GainMapMetadata(channels: [.init(gainMapMin: -0.5, gainMapMax: 1.5, gamma: 1, offsetSDR: 0.015625, offsetHDR: 0.03125),
                                           .init(gainMapMin: 0, gainMapMax: 2, gamma: 2.2, offsetSDR: 0, offsetHDR: 0),
                                           .init(gainMapMin: 0.25, gainMapMax: 3, gamma: 0.5, offsetSDR: 0.1, offsetHDR: 0.2)],
                                hdrCapacityMin: 0.5, hdrCapacityMax: 3, baseRenditionIsHDR: false, useBaseColorSpace: true)
        let bytes = ISO21496Metadata.serialize(m)
        #expect(bytes.count == 5 + 16 + 3 * 40)
        #expect(Array(bytes[0..<5]) == [0, 0, 0, 0, 0xC0])
        guard case .metadata(let back) = try ISO21496Metadata.parse(bytes) else { Issue.record("no metadata"); return }
        for c in 0..<3 {
            let a = back.channel(c), b = m.channel(c)
            #expect(abs(a.gamma - b.gamma) < 1e-8 && abs(a.offsetHDR - b.offsetHDR) < 1e-8 && a.gainMapMax == b.gainMapMax)
        }
        var hdr = m
        hdr.baseRenditionIsHDR = true
        guard case .metadata(let hdrBack) = try ISO21496Metadata.parse(ISO21496Metadata.serialize(hdr)) else { Issue.record("no metadata"); return }
        #expect(hdrBack.baseRenditionIsHDR && hdrBack.hdrCapacityMax == 3 && hdrBack.hdrCapacityMin == 0.5)
        #expect(hdrBack.channel(0).offsetSDR == 0.015625 && hdrBack.channel(0).offsetHDR == 0.03125)
        #expect(try ISO21496Metadata.parse([0, 0, 0, 0]) == .versionOnly)
        #expect(throws: GainMapError.self) { try ISO21496Metadata.parse([0, 1, 0, 1]) }
        #expect(throws: GainMapError.self) { try ISO21496Metadata.parse(Array(bytes.prefix(30))) }
        // Common denominator form (libultrahdr writes it when every denominator is equal): flags bit 3.
        let common: [UInt8] = [0, 0, 0, 0, 0x48] + [0, 0, 0, 4] + [0, 0, 0, 0] + [0, 0, 0, 8]
            + [0, 0, 0, 0] + [0, 0, 0, 8] + [0, 0, 0, 4] + [0, 0, 0, 0] + [0, 0, 0, 0]
        guard case .metadata(let c) = try ISO21496Metadata.parse(common) else { Issue.record("no metadata"); return }
        #expect(c.hdrCapacityMax == 2 && c.channel(0).gainMapMax == 2 && c.channel(0).gamma == 1 && !c.isMultichannel)
    }

    /// `fullbleed_written.jpg` is this writer's output for `input()` (rewrite it with
    /// FULLBLEED_WRITE_HDR_FIXTURES=1, then run `make hdr-fixtures` for libultrahdr's reference). The bytes
    /// must not drift, and libultrahdr's reading of them (committed) must agree with FullBleed's.
    @Test func committedOutputIsReadTheSameByLibultrahdr() throws {
        let bytes = try Self.written()
        let url = HDRFixtures.folder.appendingPathComponent("fullbleed_written.jpg")
        if ProcessInfo.processInfo.environment["FULLBLEED_WRITE_HDR_FIXTURES"] == "1" { try Data(bytes).write(to: url) }
        #expect(try TestPaths.bytes(url) == bytes, "the writer's bytes changed: regenerate fullbleed_written.jpg and its reference")
        let reference = try #require(HDRFixtures.references["fullbleed_written.jpg"], "no libultrahdr reference: run make hdr-fixtures")
        let decoded = try Codecs.decode(bytes, options: DecodeOptions(applyOrientation: false))
        let map = try #require(decoded.gainMap)
        UltraHDRReadTests.expectMetadata(map.metadata, reference.metadata, "fullbleed_written.jpg")
        #expect(map.size == PixelSize(width: reference.gainMapWidth, height: reference.gainMapHeight))
        let linear = decoded.image.converted(to: HDRFixtures.linearRGB)
        let theirs = try HDRFixtures.referenceRendition("fullbleed_written.jpg")
        let psnr = HDRFixtures.linearPSNR(HDRFixtures.box4(UltraHDRReadTests.cornerAlignedRendition(map, linear)), theirs,
                                          peak: map.metadata.headroom)
        print("fullbleed_written.jpg: libultrahdr's HDR rendition vs FullBleed's \(String(format: "%.1f", psnr)) dB (linear light)")
        #expect(psnr > 45)
    }

    /// The same, live: libultrahdr (the `.build/hdr-venv` of `make hdr-venv`) decodes a file written now.
    @Test(.enabled(if: HDROracle.available, HDROracle.missingMessage))
    func libultrahdrDecodesWhatIsWrittenNow() throws {
        let bytes = try Self.written()
        let temporary = try TemporaryDirectory("hdr")
        defer { temporary.remove() }
        let path = try temporary.write("written.jpg", bytes)
        let report = try HDROracle.reference(path)
        let decoded = try Codecs.decode(bytes)
        let map = try #require(decoded.gainMap)
        UltraHDRReadTests.expectMetadata(map.metadata, report.metadata, "written.jpg")
        let theirs = try HDROracle.rendition(report)
        let linear = decoded.image.converted(to: HDRFixtures.linearRGB)
        let psnr = HDRFixtures.linearPSNR(HDRFixtures.box4(UltraHDRReadTests.cornerAlignedRendition(map, linear)), theirs,
                                          peak: map.metadata.headroom)
        print("live libultrahdr: \(String(format: "%.1f", psnr)) dB")
        #expect(psnr > 45)
    }
}

/// libultrahdr through `make_fixtures.py reference FILE`, when `make hdr-venv` has made the venv.
enum HDROracle {
    static var python: URL { TestPaths.packageRoot.appendingPathComponent(".build/hdr-venv/bin/python") }
    static var available: Bool { FileManager.default.isExecutableFile(atPath: python.path) }
    static let missingMessage: Comment = "no .build/hdr-venv (run make hdr-venv): live libultrahdr check skipped"

    struct Report: Decodable {
        var width: Int
        var height: Int
        var gainMapWidth: Int
        var gainMapHeight: Int
        var metadata: HDRFixtures.Reference.Metadata
        var reference: String
    }

    static func reference(_ path: String) throws -> Report {
        let process = Process()
        process.executableURL = python
        process.arguments = [TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/hdr/make_fixtures.py").path, "reference", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("make_fixtures.py reference exited \(process.terminationStatus)") }
        return try JSONDecoder().decode(Report.self, from: output)
    }

    static func rendition(_ report: Report) throws -> Image {
        let data = try Data(contentsOf: URL(fileURLWithPath: report.reference))
        let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return Image(width: report.width / 4, height: report.height / 4, format: HDRFixtures.linearRGB, floatSamples: floats)
    }
}
