import FullBleedCore
import FullBleedImage

/// `.extend`: the baked background extension of each produced tier of an extended target, rendered once
/// per tier (the strips are cut from the canvas), at scale = tier scale x stretch headroom (SPEC 6).
enum ExtendStep {
    /// Derivative index -> rendering; empty for targets without extension.
    static func run(_ tiers: TierPictures, target: AssetPlan.Target, plan: AssetPlan) throws -> [Int: ExtensionRendering] {
        guard plan.steps.contains(.extend), let extensionSpec = target.spec.backgroundExtension else { return [:] }
        var renderings: [Int: ExtensionRendering] = [:]
        for (i, derivative) in target.derivatives.derivatives.enumerated() {
            guard let picture = tiers.pictures[i] else { continue }
            let parameters = Self.parameters(extensionSpec, for: derivative)
            do {
                renderings[i] = try BackgroundExtension.render(of: picture, parameters: parameters)
            } catch {
                throw ProcessingError(path: plan.source.relativePath, stage: .extension, reason: "\(error)")
            }
        }
        return renderings
    }

    /// The extension parameters of one tier: the target's, at scale = tier scale x stretch headroom.
    static func parameters(_ spec: ExtensionSpec, for derivative: Derivative) -> ExtensionParameters {
        var parameters = spec.parameters
        parameters.scale = Double(derivative.tier.scale ?? 1) * derivative.headroom
        return parameters
    }
}
