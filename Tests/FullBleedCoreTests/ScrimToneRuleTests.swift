import Testing
import FullBleedImage
@testable import FullBleedCore

/// The tone rule: white glyphs over a dark gradient, unless the band is already light, which is when black
/// glyphs need no scrim or a white one that changes the band by at most `lightScrimLightnessChange` (5 L*,
/// the mean |ΔL*| per pixel over the band that the baked file's `bandLightnessChange` reports). Synthetic
/// grey bands on the iPhone 17 Pro at @1x.
@Suite struct ScrimToneRuleTests {
    struct Candidates {
        var analysis: ToolbarAnalysis
        /// The band change of the white veil black glyphs need, and of the dark gradient white glyphs need, L*.
        var whiteVeil: Double
        var darkGradient: Double
    }

    /// The analysis of `hero` and the band change each tone's gradient would make. By default every gradient is
    /// kept, however strong (`hardEdgeLightnessChange` 100): these tests are of the tone, not of the hard edge.
    static func candidates(_ hero: Image, parameters: ToolbarAnalysisParameters = ToolbarAnalysisParameters(hardEdgeLightnessChange: 100)) throws -> Candidates {
        let analysis = ToolbarAnalyzer.analyze(hero: hero, device: ToolbarHeroes.device, deliveredPixelSize: nil, parameters: parameters)
        let top = analysis.regions.filter { $0.region.scrimEdge == .top && $0.region.isAtRest }
        let extent = try #require(analysis.glyphExtentPoints(from: .top))
        let band = try #require(ScrimBandPreview(hero: hero, heroPixelsPerPoint: analysis.pixelsPerPoint, edge: .top, extentPoints: extent))
        func change(_ tone: GlyphTone) throws -> Double {
            let required = top.map { $0.verdict.scrimOpacity(for: tone) ?? 1 }.max() ?? 0
            let scrim = try #require(ToolbarRecommender.scrim(for: tone, required: required, reports: top, edge: .top,
                                                              heroHeightPoints: analysis.heroHeightPoints, clearance: nil,
                                                              parameters: parameters))
            return band.change(scrim)
        }
        return Candidates(analysis: analysis, whiteVeil: try change(.black), darkGradient: try change(.white))
    }

    /// A dark band (Y 0.03) with bright details (white 10-pt squares in 40 % of a 16-pt grid, like lit
    /// windows or specular highlights on a wine bottle): the white veil black glyphs need lifts the dark
    /// majority by far more than 5 L*, so the glyphs are white over a dark gradient, even where the veil would
    /// change the band less than the dark gradient (the rule before compared the two changes alone).
    @Test func darkBandWithBrightDetailsGetsADarkGradient() throws {
        let hero = ToolbarHeroes.grey { x, y in
            let cell = Int(x / 16) * 7 + Int(y / 16) * 3
            let lit = cell % 5 < 2 && x.truncatingRemainder(dividingBy: 16) < 10 && y.truncatingRemainder(dividingBy: 16) < 10
            return lit ? 1 : 0.03
        }
        let found = try Self.candidates(hero)
        #expect(found.whiteVeil > 5, "white veil \(found.whiteVeil) L*")
        let recommendation = found.analysis.recommendation
        #expect(recommendation.glyphTone == .white && recommendation.scrim?.color == .black,
                "white veil \(found.whiteVeil), dark gradient \(found.darkGradient) L*")
    }

    /// A mid band (stripes of Y 0.08 and 0.4, 6 pt each): both tones need a scrim; the white veil changes
    /// the band less than the dark gradient does but more than 5 L*, so the glyphs are white over a dark
    /// gradient. Comparing the changes alone (the rule before) chose the white veil here.
    @Test func midBandGetsADarkGradient() throws {
        let hero = ToolbarHeroes.grey { x, _ in Int(x / 6) % 2 == 0 ? 0.08 : 0.4 }
        let found = try Self.candidates(hero)
        #expect(found.whiteVeil > 5 && found.whiteVeil < found.darkGradient,
                "white veil \(found.whiteVeil), dark gradient \(found.darkGradient) L*")
        let recommendation = found.analysis.recommendation
        #expect(recommendation.glyphTone == .white && recommendation.scrim?.color == .black)
    }

    /// A light band (Y 0.5) with a few darker spots (Y 0.12): black glyphs need a faint white veil that
    /// changes the band by at most 5 L*, far less than the dark gradient white glyphs would need, so the
    /// band keeps its white scrim. Below the veil's own change as the limit, the same band gets the dark
    /// gradient: the limit is the one mechanism that decides.
    @Test func lightBandKeepsASubtleWhiteScrim() throws {
        let hero = ToolbarHeroes.grey { x, y in
            (x.truncatingRemainder(dividingBy: 60) < 12 && y.truncatingRemainder(dividingBy: 40) < 10) ? 0.12 : 0.5
        }
        let found = try Self.candidates(hero)
        #expect(found.whiteVeil <= 5 && found.whiteVeil < found.darkGradient,
                "white veil \(found.whiteVeil), dark gradient \(found.darkGradient) L*")
        let recommendation = found.analysis.recommendation
        #expect(recommendation.glyphTone == .black && recommendation.scrim?.color == .white)

        // (The dark gradient is far from subtle here: kept for the comparison by a hard-edge threshold above it.)
        let stricter = try Self.candidates(hero, parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: 100,
                                                                                      lightScrimLightnessChange: found.whiteVeil - 0.1))
        #expect(stricter.analysis.recommendation.glyphTone == .white && stricter.analysis.recommendation.scrim?.color == .black)
    }

    /// A band light enough for plain black glyphs gets no scrim at all, whatever the limit.
    @Test func lightBandNeedsNoScrim() throws {
        let hero = ToolbarHeroes.grey { _, _ in 0.8 }
        let strict = ToolbarAnalysisParameters(lightScrimLightnessChange: 0)
        let recommendation = ToolbarAnalyzer.analyze(hero: hero, device: ToolbarHeroes.device, deliveredPixelSize: nil,
                                                     parameters: strict).recommendation
        #expect(recommendation.glyphTone == .black && recommendation.scrim == nil)
    }
}
