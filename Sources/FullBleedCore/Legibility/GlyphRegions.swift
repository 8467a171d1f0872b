import FullBleedImage

/// What the glyphs of a region are drawn on, which sets the blur they really see (SPEC 2.7).
public enum GlyphSurface: String, Sendable, Hashable, Codable {
    /// A Liquid Glass capsule: the photo behind it is blurred by about 10 pt (`glassSigmaPoints`).
    case glass
    /// Straight on the photo (status bar, inline title under the soft scroll edge, app text boxes): the
    /// glyphs see about one stroke width of blur (`glyphSigmaPoints`).
    case photo
}

/// The kinds of glyph region the analysis measures.
public enum GlyphRegionKind: String, Sendable, Hashable, Codable {
    /// Time, signal and battery, drawn on the photo.
    case statusBar = "status-bar"
    /// The leading back button, a glass circle.
    case backButton = "back-button"
    /// The centred inline title (and subtitle), drawn on the photo under the soft scroll edge.
    case title
    /// The trailing toolbar items, a glass capsule.
    case trailingCapsules = "trailing-capsules"
    /// A text box declared by the pipeline (`TextBox`), drawn on the photo.
    case textBox = "text-box"
}

/// The edge a scrim gradient is anchored to (its opacity is strongest there and eases away from it).
public enum ScrimEdge: String, Sendable, Hashable, Codable {
    case top
    case bottom
}

/// One place where glyphs sit, in **points** from the hero's top-left corner.
public struct GlyphRegion: Sendable, Hashable, Codable {
    /// "status-bar-leading", "status-bar-trailing", "back-button", "title", "trailing-capsules", or the text box's name.
    public var name: String
    public var kind: GlyphRegionKind
    public var surface: GlyphSurface
    /// Left, top, width and height in points.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The scrim that serves the region: the top one for the bars and for text boxes centred in the upper
    /// half of the hero, the bottom one for text boxes centred in the lower half.
    public var scrimEdge: ScrimEdge
    /// The scroll offset, points, at which these glyphs are drawn over the hero points above: 0 for what is
    /// on screen at rest (the status bar, the glass controls, text boxes); the inline title that appears past
    /// `collapseOffsetPoints` sits there over the hero's bottom rows. A region drawn at a non-zero offset is
    /// served by no scrim (the scrim fades as the hero scrolls away) and does not change the recommendation
    /// (the system's scroll edge effect is under it then); its verdict is reported.
    public var scrollOffsetPoints: Double

    public init(name: String, kind: GlyphRegionKind, surface: GlyphSurface, x: Double, y: Double, width: Double,
                height: Double, scrimEdge: ScrimEdge, scrollOffsetPoints: Double = 0) {
        self.name = name
        self.kind = kind
        self.surface = surface
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.scrimEdge = scrimEdge
        self.scrollOffsetPoints = scrollOffsetPoints
    }

    /// Whether the region is on screen with the hero at rest (and so served by a scrim).
    public var isAtRest: Bool { scrollOffsetPoints == 0 }

    /// The region where it is drawn when the hero has scrolled up by `offset` points: the same place on
    /// screen, `offset` points further down the hero.
    public func scrolled(by offset: Double) -> GlyphRegion {
        var copy = self
        copy.y += offset
        copy.scrollOffsetPoints += offset
        return copy
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The region as measured on an image with `pixelsPerPoint` and `bounds`: `pixelRect` (rounded
    /// outwards, clamped) given back in points, so the rectangle a report names is exactly the pixels
    /// measured (its edges times `pixelsPerPoint` are whole pixels).
    public func snapped(pixelsPerPoint: Double, bounds: PixelSize) -> GlyphRegion {
        let rect = pixelRect(pixelsPerPoint: pixelsPerPoint, bounds: bounds)
        var copy = self
        copy.x = Double(rect.x) / pixelsPerPoint
        copy.y = Double(rect.y) / pixelsPerPoint
        copy.width = Double(rect.width) / pixelsPerPoint
        copy.height = Double(rect.height) / pixelsPerPoint
        return copy
    }

    /// The region as a rectangle of an image with `pixelsPerPoint`, rounded outwards and clamped into
    /// `bounds` (at least one pixel, so a region of a tiny image still measures something).
    public func pixelRect(pixelsPerPoint: Double, bounds: PixelSize) -> PixelRect {
        func span(_ start: Double, _ end: Double, limit: Int) -> (Int, Int) {
            let low = min(max(0, Int((start * pixelsPerPoint).rounded(.down))), limit - 1)
            let high = max(low + 1, min(limit, Int((end * pixelsPerPoint).rounded(.up))))
            return (low, high)
        }
        let (x0, x1) = span(x, maxX, limit: bounds.width)
        let (y0, y1) = span(y, maxY, limit: bounds.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A pipeline text box on a hero of `widthPoints x heightPoints`, clamped to the hero.
    public init(textBox box: TextBox, heroWidthPoints widthPoints: Double, heroHeightPoints heightPoints: Double) {
        let left = min(max(0, box.x), 1), top = min(max(0, box.y), 1)
        let right = min(max(left, box.x + box.width), 1), bottom = min(max(top, box.y + box.height), 1)
        self.init(name: box.name, kind: .textBox, surface: .photo, x: left * widthPoints, y: top * heightPoints,
                  width: (right - left) * widthPoints, height: (bottom - top) * heightPoints,
                  scrimEdge: box.centerY > 0.5 ? .bottom : .top)
    }
}

/// Where the glyphs of an iOS 26 status bar and inline navigation bar sit, in points, relative to the
/// device's safe-area top (`DeviceClass.safeAreaTopPoints`, 62 pt on a 402-pt iPhone 17 Pro) and its
/// navigation bar (`navigationBarPoints`, 54 pt [MO]).
///
/// Every length here is an estimate [E] read off iOS 26 screenshots (not a documented value): tune it
/// per app. With the defaults on a 402 x 400-pt hero under a 62-pt status area:
///
/// | region | surface | x ... x + w | y ... y + h |
/// |---|---|---|---|
/// | status-bar-leading | photo | 16 ... 136 | 19 ... 43 |
/// | status-bar-trailing | photo | 266 ... 386 | 19 ... 43 |
/// | back-button | glass | 27 ... 49 | 78 ... 100 |
/// | title | photo | 112 ... 290 | 77 ... 101 |
/// | trailing-capsules | glass | 309 ... 375 | 78 ... 100 |
///
/// The status glyphs are drawn in two clusters, the time at the leading end and the signal, Wi-Fi and
/// battery indicators at the trailing end (beside the Dynamic Island or the notch on an iPhone, at the ends
/// of the bar on an iPad); nothing is drawn between them, so the photo there does not size the scrim. The
/// glass controls are 44-pt capsules (the back button a circle, the trailing capsule two items), and their
/// regions are the glyphs inside them: the capsule inset by `glassGlyphInsetPoints` on every side (a
/// 22-pt symbol centred in each 44-pt item), measured on the glass's blur of the photo.
public struct ToolbarGeometry: Sendable, Hashable, Codable {
    /// Leading and trailing margin of the bar items and of the status bar glyphs [E: 16 pt].
    public var sideMarginPoints: Double
    /// Height of the status glyph line [E: 24 pt, 17-pt glyphs plus margins], centred at half the safe-area
    /// top (31 pt on a 62-pt status area, the Dynamic Island's centre is about 29.5), at most the safe area.
    public var statusBarGlyphHeightPoints: Double
    /// Height of the glass capsules, and diameter of the round back button [E: 44 pt, the touch target].
    public var capsuleHeightPoints: Double
    /// Width of the trailing glass capsule [E: 88 pt, two 44-pt items sharing one capsule].
    public var trailingCapsuleWidthPoints: Double
    /// Height of the inline title's box [E: 24 pt, a 22-pt line of 17-pt semibold plus 1 pt each side].
    public var titleHeightPoints: Double
    /// Space kept between the title and the glass controls beside it [E: 8 pt].
    public var titleGapPoints: Double
    /// Widest inline title measured (iPad bars are wide; titles are not) [E: 320 pt].
    public var titleMaximumWidthPoints: Double
    /// Width of each of the two status glyph clusters from the side margins: the time at the leading end,
    /// the indicators at the trailing end [E: 120 pt, the space beside a 126-pt Dynamic Island on a 402-pt
    /// iPhone less the margin; an iPad's time and date fit in it]. At most half the width between the margins.
    public var statusClusterWidthPoints: Double
    /// Inset from a glass capsule's edges to the glyphs drawn in it [E: 11 pt, a 22-pt symbol centred in a
    /// 44-pt item]; at most half the capsule's height.
    public var glassGlyphInsetPoints: Double

    public init(sideMarginPoints: Double = 16, statusBarGlyphHeightPoints: Double = 24, capsuleHeightPoints: Double = 44, trailingCapsuleWidthPoints: Double = 88,
                titleHeightPoints: Double = 24, titleGapPoints: Double = 8, titleMaximumWidthPoints: Double = 320,
                statusClusterWidthPoints: Double = 120, glassGlyphInsetPoints: Double = 11) {
        precondition([sideMarginPoints, statusBarGlyphHeightPoints, capsuleHeightPoints, trailingCapsuleWidthPoints, titleHeightPoints, titleGapPoints,
                      titleMaximumWidthPoints, statusClusterWidthPoints, glassGlyphInsetPoints].allSatisfy { $0 >= 0 && $0.isFinite }, "toolbar geometry lengths must be finite and >= 0")
        self.sideMarginPoints = sideMarginPoints
        self.statusBarGlyphHeightPoints = statusBarGlyphHeightPoints
        self.capsuleHeightPoints = capsuleHeightPoints
        self.trailingCapsuleWidthPoints = trailingCapsuleWidthPoints
        self.titleHeightPoints = titleHeightPoints
        self.titleGapPoints = titleGapPoints
        self.titleMaximumWidthPoints = titleMaximumWidthPoints
        self.statusClusterWidthPoints = statusClusterWidthPoints
        self.glassGlyphInsetPoints = glassGlyphInsetPoints
    }

    /// The iOS 26 defaults above.
    public static let iOS26 = ToolbarGeometry()

    /// The five toolbar-band regions of `device`, in points from the hero's top-left (the hero runs under the
    /// status bar, so its top is the screen's top): the two status glyph clusters, the back button's glyph,
    /// the inline title, and the trailing capsule's glyphs. The title is centred on the bar and as wide as the
    /// space between the glass capsules allows (symmetrically), at most `titleMaximumWidthPoints`.
    public func regions(for device: DeviceClass) -> [GlyphRegion] {
        let width = device.widthPoints, safeTop = device.safeAreaTopPoints
        let statusHeight = min(safeTop, statusBarGlyphHeightPoints)
        let statusTop = (safeTop - statusHeight) / 2
        let cluster = max(0, min(statusClusterWidthPoints, (width - 2 * sideMarginPoints) / 2))
        let barCentre = safeTop + device.navigationBarPoints / 2
        let capsuleTop = barCentre - capsuleHeightPoints / 2
        let leadingEnd = sideMarginPoints + capsuleHeightPoints
        let trailingStart = width - sideMarginPoints - trailingCapsuleWidthPoints
        let halfTitle = max(0, min(width / 2 - leadingEnd - titleGapPoints, trailingStart - titleGapPoints - width / 2,
                                   titleMaximumWidthPoints / 2))
        let inset = min(glassGlyphInsetPoints, capsuleHeightPoints / 2)
        /// The glyphs of a glass capsule at `x` that is `capsuleWidth` wide.
        func glyphs(_ kind: GlyphRegionKind, x: Double, capsuleWidth: Double) -> GlyphRegion {
            let glyphInset = min(inset, capsuleWidth / 2)
            return GlyphRegion(name: kind.rawValue, kind: kind, surface: .glass, x: x + glyphInset, y: capsuleTop + inset,
                               width: capsuleWidth - 2 * glyphInset, height: capsuleHeightPoints - 2 * inset, scrimEdge: .top)
        }
        return [
            GlyphRegion(name: Self.statusLeadingName, kind: .statusBar, surface: .photo, x: sideMarginPoints,
                        y: statusTop, width: cluster, height: statusHeight, scrimEdge: .top),
            GlyphRegion(name: Self.statusTrailingName, kind: .statusBar, surface: .photo, x: width - sideMarginPoints - cluster,
                        y: statusTop, width: cluster, height: statusHeight, scrimEdge: .top),
            glyphs(.backButton, x: sideMarginPoints, capsuleWidth: capsuleHeightPoints),
            GlyphRegion(name: GlyphRegionKind.title.rawValue, kind: .title, surface: .photo, x: width / 2 - halfTitle,
                        y: barCentre - titleHeightPoints / 2, width: 2 * halfTitle, height: titleHeightPoints, scrimEdge: .top),
            glyphs(.trailingCapsules, x: trailingStart, capsuleWidth: trailingCapsuleWidthPoints),
        ]
    }

    /// Names of the status bar's two glyph clusters.
    public static let statusLeadingName = "status-bar-leading"
    public static let statusTrailingName = "status-bar-trailing"
}
