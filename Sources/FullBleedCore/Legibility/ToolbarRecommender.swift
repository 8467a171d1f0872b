import Foundation
import FullBleedColor

/// Derives a `ToolbarRecommendation` from measured glyph regions (rules documented on
/// `ToolbarRecommendation`, `ScrimRecommendation` and `ScrollEdgeStyle`).
enum ToolbarRecommender {
    /// - Parameter subjectSpanPoints: the subject's rows, points from the hero's top edge; each scrim's fade
    ///   ends before it reaches them (nil: no subject, the full `scrimFadePoints`).
    static func recommend(_ reports: [GlyphRegionReport], heroHeightPoints: Double, subjectSpanPoints: ClosedRange<Double>? = nil,
                          parameters: ToolbarAnalysisParameters) -> ToolbarRecommendation {
        let atRest = reports.filter(\.region.isAtRest)
        let top = atRest.filter { $0.region.scrimEdge == .top }
        let lower = atRest.filter { $0.region.scrimEdge == .bottom }
        // Glyphs drawn once the hero has scrolled (the inline title past the collapse offset) get no scrim and
        // do not change the recommendation at rest: the system's scroll edge effect is under them then.
        let (tone, scrim) = decide(top, edge: .top, heroHeightPoints: heroHeightPoints,
                                  clearance: subjectSpanPoints?.lowerBound, parameters: parameters)
        let lowerText = lower.isEmpty ? nil : {
            let (lowerTone, lowerScrim) = decide(lower, edge: .bottom, heroHeightPoints: heroHeightPoints,
                                                      clearance: subjectSpanPoints.map { heroHeightPoints - $0.upperBound },
                                                      parameters: parameters)
            return LowerTextRecommendation(glyphTone: lowerTone, scrim: lowerScrim, regionNames: lower.map(\.name),
                                           busyRegions: lower.filter(\.verdict.busy).map(\.name))
        }()
        let clutteredBand = top.contains { report in
            (report.kind == .statusBar || report.kind == .title)
                && report.metrics.rmsContrast > parameters.hardEdgeRMSContrast
                && report.metrics.edgeDensity > report.metrics.parameters.edgeDensityThreshold
        }
        // The same estimate the tone choice compares, for the scrim it chose.
        let change = scrim.map { lightnessChange(top, color: $0.color, opacity: $0.opacity, compositing: parameters.compositing) } ?? 0
        let reason: ScrollEdgeReason? = clutteredBand ? .clutteredBand
            : change > parameters.hardEdgeLightnessChange ? .noSubtleScrim : nil
        return ToolbarRecommendation(glyphTone: tone, scrim: scrim, scrollEdgeEffect: reason == nil ? .soft : .hard,
                                     scrollEdgeEffectReason: reason,
                                     regionNames: top.map(\.name), busyRegions: top.filter(\.verdict.busy).map(\.name),
                                     lowerText: lowerText)
    }

    /// The tone of one group (the weaker scrim wins; then the better worst contrast) and its scrim, if any.
    /// A region no scrim can fix (an APCA target above what black or white reach) asks for opacity 1.
    /// `clearance`: distance from `edge` in points where the subject starts; the fades end there.
    static func decide(_ reports: [GlyphRegionReport], edge: ScrimEdge, heroHeightPoints: Double, clearance: Double? = nil,
                       parameters: ToolbarAnalysisParameters) -> (GlyphTone, ScrimRecommendation?) {
        guard !reports.isEmpty else { return (.white, nil) }
        func need(_ tone: GlyphTone) -> Double? {
            var most = 0.0
            for report in reports {
                guard let opacity = report.verdict.scrimOpacity(for: tone) else { return nil }
                most = max(most, opacity)
            }
            return most
        }
        func worstContrast(_ tone: GlyphTone) -> Double { reports.map { $0.verdict.contrast(of: tone) }.min() ?? 0 }
        func change(_ tone: GlyphTone, _ required: Double) -> Double {
            lightnessChange(reports, color: tone == .white ? .black : .white,
                            opacity: required > 0 ? min(1, required + parameters.opacityMargin) : 0, compositing: parameters.compositing)
        }
        let light = need(.white), dark = need(.black)
        let tone: GlyphTone
        switch (light, dark) {
        case let (l?, d?) where l > 0 || d > 0:
            // Restraint: the tone whose scrim changes the photo least as seen (mean CIE L* change over the
            // regions), not the one with the smaller opacity; equal changes go to the weaker scrim.
            let (lightChange, darkChange) = (change(.white, l), change(.black, d))
            if abs(lightChange - darkChange) > 1e-9 { tone = lightChange < darkChange ? .white : .black } else { tone = l <= d ? .white : .black }
        case (_?, nil): tone = .white
        case (nil, _?): tone = .black
        default: tone = worstContrast(.white) >= worstContrast(.black) ? .white : .black
        }
        let required = need(tone) ?? 1
        guard required > 0 else { return (tone, nil) }

        var levels: [(extent: Double, opacity: Double)] = []
        var names: [String] = []
        for report in reports {
            let opacity = report.verdict.scrimOpacity(for: tone) ?? 1
            guard opacity > 0 else { continue }
            let region = report.region
            levels.append((edge == .top ? region.maxY : heroHeightPoints - region.y, min(1, opacity + parameters.opacityMargin)))
            names.append(report.name)
        }
        let profile = ScrimProfile(levels: levels, fade: parameters.scrimFadePoints, clearance: clearance)
        let (height, stops) = profile.stops(stopCount: parameters.fadeStopCount, limit: heroHeightPoints)
        let scrim = ScrimRecommendation(color: tone == .white ? .black : .white, edge: edge,
                                        opacity: min(1, required + parameters.opacityMargin), minimumOpacity: required,
                                        heightPoints: height, heightFraction: heroHeightPoints > 0 ? height / heroHeightPoints : 0,
                                        stops: stops, compositing: parameters.compositing, target: parameters.target,
                                        regionNames: names)
        return (tone, scrim)
    }

    /// The mean change in CIE L* (0-100) that a uniform scrim of `color` at `opacity` makes over `reports`'
    /// regions: each region at its mean luminance (linear, the analysis's blurred plane), weighted by its
    /// area in points, composited as `compositing` says (on gamma-encoded values the luminance is taken
    /// through the sRGB curve, a gray approximation). The estimate the tone choice compares.
    static func lightnessChange(_ reports: [GlyphRegionReport], color: ScrimColor, opacity: Double,
                                compositing: ScrimCompositing) -> Double {
        guard opacity > 0 else { return 0 }
        let target = color == .black ? 0.0 : 1.0
        var total = 0.0, area = 0.0
        for report in reports {
            let y = min(max(report.metrics.meanLuminance, 0), 1)
            let composited: Double
            switch compositing {
            case .linearLight: composited = (1 - opacity) * y + opacity * target
            case .gammaEncoded:
                composited = SRGBTransfer.linear((1 - opacity) * SRGBTransfer.encoded(y) + opacity * target)
            }
            let weight = max(report.region.width * report.region.height, 1e-9)
            total += weight * abs(CIELightness.of(composited) - CIELightness.of(y))
            area += weight
        }
        return area > 0 ? total / area : 0
    }
}
