import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Apple-style HEIC gain maps: a 2x2 HEVC grid (120x100, what iPhones write) with an auxiliary image of
/// type `urn:com:apple:photo:2020:aux:hdrgainmap` and an EXIF block whose Apple maker note carries the
/// headroom tags, assembled by `HEIFGridBuilder` (libheif 1.15 cannot write auxiliary images).
@Suite struct HEIFGainMapTests {
    /// A 96x80 map (the grid's 1.2 aspect ratio, sides multiples of 8 so libheif writes one `hvc1` item)
    /// of constant Apple code `code`, lossless HEVC.
    static func appleMap(code: UInt8, width: Int = 96, height: Int = 80) throws -> HEIFTile {
        let gray = SyntheticImages.rgb8(width: width, height: height) { _, _, _ in code }
        let tile = try HEIFTile(singleImageHEIF: try HEIFTestFiles.encode(gray, .hevc, quality: 100, lossless: true))
        try #require(tile.itemType == "hvc1", "libheif wrote a \(tile.itemType) item")
        return tile
    }

    /// A big-endian TIFF block (no `Exif\0\0`): IFD0 -> Exif IFD -> MakerNote "Apple iOS" with tags 0x21 and
    /// 0x30 as SRATIONAL values `maker33` = n33/d33 and `maker48` = n48/d48.
    static func appleEXIF(maker33: (Int32, Int32), maker48: (Int32, Int32)) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func s32(_ v: Int32) -> [UInt8] { u32(Int(UInt32(bitPattern: v))) }
        // Maker note: 14-byte header, IFD of 2 entries (2 + 24 + 4 bytes), then the two rationals.
        let header = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8)
        let valuesAt = header.count + 2 + 2 * 12 + 4
        var note = header + u16(2)
        note += u16(0x0021) + u16(10) + u32(1) + u32(valuesAt)
        note += u16(0x0030) + u16(10) + u32(1) + u32(valuesAt + 8)
        note += u32(0) + s32(maker33.0) + s32(maker33.1) + s32(maker48.0) + s32(maker48.1)
        // TIFF: header (8), IFD0 at 8 with 1 entry (ExifIFD), Exif IFD at 26 with 1 entry (MakerNote), note at 44.
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + u32(8)
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(26) + u32(0)
        tiff += u16(1) + u16(0x927C) + u16(7) + u32(note.count) + u32(44) + u32(0)
        return tiff + note
    }

    static func appleXMP(headroom: Double?) -> [UInt8] {
        let value = headroom.map { " HDRGainMap:HDRGainMapHeadroom=\"\($0)\"" } ?? ""
        return Array(("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:HDRGainMap=\"http://ns.apple.com/HDRGainMap/1.0/\" HDRGainMap:HDRGainMapVersion=\"65536\"\(value)/>"
            + "</rdf:RDF></x:xmpmeta>").utf8)
    }

    static func file(map: HEIFTile, exif: [UInt8]?, xmp: [UInt8]? = nil, turns: Int = 0, mapTurns: Int = 0) throws -> [UInt8] {
        try #require(HEIFGridTests.sourceTiles.count == 4)
        var builder = HEIFGridBuilder(rows: 2, columns: 2, outputWidth: 120, outputHeight: 100)
        var auxiliary = HEIFGridBuilder.Auxiliary(image: map, type: AppleGainMap.auxiliaryType, xmp: xmp)
        auxiliary.quarterTurnsCounterClockwise = mapTurns
        builder.auxiliaries = [auxiliary]
        builder.exif = exif
        builder.quarterTurnsCounterClockwise = turns
        return builder.build(tiles: HEIFGridTests.sourceTiles)
    }

    @Test func appleFormulaGivesTheHeadroom() {
        func stops(_ maker33: Double, _ maker48: Double) -> Double? {
            AppleHDRMakerNote(hdrHeadroom: maker33, hdrGain: maker48).headroom.map(log2)
        }
        #expect(abs(stops(0.5, 0.005)! - 1.7) < 1e-12)     // -20 * 0.005 + 1.8
        #expect(abs(stops(0.5, 0.5)! - 1.5505) < 1e-12)    // -0.101 * 0.5 + 1.601
        #expect(abs(stops(1.5, 0.005)! - 2.65) < 1e-12)    // -70 * 0.005 + 3
        #expect(abs(stops(1.5, 1.0)! - 2.0) < 1e-12)       // -0.303 + 2.303
        #expect(stops(1.5, 10)! == 0)                      // max(stops, 0)
        #expect(AppleHDRMakerNote(hdrHeadroom: 1, hdrGain: nil).headroom == nil)
    }

    @Test func makerNoteIsReadFromEXIF() throws {
        let exif = try #require(EXIFMetadata.parse(Self.appleEXIF(maker33: (101, 100), maker48: (5, 1000))))
        let note = try #require(exif.appleHDR)
        #expect(note.hdrHeadroom == 1.01 && note.hdrGain == 0.005)
        #expect(EXIFMetadata.parse(Array("Exif".utf8) + [0, 0] + Self.appleEXIF(maker33: (1, 2), maker48: (1, 2)))?.appleHDR?.hdrGain == 0.5)
    }

    /// Apple's linear formula against the ISO form FullBleed stores it in, for every code: within half an
    /// 8-bit step of the log gain. Measured worst relative error: 0.13 % (H = 2), 0.26 % (H = 4), 0.40 % (H = 8).
    @Test(arguments: [2.0, 4.0, 8.0])
    func isoFormOfAppleMapsMatchesApplesFormula(headroom: Double) {
        let metadata = AppleGainMap.metadata(headroom: headroom)
        let table = AppleGainMap.isoCodes(headroom: headroom)
        var worst = 0.0
        for code in 0...255 {
            let apple = 1 + (headroom - 1) * AppleGainMap.rec709Linear(Double(code) / 255)
            let iso = exp2(metadata.channel(0).log2Gain(code: table[code]))
            worst = max(worst, abs(iso / apple - 1))
        }
        print("Apple gain map as ISO 21496-1, headroom \(headroom): worst gain error \(String(format: "%.2f", worst * 100)) %")
        #expect(worst <= exp2(0.5 / 255 * log2(headroom)) - 1 + 1e-9)
        #expect(table[0] == 0 && table[255] == 255)
    }

    @Test func appleGainMapReadsWithTheMakerNoteHeadroom() throws {
        let bytes = try Self.file(map: try Self.appleMap(code: 128), exif: Self.appleEXIF(maker33: (101, 100), maker48: (5, 1000)))
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let map = try #require(decoded.gainMap)
        #expect(decoded.image.size == PixelSize(width: 120, height: 100) && map.size == PixelSize(width: 96, height: 80))
        #expect(decoded.info.gainMap?.source == .apple)
        #expect(abs(map.metadata.hdrCapacityMax - 2.65) < 1e-9 && map.metadata.hdrCapacityMin == 0)
        #expect(abs(map.metadata.channel(0).gainMapMax - 2.65) < 1e-9 && map.metadata.channel(0).offsetSDR == 0)
        // Code 128 (lossless HEVC, +-1 through the YCbCr round trip) in ISO form.
        let table = AppleGainMap.isoCodes(headroom: exp2(2.65))
        let allowed = Set([table[127], table[128], table[129]])
        #expect(map.image.samples8.allSatisfy { allowed.contains($0) }, "\(Set(map.image.samples8))")
        let probe = try Codecs.probe(bytes)
        #expect(probe.gainMap?.size == map.size && probe.gainMap?.metadata == map.metadata)
    }

    /// `Tests/Fixtures/hdr/apple_gainmap.heic`, the Apple-style HEIC the pipeline's HDR tests build: this
    /// builder's file with a constant map (Apple code 160) and the maker note of a 2.65-stop photo. Rewrite
    /// it with FULLBLEED_WRITE_HDR_FIXTURES=1; the committed file must read with the maker note's headroom.
    @Test func committedAppleFixtureReadsWithItsHeadroom() throws {
        let url = HDRFixtures.folder.appendingPathComponent("apple_gainmap.heic")
        if ProcessInfo.processInfo.environment["FULLBLEED_WRITE_HDR_FIXTURES"] == "1" {
            let bytes = try Self.file(map: try Self.appleMap(code: 160), exif: Self.appleEXIF(maker33: (101, 100), maker48: (5, 1000)))
            try Data(bytes).write(to: url)
        }
        let decoded = try Codecs.decode(try TestPaths.bytes(url))
        let map = try #require(decoded.gainMap, "\(decoded.warnings)")
        #expect(decoded.info.gainMap?.source == .apple && abs(map.metadata.hdrCapacityMax - 2.65) < 1e-9)
        #expect(decoded.image.size == PixelSize(width: 120, height: 100) && map.size == PixelSize(width: 96, height: 80))
    }

    @Test func xmpHeadroomWinsOverTheMakerNote() throws {
        let bytes = try Self.file(map: try Self.appleMap(code: 200), exif: Self.appleEXIF(maker33: (101, 100), maker48: (5, 1000)),
                                  xmp: Self.appleXMP(headroom: 3))
        let map = try #require(try Codecs.decode(bytes).gainMap)
        #expect(abs(map.metadata.headroom - 3) < 1e-9)
    }

    @Test func aMapWithoutHeadroomIsAWarning() throws {
        let decoded = try Codecs.decode(try Self.file(map: try Self.appleMap(code: 200), exif: nil, xmp: Self.appleXMP(headroom: nil)))
        #expect(decoded.gainMap == nil && decoded.image.size == PixelSize(width: 120, height: 100))
        #expect(decoded.warnings == ["gain map ignored: invalid gain map metadata: Apple gain map without a headroom (no HDRGainMapHeadroom XMP, no maker note tags 33 and 48)"])
        // A headroom of 1 (stops <= 0): no HDR effect, refused.
        let flat = try Codecs.decode(try Self.file(map: try Self.appleMap(code: 200), exif: Self.appleEXIF(maker33: (3, 2), maker48: (10, 1))))
        #expect(flat.gainMap == nil && flat.warnings.first?.contains("HDRCapacityMax 0.0 is not above") == true, "\(flat.warnings)")
    }

    @Test func aMapLargerThanTheImageIsAWarning() throws {
        let decoded = try Codecs.decode(try Self.file(map: try Self.appleMap(code: 50, width: 128, height: 112),
                                                      exif: Self.appleEXIF(maker33: (1, 2), maker48: (1, 2))))
        #expect(decoded.gainMap == nil)
        #expect(decoded.warnings.first?.contains("128x112 is larger than the 120x100 image") == true, "\(decoded.warnings)")
    }

    /// `irot` on both the grid and the map (what Apple writes): both come out turned; on the grid only: the
    /// map's shape no longer matches and it is refused.
    @Test func rotationAppliesToTheMapWhenItCarriesIt() throws {
        let exif = Self.appleEXIF(maker33: (1, 2), maker48: (1, 2))
        let both = try Codecs.decode(try Self.file(map: try Self.appleMap(code: 90), exif: exif, turns: 3, mapTurns: 3))
        #expect(both.image.size == PixelSize(width: 100, height: 120))
        #expect(both.gainMap?.size == PixelSize(width: 80, height: 96), "\(both.warnings)")
        let primaryOnly = try Codecs.decode(try Self.file(map: try Self.appleMap(code: 90), exif: exif, turns: 3))
        #expect(primaryOnly.gainMap == nil)
        #expect(primaryOnly.warnings.first?.contains("does not have the shape") == true, "\(primaryOnly.warnings)")
    }

    @Test func heicWithoutGainMapIsUnchanged() throws {
        let bytes = try HEIFGridTests.grid()
        let decoded = try Codecs.decode(bytes)
        #expect(decoded.gainMap == nil && decoded.info.gainMap == nil && decoded.warnings.isEmpty)
        #expect(decoded.image == (try Codecs.decode(bytes, options: DecodeOptions(readsGainMap: false))).image)
    }
}
