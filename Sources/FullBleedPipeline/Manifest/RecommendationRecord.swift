import FullBleedCore

/// What an app does at the top of a hero (and under low text boxes), as the manifest gives it: the glyph
/// colour, the toolbar's colour scheme, the gradient to draw, the scroll edge. Built from the analysis's
/// `ToolbarRecommendation`; the per-region measurements behind it are in the asset's report.
///
/// With a top group (every device target: status bar and toolbar), `glyphColor` is the toolbar glyphs'
/// colour and `toolbarColorScheme` the matching SwiftUI/CSS scheme; text boxes centred low get their own
/// `lowerText`. Without one (a web hero whose text boxes all sit low) there is no toolbar: the top level
/// holds those boxes' own colour and scrim (its `edge` says `bottom`), with no `toolbarColorScheme`.
public struct RecommendationRecord: Sendable, Codable, Equatable {
    /// The glyph colour of the status bar and toolbar (or of the low text boxes without a toolbar).
    public var glyphColor: GlyphTone
    /// The toolbar colour scheme that draws `glyphColor` (`toolbarColorScheme(_:for:)`, CSS `color-scheme`):
    /// white glyphs go with `dark`. Absent without a toolbar.
    public var toolbarColorScheme: ToolbarColorScheme?
    /// The gradient to draw under those glyphs; nil when they pass on the plain photo.
    public var scrim: ScrimRecord?
    /// The iOS 26 scroll edge effect style (`scrollEdgeEffectStyle`).
    public var scrollEdgeEffect: ScrollEdgeStyle
    /// Why the scroll edge is `hard` (`cluttered band`, `no scrim stays subtle`); nil when `soft`.
    public var scrollEdgeEffectReason: ScrollEdgeReason?
    /// The regions whose background is busy (a polarity conflict or texture, SPEC 2.6): a scrim fixes their
    /// luminance, not their clutter.
    public var busyRegions: [String]
    /// Text boxes centred in the lower half, served from the bottom edge; nil when there are none (or
    /// when they are the top level, without a toolbar).
    public var lowerText: LowerTextRecord?
    /// `true` when a person chose `glyphColor` (the photo's sidecar `glyphs`) instead of the analysis; the
    /// scrim and scroll edge then serve that colour. Absent when `glyphColor` is the recommendation.
    public var glyphColorChosenByPerson: Bool?
    /// With `glyphColorChosenByPerson`: the colour the analysis recommends. Absent otherwise.
    public var recommendedGlyphColor: GlyphTone?

    public init(_ recommendation: ToolbarRecommendation) {
        if recommendation.regionNames.isEmpty, let lower = recommendation.lowerText {
            glyphColor = lower.glyphTone
            scrim = lower.scrim.map(ScrimRecord.init)
            busyRegions = lower.busyRegions
            scrollEdgeEffect = recommendation.scrollEdgeEffect
            scrollEdgeEffectReason = recommendation.scrollEdgeEffectReason
            return
        }
        glyphColor = recommendation.glyphTone
        toolbarColorScheme = recommendation.toolbarColorScheme
        scrim = recommendation.scrim.map(ScrimRecord.init)
        scrollEdgeEffect = recommendation.scrollEdgeEffect
        scrollEdgeEffectReason = recommendation.scrollEdgeEffectReason
        busyRegions = recommendation.busyRegions
        lowerText = recommendation.lowerText.map(LowerTextRecord.init)
        if let recommended = recommendation.recommendedGlyphTone {
            glyphColorChosenByPerson = true
            recommendedGlyphColor = recommended
        }
    }

    /// The gradients to draw: the top one, then the lower text boxes' one.
    public var scrims: [ScrimRecord] { [scrim, lowerText?.scrim].compactMap { $0 } }
}

/// The glyph colour and gradient of text boxes centred in the lower half of a hero.
public struct LowerTextRecord: Sendable, Codable, Equatable {
    public var glyphColor: GlyphTone
    /// A gradient anchored at the bottom edge; nil when none is needed.
    public var scrim: ScrimRecord?
    /// Those text boxes whose background is busy.
    public var busyRegions: [String]

    init(_ lower: LowerTextRecommendation) {
        glyphColor = lower.glyphTone
        scrim = lower.scrim.map(ScrimRecord.init)
        busyRegions = lower.busyRegions
    }
}

/// A black or white gradient to draw over a hero, from `edge` over `heightPoints`: `color` at each stop's
/// opacity, linear between stops (SwiftUI `LinearGradient(stops:)`, CSS `linear-gradient`), composited as
/// `compositing` says (`gamma`: a plain overlay on encoded values, what SwiftUI and CSS do).
public struct ScrimRecord: Sendable, Codable, Equatable {
    public var color: ScrimColor
    public var edge: ScrimEdge
    /// The strongest opacity (0...1), at the edge.
    public var opacity: Double
    /// Height from the edge, points.
    public var heightPoints: Double
    /// The same height as a fraction of the hero's height (for heroes whose height is not in points).
    public var heightFraction: Double
    /// From the edge (location 0) to the far end (location 1); opacities absolute.
    public var stops: [ScrimStop]
    public var compositing: ScrimCompositing

    init(_ scrim: ScrimRecommendation) {
        color = scrim.color
        edge = scrim.edge
        opacity = scrim.opacity
        heightPoints = scrim.heightPoints
        heightFraction = scrim.heightFraction
        stops = scrim.stops
        compositing = scrim.compositing
    }
}
