/// The iOS 26 scroll edge effect to use under the toolbar (SPEC 1.3).
///
/// Rule [E]: `.hard` when the soft edge would not separate the glyphs from the photo, that is when
/// - no scrim stays subtle: the chosen top scrim changes the band by more than
///   `ToolbarAnalysisParameters.hardEdgeLightnessChange` (10 L*, `subtleScrimLightnessChange`); over the
///   system's bars alone that scrim is then not recommended or baked (the hard edge carries the glyphs). The
///   analysis measures that change as the tone choice does: the gradient composited over a
///   one-pixel-per-point copy of the analysed hero's band (`ScrimBandPreview`); once the gradient is baked,
///   the build judges it again on the delivered pixels, the largest `bandLightnessChange` of the target's
///   `-scrim` tiers (`judgingScrim(onMeasuredChange:parameters:)`), so the reason is true of the files; or
/// - a toolbar-band region drawn on the photo at rest (the status bar; the title when it shows at rest) is
///   cluttered even after its glyph blur:
///   RMS contrast above `hardEdgeRMSContrast` (20 L*, SPEC 2.6's "plate" level) with edge density above
///   the busy threshold (0.10). A scrim fixes luminance but leaves that clutter; the hard edge's nearly
///   opaque backing hides it.
/// Otherwise `.soft`, the system default.
public enum ScrollEdgeStyle: String, Sendable, Hashable, Codable {
    case soft
    case hard
}

/// Why the band gets the `.hard` scroll edge (the rules on `ScrollEdgeStyle`); the raw value is the
/// manifest's phrase. When both hold, `.clutteredBand` is given.
public enum ScrollEdgeReason: String, Sendable, Hashable, Codable {
    /// A photo-drawn band region on screen at rest (status bar, title at rest) is cluttered even after its glyph blur.
    case clutteredBand = "cluttered band"
    /// The top scrim would change the band by more than `hardEdgeLightnessChange` L*.
    case noSubtleScrim = "no scrim stays subtle"
}

/// The tone and scrim for pipeline text boxes centred in the lower half of the hero (a title over the
/// bottom-left, say): they are served by their own gradient anchored at the bottom edge.
public struct LowerTextRecommendation: Sendable, Hashable, Codable {
    /// Manifest `glyphColor`.
    public var glyphTone: GlyphTone
    /// A gradient anchored at the bottom edge; nil when none is needed.
    public var scrim: ScrimRecommendation?
    /// The text boxes this covers.
    public var regionNames: [String]
    /// Those of them that are busy (SPEC 2.6).
    public var busyRegions: [String]

    public init(glyphTone: GlyphTone, scrim: ScrimRecommendation?, regionNames: [String], busyRegions: [String]) {
        self.glyphTone = glyphTone
        self.scrim = scrim
        self.regionNames = regionNames
        self.busyRegions = busyRegions
    }

    enum CodingKeys: String, CodingKey {
        case glyphTone = "glyphColor"
        case scrim, regionNames, busyRegions
    }
}

/// What the app should do at the top of the hero, derived from the glyph regions (SPEC 2.7): one glyph
/// tone for the status bar and the toolbar, a scrim strong enough for the worst region (or none), and
/// the scroll edge effect style.
///
/// The tone (over all regions of the top group: the toolbar regions and text boxes centred in the upper half)
/// is white over a dark gradient unless the band is already light: black glyphs only where they need no scrim,
/// or a white one whose change over the band is at most `ToolbarAnalysisParameters.lightScrimLightnessChange`
/// (5 L*). The change is the mean CIE L* change per pixel, over the band from the edge to the far side of the
/// regions, that a tone's gradient makes on the analysed hero (`ScrimBandPreview`, measured as the baked
/// file's `bandLightnessChange` is). Of the tones allowed, the one whose scrim changes the photo least (a
/// tone needing no scrim changes nothing and wins); equal changes go to the weaker scrim; when both need none,
/// the one whose worst region has the higher contrast; a tone no scrim can serve loses. So a dark or mid
/// band gets white glyphs over a dark gradient, never a white fog. With no region in the top group (a web hero
/// whose only text box is low), the tone is `.white`, no scrim, `.soft`, and `regionNames` is empty.
public struct ToolbarRecommendation: Sendable, Hashable, Codable {
    /// The glyph colour for the status bar and toolbar (manifest `glyphColor`); the manifest gives the
    /// matching `toolbarColorScheme` beside it (white glyphs: `"dark"`).
    public var glyphTone: GlyphTone
    /// The top gradient; nil when every region passes with plain glyphs of `glyphTone`, and nil where no
    /// scrim stays subtle over a top group of the system's bars alone (`scrollEdgeEffect` is then `.hard`):
    /// the hard edge's backing carries those glyphs, and the gradient that would reach the target alone
    /// (changing the band by more than `hardEdgeLightnessChange` L*) is neither recommended nor baked.
    public var scrim: ScrimRecommendation?
    public var scrollEdgeEffect: ScrollEdgeStyle
    /// Why `scrollEdgeEffect` is `.hard` (`ScrollEdgeReason`); nil for `.soft`.
    public var scrollEdgeEffectReason: ScrollEdgeReason?
    /// The regions of the top group.
    public var regionNames: [String]
    /// Those of them that are busy (polarity conflict or texture, SPEC 2.6).
    public var busyRegions: [String]
    /// Text boxes centred in the lower half; nil when there are none.
    public var lowerText: LowerTextRecommendation?
    /// Set when the caller fixed `glyphTone` (`ToolbarAnalyzer.analyze(glyphTone:)`): the tone the rules
    /// above would have chosen. nil when `glyphTone` is the rules' own choice (or there is no top group).
    public var recommendedGlyphTone: GlyphTone?

    public init(glyphTone: GlyphTone, scrim: ScrimRecommendation?, scrollEdgeEffect: ScrollEdgeStyle,
                scrollEdgeEffectReason: ScrollEdgeReason? = nil,
                regionNames: [String], busyRegions: [String], lowerText: LowerTextRecommendation?,
                recommendedGlyphTone: GlyphTone? = nil) {
        self.glyphTone = glyphTone
        self.recommendedGlyphTone = recommendedGlyphTone
        self.scrim = scrim
        self.scrollEdgeEffect = scrollEdgeEffect
        self.scrollEdgeEffectReason = scrollEdgeEffectReason
        self.regionNames = regionNames
        self.busyRegions = busyRegions
        self.lowerText = lowerText
    }

    /// The recommendation with the no-subtle-scrim rule applied to a measured band change instead of the
    /// analysis's estimate: `change` is the mean CIE L* change over the band of the baked top gradient
    /// (the largest over the tiers it was baked into, as `BandLightnessChange` measures it). A cluttered
    /// band keeps its hard edge (a scrim does not fix clutter); otherwise the edge is `.hard` with
    /// `.noSubtleScrim` exactly when `change` exceeds `parameters.hardEdgeLightnessChange`, else `.soft`.
    public func judgingScrim(onMeasuredChange change: Double, parameters: ToolbarAnalysisParameters) -> ToolbarRecommendation {
        guard scrollEdgeEffectReason != .clutteredBand else { return self }
        var judged = self
        let subtle = change <= parameters.hardEdgeLightnessChange
        judged.scrollEdgeEffect = subtle ? .soft : .hard
        judged.scrollEdgeEffectReason = subtle ? nil : .noSubtleScrim
        return judged
    }

    /// The scrims to draw: the top one, then the lower text boxes' one.
    public var scrims: [ScrimRecommendation] { [scrim, lowerText?.scrim].compactMap { $0 } }

    /// The glyph tone serving `edge`'s group.
    public func glyphTone(for edge: ScrimEdge) -> GlyphTone {
        edge == .top ? glyphTone : (lowerText?.glyphTone ?? glyphTone)
    }

    /// The toolbar colour scheme of `glyphTone`.
    public var toolbarColorScheme: ToolbarColorScheme { glyphTone.toolbarColorScheme }

    enum CodingKeys: String, CodingKey {
        case glyphTone = "glyphColor"
        case toolbarColorScheme, scrim, scrollEdgeEffect, scrollEdgeEffectReason, regionNames, busyRegions, lowerText
        case recommendedGlyphTone = "recommendedGlyphColor"
    }

    /// The manifest form. With a top group (every device target: the status bar and toolbar): `glyphColor`
    /// with its `toolbarColorScheme`, the top `scrim`, `regionNames`, `busyRegions` and any `lowerText`.
    /// Without one (a web hero, whose text boxes all sit low), there is no toolbar to colour: the top level
    /// holds the text boxes' own `glyphColor`, `scrim` (its `edge` says `bottom`), `regionNames` and
    /// `busyRegions`, with no `toolbarColorScheme` and no `lowerText`. `recommendedGlyphColor` only when a
    /// person chose `glyphColor` (`recommendedGlyphTone`). Reading back restores the value
    /// (an empty top group always has white glyphs, no scrim and the soft edge).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scrollEdgeEffect, forKey: .scrollEdgeEffect)
        try c.encodeIfPresent(scrollEdgeEffectReason, forKey: .scrollEdgeEffectReason)
        if regionNames.isEmpty, let lower = lowerText {
            try c.encode(lower.glyphTone, forKey: .glyphTone)
            try c.encodeIfPresent(lower.scrim, forKey: .scrim)
            try c.encode(lower.regionNames, forKey: .regionNames)
            try c.encode(lower.busyRegions, forKey: .busyRegions)
            return
        }
        try c.encode(glyphTone, forKey: .glyphTone)
        try c.encodeIfPresent(recommendedGlyphTone, forKey: .recommendedGlyphTone)
        try c.encode(toolbarColorScheme, forKey: .toolbarColorScheme)
        try c.encodeIfPresent(scrim, forKey: .scrim)
        try c.encode(regionNames, forKey: .regionNames)
        try c.encode(busyRegions, forKey: .busyRegions)
        try c.encodeIfPresent(lowerText, forKey: .lowerText)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let tone = try c.decode(GlyphTone.self, forKey: .glyphTone)
        let scrim = try c.decodeIfPresent(ScrimRecommendation.self, forKey: .scrim)
        let edge = try c.decode(ScrollEdgeStyle.self, forKey: .scrollEdgeEffect)
        let reason = try c.decodeIfPresent(ScrollEdgeReason.self, forKey: .scrollEdgeEffectReason)
        let names = try c.decode([String].self, forKey: .regionNames), busy = try c.decode([String].self, forKey: .busyRegions)
        if !c.contains(.toolbarColorScheme) {
            let lower = names.isEmpty ? nil : LowerTextRecommendation(glyphTone: tone, scrim: scrim, regionNames: names, busyRegions: busy)
            self.init(glyphTone: .white, scrim: nil, scrollEdgeEffect: edge, scrollEdgeEffectReason: reason, regionNames: [], busyRegions: [], lowerText: lower)
            return
        }
        self.init(glyphTone: tone, scrim: scrim, scrollEdgeEffect: edge, scrollEdgeEffectReason: reason, regionNames: names, busyRegions: busy,
                  lowerText: try c.decodeIfPresent(LowerTextRecommendation.self, forKey: .lowerText),
                  recommendedGlyphTone: try c.decodeIfPresent(GlyphTone.self, forKey: .recommendedGlyphTone))
    }
}
