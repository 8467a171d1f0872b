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
    /// The HDR values of an Apple maker note (EXIF tag 0x927C starting "Apple iOS"), when present.
    public var appleHDR: AppleHDRMakerNote?

    public init(orientation: Orientation? = nil, colorSpaceTag: Int? = nil, interoperabilityIndex: String? = nil,
                appleHDR: AppleHDRMakerNote? = nil) {
        self.orientation = orientation
        self.colorSpaceTag = colorSpaceTag
        self.interoperabilityIndex = interoperabilityIndex
        self.appleHDR = appleHDR
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
            reader.forEachEntry(ifd: exifIFD) { tag, type, count, valueOffset in
                switch tag {
                case 0xA001: result.colorSpaceTag = reader.shortValue(type: type, at: valueOffset)
                case 0xA005: if let v = reader.u32(valueOffset) { interopIFD = Int(v) }
                case 0x927C:
                    if count > 4, let pointer = reader.u32(valueOffset), Int(pointer) <= tiff.count, count <= tiff.count - Int(pointer) {
                        result.appleHDR = AppleHDRMakerNote.parse(Array(tiff[Int(pointer)..<(Int(pointer) + count)]))
                    }
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
