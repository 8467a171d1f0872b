import Foundation
import Testing
import FullBleedImage
@testable import FullBleedCore

/// `ToolbarAnalyzer.analyze(glyphTone:)`: a tone a person chose is served by the top group, with the scrim
/// fitted for that tone, and the rules' own choice kept beside it. Synthetic grey bands on the iPhone 17 Pro at @1x.
@Suite struct ChosenGlyphToneTests {
    /// A light band (Y 0.5) with darker spots (Y 0.12): the rules choose black glyphs over a faint white veil.
    static let lightBand = ToolbarHeroes.grey { x, y in
        (x.truncatingRemainder(dividingBy: 60) < 12 && y.truncatingRemainder(dividingBy: 40) < 10) ? 0.12 : 0.5
    }

    static func analyze(_ hero: Image, device: DeviceClass? = ToolbarHeroes.device, glyphTone: GlyphTone?,
                        parameters: ToolbarAnalysisParameters = ToolbarAnalysisParameters()) -> ToolbarAnalysis {
        ToolbarAnalyzer.analyze(hero: hero, device: device, deliveredPixelSize: nil, glyphTone: glyphTone, parameters: parameters)
    }

    @Test func aChosenToneGetsTheScrimThatToneNeeds() throws {
        let free = Self.analyze(Self.lightBand, glyphTone: nil).recommendation
        #expect(free.glyphTone == .black && free.scrim?.color == .white && free.recommendedGlyphTone == nil)

        // White glyphs over this light band need a dark gradient far from subtle: by default the bars' glyphs
        // are then left to the hard scroll edge, the person's tone kept; with every gradient kept (the
        // threshold above any change) the scrim is the one fitted for that tone.
        let left = Self.analyze(Self.lightBand, glyphTone: .white).recommendation
        #expect(left.glyphTone == .white && left.scrim == nil && left.scrollEdgeEffect == .hard && left.recommendedGlyphTone == .black)
        let chosen = Self.analyze(Self.lightBand, glyphTone: .white, parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: 100))
        let recommendation = chosen.recommendation
        #expect(recommendation.glyphTone == .white && recommendation.recommendedGlyphTone == .black)
        #expect(recommendation.toolbarColorScheme == .dark)
        let scrim = try #require(recommendation.scrim)
        #expect(scrim.color == .black)
        // Fitted for white glyphs: the strongest opacity a top region asks of a black scrim, plus the margin.
        let top = chosen.regions.filter { $0.region.isAtRest && $0.region.scrimEdge == .top }
        let needed = try #require(top.compactMap { $0.verdict.scrimOpacity(for: .white) }.max())
        #expect(needed > 0.1 && abs(scrim.minimumOpacity - needed) < 1e-9, "needed \(needed), scrim \(scrim.minimumOpacity)")
        #expect(Set(recommendation.regionNames) == Set(top.map(\.name)))

        // Choosing the tone the rules choose gives their recommendation, marked as chosen.
        var same = Self.analyze(Self.lightBand, glyphTone: .black).recommendation
        #expect(same.recommendedGlyphTone == .black)
        same.recommendedGlyphTone = nil
        #expect(same == free)
    }

    @Test func theChoiceSurvivesTheReportsCoding() throws {
        let recommendation = Self.analyze(Self.lightBand, glyphTone: .white).recommendation
        let data = try JSONEncoder().encode(recommendation)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["glyphColor"] as? String == "white" && object["recommendedGlyphColor"] as? String == "black")
        #expect(try JSONDecoder().decode(ToolbarRecommendation.self, from: data) == recommendation)
        let free = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.analyze(Self.lightBand, glyphTone: nil).recommendation)) as? [String: Any]
        #expect(free?["recommendedGlyphColor"] == nil)
    }

    /// A web hero whose only text box sits low has no top group: there is no toolbar tone to choose, and the
    /// low box keeps its own recommendation.
    @Test func withoutATopGroupThereIsNothingToChoose() {
        let low = TextBox(name: "caption", x: 0.05, y: 0.75, width: 0.6, height: 0.15)
        let parameters = ToolbarAnalysisParameters(textBoxes: [low])
        let free = Self.analyze(Self.lightBand, device: nil, glyphTone: nil, parameters: parameters).recommendation
        let chosen = Self.analyze(Self.lightBand, device: nil, glyphTone: .white, parameters: parameters).recommendation
        #expect(chosen.regionNames.isEmpty && chosen.recommendedGlyphTone == nil)
        #expect(chosen == free)
    }
}
