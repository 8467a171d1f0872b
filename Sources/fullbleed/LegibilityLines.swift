import Foundation
import FullBleedCore

/// Human-readable lines for a toolbar analysis (used by `fullbleed inspect`).
enum LegibilityLines {
    static func describe(_ analysis: ToolbarAnalysis) -> [String] {
        let r = analysis.recommendation
        var lines: [String] = []
        var line = "toolbar: \(r.glyphTone == .white ? "white glyphs (dark scheme)" : "black glyphs (light scheme)")"
        if let recommended = r.recommendedGlyphTone { line += " chosen in the sidecar (recommended: \(recommended.rawValue))" }
        if let scrim = r.scrim {
            line += String(format: ", %@ scrim %.2f over %.0f pt", scrim.color.rawValue, scrim.opacity, scrim.heightPoints)
        } else {
            line += ", no scrim"
        }
        line += ", scroll edge \(r.scrollEdgeEffect.rawValue)"
        lines.append(line)
        if let lower = r.lowerText {
            var text = "lower text: \(lower.glyphTone == .white ? "white" : "black") glyphs"
            if let scrim = lower.scrim { text += String(format: ", %@ scrim %.2f", scrim.color.rawValue, scrim.opacity) }
            lines.append(text)
        }
        for region in analysis.regions {
            let m = region.metrics, v = region.verdict
            var text = String(format: "  %@: Y mean %.3f (P0.5 %.3f, P99.5 %.3f), white %.1f:1, black %.1f:1, Lc %.0f / %.0f",
                              region.region.isAtRest ? region.name : "\(region.name) (after collapse)", m.meanLuminance, m.lowLuminance, m.highLuminance,
                              v.lightGlyphContrast, v.darkGlyphContrast, m.whiteGlyphLc, m.blackGlyphLc)
            if v.busy { text += ", busy" }
            if v.polarityConflict { text += " (no plain glyph colour passes)" }
            lines.append(text)
        }
        if let layout = analysis.layout {
            lines.append(String(format: "layout: title collapses after %.0f pt of scroll, asset supports %.2fx stretch",
                                layout.collapseOffsetPoints, layout.maximumStretch))
        }
        return lines
    }
}
