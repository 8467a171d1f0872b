/// An embedded ICC profile, carried byte for byte so encoders can write it back unchanged.
public struct ICCProfile: Sendable, Hashable {
    /// The profile exactly as it was embedded in the source file.
    public var bytes: [UInt8]
    /// The profile's description ('desc' tag), when it could be read.
    public var name: String?
    /// The ICC data colour space signature ("RGB ", "GRAY", "CMYK", ...), trimmed.
    public var dataColorSpace: String

    public init(bytes: [UInt8], name: String?, dataColorSpace: String) {
        self.bytes = bytes
        self.name = name
        self.dataColorSpace = dataColorSpace
    }
}

/// The colour space of an image's samples: which primaries and transfer curve give them meaning.
///
/// Untagged images are sRGB, as browsers and iOS treat them. A tagged image keeps its ICC bytes
/// (`icc`) so that every derivative can embed the same profile: Display P3 stays Display P3.
public struct ColorSpace: Sendable, Hashable, CustomStringConvertible {
    /// The colour spaces FullBleed recognises by their primaries and transfer curve.
    public enum Family: String, Sendable, Hashable, Codable {
        /// sRGB (IEC 61966-2-1), or untagged.
        case sRGB = "srgb"
        /// Display P3: P3 primaries, D65 white, the sRGB transfer curve.
        case displayP3 = "display-p3"
        /// Adobe RGB (1998).
        case adobeRGB = "adobe-rgb"
        /// A gray profile (gray images).
        case gray = "gray"
        /// Any other profile: its bytes are carried, its meaning is not interpreted here.
        case other = "icc"
    }

    public var family: Family
    /// The embedded profile, when the source had one (nil for untagged sRGB).
    public var icc: ICCProfile?

    public init(family: Family, icc: ICCProfile? = nil) {
        self.family = family
        self.icc = icc
    }

    /// Untagged sRGB.
    public static let sRGB = ColorSpace(family: .sRGB)

    /// Whether the samples use the sRGB transfer curve (sRGB and Display P3).
    public var usesSRGBTransfer: Bool { family == .sRGB || family == .displayP3 }

    public var description: String {
        switch (family, icc?.name) {
        case (.sRGB, nil): return "sRGB"
        case (_, let name?): return "\(family.rawValue) (ICC '\(name)')"
        case (_, nil): return family.rawValue
        }
    }
}
