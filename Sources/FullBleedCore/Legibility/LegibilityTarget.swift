/// A contrast requirement for glyphs: a WCAG 2.x ratio or an APCA lightness contrast.
public enum LegibilityTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    /// WCAG contrast ratio, 1...21 (4.5 for body text, 3 for large text, 7 for AAA).
    case wcag(ratio: Double)
    /// APCA `|Lc|`, 0...106 (75 body text minimum, 60 content text, 45 headlines).
    case apca(lc: Double)

    public var description: String {
        switch self {
        case .wcag(let ratio): return "WCAG \(ratio):1"
        case .apca(let lc): return "APCA Lc \(lc)"
        }
    }
}

/// The tone of glyphs drawn over a background.
public enum GlyphTone: String, Sendable, Hashable, Codable {
    /// White (light) glyphs: they need a dark background, or a black scrim.
    case light
    /// Black (dark) glyphs: they need a light background, or a white scrim.
    case dark
}
