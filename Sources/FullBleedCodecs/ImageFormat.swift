/// The file formats FullBleed reads and writes, identified by magic bytes (never by file extension).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case jpeg
    case png
    case webp
    /// HEIF with HEVC-coded images (iPhone photos).
    case heic
    /// HEIF with AV1-coded images.
    case avif

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .webp: return "webp"
        case .heic: return "heic"
        case .avif: return "avif"
        }
    }

    /// The IANA media type.
    public var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .heic: return "image/heic"
        case .avif: return "image/avif"
        }
    }

    public var description: String { rawValue }

    /// The format whose signature starts `bytes`, or nil.
    ///
    /// JPEG: `FF D8 FF`. PNG: the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
    /// WebP: `RIFF` .... `WEBP`. HEIC and AVIF: an ISO-BMFF `ftyp` box whose brands say which
    /// (`HEIFFileType` documents the rule; it reads up to the first 4 KiB).
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(12))
        if head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF { return .jpeg }
        if head.count >= 8 && head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 12 && head[0..<4].elementsEqual(Array("RIFF".utf8)) && head[8..<12].elementsEqual(Array("WEBP".utf8)) {
            return .webp
        }
        return HEIFFileType.sniff(bytes)
    }
}
