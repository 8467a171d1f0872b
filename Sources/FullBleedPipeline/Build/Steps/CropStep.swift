import FullBleedCore
import FullBleedImage

/// `.crop`: the subject and each target's crop rectangle (decoded-image pixels), from one saliency map.
enum CropStep {
    static func run(_ image: Image, plan: AssetPlan) -> [CropPlan] {
        let saliency = SaliencyMap(image: image)
        return plan.targets.map { target in
            CropPlanner.plan(saliency, aspectRatio: target.hero.aspectRatio, mode: plan.cropMode,
                             toolbarBandFraction: target.toolbarBandFraction)
        }
    }
}
