import FullBleedColor
import FullBleedCore
import FullBleedImage

/// The numbers the preview shows for one analysed hero: the contrast of the recommended glyph tone over
/// its worst top-group region before and after the recommended top scrim, in the target's measure (WCAG
/// ratio or APCA `|Lc|`), and which regions are busy.
struct PreviewLegibility: Equatable {
    var tone: GlyphTone
    var target: LegibilityTarget
    /// Contrast of plain `tone` glyphs over the worst region of the top group (measured).
    var before: Double
    /// The same with the recommended top scrim at its strongest opacity composited over that region's
    /// worst luminance (as the analysis composites: gamma-encoded or linear light); equals `before` without a scrim.
    var after: Double
    /// The region giving `before`.
    var worstRegion: String
    var busyRegions: [String]

    /// Nil when the analysis has no region in the top group (a web hero with only a low text box).
    init?(_ analysis: ToolbarAnalysis) {
        let recommendation = analysis.recommendation
        let names = Set(recommendation.regionNames)
        let regions = analysis.regions.filter { names.contains($0.name) }
        let tone = recommendation.glyphTone
        guard let worst = regions.min(by: { $0.verdict.contrast(of: tone) < $1.verdict.contrast(of: tone) }) else { return nil }
        let target = recommendation.scrim?.target ?? analysis.parameters.target
        self.tone = tone
        self.target = target
        before = worst.verdict.contrast(of: tone)
        if let scrim = recommendation.scrim {
            after = regions.map {
                Self.contrast(of: tone, over: $0.metrics, scrimOpacity: scrim.opacity, compositing: scrim.compositing, target: target)
            }.min() ?? before
        } else {
            after = before
        }
        worstRegion = worst.name
        busyRegions = recommendation.busyRegions
    }

    /// Whether `after` reaches the target.
    var passes: Bool {
        switch target {
        case .wcag(let ratio): return after >= ratio - 1e-9
        case .apca(let lc): return after >= lc - 1e-9
        }
    }

    /// Contrast of `tone` glyphs over the region's worst luminance (P99.5 under light glyphs, P0.5 under
    /// dark ones) with a black (light glyphs) or white (dark glyphs) scrim of `scrimOpacity`, as SPEC 2.5
    /// composites a neutral grey of that luminance.
    static func contrast(of tone: GlyphTone, over metrics: RegionMetrics, scrimOpacity: Double,
                         compositing: ScrimCompositing, target: LegibilityTarget) -> Double {
        let alpha = max(0, min(1, scrimOpacity))
        let luminance = tone == .white ? metrics.highLuminance : metrics.lowLuminance
        let scrimValue = tone == .white ? 0.0 : 1.0
        let composited: Double
        switch compositing {
        case .linearLight:
            composited = (1 - alpha) * luminance + alpha * scrimValue
        case .gammaEncoded:
            let encoded = (1 - alpha) * SRGBTransfer.encoded(max(0, min(1, luminance))) + alpha * scrimValue
            composited = SRGBTransfer.linear(encoded)
        }
        let glyph = tone == .white ? 1.0 : 0.0
        switch target {
        case .wcag:
            return WCAG.contrastRatio(glyph, composited)
        case .apca:
            return abs(APCA.contrast(textLuminance: APCA.greyLuminance(relativeLuminance: glyph),
                                     backgroundLuminance: APCA.greyLuminance(relativeLuminance: composited)))
        }
    }

    /// "4.62:1" for WCAG, "Lc 61" for APCA.
    static func format(_ value: Double, target: LegibilityTarget) -> String {
        switch target {
        case .wcag: return PreviewMarkup.number(value) + ":1"
        case .apca: return "Lc " + PreviewMarkup.number(value, decimals: 0)
        }
    }
}
