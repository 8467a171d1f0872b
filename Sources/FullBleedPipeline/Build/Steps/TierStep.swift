import FullBleedCore
import FullBleedImage

/// A target's resampled pictures: one per produced tier, and the cascade that made them (later steps
/// reduce from it: the analysis copy, the placeholders).
struct TierPictures {
    var cascade: ReductionCascade
    /// Derivative index (in `DerivativePlan.derivatives`) -> picture, produced tiers only.
    var pictures: [Int: Image]
}

/// `.tiers`: every produced tier of a target from its crop, largest first, each reduced from the smallest
/// adequate larger one (`ReductionCascade`).
enum TierStep {
    static func run(_ image: Image, crop: CropPlan, target: AssetPlan.Target, options: ResampleOptions) -> TierPictures {
        var cascade = ReductionCascade(source: image, region: crop.rect, options: options)
        var pictures: [Int: Image] = [:]
        let derivatives = target.derivatives.derivatives
        let produced = derivatives.indices
            .filter { derivatives[$0].isProduced }
            .sorted { derivatives[$0].pixelSize.width > derivatives[$1].pixelSize.width }
        for i in produced { pictures[i] = cascade.picture(size: derivatives[i].pixelSize) }
        return TierPictures(cascade: cascade, pictures: pictures)
    }
}
