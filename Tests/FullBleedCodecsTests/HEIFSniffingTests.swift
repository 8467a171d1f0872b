import Testing
@testable import FullBleedCodecs
import FullBleedTestSupport

/// HEIC / AVIF detection from the `ftyp` brands.
@Suite struct HEIFSniffingTests {
    /// A file start: an `ftyp` box with `major` and `compatible` brands, then `rest`.
    static func ftyp(_ major: String, _ compatible: [String], rest: [UInt8] = []) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        var bytes: [UInt8] = [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
        for brand in compatible { bytes += Array(brand.utf8) }
        return bytes + rest
    }

    @Test(arguments: [
        ("heic", ["mif1", "heic"], ImageFormat.heic), ("heix", ["mif1", "heix"], .heic), ("hevc", ["msf1"], .heic),
        ("avif", ["mif1", "avif", "miaf"], .avif), ("avis", ["msf1", "avis"], .avif),
        ("mif1", ["mif1", "avif", "miaf"], .avif), ("mif1", ["mif1", "heic"], .heic),
        // libheif decides by order: the first codec brand in the list wins.
        ("mif1", ["mif1", "heic", "avif"], .heic), ("mif1", ["miaf", "avif", "heic"], .avif),
        ("msf1", ["msf1", "mif1"], .heic),
    ])
    func brands(major: String, compatible: [String], expected: ImageFormat) {
        #expect(ImageFormat.sniff(Self.ftyp(major, compatible)) == expected)
    }

    @Test func genericBrandWithAnAV1ConfigurationIsAVIF() {
        let meta = Array("....metahdlr....pictiprp....ipco....av1C".utf8)
        #expect(ImageFormat.sniff(Self.ftyp("mif1", ["mif1", "miaf"], rest: meta)) == .avif)
        let hevc = Array("....metahdlr....pictiprp....ipco....hvcC".utf8)
        #expect(ImageFormat.sniff(Self.ftyp("mif1", ["mif1", "miaf"], rest: hevc)) == .heic)
    }

    @Test func otherISOBMFFFilesAreNotImages() {
        #expect(ImageFormat.sniff(Self.ftyp("isom", ["isom", "mp41"])) == nil)
        #expect(ImageFormat.sniff(Self.ftyp("qt  ", [])) == nil)
        #expect(ImageFormat.sniff(Array("\0\0\0\u{18}ftyp".utf8)) == nil)   // cut before the major brand
        #expect(ImageFormat.sniff([0, 0, 0, 8] + Array("ftypheic".utf8)) == nil)   // box shorter than its own fields
    }

    @Test func unknownSignatureMessageNamesTheNewFormats() throws {
        let error = try #require(throws: CodecError.self) { try Codecs.probe(Array("GIF89a..".utf8)) }
        #expect(error.reasonText.hasPrefix("not a JPEG, PNG, WebP, HEIC or AVIF image"))
    }
}
