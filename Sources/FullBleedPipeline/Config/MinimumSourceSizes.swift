import FullBleedCore
import FullBleedImage

/// How large a photo must be for each tier of a pipeline (`fullbleed pipeline show`): found with the code a
/// build plans with (`AssetPlan.plan`: the largest crop of the target's aspect ratio inside the source,
/// `CropPlanner.cropSize`, then `DerivativePlan`), so the numbers cannot drift from what a build does.
public struct MinimumSourceSize: Sendable, Hashable {
    /// The target's name, e.g. `iphone-17-pro-max`.
    public var target: String
    /// The tier's label, e.g. `@3x` or `1290w`.
    public var tier: String
    /// The tier's own size without stretch headroom, pixels.
    public var tierSize: PixelSize
    /// The smallest source, pixels (width and height, each with the other side unbounded), that produces
    /// the tier without upscaling: a photo at least this wide and this tall, of any aspect ratio, gets the
    /// tier (possibly with less stretch headroom); one smaller on either side has it skipped (or upscaled
    /// with `"upscale": "upscale"`).
    public var minimum: PixelSize
    /// The smallest source, pixels, that produces the tier with the pipeline's full stretch headroom.
    public var fullHeadroom: PixelSize
    /// The stretch headroom the pipeline asks for on this target (1 for web targets).
    public var headroom: Double
}

extension PipelineSpec {
    /// One row per tier of every target, in pipeline order.
    public func minimumSourceSizes() throws -> [MinimumSourceSize] {
        var rows: [MinimumSourceSize] = []
        var skipping = self
        skipping.upscale = .skip   // "without upscaling": an upscaled tier is not produced from the source's pixels
        for spec in targets {
            let reference = try AssetPlan.plan(spec, sourceSize: PixelSize(width: Self.unbounded, height: Self.unbounded),
                                               spec: skipping, path: name)
            for (index, derivative) in reference.derivatives.derivatives.enumerated() {
                func smallest(_ accepts: @escaping (Derivative.Status) -> Bool) throws -> PixelSize {
                    func covers(_ size: PixelSize) throws -> Bool {
                        accepts(try AssetPlan.plan(spec, sourceSize: size, spec: skipping, path: name).derivatives.derivatives[index].status)
                    }
                    let width = try Self.smallest { try covers(PixelSize(width: $0, height: Self.unbounded)) }
                    let height = try Self.smallest { try covers(PixelSize(width: Self.unbounded, height: $0)) }
                    return PixelSize(width: width, height: height)
                }
                rows.append(MinimumSourceSize(
                    target: reference.hero.name, tier: derivative.tier.label, tierSize: derivative.tier.pixelSize(),
                    minimum: try smallest { $0 != .skipped }, fullHeadroom: try smallest { $0 == .exact },
                    headroom: reference.derivatives.headroom))
            }
        }
        return rows
    }

    /// A side longer than any tier's (the other side of a search is held here).
    static let unbounded = 1 << 20

    /// The smallest length in 1...unbounded that `accepts` (monotone: every longer one does too).
    static func smallest(_ accepts: (Int) throws -> Bool) throws -> Int {
        var low = 1, high = unbounded
        while low < high {
            let middle = (low + high) / 2
            if try accepts(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
