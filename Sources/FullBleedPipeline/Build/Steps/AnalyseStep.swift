import FullBleedCore
import FullBleedImage

/// `.analyse`: the toolbar band (device targets) and text boxes measured on a modest copy of the hero
/// (the @1x size, or at most 600 px wide for the web), with the recommendation and layout numbers.
enum AnalyseStep {
    /// nil when the pipeline does not analyse this target (legibility off, or a web target without text boxes).
    static func run(_ tiers: inout TierPictures, crop: CropPlan, target: AssetPlan.Target, plan: AssetPlan) -> ToolbarAnalysis? {
        let device = target.device
        guard plan.steps.contains(.analyse), device != nil || !plan.analysisParameters.textBoxes.isEmpty else { return nil }
        let width = min(crop.rect.width, device.map { Int($0.widthPoints.rounded()) } ?? 600)
        let size = PixelSize(width: max(1, width), height: max(1, Int((Double(width) / target.hero.aspectRatio).rounded())))
        let small = tiers.cascade.picture(size: size, keep: false)
        let delivered = target.derivatives.largestSourcePixelSize
        return ToolbarAnalyzer.analyze(hero: small, device: device, deliveredPixelSize: delivered, parameters: plan.analysisParameters)
    }
}

/// `.bake`: the recommended gradient baked into each produced tier (the `-scrim` variants), re-verified on
/// the baked pixels.
enum BakeStep {
    /// Derivative index -> baked picture; empty when nothing is to be baked. Warnings name tiers whose baked
    /// gradient misses the target contrast.
    static func run(_ tiers: TierPictures, analysis: ToolbarAnalysis?, target: AssetPlan.Target,
                    plan: AssetPlan) -> (baked: [Int: BakedScrim], warnings: [String]) {
        guard plan.steps.contains(.bake), let analysis, analysis.recommendation.scrim != nil else { return ([:], []) }
        var baked: [Int: BakedScrim] = [:]
        var warnings: [String] = []
        for (i, derivative) in target.derivatives.derivatives.enumerated() {
            guard let picture = tiers.pictures[i] else { continue }
            let result = ScrimBaker.bake(hero: picture, recommendation: analysis.recommendation, device: target.device,
                                         parameters: plan.analysisParameters)
            if !result.meetsTarget {
                warnings.append("\(target.hero.name) \(derivative.tier.label): baked gradient does not reach the target contrast")
            }
            baked[i] = result
        }
        return (baked, warnings)
    }

    /// The analysis with its recommended gradients raised to the strongest opacity any tier had to be
    /// baked with, so the gradient an app draws live over a plain file is the one verified on the baked
    /// pixels of every tier (the baker raises an opacity when 8-bit rounding leaves a region short).
    static func recommendationMatchingBaked(_ analysis: ToolbarAnalysis?, baked: [Int: BakedScrim]) -> ToolbarAnalysis? {
        guard var analysis, !baked.isEmpty else { return analysis }
        if let scrim = analysis.recommendation.scrim, let strongest = baked.values.map(\.opacity).max(), strongest > scrim.opacity {
            analysis.recommendation.scrim = scrim.scaled(toOpacity: strongest)
        }
        if let lower = analysis.recommendation.lowerText?.scrim, let strongest = baked.values.compactMap(\.lowerOpacity).max(),
           strongest > lower.opacity {
            analysis.recommendation.lowerText?.scrim = lower.scaled(toOpacity: strongest)
        }
        return analysis
    }
}
