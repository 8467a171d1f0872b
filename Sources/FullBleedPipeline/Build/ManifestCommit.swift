import Foundation

/// The end of a build, in the order that keeps the previous manifest true until the new one replaces it:
/// the new manifest staged (so a full disk fails before anything changed), the commit journaled, the staged
/// outputs renamed over their final names, the manifest renamed into place, and only then the outputs
/// nobody produces any more removed (`BuildJournal.commit`); then the build-state cache saved. A build that
/// changes nothing (no photo built, nothing to remove, the same manifest) writes nothing at all.
enum ManifestCommit {
    /// - Returns: how many stale outputs were removed.
    /// - Throws: `SystemError` (`.write`) when the manifest or the commit line does not fit: the previous
    ///   manifest and every output it lists stay as they were (the caller discards the staged files).
    static func commit(_ manifest: Manifest, name: String, state: BuildState, previous: PreviousBuild, journal: BuildJournal,
                       shard: Shard?, out: OutputDirectory, onEvent: @Sendable (BuildEvent) -> Void) throws -> Int {
        // Deleted sources, failed rebuilds, changed variants.
        let stale = previous.outputPaths.subtracting(manifest.allOutputPaths).sorted()
        let unchanged = journal.isEmpty && stale.isEmpty && previous.manifest == manifest
        var removed = 0
        if !unchanged {
            let staged = try out.stage(try manifest.encoded(), to: name)
            do {
                removed = try journal.commit(manifest: staged, removing: stale, onEvent: onEvent)
            } catch {
                // After the commit line the staged manifest belongs to the journal (the next run rolls forward).
                if !journal.isCommitted { staged.discard() }
                throw error
            }
        }
        // The state file is only a cache: failing to write it is a note.
        if !unchanged || previous.state != state {
            do { try state.save(to: out, shard: shard) } catch { onEvent(.note(OneLine.escaped("\(error)"))) }
        }
        return removed
    }
}
