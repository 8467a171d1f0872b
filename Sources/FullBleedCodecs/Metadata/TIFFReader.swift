/// Bounds-checked reads from a TIFF block.
struct TIFFReader {
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

    /// A signed 32-bit value at `offset`.
    func s32(_ offset: Int) -> Int32? { u32(offset).map { Int32(bitPattern: $0) } }

    /// A RATIONAL (type 5), SRATIONAL (type 10) or FLOAT (type 11) value whose 4-byte pointer, or inline
    /// float, is at `valueOffset` (an IFD entry's value field); offsets are relative to `base` in `bytes`.
    /// Nil for other types, out-of-bounds pointers and zero denominators.
    func realValue(type: Int, at valueOffset: Int, base: Int = 0) -> Double? {
        switch type {
        case 5, 10:
            guard let pointer = u32(valueOffset) else { return nil }
            let at = base + Int(pointer)
            guard let d = u32(at + 4), d != 0 else { return nil }
            if type == 5 { return u32(at).map { Double($0) / Double(d) } }
            guard let n = s32(at), Int32(bitPattern: d) != 0 else { return nil }
            return Double(n) / Double(Int32(bitPattern: d))
        case 11:
            return u32(valueOffset).map { Double(Float(bitPattern: $0)) }
        default:
            return nil
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
