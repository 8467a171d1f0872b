/// Whether a built asset delivered any picture, and why not.
extension AssetRecord {
    /// Why the build delivered no picture for this asset, in one line, or nil when at least one tier of
    /// one target was made. A source too small for every tier of every target (with `"upscale": "skip"`)
    /// is `skipped`: the manifest keeps its record (every derivative `skipped`, with its note), the
    /// asset catalog and the generated Swift leave it out, and the build reports it as skipped, not built.
    ///
    /// Names the source size in pixels and the smallest tier it would need, e.g.
    /// `too small for every tier: the 512x512 source gives a 512x465 crop, the smallest tier (iphone-17-pro-max@2x) needs 880x800`.
    public var skipReason: String? {
        let plain = targets.flatMap { target in target.derivatives.filter { $0.kind == .plain }.map { (target, $0) } }
        guard !plain.isEmpty, plain.allSatisfy({ !$0.1.status.isProduced }) else { return nil }
        let (target, smallest) = plain.min { $0.1.width * $0.1.height < $1.1.width * $1.1.height }!
        return "too small for every tier: the \(source.width)x\(source.height) source gives a \(target.crop.width)x\(target.crop.height) crop, "
            + "the smallest tier (\(target.variant(of: smallest))) needs \(smallest.width)x\(smallest.height)"
    }

    /// Whether at least one picture was delivered (`skipReason == nil`).
    public var deliversImages: Bool { skipReason == nil }
}
