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

/// The colour of glyphs drawn over a background (manifest `glyphColor`: `"white"` or `"black"`).
public enum GlyphTone: String, Sendable, Hashable, Codable {
    /// White glyphs: they need a dark background, or a black scrim (a dark toolbar colour scheme).
    case white
    /// Black glyphs: they need a light background, or a white scrim (a light toolbar colour scheme).
    case black

    /// The toolbar colour scheme that draws glyphs of this colour, as SwiftUI's `toolbarColorScheme(_:for:)`
    /// and CSS `color-scheme` mean it: white glyphs come with `.dark`.
    public var toolbarColorScheme: ToolbarColorScheme { self == .white ? .dark : .light }
}

/// A toolbar colour scheme in SwiftUI's and CSS's sense: `.dark` draws white glyphs, `.light` black ones.
public enum ToolbarColorScheme: String, Sendable, Hashable, Codable {
    case light
    case dark
}
