import Foundation

/// The two values of an Apple maker note that set how strongly an iPhone's HDR gain map applies
/// (Apple, "Applying Apple HDR effect to your photos": "If the MakerNote dictionary contains the 33 and 48
/// keys ... you can use it to calculate the headroom"). exiftool calls tag 0x0021 (33) "HDRHeadroom" and
/// tag 0x0030 (48) "HDRGain".
///
/// Layout read (as libultrahdr's `getExifAppleHeadroom` reads it): the maker note starts with the 14 bytes
/// `Apple iOS\0`, `00 01`, `MM`, then a big-endian IFD whose value pointers are relative to the start of
/// the maker note. The values are SRATIONAL (type 10) in iPhone files; RATIONAL and FLOAT are accepted too.
public struct AppleHDRMakerNote: Sendable, Equatable {
    /// Tag 0x0021 ("maker33").
    public var hdrHeadroom: Double?
    /// Tag 0x0030 ("maker48").
    public var hdrGain: Double?

    public init(hdrHeadroom: Double?, hdrGain: Double?) {
        self.hdrHeadroom = hdrHeadroom
        self.hdrGain = hdrGain
    }

    static let header: [UInt8] = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8)

    /// The maker note `bytes` (from its first byte), or nil when it is not an Apple one.
    static func parse(_ bytes: [UInt8]) -> AppleHDRMakerNote? {
        guard bytes.starts(with: header) else { return nil }
        let reader = TIFFReader(bytes: bytes, littleEndian: false)
        var note = AppleHDRMakerNote(hdrHeadroom: nil, hdrGain: nil)
        reader.forEachEntry(ifd: header.count) { tag, type, count, valueOffset in
            guard count == 1 else { return }
            switch tag {
            case 0x0021: note.hdrHeadroom = reader.realValue(type: type, at: valueOffset)
            case 0x0030: note.hdrGain = reader.realValue(type: type, at: valueOffset)
            default: break
            }
        }
        return note
    }

    /// The headroom (linear ratio, >= 1) by Apple's published formula, when both values are present:
    /// stops = maker33 < 1 ? (maker48 <= 0.01 ? -20 maker48 + 1.8 : -0.101 maker48 + 1.601)
    ///                     : (maker48 <= 0.01 ? -70 maker48 + 3.0 : -0.303 maker48 + 2.303),
    /// headroom = 2^max(stops, 0).
    public var headroom: Double? {
        guard let maker33 = hdrHeadroom, let maker48 = hdrGain, maker33.isFinite, maker48.isFinite else { return nil }
        let stops: Double
        if maker33 < 1 {
            stops = maker48 <= 0.01 ? -20 * maker48 + 1.8 : -0.101 * maker48 + 1.601
        } else {
            stops = maker48 <= 0.01 ? -70 * maker48 + 3.0 : -0.303 * maker48 + 2.303
        }
        return exp2(max(stops, 0))
    }
}
