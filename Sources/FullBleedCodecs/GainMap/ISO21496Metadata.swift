import FullBleedImage

/// The ISO 21496-1 gain map metadata as JPEG carries it: an APP2 segment whose payload is
/// `urn:iso:std:iso:ts:21496:-1\0` followed by the binary structure below (all big-endian). The primary
/// image carries only the two version fields ("version box", 4 bytes: it declares that a gain map
/// follows); the gain map image carries the whole structure.
///
/// Layout implemented (the ISO text was not available here; this is the layout that libultrahdr 1.4.0
/// `lib/src/gainmapmetadata.cpp` writes and reads, that libavif `src/read.c` `avifParseGainMapMetadata`
/// reads inside AVIF's `tmap` box, and that Skia `src/codec/SkGainmapInfo.cpp` reads and writes; the three agree
/// on every field below except the two flag bits noted):
///
/// ```
/// u16  minimum_version          must be 0 (a reader of version 0 refuses anything higher)
/// u16  writer_version           >= minimum_version
/// ---- the primary's version box ends here ----
/// u8   flags                    bit 7 is_multichannel (3 channel records, else 1)
///                               bit 6 use_base_colour_space
///                               bit 3 use_common_denominator (libultrahdr only; Skia and libavif treat it as reserved)
///                               bit 2 backward_direction: base is HDR (libultrahdr only; Skia compares the headrooms)
/// if use_common_denominator:
///   u32 denominator; u32 base_hdr_headroom_n; u32 alternate_hdr_headroom_n
///   per channel: s32 gain_map_min_n, s32 gain_map_max_n, u32 gamma_n, s32 base_offset_n, s32 alternate_offset_n
/// else:
///   u32/u32 base_hdr_headroom, u32/u32 alternate_hdr_headroom (numerator, denominator)
///   per channel: s32/u32 gain_map_min, s32/u32 gain_map_max, u32/u32 gamma, s32/u32 base_offset, s32/u32 alternate_offset
/// ```
///
/// Headrooms, `gain_map_min/max` are log2; the base is the HDR rendition when the flag says so or when
/// `base_hdr_headroom > alternate_hdr_headroom`; then base and alternate swap their Ultra HDR names
/// (`hdrCapacityMax` is the base headroom, `offsetHDR` the base offset). The writer here writes version
/// 0/0, flags bits 7 and 6 only, separate denominators (what all three readers read), powers of two as
/// denominators (binary fractions are exact).
enum ISO21496Metadata {
    /// What an ISO 21496-1 segment holds.
    enum Content: Equatable {
        /// Only the version fields (the primary image's segment).
        case versionOnly
        case metadata(GainMapMetadata)
    }

    /// Parses a segment payload (after the URN and its NUL). Throws `.invalidMetadata` naming the problem;
    /// the values are not range-checked here (`GainMapMetadata.validate()` is).
    static func parse(_ bytes: [UInt8]) throws(GainMapError) -> Content {
        var reader = BigEndianReader(bytes)
        guard let minimumVersion = reader.u16(), let writerVersion = reader.u16() else {
            throw .invalidMetadata("ISO 21496-1 box of \(bytes.count) bytes has no version")
        }
        guard minimumVersion == 0 else { throw .invalidMetadata("ISO 21496-1 minimum_version \(minimumVersion) (0 supported)") }
        guard writerVersion >= minimumVersion else {
            throw .invalidMetadata("ISO 21496-1 writer_version \(writerVersion) below minimum_version \(minimumVersion)")
        }
        if reader.isAtEnd { return .versionOnly }
        guard let flags = reader.u8() else { throw .invalidMetadata("ISO 21496-1 box ends before its flags") }
        let channelCount = flags & 0x80 != 0 ? 3 : 1
        let useBaseColorSpace = flags & 0x40 != 0
        let backward = flags & 0x04 != 0
        let commonDenominator = flags & 0x08 != 0

        func truncated(_ field: String) -> GainMapError { .invalidMetadata("ISO 21496-1 box ends inside \(field)") }
        let values: (baseHeadroom: Double, alternateHeadroom: Double)
        var records: [(min: Double, max: Double, gamma: Double, baseOffset: Double, alternateOffset: Double)] = []
        if commonDenominator {
            guard let d = reader.u32(), let baseN = reader.u32(), let alternateN = reader.u32() else { throw truncated("the headrooms") }
            guard d != 0 else { throw .invalidMetadata("ISO 21496-1 common denominator is 0") }
            let den = Double(d)
            values = (Double(baseN) / den, Double(alternateN) / den)
            for c in 0..<channelCount {
                guard let minN = reader.s32(), let maxN = reader.s32(), let gammaN = reader.u32(),
                      let baseOffsetN = reader.s32(), let alternateOffsetN = reader.s32() else { throw truncated("channel \(c)") }
                records.append((Double(minN) / den, Double(maxN) / den, Double(gammaN) / den, Double(baseOffsetN) / den, Double(alternateOffsetN) / den))
            }
        } else {
            guard let base = try reader.unsignedFraction("base_hdr_headroom"),
                  let alternate = try reader.unsignedFraction("alternate_hdr_headroom") else { throw truncated("the headrooms") }
            values = (base, alternate)
            for c in 0..<channelCount {
                guard let minimum = try reader.signedFraction("gain_map_min"), let maximum = try reader.signedFraction("gain_map_max"),
                      let gamma = try reader.unsignedFraction("gamma"), let baseOffset = try reader.signedFraction("base_offset"),
                      let alternateOffset = try reader.signedFraction("alternate_offset") else { throw truncated("channel \(c)") }
                records.append((minimum, maximum, gamma, baseOffset, alternateOffset))
            }
        }
        let baseIsHDR = backward || values.baseHeadroom > values.alternateHeadroom
        let channels = records.map { r in
            GainMapMetadata.Channel(gainMapMin: r.min, gainMapMax: r.max, gamma: r.gamma,
                                    offsetSDR: baseIsHDR ? r.alternateOffset : r.baseOffset,
                                    offsetHDR: baseIsHDR ? r.baseOffset : r.alternateOffset)
        }
        return .metadata(GainMapMetadata(channels: channels,
                                         hdrCapacityMin: baseIsHDR ? values.alternateHeadroom : values.baseHeadroom,
                                         hdrCapacityMax: baseIsHDR ? values.baseHeadroom : values.alternateHeadroom,
                                         baseRenditionIsHDR: baseIsHDR, useBaseColorSpace: useBaseColorSpace))
    }

    /// The primary image's version box: minimum_version 0, writer_version 0.
    static let versionBox: [UInt8] = [0, 0, 0, 0]

    /// The full structure for the gain map image (version 0/0). Three channel records only when the
    /// metadata differs per channel. Values must be finite (validated metadata).
    static func serialize(_ metadata: GainMapMetadata) -> [UInt8] {
        let m = metadata.simplified
        var out = versionBox
        out.append((m.isMultichannel ? 0x80 : 0) | (m.useBaseColorSpace ? 0x40 : 0))
        let (base, alternate) = m.baseRenditionIsHDR ? (m.hdrCapacityMax, m.hdrCapacityMin) : (m.hdrCapacityMin, m.hdrCapacityMax)
        appendFraction(&out, base, signed: false)
        appendFraction(&out, alternate, signed: false)
        for c in m.channels {
            appendFraction(&out, c.gainMapMin, signed: true)
            appendFraction(&out, c.gainMapMax, signed: true)
            appendFraction(&out, c.gamma, signed: false)
            appendFraction(&out, m.baseRenditionIsHDR ? c.offsetHDR : c.offsetSDR, signed: true)
            appendFraction(&out, m.baseRenditionIsHDR ? c.offsetSDR : c.offsetHDR, signed: true)
        }
        return out
    }

    /// `value` as numerator/denominator, the denominator the largest power of two up to 2^30 that keeps the
    /// numerator within 32 bits (2^31 - 1 signed, 2^32 - 1 unsigned); negative values clamp to 0 when unsigned.
    static func fraction(_ value: Double, signed: Bool) -> (numerator: Int64, denominator: UInt32) {
        let limit = signed ? Double(Int32.max) : Double(UInt32.max)
        let v = signed ? value : max(value, 0)
        var shift = 30
        while shift > 0 && abs(v) * Double(1 << shift) > limit { shift -= 1 }
        let n = (v * Double(1 << shift)).rounded()
        return (Int64(min(max(n, signed ? Double(Int32.min) : 0), limit)), UInt32(1 << shift))
    }

    private static func appendFraction(_ out: inout [UInt8], _ value: Double, signed: Bool) {
        let (n, d) = fraction(value, signed: signed)
        appendU32(&out, UInt32(truncatingIfNeeded: n))
        appendU32(&out, d)
    }

    private static func appendU32(_ out: inout [UInt8], _ value: UInt32) {
        out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Bounds-checked big-endian reads; every read returns nil past the end.
struct BigEndianReader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func u8() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() -> UInt16? {
        guard bytes.count - position >= 2 else { return nil }
        defer { position += 2 }
        return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
    }

    mutating func u32() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        defer { position += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[position + $1]) }
    }

    mutating func s32() -> Int32? { u32().map { Int32(bitPattern: $0) } }

    /// A u32/u32 fraction; nil at the end of the bytes, `.invalidMetadata` for a zero denominator.
    mutating func unsignedFraction(_ field: String) throws(GainMapError) -> Double? {
        guard let n = u32(), let d = u32() else { return nil }
        guard d != 0 else { throw .invalidMetadata("ISO 21496-1 \(field) has denominator 0") }
        return Double(n) / Double(d)
    }

    /// An s32/u32 fraction; nil at the end of the bytes, `.invalidMetadata` for a zero denominator.
    mutating func signedFraction(_ field: String) throws(GainMapError) -> Double? {
        guard let n = s32(), let d = u32() else { return nil }
        guard d != 0 else { throw .invalidMetadata("ISO 21496-1 \(field) has denominator 0") }
        return Double(n) / Double(d)
    }
}
