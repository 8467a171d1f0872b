/// Tells HEIC from AVIF by the ISO-BMFF `ftyp` box at the start of the file, in pure Swift.
///
/// The rule follows libheif's `heif_read_main_brand` / `heif_check_filetype`, which decide by the
/// major brand: `heic`, `heix`, `hevc`, `hevx`, `heim`, `heis` -> HEIC; `avif`, `avis` -> AVIF.
/// For the generic brands (`mif1`, `msf1`, `miaf`, `mif2`), which libheif answers with "maybe", the
/// compatible brands are read in list order and the first HEVC or AV1 brand decides. When the list
/// names neither, the codec configuration box of the first image property found in the header
/// (`hvcC` or `av1C`) decides, and a plain HEIF with neither is reported as HEIC (libheif reads both).
enum HEIFFileType {
    static let hevcBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis"]
    static let av1Brands: Set<String> = ["avif", "avis"]
    static let genericBrands: Set<String> = ["mif1", "msf1", "miaf", "mif2"]
    /// How far into the file the codec configuration box is looked for (the `meta` box comes first).
    static let propertySearchLength = 4096

    /// `.heic` or `.avif` when `bytes` start with an `ftyp` box of a HEIF brand, else nil.
    static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(propertySearchLength))
        guard let brands = brands(head) else { return nil }
        if hevcBrands.contains(brands.major) { return .heic }
        if av1Brands.contains(brands.major) { return .avif }
        guard genericBrands.contains(brands.major) || brands.compatible.contains(where: genericBrands.contains) else { return nil }
        for brand in brands.compatible {
            if hevcBrands.contains(brand) { return .heic }
            if av1Brands.contains(brand) { return .avif }
        }
        return firstCodecConfiguration(in: head) ?? .heic
    }

    /// The major brand and the compatible brands, in file order, of a leading `ftyp` box.
    static func brands(_ head: [UInt8]) -> (major: String, compatible: [String])? {
        guard head.count >= 12, fourCC(head, at: 4) == "ftyp" else { return nil }
        let declared = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard declared >= 16 || declared == 0 else { return nil }
        let end = min(declared == 0 ? head.count : declared, head.count)
        var compatible: [String] = []
        var offset = 16
        while offset + 4 <= end {
            compatible.append(fourCC(head, at: offset))
            offset += 4
        }
        return (fourCC(head, at: 8), compatible)
    }

    /// `.heic` for the first `hvcC`, `.avif` for the first `av1C`, whichever comes first in `head`.
    static func firstCodecConfiguration(in head: [UInt8]) -> ImageFormat? {
        let hvcC = Array("hvcC".utf8), av1C = Array("av1C".utf8)
        var offset = 0
        while offset + 4 <= head.count {
            if head[offset..<(offset + 4)].elementsEqual(hvcC) { return .heic }
            if head[offset..<(offset + 4)].elementsEqual(av1C) { return .avif }
            offset += 1
        }
        return nil
    }

    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }
}
