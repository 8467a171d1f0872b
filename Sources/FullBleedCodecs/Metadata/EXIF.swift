import FullBleedImage

/// The few EXIF fields FullBleed needs, read from a TIFF-structured EXIF block. Nothing is written back:
/// encoders drop EXIF (privacy), since orientation is applied to the pixels.
public struct EXIFMetadata: Sendable, Equatable {
    /// Orientation tag 0x0112 of IFD0, when present and valid (1...8).
    public var orientation: Orientation?
    /// EXIF ColorSpace tag 0xA001: 1 = sRGB, 0xFFFF = uncalibrated.
    public var colorSpaceTag: Int?
    /// Interoperability index (tag 0x0001 of the interop IFD): "R98" (sRGB) or "R03" (Adobe RGB, DCF option).
    public var interoperabilityIndex: String?

    public init(orientation: Orientation? = nil, colorSpaceTag: Int? = nil, interoperabilityIndex: String? = nil) {
        self.orientation = orientation
        self.colorSpaceTag = colorSpaceTag
        self.interoperabilityIndex = interoperabilityIndex
    }

    /// Parses a TIFF header + IFDs (`II*\0` or `MM\0*`), optionally preceded by `Exif\0\0`.
    /// Returns nil when the block is not TIFF-structured; every offset is bounds-checked.
    public static func parse(_ bytes: [UInt8]) -> EXIFMetadata? {
        var data = bytes[...]
        if data.starts(with: Array("Exif".utf8) + [0, 0]) { data = data.dropFirst(6) }
        let tiff = Array(data)
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let reader = TIFFReader(bytes: tiff, littleEndian: little)
        guard reader.u16(2) == 42, let ifd0 = reader.u32(4) else { return nil }
        var result = EXIFMetadata()
        var exifIFD: Int?
        reader.forEachEntry(ifd: Int(ifd0)) { tag, type, count, valueOffset in
            switch tag {
            case 0x0112:
                if let v = reader.shortValue(type: type, at: valueOffset), let o = Orientation(rawValue: v) { result.orientation = o }
            case 0x8769:
                if let v = reader.u32(valueOffset) { exifIFD = Int(v) }
            default: break
            }
            _ = count
        }
        if let exifIFD {
            var interopIFD: Int?
            reader.forEachEntry(ifd: exifIFD) { tag, type, _, valueOffset in
                switch tag {
                case 0xA001: result.colorSpaceTag = reader.shortValue(type: type, at: valueOffset)
                case 0xA005: if let v = reader.u32(valueOffset) { interopIFD = Int(v) }
                default: break
                }
            }
            if let interopIFD {
                reader.forEachEntry(ifd: interopIFD) { tag, _, count, valueOffset in
                    if tag == 0x0001 && count <= 4 {
                        let raw = (0..<max(0, count)).compactMap { reader.u8(valueOffset + $0) }.filter { $0 != 0 }
                        result.interoperabilityIndex = String(decoding: raw, as: UTF8.self)
                    }
                }
            }
        }
        return result
    }
}

/// Bounds-checked reads from a TIFF block.
private struct TIFFReader {
    let bytes: [UInt8]
    let littleEndian: Bool

    func u8(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

    func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let b = (0..<4).map { UInt32(bytes[offset + $0]) }
        return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
    }

    /// A SHORT (type 3) or LONG (type 4) value stored inline at `offset`.
    func shortValue(type: Int, at offset: Int) -> Int? {
        switch type {
        case 3: return u16(offset)
        case 4: return u32(offset).map { Int($0) }
        default: return nil
        }
    }

    /// Calls `body(tag, type, count, valueOffset)` for each entry of the IFD at `ifd`; `valueOffset` is the
    /// offset of the inline value (or of the 4-byte pointer to it). At most 1000 entries are read.
    func forEachEntry(ifd: Int, _ body: (Int, Int, Int, Int) -> Void) {
        guard let count = u16(ifd), count <= 1000 else { return }
        for i in 0..<count {
            let entry = ifd + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let n = u32(entry + 4), entry + 12 <= bytes.count else { return }
            body(tag, type, Int(n), entry + 8)
        }
    }
}
