import FullBleedImage

/// Writes an Ultra HDR v1.0 JPEG that also carries ISO 21496-1 metadata: the SDR base encoded like any
/// FullBleed JPEG (`JPEGEncoder`, its ICC profile embedded), followed by the gain map encoded as a second
/// JPEG, joined by an MPF index. No Debian library writes this container (libultrahdr is not packaged in
/// Debian 12), so the segments are written here from their documented byte formats:
///
/// ```
/// primary:   SOI, APP0 JFIF (the encoder's), APP1 XMP (hdrgm:Version + GContainer directory, Ultra HDR
///            v1.0 "XMP attributes"), APP2 ISO 21496-1 version box, APP2 MPF (CIPA DC-007 MP Index IFD,
///            big-endian, 2 MP entries), the encoder's other segments (APP2 ICC...) and scan, EOI
/// gain map:  SOI, APP0 JFIF, APP1 XMP (hdrgm metadata), APP2 ISO 21496-1 metadata, segments, scan, EOI
/// ```
///
/// The MPF entries give each image's size and, for the gain map, its offset from the MPF segment's TIFF
/// header (the byte after `MPF\0`), as CIPA DC-007 5.2.3.3 and libultrahdr's `generateMpf` define it; the
/// primary XMP's `Item:Length` is the gain map's size. Same inputs, same bytes.
enum UltraHDRWriter {
    /// The gain map JPEG's settings: quality `gainMapQuality`, 4:4:4 (an RGB map keeps full-resolution
    /// codes per channel), baseline, optimised Huffman tables.
    static func encode(_ base: Image, gainMap: GainMap, options: JPEGEncodeOptions, gainMapQuality: Int) throws -> [UInt8] {
        do throws(GainMapError) { try gainMap.metadata.validate() } catch {
            throw CodecError(stage: .encode, format: .jpeg, reason: .invalidOption("\(error)"))
        }
        guard gainMap.size.width <= base.width, gainMap.size.height <= base.height else {
            throw CodecError(stage: .encode, format: .jpeg, reason: .invalidOption(
                "gain map \(gainMap.size) is larger than the \(base.width)x\(base.height) image"))
        }
        let mapOptions = JPEGEncodeOptions(quality: gainMapQuality, progressive: false, optimizeHuffman: true, chromaSubsampling: .yuv444)
        var codes = gainMap.image
        codes.colorSpace = .sRGB  // untagged: the map's samples are codes, not colours
        let mapJPEG = try JPEGEncoder.encode(codes, options: mapOptions)
        let secondary = insertingAfterJFIF(mapJPEG, [
            segment(0xE1, identifier: xmpIdentifier, XMPGainMap.gainMapPacket(gainMap.metadata)),
            segment(0xE2, identifier: isoIdentifier, ISO21496Metadata.serialize(gainMap.metadata)),
        ])

        let baseJPEG = try JPEGEncoder.encode(base, options: options)
        let head = insertingAfterJFIF(Array(baseJPEG[0..<jfifEnd(baseJPEG)]), [
            segment(0xE1, identifier: xmpIdentifier, XMPGainMap.primaryPacket(gainMapLength: secondary.count)),
            segment(0xE2, identifier: isoIdentifier, ISO21496Metadata.versionBox),
        ])
        let rest = baseJPEG[jfifEnd(baseJPEG)...]
        let mpfLength = mpfSegment(primarySize: 0, gainMapSize: 0, gainMapOffset: 0).count
        let primarySize = head.count + mpfLength + rest.count
        let tiffHeader = head.count + 8  // FF E2, length, "MPF\0"
        let mpf = mpfSegment(primarySize: primarySize, gainMapSize: secondary.count, gainMapOffset: primarySize - tiffHeader)
        return head + mpf + rest + secondary
    }

    static let xmpIdentifier: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    static let isoIdentifier: [UInt8] = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0]

    /// A marker segment: FF, marker, big-endian length (payload + 2), identifier, payload.
    static func segment(_ marker: UInt8, identifier: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        let length = identifier.count + payload.count + 2
        precondition(length <= 0xFFFF, "segment of \(length) bytes")
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + identifier + payload
    }

    /// The end of SOI and, when the encoder wrote one first, its APP0 JFIF segment.
    static func jfifEnd(_ jpeg: [UInt8]) -> Int {
        guard jpeg.count >= 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 else { return 2 }
        let length = Int(jpeg[4]) << 8 | Int(jpeg[5])
        return min(4 + length, jpeg.count)
    }

    static func insertingAfterJFIF(_ jpeg: [UInt8], _ segments: [[UInt8]]) -> [UInt8] {
        let at = jfifEnd(jpeg)
        return Array(jpeg[0..<at]) + segments.flatMap { $0 } + jpeg[at...]
    }

    /// The APP2 MPF segment: big-endian TIFF header, MP Index IFD with MPFVersion "0100" (0xB000, UNDEFINED
    /// 4), NumberOfImages 2 (0xB001, LONG), MPEntry (0xB002, UNDEFINED 32, at offset 50), next IFD 0, then
    /// the two 16-byte MP entries (primary: baseline primary image 0x030000, offset 0; gain map: 0, its
    /// offset from the TIFF header).
    static func mpfSegment(primarySize: Int, gainMapSize: Int, gainMapOffset: Int) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var body: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + u32(8) + u16(3)
        body += u16(0xB000) + u16(7) + u32(4) + Array("0100".utf8)
        body += u16(0xB001) + u16(4) + u32(1) + u32(2)
        body += u16(0xB002) + u16(7) + u32(32) + u32(8 + 2 + 3 * 12 + 4)
        body += u32(0)
        body += u32(0x030000) + u32(primarySize) + u32(0) + u16(0) + u16(0)
        body += u32(0) + u32(gainMapSize) + u32(gainMapOffset) + u16(0) + u16(0)
        return segment(0xE2, identifier: Array("MPF".utf8) + [0], body)
    }
}

extension Codecs {
    /// An Ultra HDR v1.0 JPEG with ISO 21496-1 metadata (`UltraHDRWriter`): `image` is the base rendition
    /// (encoded like `encode(_:as: .jpeg(options))`, ICC profile kept), `gainMap` its gain map (stored at its
    /// own size, JPEG quality `gainMapQuality`, 4:4:4). Throws `.invalidOption` for invalid metadata or a map
    /// larger than the image. Deterministic.
    public static func encodeUltraHDR(_ image: Image, gainMap: GainMap, options: JPEGEncodeOptions = JPEGEncodeOptions(),
                                      gainMapQuality: Int = 90) throws -> [UInt8] {
        try UltraHDRWriter.encode(image, gainMap: gainMap, options: options, gainMapQuality: gainMapQuality)
    }
}
