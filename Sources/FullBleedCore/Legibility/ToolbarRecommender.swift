/// Derives a `ToolbarRecommendation` from measured glyph regions (rules documented on
/// `ToolbarRecommendation`, `ScrimRecommendation` and `ScrollEdgeStyle`).
enum ToolbarRecommender {
    /// - Parameter subjectSpanPoints: the subject's rows, points from the hero's top edge; each scrim's fade
    ///   ends before it reaches them (nil: no subject, the full `scrimFadePoints`).
    /// - Parameter measuredChange: the mean CIE L* change a candidate gradient makes over its band, measured
    ///   on the hero's pixels (`ScrimBandPreview.change`) for the gradient as it will be baked.
    /// - Parameter glyphTone: the top group's tone when the caller fixes it (nil: the rules on `decide`
    ///   choose); its scrim is fitted for that tone and `recommendedGlyphTone` keeps the rules' choice.
    static func recommend(_ reports: [GlyphRegionReport], heroHeightPoints: Double, subjectSpanPoints: ClosedRange<Double>? = nil,
                          glyphTone: GlyphTone? = nil, measuredChange: (ScrimRecommendation) -> Double,
                          parameters: ToolbarAnalysisParameters) -> ToolbarRecommendation {
        let atRest = reports.filter(\.region.isAtRest)
        let top = atRest.filter { $0.region.scrimEdge == .top }
        let lower = atRest.filter { $0.region.scrimEdge == .bottom }
        // Glyphs drawn once the hero has scrolled (the inline title past the collapse offset) get no scrim and
        // do not change the recommendation at rest: the system's scroll edge effect is under them then.
        func decideTop(_ tone: GlyphTone?) -> (GlyphTone, ScrimRecommendation?, Double) {
            decide(top, edge: .top, heroHeightPoints: heroHeightPoints, tone: tone,
                   clearance: subjectSpanPoints?.lowerBound, measuredChange: measuredChange, parameters: parameters)
        }
        let fixed = top.isEmpty ? nil : glyphTone
        let (tone, scrim, change) = decideTop(fixed)
        let lowerText = lower.isEmpty ? nil : {
            let (lowerTone, lowerScrim, _) = decide(lower, edge: .bottom, heroHeightPoints: heroHeightPoints,
                                                    clearance: subjectSpanPoints.map { heroHeightPoints - $0.upperBound },
                                                    measuredChange: measuredChange, parameters: parameters)
            return LowerTextRecommendation(glyphTone: lowerTone, scrim: lowerScrim, regionNames: lower.map(\.name),
                                           busyRegions: lower.filter(\.verdict.busy).map(\.name))
        }()
        let clutteredBand = top.contains { report in
            (report.kind == .statusBar || report.kind == .title)
                && report.metrics.rmsContrast > parameters.hardEdgeRMSContrast
                && report.metrics.edgeDensity > report.metrics.parameters.edgeDensityThreshold
        }
        let reason: ScrollEdgeReason? = clutteredBand ? .clutteredBand
            : change > parameters.hardEdgeLightnessChange ? .noSubtleScrim : nil
        let topScrim = leavesGlyphsToHardEdge(change: change, topGroupIsSystemBars: topGroupIsSystemBars(reports),
                                              parameters: parameters) ? nil : scrim
        return ToolbarRecommendation(glyphTone: tone, scrim: topScrim, scrollEdgeEffect: reason == nil ? .soft : .hard,
                                     scrollEdgeEffectReason: reason,
                                     regionNames: top.map(\.name), busyRegions: top.filter(\.verdict.busy).map(\.name),
                                     lowerText: lowerText, recommendedGlyphTone: fixed.map { _ in decideTop(nil).0 })
    }

    /// Whether the top group of `reports` (the regions at rest served from the top edge) is the system's bars
    /// alone: status bar, glass controls and an inline title, no pipeline text box.
    static func topGroupIsSystemBars(_ reports: [GlyphRegionReport]) -> Bool {
        let top = reports.filter { $0.region.isAtRest && $0.region.scrimEdge == .top }
        return !top.isEmpty && top.allSatisfy { $0.kind != .textBox }
    }

    /// Whether the top group's glyphs get no scrim and are left to the hard scroll edge: when no scrim stays
    /// subtle (the gradient reaching the target changes the band by more than `hardEdgeLightnessChange` L*,
    /// `change`) and the group is the system's bars alone (status bar, glass controls, an inline title: no
    /// pipeline text box, which the edge does not back). The hard edge's backing carries those glyphs; a
    /// gradient strong enough to reach the target there only blackens (or fogs) the photo under the bars.
    static func leavesGlyphsToHardEdge(change: Double, topGroupIsSystemBars: Bool, parameters: ToolbarAnalysisParameters) -> Bool {
        topGroupIsSystemBars && change > parameters.hardEdgeLightnessChange
    }

    /// The tone of one group, its scrim (nil when none is needed) and the change that scrim makes as seen.
    /// Tone rule: white glyphs over a dark gradient, unless the band is already light, which is when black
    /// glyphs need no scrim or a white one that changes the band by at most
    /// `parameters.lightScrimLightnessChange` L* (`measuredChange`, as the baked file's
    /// `bandLightnessChange` is measured). Of the tones allowed, the one whose scrim changes the photo least
    /// as seen, not the one with the smaller opacity; equal changes go to the weaker scrim, and when neither
    /// tone needs a scrim to the higher worst contrast. A tone no scrim can serve (an APCA target above what
    /// black or white reach) is taken only when the other cannot be served either, with the better worst
    /// contrast, at opacity 1; black glyphs under a white scrim that is not subtle are taken only when white
    /// glyphs cannot be served.
    /// `tone`: the tone to serve when the caller fixes it (nil: the rules above choose); its scrim is fitted
    /// for it as for a chosen tone, at opacity 1 when no scrim can serve it.
    /// `clearance`: distance from `edge` in points where the subject starts; the fades end there.
    static func decide(_ reports: [GlyphRegionReport], edge: ScrimEdge, heroHeightPoints: Double, tone fixed: GlyphTone? = nil, clearance: Double? = nil,
                       measuredChange: (ScrimRecommendation) -> Double,
                       parameters: ToolbarAnalysisParameters) -> (GlyphTone, ScrimRecommendation?, Double) {
        guard !reports.isEmpty else { return (.white, nil, 0) }
        typealias Choice = (tone: GlyphTone, scrim: ScrimRecommendation?, change: Double)
        func need(_ tone: GlyphTone) -> Double? {
            var most = 0.0
            for report in reports {
                guard let opacity = report.verdict.scrimOpacity(for: tone) else { return nil }
                most = max(most, opacity)
            }
            return most
        }
        func worstContrast(_ tone: GlyphTone) -> Double { reports.map { $0.verdict.contrast(of: tone) }.min() ?? 0 }
        func candidate(_ tone: GlyphTone) -> Choice {
            let found = scrim(for: tone, required: need(tone) ?? 1, reports: reports, edge: edge, heroHeightPoints: heroHeightPoints,
                              clearance: clearance, parameters: parameters)
            return (tone, found, found.map(measuredChange) ?? 0)
        }
        if let fixed { return candidate(fixed) }
        let light = need(.white), dark = need(.black)
        let white = light.map { _ in candidate(.white) }
        let black = dark.map { _ in candidate(.black) }
        // Black glyphs only over a band that is already light: no scrim, or a white one that stays subtle.
        let lightBand = black.flatMap { $0.scrim == nil || $0.change <= parameters.lightScrimLightnessChange ? $0 : nil }
        switch (white, lightBand) {
        case let (w?, b?):
            if w.scrim == nil && b.scrim == nil { return worstContrast(.white) >= worstContrast(.black) ? w : b }
            if abs(w.change - b.change) > 1e-9 { return w.change < b.change ? w : b }
            return (light ?? 1) <= (dark ?? 1) ? w : b
        case let (w?, nil): return w
        case let (nil, b?): return b
        case (nil, nil): return black ?? candidate(worstContrast(.white) >= worstContrast(.black) ? .white : .black)
        }
    }

    /// The gradient `tone` needs over `reports` (`required`: the strongest opacity a region asks), nil when
    /// it needs none: each region's opacity plus the margin held to its far side, then the fade.
    static func scrim(for tone: GlyphTone, required: Double, reports: [GlyphRegionReport], edge: ScrimEdge,
                      heroHeightPoints: Double, clearance: Double?, parameters: ToolbarAnalysisParameters) -> ScrimRecommendation? {
        guard required > 0 else { return nil }
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
        return ScrimRecommendation(color: tone == .white ? .black : .white, edge: edge,
                                   opacity: min(1, required + parameters.opacityMargin), minimumOpacity: required,
                                   heightPoints: height, heightFraction: heroHeightPoints > 0 ? height / heroHeightPoints : 0,
                                   stops: stops, compositing: parameters.compositing, target: parameters.target,
                                   regionNames: names)
    }
}
