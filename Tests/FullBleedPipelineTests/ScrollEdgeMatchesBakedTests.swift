import Foundation
import Testing
import FullBleedCore
@testable import FullBleedPipeline
import FullBleedTestSupport

/// Where no scrim stays subtle the band gets the `.hard` scroll edge and says so, with the reason true of
/// the delivered pixels. The analysis estimates a scrim's band change with a uniform scrim over the glyph
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

    /// On every corpus photo, every target with a baked top gradient and no cluttered band: the edge is hard,
    /// with "no scrim stays subtle", exactly when a `-scrim` tier's `bandLightnessChange` exceeds 20 L*.
    @Test(.requiresCorpus) func theManifestsReasonIsTrueOfTheBakedTiers() throws {
        let threshold = ToolbarAnalysisParameters().hardEdgeLightnessChange
        var checked = 0, hard = 0
        var failures: [String] = []
        for (name, output) in try CorpusBuilds.photos(spec: Self.spec) {
            for target in output.record.targets {
                guard let recommendation = target.recommendation, recommendation.scrollEdgeEffectReason != .clutteredBand else { continue }
                let changes = target.producedDerivatives.compactMap { target.scrimDerivative(for: $0)?.bandLightnessChange }
                guard let largest = changes.max() else { continue }
                checked += 1
                let expectHard = largest > threshold
                if expectHard { hard += 1 }
                let isHard = recommendation.scrollEdgeEffect == .hard && recommendation.scrollEdgeEffectReason == .noSubtleScrim
                let isSoft = recommendation.scrollEdgeEffect == .soft && recommendation.scrollEdgeEffectReason == nil
                if expectHard ? !isHard : !isSoft {
                    failures.append("\(name) \(target.name): band change \(largest) L*, edge \(recommendation.scrollEdgeEffect) "
                                    + "(\(recommendation.scrollEdgeEffectReason?.rawValue ?? "no reason"))")
                }
            }
        }
        #expect(checked >= 20, "only \(checked) corpus targets with a baked top gradient")
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
        print("scroll edge judged on \(checked) baked targets, \(hard) of them hard (no scrim stays subtle)")
    }
}
