import FullBleedImage

/// What one glyph region needs, from its `RegionMetrics` and the target (WCAG ratio or APCA `|Lc|`).
///
/// Contrasts are against the worst pixels after the region's blur: light (white) glyphs against `Y_max`
/// (P99.5), dark (black) glyphs against `Y_min` (P0.5). Scrim opacities are SPEC 2.5's closed forms on
/// those luminances for the chosen compositing (`ScrimSolver.minimumOpacity(...backgroundLuminance:)`),
/// without the safety margin.
public struct GlyphRegionVerdict: Sendable, Hashable, Codable {
    /// Contrast of white glyphs: the WCAG ratio, or `|Lc|` for an APCA target.
    public var lightGlyphContrast: Double
    /// Contrast of black glyphs: the WCAG ratio, or `Lc` for an APCA target.
    public var darkGlyphContrast: Double
    public var lightGlyphsPass: Bool
    public var darkGlyphsPass: Bool
    /// Neither plain glyph colour reaches the target (SPEC 2.6 rule 2, for the target's measure).
    public var polarityConflict: Bool
    /// RMS contrast and edge density both above their thresholds (SPEC 2.6 rules 3 and 4).
    public var textured: Bool
    /// `polarityConflict || textured`.
    public var busy: Bool
    /// The tone needing the weaker scrim (none when it passes); ties go to the higher contrast.
    public var preferredTone: GlyphTone
    /// Minimum opacity of a black scrim under light glyphs (0 when they pass, nil when unreachable).
    public var blackScrimOpacity: Double?
    /// Minimum opacity of a white scrim under dark glyphs (0 when they pass, nil when unreachable).
    public var whiteScrimOpacity: Double?

    public init(metrics: RegionMetrics, target: LegibilityTarget, compositing: ScrimCompositing) {
        lightGlyphContrast = Self.contrast(of: .white, metrics: metrics, target: target)
        darkGlyphContrast = Self.contrast(of: .black, metrics: metrics, target: target)
        lightGlyphsPass = lightGlyphContrast >= target.threshold
        darkGlyphsPass = darkGlyphContrast >= target.threshold
        polarityConflict = !lightGlyphsPass && !darkGlyphsPass
        let parameters = metrics.parameters
        textured = metrics.rmsContrast > parameters.rmsContrastThreshold && metrics.edgeDensity > parameters.edgeDensityThreshold
        busy = polarityConflict || textured
        blackScrimOpacity = lightGlyphsPass ? 0 : ScrimSolver.minimumOpacity(
            scrim: .black, target: target, compositing: compositing, backgroundLuminance: metrics.highLuminance).opacity
        whiteScrimOpacity = darkGlyphsPass ? 0 : ScrimSolver.minimumOpacity(
            scrim: .white, target: target, compositing: compositing, backgroundLuminance: metrics.lowLuminance).opacity
        let light = blackScrimOpacity ?? 2, dark = whiteScrimOpacity ?? 2
        if light != dark {
            preferredTone = light < dark ? .white : .black
        } else {
            preferredTone = lightGlyphContrast >= darkGlyphContrast ? .white : .black
        }
    }

    /// The contrast of `tone` glyphs in `metrics` in the target's measure: WCAG ratio, or `|Lc|`.
    public static func contrast(of tone: GlyphTone, metrics: RegionMetrics, target: LegibilityTarget) -> Double {
        switch (target, tone) {
        case (.wcag, .white): return metrics.whiteGlyphContrast
        case (.wcag, .black): return metrics.blackGlyphContrast
        case (.apca, .white): return abs(metrics.whiteGlyphLc)
        case (.apca, .black): return abs(metrics.blackGlyphLc)
        }
    }

    /// Whether `tone` glyphs pass.
    public func passes(_ tone: GlyphTone) -> Bool { tone == .white ? lightGlyphsPass : darkGlyphsPass }

    /// The scrim opacity `tone` glyphs need (0 when they pass, nil when unreachable).
    public func scrimOpacity(for tone: GlyphTone) -> Double? { tone == .white ? blackScrimOpacity : whiteScrimOpacity }

    /// The contrast of `tone` glyphs.
    public func contrast(of tone: GlyphTone) -> Double { tone == .white ? lightGlyphContrast : darkGlyphContrast }
}

/// One measured glyph region: where it is, the blur its glyphs see, its metrics and its verdict.
public struct GlyphRegionReport: Sendable, Hashable, Codable {
    /// "status-bar-leading", "status-bar-trailing", "back-button", "title", "trailing-capsules", or a text box's name.
    public var name: String
    public var kind: GlyphRegionKind
    public var surface: GlyphSurface
    /// The region in points from the hero's top-left, as measured: the layout's rectangle rounded outwards
    /// to the analysis pixels (`GlyphRegion.snapped`), so it names exactly the pixels `metrics` describe.
    public var region: GlyphRegion
    /// The same rectangle in the hero's pixels (the analysis pixels times the box-reduction factor).
    public var rect: PixelRect
    /// Gaussian sigma the glyphs see, points.
    public var blurSigmaPoints: Double
    /// The same sigma in the hero's pixels.
    public var blurSigmaPixels: Double
    /// The metrics, measured on the blurred luminance plane at the analysis resolution
    /// (`ToolbarAnalysis.analysisPixelsPerPoint`): `metrics.rect` is in the pixels of the hero reduced
    /// to that resolution.
    public var metrics: RegionMetrics
    public var verdict: GlyphRegionVerdict

    public init(region: GlyphRegion, rect: PixelRect, blurSigmaPoints: Double, blurSigmaPixels: Double,
                metrics: RegionMetrics, verdict: GlyphRegionVerdict) {
        self.name = region.name
        self.kind = region.kind
        self.surface = region.surface
        self.region = region
        self.rect = rect
        self.blurSigmaPoints = blurSigmaPoints
        self.blurSigmaPixels = blurSigmaPixels
        self.metrics = metrics
        self.verdict = verdict
    }
}

extension LegibilityTarget {
    /// The value a contrast in the target's measure must reach: the WCAG ratio, or the APCA `|Lc|`.
    var threshold: Double {
        switch self {
        case .wcag(let ratio): return ratio
        case .apca(let lc): return lc
        }
    }
}
