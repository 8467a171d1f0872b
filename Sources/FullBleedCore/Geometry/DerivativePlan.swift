import Foundation
import FullBleedImage

/// What to do when the (cropped) source is smaller than a tier.
public enum UpscalePolicy: String, Sendable, Hashable, Codable {
    /// Leave the tier out and say so (the recommended default: never publish invented pixels).
    case skip
    /// Produce the tier at its size without headroom by enlarging, with a warning.
    case upscale
}

/// One derivative of a plan: the tier, its final pixel size and whether the source covers it.
public struct Derivative: Sendable, Hashable {
    public enum Status: Sendable, Hashable {
        /// The source covers the tier with the full headroom: produced by reduction (or at 1:1).
        case exact
        /// The source covers the tier but not all the headroom: produced at the source's own size,
        /// with `headroom` as large as the source allows (>= 1).
        case reducedHeadroom
        /// The source is smaller than the tier and the policy enlarges it by `factor` (> 1).
        case upscaled(factor: Double)
        /// The source is smaller than the tier and the policy skips it; nothing is produced.
        case skipped
    }

    public var tier: HeroTarget.Tier
    /// The stretch headroom actually applied (1 when upscaled or skipped).
    public var headroom: Double
    /// Output size in pixels (for a skipped tier: the size it would have had).
    public var pixelSize: PixelSize
    public var status: Status
    /// Why the derivative is not `exact`, one line; nil when exact.
    public var note: String?

    /// Whether an image is produced for this derivative.
    public var isProduced: Bool { status != .skipped }
}

/// A headroom outside `1...target.maximumStretch`.
public struct HeadroomOutOfRange: Error, Sendable, Equatable, CustomStringConvertible {
    public var headroom: Double
    public var maximumStretch: Double
    public var description: String {
        "stretch headroom \(headroom) is outside 1...\(maximumStretch.compactDecimalText) (the header's maximum stretch)"
    }
}

/// The derivatives to make from one cropped source for one target (SPEC 1.5 and 6): each tier's
/// size x headroom, checked against the crop so that nothing is upscaled silently.
public struct DerivativePlan: Sendable, Hashable {
    public var target: HeroTarget
    /// Size of the crop the derivatives are made from, source pixels.
    public var cropSize: PixelSize
    /// The requested stretch headroom.
    public var headroom: Double
    public var policy: UpscalePolicy
    /// One entry per tier, smallest tier first.
    public var derivatives: [Derivative]

    /// Plans `target`'s tiers for a crop of `cropSize` pixels.
    /// - Parameter headroom: stretch headroom in `1...target.maximumStretch`; nil uses `target.defaultHeadroom`.
    /// - Throws: `HeadroomOutOfRange`.
    public init(target: HeroTarget, cropSize: PixelSize, headroom: Double? = nil, policy: UpscalePolicy = .skip) throws {
        let k = headroom ?? target.defaultHeadroom
        guard k.isFinite, k >= 1, k <= target.maximumStretch else {
            throw HeadroomOutOfRange(headroom: k, maximumStretch: target.maximumStretch)
        }
        precondition(cropSize.width > 0 && cropSize.height > 0, "crop size must be positive")
        self.target = target
        self.cropSize = cropSize
        self.headroom = k
        self.policy = policy
        self.derivatives = target.tiers.map { Self.derivative(for: $0, crop: cropSize, headroom: k, policy: policy) }
    }

    private static func derivative(for tier: HeroTarget.Tier, crop: PixelSize, headroom: Double, policy: UpscalePolicy) -> Derivative {
        let full = tier.pixelSize(headroom: headroom)
        if full.width <= crop.width && full.height <= crop.height {
            return Derivative(tier: tier, headroom: headroom, pixelSize: full, status: .exact, note: nil)
        }
        let base = tier.pixelSize()
        if base.width <= crop.width && base.height <= crop.height {
            // As much headroom as the crop holds: the largest size at the tier's aspect inside the crop.
            let available = max(1, min(Double(crop.width) / tier.exactWidth, Double(crop.height) / tier.exactHeight))
            var size = tier.pixelSize(headroom: available)
            size = PixelSize(width: min(size.width, crop.width), height: min(size.height, crop.height))
            let note = "\(tier.label): headroom reduced from \(headroom.compactDecimalText) to \(available.compactDecimalText)"
                + " (crop \(crop) is smaller than \(full))"
            return Derivative(tier: tier, headroom: available, pixelSize: size, status: .reducedHeadroom, note: note)
        }
        let factor = max(Double(base.width) / Double(crop.width), Double(base.height) / Double(crop.height))
        switch policy {
        case .skip:
            let note = "\(tier.label) \(base) skipped: the crop is only \(crop) (would need \(factor.compactDecimalText)x upscaling)"
            return Derivative(tier: tier, headroom: 1, pixelSize: base, status: .skipped, note: note)
        case .upscale:
            let note = "\(tier.label) \(base) upscaled \(factor.compactDecimalText)x from a \(crop) crop"
            return Derivative(tier: tier, headroom: 1, pixelSize: base, status: .upscaled(factor: factor), note: note)
        }
    }

    /// The derivatives that produce an image.
    public var produced: [Derivative] { derivatives.filter(\.isProduced) }

    /// Notes of every derivative that is not `exact`, one line each (warnings for the manifest).
    public var notes: [String] { derivatives.compactMap(\.note) }

    /// Shrink-on-load: the smallest decoded size (whole image, display orientation) of a source of
    /// `sourceSize` pixels whose crop (`cropSize` at full resolution) still covers every produced
    /// derivative, plus one pixel for rounding. Pass it as `DecodeOptions.minimumSize`. nil when
    /// nothing is produced or the full size is needed.
    ///
    /// - Parameter margin: reduction left to the resampler (>= 1). A JPEG DCT-scaled decode is close to
    ///   a box filter, so some reduction must be left to Lanczos3: measured on corpus photos against a
    ///   full decode (16:9 crop, 1290/860/430 wide), a margin of 1 gave 30-38 dB (aliasing), the default
    ///   1.5 gives 42.6-51.9 dB (the Dragonfly photo at 1290 wide: 49.6 dB from a 1/2-scale decode), the
    ///   same as 2 (libvips' shrink gap) on every tier both decode at the same scale. 1.5 rather than 2
    ///   halves the decode of a 12 MP photo for a 1290 px hero (1/2 instead of full scale): about a
    ///   quarter of that photo's build time and a quarter of its decoded pixels in memory.
    public func minimumDecodeSize(sourceSize: PixelSize, margin: Double = 1.5) -> PixelSize? {
        guard let needed = produced.map({ d in
            max(Double(d.pixelSize.width + 1) / Double(cropSize.width), Double(d.pixelSize.height + 1) / Double(cropSize.height))
        }).max() else { return nil }
        let scale = needed * max(1, margin)
        if scale >= 1 { return nil }
        return PixelSize(width: min(sourceSize.width, Int((Double(sourceSize.width) * scale).rounded(.up))),
                         height: min(sourceSize.height, Int((Double(sourceSize.height) * scale).rounded(.up))))
    }
}
