/// Derives a `ToolbarRecommendation` from measured glyph regions (rules documented on
/// `ToolbarRecommendation`, `ScrimRecommendation` and `ScrollEdgeStyle`).
enum ToolbarRecommender {
    static func recommend(_ reports: [GlyphRegionReport], heroHeightPoints: Double,
                          parameters: ToolbarAnalysisParameters) -> ToolbarRecommendation {
        let top = reports.filter { $0.region.scrimEdge == .top }
        let lower = reports.filter { $0.region.scrimEdge == .bottom }
        let (tone, scrim) = decide(top, edge: .top, heroHeightPoints: heroHeightPoints, parameters: parameters)
        let lowerText = lower.isEmpty ? nil : {
            let (lowerTone, lowerScrim) = decide(lower, edge: .bottom, heroHeightPoints: heroHeightPoints, parameters: parameters)
            return LowerTextRecommendation(glyphTone: lowerTone, scrim: lowerScrim, regionNames: lower.map(\.name),
                                           busyRegions: lower.filter(\.verdict.busy).map(\.name))
        }()
        let clutteredBand = top.contains { report in
            (report.kind == .statusBar || report.kind == .title)
                && report.metrics.rmsContrast > parameters.hardEdgeRMSContrast
                && report.metrics.edgeDensity > report.metrics.parameters.edgeDensityThreshold
        }
        let hard = clutteredBand || (scrim?.opacity ?? 0) > parameters.hardEdgeScrimOpacity
        return ToolbarRecommendation(colorScheme: tone, scrim: scrim, scrollEdgeEffect: hard ? .hard : .soft,
                                     regionNames: top.map(\.name), busyRegions: top.filter(\.verdict.busy).map(\.name),
                                     lowerText: lowerText)
    }

    /// The tone of one group (the weaker scrim wins; then the better worst contrast) and its scrim, if any.
    /// A region no scrim can fix (an APCA target above what black or white reach) asks for opacity 1.
    static func decide(_ reports: [GlyphRegionReport], edge: ScrimEdge, heroHeightPoints: Double,
                       parameters: ToolbarAnalysisParameters) -> (GlyphTone, ScrimRecommendation?) {
        guard !reports.isEmpty else { return (.light, nil) }
        func need(_ tone: GlyphTone) -> Double? {
            var most = 0.0
            for report in reports {
                guard let opacity = report.verdict.scrimOpacity(for: tone) else { return nil }
                most = max(most, opacity)
            }
            return most
        }
        func worstContrast(_ tone: GlyphTone) -> Double { reports.map { $0.verdict.contrast(of: tone) }.min() ?? 0 }
        let light = need(.light), dark = need(.dark)
        let tone: GlyphTone
        switch (light, dark) {
        case let (l?, d?) where l != d: tone = l < d ? .light : .dark
        case (_?, nil): tone = .light
        case (nil, _?): tone = .dark
        default: tone = worstContrast(.light) >= worstContrast(.dark) ? .light : .dark
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
        let profile = ScrimProfile(levels: levels, fade: parameters.scrimFadePoints)
        let (height, stops) = profile.stops(stopCount: parameters.fadeStopCount, limit: heroHeightPoints)
        let scrim = ScrimRecommendation(color: tone == .light ? .black : .white, edge: edge,
                                        opacity: min(1, required + parameters.opacityMargin), minimumOpacity: required,
                                        heightPoints: height, heightFraction: heroHeightPoints > 0 ? height / heroHeightPoints : 0,
                                        stops: stops, compositing: parameters.compositing, target: parameters.target,
                                        regionNames: names)
        return (tone, scrim)
    }
}
