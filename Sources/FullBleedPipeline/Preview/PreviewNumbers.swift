import FullBleedCore

/// The measured numbers next to each frame: crop, scheme, contrast before and after the scrim, busy
/// regions, scrim, scroll edge, layout, and a per-region table.
enum PreviewNumbers {
    static func table(for target: TargetRecord, context: PreviewFrames.Context) -> String {
        var rows: [(String, String)] = []   // (label, HTML)
        let t = PreviewMarkup.text
        if let device = target.device {
            rows.append(("Device", t("\(device.id) · \(PreviewFrames.points(device.widthPoints))×\(PreviewFrames.points(device.heroHeightPoints)) pt @\(device.scale)x")))
        } else {
            rows.append(("Target", t("\(target.kind.rawValue) · aspect \(PreviewMarkup.number(target.aspectRatio, decimals: 3))")))
        }
        var tiers = target.producedDerivatives.map { "\($0.tier) \($0.width)×\($0.height)\($0.status == .exact ? "" : " (\($0.status.rawValue))")" }
        tiers += target.skippedDerivatives.map { "\($0.tier) skipped" }
        rows.append(("Tiers", t(tiers.joined(separator: ", ") + " · headroom \(PreviewMarkup.number(target.headroom))×")))

        let crop = target.crop
        var cropText = "\(crop.width)×\(crop.height) px at (\(crop.x), \(crop.y)) · \(crop.mode)"
        if crop.mode != crop.requestedMode { cropText += " (asked \(crop.requestedMode))" }
        if let score = context.report?.target(named: target.name)?.cropScore { cropText += " · score \(PreviewMarkup.number(score))" }
        rows.append(("Crop", t(cropText)))
        if target.device != nil {
            rows.append(("Subject", t(crop.subjectClearsToolbar ? "clears the toolbar band" : (crop.subjectClearsToolbarReason ?? "under the toolbar band"))))
        }

        let analysis = context.analysis(of: target)
        if let analysis, target.device == nil {
            // A web page has no status bar or toolbar: only the text boxes the analysis checked apply.
            rows.append(("Text boxes", t(textBoxSummary(analysis))))
        } else if let analysis {
            let recommendation = analysis.recommendation
            rows.append(("Scheme", t(scheme(recommendation.glyphTone, recommended: recommendation.recommendedGlyphTone))))
            if let summary = PreviewLegibility(analysis) {
                let verdict = summary.passes ? "<span class=\"badge pass\">passes</span>" : "<span class=\"badge fail\">below target</span>"
                rows.append(("Contrast", t("before \(PreviewLegibility.format(summary.before, target: summary.target)) → after \(PreviewLegibility.format(summary.after, target: summary.target))")
                    + " " + verdict + "<br><span class=\"subtitle\">" + t("\(summary.target), worst region \(summary.worstRegion)") + "</span>"))
                rows.append(("Busy", summary.busyRegions.isEmpty ? "no" : t("yes: " + summary.busyRegions.joined(separator: ", "))))
            } else {
                rows.append(("Contrast", "no region in the top group"))
            }
            if let scrim = recommendation.scrim {
                rows.append(("Scrim", t("\(scrim.color.rawValue) \(PreviewMarkup.number(scrim.opacity)) over \(PreviewFrames.points(scrim.heightPoints)) pt (\(scrim.compositing.rawValue) compositing) for \(scrim.regionNames.joined(separator: ", "))")))
            } else {
                rows.append(("Scrim", "none needed"))
            }
            if let baked = target.scrimDerivatives.first {
                rows.append(("Baked", t("\(target.variant(of: baked))\(baked.scrimOpacity.map { " · opacity \(PreviewMarkup.number($0))" } ?? "")")))
            }
            rows.append(("Scroll edge", t(recommendation.scrollEdgeEffect.rawValue)))
            if recommendation.lowerText != nil {
                rows.append(("Lower text", t(textBoxSummary(analysis))))
            }
        } else if let recommendation = target.recommendation {
            // No report: the manifest's recommendation alone.
            let scrims = recommendation.scrims.map { "\($0.color.rawValue) scrim \(PreviewMarkup.number($0.opacity)) from the \($0.edge.rawValue)" }
            if target.device == nil {
                rows.append(("Text boxes", t(([recommendation.glyphColor.rawValue + " glyphs"] + scrims).joined(separator: " · "))))
            } else {
                rows.append(("Scheme", t(scheme(recommendation.glyphColor, recommended: recommendation.recommendedGlyphColor))))
                rows.append(("Scrim", t(scrims.isEmpty ? "none needed" : scrims.joined(separator: ", "))))
                rows.append(("Scroll edge", t(recommendation.scrollEdgeEffect.rawValue)))
            }
            rows.append(("Regions", "no report (build with --report)"))
        } else {
            rows.append(("Legibility", "not analysed"))
        }
        if analysis != nil || target.recommendation != nil, let device = target.device, let stretch = device.maximumStretch {
            rows.append(("Layout", t("title collapses after \(PreviewFrames.points(device.collapseOffsetPoints)) pt · stretch up to \(PreviewMarkup.number(stretch))×")))
        }

        var html = "<div>\n<h3>\(t(target.name))</h3>\n<table class=\"numbers\">\n"
        for (label, value) in rows {
            html += "<tr><th>\(t(label))</th><td>\(value)</td></tr>\n"
        }
        html += "</table>\n"
        if let analysis, !analysis.regions.isEmpty {
            html += regionTable(analysis)
        }
        html += "</div>\n"
        return html
    }

    /// The toolbar's glyph tone and scheme, and when a person chose it (the sidecar's `glyphs`), the
    /// recommended tone beside it.
    static func scheme(_ tone: GlyphTone, recommended: GlyphTone?) -> String {
        (tone == .white ? "white glyphs (dark scheme)" : "black glyphs (light scheme)")
            + (recommended.map { ", chosen in the sidecar (recommended: \($0.rawValue))" } ?? "")
    }

    /// The verdict over the text boxes (lower text): their names, the recommended glyph tone and the
    /// bottom scrim if one is needed, or "no text box" when the pipeline asked for none.
    static func textBoxSummary(_ analysis: ToolbarAnalysis) -> String {
        guard let lower = analysis.recommendation.lowerText else { return "no text box" }
        var text = "\(lower.glyphTone == .white ? "white" : "black") glyphs for \(lower.regionNames.joined(separator: ", "))"
        if let scrim = lower.scrim { text += " · \(scrim.color.rawValue) scrim \(PreviewMarkup.number(scrim.opacity)) from the bottom" }
        if !lower.busyRegions.isEmpty { text += " · busy: \(lower.busyRegions.joined(separator: ", "))" }
        return text
    }

    /// One row per measured region: mean luminance, white and black glyph contrast (WCAG and APCA), busy.
    static func regionTable(_ analysis: ToolbarAnalysis) -> String {
        var html = "<table class=\"regions\">\n<tr><th>region</th><th>Y mean</th><th>white</th><th>black</th><th>Lc white</th><th>Lc black</th><th>busy</th></tr>\n"
        for region in analysis.regions {
            let m = region.metrics
            let name = region.region.isAtRest ? region.name : "\(region.name) (after collapse)"
            html += "<tr><td>\(PreviewMarkup.text(name))</td><td>\(PreviewMarkup.number(m.meanLuminance, decimals: 3))</td>"
                + "<td>\(PreviewMarkup.number(m.whiteGlyphContrast))</td><td>\(PreviewMarkup.number(m.blackGlyphContrast))</td>"
                + "<td>\(PreviewMarkup.number(m.whiteGlyphLc, decimals: 0))</td><td>\(PreviewMarkup.number(m.blackGlyphLc, decimals: 0))</td>"
                + "<td>\(region.verdict.busy ? "yes" : "no")</td></tr>\n"
        }
        html += "</table>\n"
        return html
    }
}
