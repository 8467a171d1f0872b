/// Whether a built asset delivered any picture, and why not.
extension AssetRecord {
    /// Why the build would deliver no picture from `targets`, in one line, or nil when at least one tier of
    /// one target is made. A source too small for every tier of every target (with `"upscale": "skip"`)
    /// is skipped.
    ///
    /// Names the source size in pixels and the smallest tier it would need, e.g.
    /// `too small for every tier: the 512x512 source gives a 512x465 crop, the smallest tier (iphone-17-pro-max@2x) needs 880x800`.
    static func skipReason(source: SourceRecord, targets: [TargetRecord]) -> String? {
        let plain = targets.flatMap { target in target.derivatives.filter { $0.kind == .plain }.map { (target, $0) } }
        guard !plain.isEmpty, plain.allSatisfy({ !$0.1.status.isProduced }) else { return nil }
        let (target, smallest) = plain.min { $0.1.width * $0.1.height < $1.1.width * $1.1.height }!
        return "too small for every tier: the \(source.width)x\(source.height) source gives a \(target.crop.width)x\(target.crop.height) crop, "
            + "the smallest tier (\(target.variant(of: smallest))) needs \(smallest.width)x\(smallest.height)"
    }

    /// The record of an asset that delivers nothing: its source, warnings (each skipped tier's note) and
    /// `skipReason`, without targets or placeholders (there is no picture to place or hold a
    /// place for). The manifest keeps this record; the asset catalog and the generated Swift leave it
    /// out, and the build reports it as skipped, not built.
    func skipped(because reason: String) -> AssetRecord {
        var record = self
        record.skipReason = reason
        record.targets = []
        record.placeholders = nil
        return record
    }

    /// Whether at least one picture was delivered (`skipReason == nil`).
    public var deliversImages: Bool { skipReason == nil }

    /// The targets that have no picture of their own (every tier skipped), in pipeline order; empty for a
    /// skipped asset (it has no targets).
    public var targetsWithoutImage: [String] { targets.filter { $0.producedDerivatives.isEmpty }.map(\.name) }

    /// Whether the asset delivers pictures but not for every target (a build reports it as `partial`).
    public var isPartial: Bool { deliversImages && !targetsWithoutImage.isEmpty }
}
