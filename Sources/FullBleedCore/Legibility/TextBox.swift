/// A rectangle where an app draws its own text straight on the hero photo (for example a title over the
/// bottom-left of the hero), declared by a pipeline so that the toolbar analysis measures it too.
///
/// Coordinates are fractions of the hero (0...1) from its top-left corner, so one box fits every tier
/// and device; values outside 0...1 are clamped to the hero when measured.
public struct TextBox: Sendable, Hashable, Codable {
    /// The region's name in reports and verification (should differ from the built-in region names
    /// "status-bar-leading", "status-bar-trailing", "back-button", "title" and "trailing-capsules").
    public var name: String
    /// Left edge, fraction of the hero width.
    public var x: Double
    /// Top edge, fraction of the hero height.
    public var y: Double
    /// Width, fraction of the hero width.
    public var width: Double
    /// Height, fraction of the hero height.
    public var height: Double

    public init(name: String, x: Double, y: Double, width: Double, height: Double) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The vertical centre, fraction of the hero height: boxes centred in the lower half are served by a
    /// scrim anchored at the bottom edge, the others by the top scrim.
    public var centerY: Double { y + height / 2 }
}
