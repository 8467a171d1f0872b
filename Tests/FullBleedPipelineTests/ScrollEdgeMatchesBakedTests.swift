import Foundation
import Testing
import FullBleedCore
@testable import FullBleedPipeline
import FullBleedTestSupport

/// Where no scrim stays subtle the band gets the `.hard` scroll edge and says so, with the reason true of
/// the delivered pixels, and the system bars' glyphs are left to that edge: no gradient is baked. The analysis estimates a scrim's band change with a uniform scrim over the glyph
/// regions; the build then measures the baked gradient on every `-scrim` tier (`bandLightnessChange`) and
/// judges the rule on the largest of those. The estimate alone can be far off: it called "no scrim stays
/// subtle" scrims whose baked pixels changed the band by only 13-15 L* (the corpus dragonfly's iPhone
/// heroes) or 8 L* (an iPad hero of a held-out portrait).
@Suite struct ScrollEdgeMatchesBakedTests {
    static func recommendation(reason: ScrollEdgeReason?) -> ToolbarRecommendation {
        ToolbarRecommendation(glyphTone: .white, scrim: nil, scrollEdgeEffect: reason == nil ? .soft : .hard,
                              scrollEdgeEffectReason: reason, regionNames: ["status-bar"], busyRegions: [], lowerText: nil)
    }

    @Test func theMeasuredChangeDecidesAgainstTheThreshold() {
        let parameters = ToolbarAnalysisParameters(hardEdgeLightnessChange: 20)
        for start in [nil, ScrollEdgeReason.noSubtleScrim] {
            let above = Self.recommendation(reason: start).judgingScrim(onMeasuredChange: 20.01, parameters: parameters)
            #expect(above.scrollEdgeEffect == .hard && above.scrollEdgeEffectReason == .noSubtleScrim)
            let at = Self.recommendation(reason: start).judgingScrim(onMeasuredChange: 20, parameters: parameters)
            #expect(at.scrollEdgeEffect == .soft && at.scrollEdgeEffectReason == nil)
        }
        // A cluttered band keeps its hard edge and its reason: a scrim does not hide clutter.
        let cluttered = Self.recommendation(reason: .clutteredBand).judgingScrim(onMeasuredChange: 1, parameters: parameters)
        #expect(cluttered.scrollEdgeEffect == .hard && cluttered.scrollEdgeEffectReason == .clutteredBand)
    }

    /// The three default devices at @1x, PNG (lossless, so the measured change is the scrim's alone), upscaled
    /// where a photo is smaller than a tier so that every corpus photo delivers its heroes.
    static let spec: PipelineSpec = {
        let json = """
        { "name": "scroll-edge", "description": "Default devices @1x, PNG.",
          "targets": [ { "device": "iphone-17-pro-max", "scales": [1] }, { "device": "iphone-17-pro", "scales": [1] },
                       { "device": "ipad-pro-13-landscape", "scales": [1] } ],
          "tiers": { "upscale": "upscale" },
          "outputs": [ { "format": "png" } ] }
        """
        return try! PipelineLoader.parse(Data(json.utf8))
    }()

    /// On every corpus photo: every baked top gradient is subtle on the delivered pixels (each `-scrim` tier's
    /// `bandLightnessChange` at most the default threshold, 10 L*, with the soft edge unless the band is cluttered), and every target
    /// whose edge is hard because no scrim stays subtle delivers no `-scrim` tier and recommends no top scrim.
    /// That "no scrim stays subtle" is checked against a build that bakes every gradient (the threshold raised
    /// to 100 L*): there, each such target's gradient changes the band by more than 10 L* on its delivered tiers.
    @Test(.requiresCorpus) func unsubtleGradientsAreLeftToTheHardEdge() throws {
        let threshold = ToolbarAnalysisParameters().hardEdgeLightnessChange
        var lenient = Self.spec
        lenient.legibility.parameters.hardEdgeLightnessChange = 100
        let everyGradient = Dictionary(uniqueKeysWithValues: try CorpusBuilds.photos(spec: lenient).map { ($0.name, $0.output.record) })
        var baked = 0, leftToEdge = 0
        var failures: [String] = []
        for (name, output) in try CorpusBuilds.photos(spec: Self.spec) {
            for target in output.record.targets {
                guard let recommendation = target.recommendation else { continue }
                let changes = target.scrimDerivatives.compactMap(\.bandLightnessChange)
                if let largest = changes.max() {
                    baked += 1
                    let edgeMatches = recommendation.scrollEdgeEffectReason == .clutteredBand
                        || (recommendation.scrollEdgeEffect == .soft && recommendation.scrollEdgeEffectReason == nil)
                    if largest > threshold || !edgeMatches || recommendation.scrim == nil {
                        failures.append("\(name) \(target.name): baked band change \(largest) L*, edge \(recommendation.scrollEdgeEffect)")
                    }
                }
                guard recommendation.scrollEdgeEffectReason == .noSubtleScrim else { continue }
                leftToEdge += 1
                let wouldBe = everyGradient[name]?.targets.first { $0.name == target.name }?
                    .scrimDerivatives.compactMap(\.bandLightnessChange).max() ?? 0
                if !changes.isEmpty || recommendation.scrim != nil || wouldBe <= threshold {
                    failures.append("\(name) \(target.name): hard edge (no scrim stays subtle) with \(changes.count) -scrim tiers, "
                                    + "a gradient that would change the band by \(wouldBe) L*")
                }
            }
        }
        #expect(baked >= 5, "only \(baked) corpus targets with a baked top gradient")
        #expect(leftToEdge >= 1, "no corpus target left to the hard edge")
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
        print("\(baked) corpus targets baked a subtle gradient, \(leftToEdge) left to the hard edge (no scrim stays subtle)")
    }
}
