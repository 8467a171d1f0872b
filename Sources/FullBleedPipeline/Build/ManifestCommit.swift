import Foundation

/// The end of a build, in the order that keeps the previous manifest true until the new one replaces it:
/// the new manifest staged (so a full disk fails before anything changed), the commit journaled, the staged
/// outputs renamed over their final names, the manifest renamed into place, and only then the outputs
/// nobody produces any more removed (`BuildJournal.commit`); then the build-state cache saved (streamed
/// beside the manifest, in the same path order). A build that changes nothing (no photo built, nothing to
/// remove, the same manifest) writes nothing at all.
enum ManifestCommit {
    /// - Parameters:
    ///   - entries: the new manifest's assets, sorted by source path; their records are read one at a time
    ///     from the previous manifest and the journal while the new manifest is streamed to its staged name.
    ///   - skeleton: the new manifest without assets (tool, pipeline, failures, shard, public path).
    ///   - state: the build-state entries of the reused photos (those of the journaled ones are read with
    ///     their records).
    ///   - staleCandidates: outputs the previous manifest lists that may be stale (of deleted sources and of
    ///     rebuilt or failed ones); those the new records list again are kept.
    ///   - collectRecords: also return every record (for the preview page, which shows them all).
    /// - Returns: how many stale outputs were removed, and the records when asked for.
    /// - Throws: `SystemError` (`.write`) when the manifest or the commit line does not fit: the previous
    ///   manifest and every output it lists stay as they were (the caller discards the staged files).
    static func commit(entries: [ManifestEntry], skeleton: Manifest, name: String, state: BuildState, previous: PreviousBuild,
                       journal: BuildJournal, staleCandidates: [String], collectRecords: Bool, shard: Shard?, out: OutputDirectory,
                       onEvent: @Sendable (BuildEvent) -> Void) throws -> (removed: Int, records: [AssetRecord]?) {
        let onlyPrevious = entries.allSatisfy { if case .previous = $0.origin { true } else { false } }
        let unchanged = journal.isEmpty && staleCandidates.isEmpty && onlyPrevious && previous.header == skeleton
            && entries.count == previous.file?.assetRanges.count
        var removed = 0
        var records: [AssetRecord]? = nil
        if unchanged {
            if collectRecords { records = try previous.file?.allRecords() ?? [] }
        } else {
            var candidates = Set(staleCandidates)
            var collected: [AssetRecord] = []
            // The state file is only a cache: failing to write it is a note, and the build goes on without it.
            var stateFile: BuildState.StreamWriter?
            func dropState(_ error: Error) {
                onEvent(.note(OneLine.escaped("\(error)")))
                stateFile?.discard()
                stateFile = nil
            }
            do { stateFile = try BuildState.StreamWriter(out: out, shard: shard, header: state) } catch {
                dropState(error)
            }
            let staged: OutputDirectory.StagedFile
            do {
                staged = try stream(entries, skeleton: skeleton, name: name, previous: previous, journal: journal, out: out) { record, journaledState in
                    for path in record.outputPaths { candidates.remove(path) }
                    if collectRecords { collected.append(record) }
                    if let writer = stateFile, let entry = journaledState ?? state.sources[record.source.path] {
                        do { try writer.append(record.source.path, entry) } catch { dropState(error) }
                    }
                }
                removed = try journal.commit(manifest: staged, removing: candidates.sorted(), onEvent: onEvent)
            } catch {
                stateFile?.discard()
                throw error
            }
            if let writer = stateFile {
                do { try writer.finish().commit() } catch { dropState(error) }
            }
            if collectRecords { records = collected }
        }
        if unchanged && previous.state != state {
            do { try state.save(to: out, shard: shard) } catch { onEvent(.note(OneLine.escaped("\(error)"))) }
        }
        return (removed, records)
    }

    /// Writes the manifest of `entries` to a staged file beside `name`, one record in memory at a time;
    /// `visit` sees each record as it is written, with its state entry when it comes from the journal.
    /// Nothing is left behind when it throws.
    static func stream(_ entries: [ManifestEntry], skeleton: Manifest, name: String, previous: PreviousBuild, journal: BuildJournal,
                       out: OutputDirectory, visit: (AssetRecord, BuildState.Entry?) -> Void) throws -> OutputDirectory.StagedFile {
        let fromJournal = entries.contains { if case .journal = $0.origin { true } else { false } } ? try journal.lineReader() : nil
        let writer = try out.startStaging(name)
        do {
            var manifest = ManifestStreamWriter { try writer.append($0) }
            for entry in entries {
                let record: AssetRecord
                var journaledState: BuildState.Entry?
                switch entry.origin {
                case .previous(let range):
                    guard let file = previous.file else { preconditionFailure("a previous record without a previous manifest") }
                    record = try file.record(at: range)
                case .journal(let line): (record, journaledState) = try fromJournal!(line)
                case .record(let kept): record = kept
                }
                visit(record, journaledState)
                try manifest.append(record)
            }
            try manifest.finish(skeleton)
            return try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}
