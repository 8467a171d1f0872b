/// The emit step of a build (`EmitSpec`): after the manifest, on every unsharded build (no-op builds too:
/// comparing the emitted files is cheap), so the catalog and the Swift file always match the manifest.
/// The records are read back from the committed manifest one at a time (`EmitSession`), so emitting
/// holds no record beyond the one being emitted.
extension BuildRunner {
    /// A sharded build's manifest is partial, so it emits nothing: an unsharded build after the merge does
    /// (it reuses every image and only writes the emitted files).
    static func emitsFiles(_ spec: PipelineSpec, shard: Shard?) -> Bool {
        spec.emit.isEnabled && (shard?.count ?? 1) == 1
    }

    /// `--check` lines for emitted files that are missing, stale or no longer emitted, given the entries an
    /// up-to-date build would record (read from the previous manifest one at a time).
    static func emitStaleEntries(spec: PipelineSpec, entries: [ManifestEntry], previous: PreviousBuild, shard: Shard?,
                                 out: OutputDirectory?) throws -> [StaleEntry] {
        guard emitsFiles(spec, shard: shard) else { return [] }
        let sorted = entries.sorted { $0.path < $1.path }
        let records = EmitRecords(count: sorted.count, toolVersion: ToolVersion.current, pipelineName: spec.name,
                                  publicPath: spec.publicPath) { previous.record(of: sorted[$0]) }
        return try EmitSession.staleEntries(spec: spec, records: records, out: out)
    }

    /// The emitters of this build: the pipeline's and `--emit`'s, plus those the output folder remembers
    /// (`BuildState.emit`) unless `--emit none`; only unsharded builds emit, so only they take them.
    static func withRememberedEmit(_ spec: PipelineSpec, remembered: EmitSpec?, options: BuildOptions) throws -> PipelineSpec {
        guard let remembered, !options.forgetsEmitted, (options.shard?.count ?? 1) == 1 else { return spec }
        var merged = spec
        merged.emit = spec.emit.including(remembered, keepsFolder: options.emitFolderGiven)
        if merged.emit != spec.emit {
            if merged.emit.xcassets { try AssetCatalogEmitter.validate(merged, at: "emit xcassets") }
            if merged.emit.html { try HTMLEmitter.validate(merged, at: "emit html") }
        }
        return merged
    }

    /// `--emit none`: the files the folder remembers emitting and the spec no longer emits, removed (or,
    /// for `--check`, listed as no longer emitted).
    static func forgottenEmitFiles(spec: PipelineSpec, previous: PreviousBuild, options: BuildOptions, out: OutputDirectory?,
                                   remove: Bool) throws -> [String] {
        guard options.forgetsEmitted, !spec.emit.isEnabled, let remembered = previous.state?.emit, let out else { return [] }
        return try EmitSession.emittedFiles(of: remembered, spec: spec, out: out, remove: remove)
    }

    /// Brings the emitted files in line with the manifest `manifestName` just committed, reporting what
    /// changed as notes.
    static func emit(spec: PipelineSpec, manifestName: String, shard: Shard?, out: OutputDirectory,
                     onEvent: @Sendable (BuildEvent) -> Void) throws {
        guard spec.emit.isEnabled else { return }
        guard emitsFiles(spec, shard: shard) else {
            onEvent(.note("emit skipped in a sharded build: run an unsharded build after the merge to write the catalog and Swift file"))
            return
        }
        guard let manifest = try ManifestFile.open(manifestName, in: out) else {
            throw SystemError(path: manifestName, operation: .read, refused: "the manifest just written is missing")
        }
        let ranges = manifest.assetRanges
        let records = EmitRecords(count: ranges.count, toolVersion: manifest.header.tool.version, pipelineName: manifest.header.pipeline.name,
                                  publicPath: manifest.header.publicPath) { try manifest.record(at: ranges[$0]) }
        for outcome in try EmitSession.apply(spec: spec, records: records, out: out) where outcome.written > 0 || outcome.removed > 0 {
            onEvent(.note("\(outcome.what): \(outcome.written) file(s) written, \(outcome.removed) removed"))
        }
    }
}
