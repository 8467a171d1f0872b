import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// `.analyse`: the toolbar band (device targets) and text boxes measured on the largest produced tier, the
/// pixels an app shows (the measurer box-reduces it to about one pixel per point, SPEC 2.7), with the
/// recommendation and layout numbers. A target with no produced tier is measured on a copy at one pixel per
/// point (or at most 600 px wide for the web). The scrim's fade ends at the top of the crop's subject box.
/// A sidecar's `glyphs` fixes the toolbar tone; the scrim is then fitted for it.
enum AnalyseStep {
    /// nil when the pipeline does not analyse this target (legibility off, or a web target without text boxes).
    static func run(_ tiers: inout TierPictures, crop: CropPlan, target: AssetPlan.Target, plan: AssetPlan) -> ToolbarAnalysis? {
        let device = target.device
        guard plan.steps.contains(.analyse), device != nil || !plan.analysisParameters.textBoxes.isEmpty else { return nil }
        let hero: Image
        if let largest = tiers.pictures.values.max(by: { $0.width < $1.width }) {
            hero = largest
        } else {
            let width = min(crop.rect.width, device.map { Int($0.widthPoints.rounded()) } ?? 600)
            let size = PixelSize(width: max(1, width), height: max(1, Int((Double(width) / target.hero.aspectRatio).rounded())))
            hero = tiers.cascade.picture(size: size, keep: false)
        }
        let delivered = target.derivatives.largestSourcePixelSize
        return ToolbarAnalyzer.analyze(hero: hero, device: device, deliveredPixelSize: delivered,
                                       subjectSpan: subjectSpan(of: crop), glyphTone: plan.sidecar?.glyphTone,
                                       parameters: plan.analysisParameters)
    }

    /// The vertical extent of the crop's subject box as fractions of the crop's height (0 = top edge),
    /// clamped to the crop; nil without a subject box or when the box lies outside the crop.
    static func subjectSpan(of crop: CropPlan) -> ClosedRange<Double>? {
        guard let box = crop.subjectBox, crop.rect.height > 0 else { return nil }
        let height = Double(crop.rect.height)
        let top = min(max(0, Double(box.y - crop.rect.y) / height), 1)
        let bottom = min(max(0, Double(box.maxY - crop.rect.y) / height), 1)
        return bottom > top ? top...bottom : nil
    }
}

/// `.bake`: the recommended gradients (the top one, the lower text boxes' one) baked into each produced tier
/// (the `-scrim` variants), re-verified on the baked pixels and on each of them encoded in every output format
/// of the target and decoded again, so the legibility verdict holds on the delivered files, the codec's loss
/// included. The files of that last verification are kept, so the encoder writes them instead of encoding
/// the same picture a second time.
enum BakeStep {
    struct Result {
        /// Derivative index -> baked picture; empty when nothing is to be baked.
        var scrims: [Int: BakedScrim] = [:]
        /// Derivative index -> the verification's encodings of its baked picture, parallel to the target's
        /// outputs (nil where that output failed to encode or decode here; the real encode reports the error).
        /// Encoding is deterministic, so these are the bytes the encoder would write for that picture.
        var verifiedFiles: [Int: [[UInt8]?]] = [:]
        /// Tiers whose baked gradient misses the target contrast.
        var warnings: [String] = []
    }

    static func run(_ tiers: TierPictures, analysis: ToolbarAnalysis?, target: AssetPlan.Target, plan: AssetPlan) -> Result {
        guard plan.steps.contains(.bake), let analysis,
              analysis.recommendation.scrim != nil || analysis.recommendation.lowerText?.scrim != nil else { return Result() }
        let outputs = target.spec.outputs ?? plan.spec.outputs
        var result = Result()
        for (i, derivative) in target.derivatives.derivatives.enumerated() {
            guard let picture = tiers.pictures[i] else { continue }
            // The baker verifies each round's picture and returns the last one; the files of the verification
            // are kept when they are that picture's.
            var lastVerified: (picture: Image, renderings: [DeliveredRendering?])?
            let baked = ScrimBaker.bake(hero: picture, recommendation: analysis.recommendation, device: target.device,
                                        parameters: plan.analysisParameters,
                                        delivered: { baked in
                                            let renderings = deliveredRenderings(of: baked, outputs: outputs)
                                            lastVerified = (baked, renderings)
                                            return renderings.compactMap { $0?.image }
                                        })
            if !baked.meetsTarget {
                result.warnings.append("\(target.hero.name) \(derivative.tier.label): baked gradient does not reach the target contrast")
            }
            result.scrims[i] = baked
            if let lastVerified, lastVerified.picture == baked.image {
                result.verifiedFiles[i] = lastVerified.renderings.map { $0?.bytes }
            }
        }
        return result
    }

    /// One output file of a picture as the verification made it: its bytes and how they decode.
    struct DeliveredRendering {
        var bytes: [UInt8]
        var image: Image
    }

    /// `picture` as each of `outputs` will decode, in the order of `outputs`: encoded with the output's options
    /// (deterministic, so these are the written files) and decoded at full size. nil for a format that fails
    /// to encode or decode here; the real encode reports the error.
    static func deliveredRenderings(of picture: Image, outputs: [OutputSpec]) -> [DeliveredRendering?] {
        outputs.map { output in
            guard let bytes = try? Codecs.encode(picture, as: output.options),
                  let decoded = try? Codecs.decode(bytes), decoded.image.size == picture.size else { return nil }
            return DeliveredRendering(bytes: bytes, image: decoded.image)
        }
    }

    /// Derivative index -> the mean CIE L* change between the plain and the baked tier from the top to the
    /// far side of the top glyph regions (`BandLightnessChange`, rounded to 0.01 as the manifest gives it);
    /// empty without an analysis or a top glyph band.
    static func bandLightnessChanges(_ tiers: TierPictures, baked: [Int: BakedScrim], analysis: ToolbarAnalysis?) -> [Int: Double] {
        guard let analysis, let extent = analysis.glyphExtentPoints(from: .top) else { return [:] }
        var changes: [Int: Double] = [:]
        for (i, scrim) in baked {
            guard let picture = tiers.pictures[i] else { continue }
            let rows = Int((extent * Double(picture.height) / analysis.heroHeightPoints).rounded(.up))
            changes[i] = (BandLightnessChange.mean(plain: picture, baked: scrim.image, heightPixels: rows) * 100).rounded() / 100
        }
        return changes
    }

    /// The analysis with the no-subtle-scrim rule judged on the baked tiers' measured band change (the
    /// largest of `changes`) rather than the analysis's measure on its one-pixel-per-point band
    /// (`ToolbarAnalysis.judgingScrim(onMeasuredChange:)`); unchanged when nothing was baked. Where that change
    /// leaves the system bars' glyphs to the hard scroll edge, the recommendation has no top scrim and the
    /// caller delivers no `-scrim` tier.
    static func scrollEdgeMatchingBaked(_ analysis: ToolbarAnalysis?, changes: [Int: Double]) -> ToolbarAnalysis? {
        guard let analysis, let largest = changes.values.max() else { return analysis }
        return analysis.judgingScrim(onMeasuredChange: largest)
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
