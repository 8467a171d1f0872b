/// The emit step of a build (`EmitSpec`): after the manifest, on every unsharded build (no-op builds too:
/// comparing the emitted files is cheap), so the catalog and the Swift file always match the manifest.
extension BuildRunner {
    /// A sharded build's manifest is partial, so it emits nothing: an unsharded build after the merge does
    /// (it reuses every image and only writes the emitted files).
    static func emitsFiles(_ spec: PipelineSpec, shard: Shard?) -> Bool {
        spec.emit.isEnabled && (shard?.count ?? 1) == 1
    }

    /// `--check` lines for emitted files that are missing, stale or no longer emitted, given the assets an
    /// up-to-date build would record.
    static func emitStaleEntries(spec: PipelineSpec, assets: [AssetRecord], shard: Shard?, out: OutputDirectory?) throws -> [String] {
        guard emitsFiles(spec, shard: shard) else { return [] }
        let manifest = Manifest(pipeline: spec, assets: assets, failures: [], shard: shard)
        let plans = try EmitPlan.plans(manifest: manifest, spec: spec)
        guard let out else { return plans.flatMap { $0.files.map { "\($0.path): missing" } } }
        return plans.flatMap { $0.staleEntries(in: out) }
    }

    /// Brings the emitted files in line with `manifest`, reporting what changed as notes.
    static func emit(spec: PipelineSpec, manifest: Manifest, shard: Shard?, out: OutputDirectory,
                     onEvent: @Sendable (BuildEvent) -> Void) throws {
        guard spec.emit.isEnabled else { return }
        guard emitsFiles(spec, shard: shard) else {
            onEvent(.note("emit skipped in a sharded build: run an unsharded build after the merge to write the catalog and Swift file"))
            return
        }
        for plan in try EmitPlan.plans(manifest: manifest, spec: spec) {
            let outcome = try plan.apply(to: out)
            guard !outcome.written.isEmpty || !outcome.removed.isEmpty else { continue }
            let what = plan.ownedFolder ?? plan.files.first?.path ?? "emit"
            onEvent(.note("\(what): \(outcome.written.count) file(s) written, \(outcome.removed.count) removed"))
        }
    }
}
