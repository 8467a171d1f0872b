import FullBleedColor
import FullBleedImage

/// Reads what FullBleed needs from an ICC profile header and tag table, in pure Swift: the data colour
/// space, the description, and which known colour space its primaries match. The bytes themselves
/// are carried unchanged so encoders embed exactly the source profile.
public enum ICCInspector {
    /// The colour space of samples tagged with `bytes`. A profile that cannot be parsed is still carried
    /// (family `.other`), since the library that produced it may understand it.
    public static func colorSpace(forProfile bytes: [UInt8]) -> ColorSpace {
        let profile = inspect(bytes)
        return ColorSpace(family: family(of: profile, bytes: bytes), icc: profile)
    }

    /// Header signature and description of a profile.
    public static func inspect(_ bytes: [UInt8]) -> ICCProfile {
        let space = bytes.count >= 20 ? String(decoding: bytes[16..<20], as: UTF8.self).trimmingSpaces() : ""
        return ICCProfile(bytes: bytes, name: description(of: bytes), dataColorSpace: space)
    }

    /// D50-adapted colorants (rXYZ, gXYZ, bXYZ, each X Y Z) of the known RGB spaces, as ICC profiles store
    /// them: derived from the one table of primaries (`RGBPrimaries`) with Bradford adaptation.
    static let knownColorants: [(ColorSpace.Family, [Double])] = [
        (.sRGB, RGBPrimaries.sRGB), (.displayP3, RGBPrimaries.displayP3), (.adobeRGB, RGBPrimaries.adobeRGB),
    ].map { family, primaries in
        let m = primaries.iccColorants()
        return (family, [m.x.x, m.y.x, m.z.x, m.x.y, m.y.y, m.z.y, m.x.z, m.y.z, m.z.z])
    }

    static func family(of profile: ICCProfile, bytes: [UInt8]) -> ColorSpace.Family {
        if profile.dataColorSpace == "GRAY" { return .gray }
        guard profile.dataColorSpace == "RGB" else { return .other }
        if let colorants = colorants(bytes) {
            for (family, known) in knownColorants where zip(colorants, known).allSatisfy({ abs($0 - $1) < 0.003 }) {
                return family
            }
            return .other
        }
        let name = (profile.name ?? "").lowercased()
        if name.contains("display p3") || name.contains("p3") { return .displayP3 }
        if name.contains("srgb") { return .sRGB }
        if name.contains("adobe rgb") || name.contains("adobergb") { return .adobeRGB }
        return .other
    }

    /// The tag table as (signature, offset, size), bounds-checked.
    static func tags(_ bytes: [UInt8]) -> [(String, Int, Int)] {
        guard bytes.count >= 132, let count = be32(bytes, 128), count < 1000 else { return [] }
        var result: [(String, Int, Int)] = []
        for i in 0..<Int(count) {
            let entry = 132 + i * 12
            guard entry + 12 <= bytes.count, let offset = be32(bytes, entry + 4), let size = be32(bytes, entry + 8) else { break }
            let signature = String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self)
            if Int(offset) + Int(size) <= bytes.count { result.append((signature, Int(offset), Int(size))) }
        }
        return result
    }

    /// rXYZ, gXYZ, bXYZ as nine doubles, when all three tags are present.
    static func colorants(_ bytes: [UInt8]) -> [Double]? {
        let table = tags(bytes)
        var values: [Double] = []
        for signature in ["rXYZ", "gXYZ", "bXYZ"] {
            guard let (_, offset, size) = table.first(where: { $0.0 == signature }), size >= 20 else { return nil }
            for k in 0..<3 {
                guard let raw = be32(bytes, offset + 8 + 4 * k) else { return nil }
                values.append(Double(Int32(bitPattern: raw)) / 65536)
            }
        }
        return values
    }

    /// The 'desc' tag text (v2 'desc' ASCII or v4 'mluc' UTF-16BE, first record).
    static func description(of bytes: [UInt8]) -> String? {
        guard let (_, offset, size) = tags(bytes).first(where: { $0.0 == "desc" }), size >= 12 else { return nil }
        let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
        if type == "desc" {
            guard let length = be32(bytes, offset + 8), length > 0, offset + 12 + Int(length) <= bytes.count, Int(length) <= size else { return nil }
            let text = bytes[(offset + 12)..<(offset + 12 + Int(length))].prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
        if type == "mluc" {
            guard let records = be32(bytes, offset + 8), records > 0, let length = be32(bytes, offset + 20), let start = be32(bytes, offset + 24) else { return nil }
            let from = offset + Int(start), to = from + Int(length)
            guard to <= bytes.count, to <= offset + size, length % 2 == 0 else { return nil }
            var units: [UInt16] = []
            var i = from
            while i + 1 < to { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
            return String(decoding: units, as: UTF16.self).trimmingCharacters(in: "\0")
        }
        return nil
    }

    static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

extension String {
    func trimmingSpaces() -> String { trimmingCharacters(in: " ") }

    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
