import Foundation

/// The end of a build: the new manifest staged (so a full disk fails before anything is removed), outputs
/// nobody produces any more removed, the manifest renamed into place, the build-state cache saved.
enum ManifestCommit {
    /// - Returns: how many stale outputs were removed.
    /// - Throws: `SystemError` (`.write`) when the manifest does not fit: the previous manifest and every
    ///   output it lists stay as they were.
    static func commit(_ manifest: Manifest, name: String, state: BuildState, shard: Shard?, previousOutputs: Set<String>,
                       out: OutputDirectory, onEvent: @Sendable (BuildEvent) -> Void) throws -> Int {
        let staged = try out.stage(try manifest.encoded(), to: name)
        // Deleted sources, failed rebuilds, changed variants.
        var removed = 0
        for path in previousOutputs.subtracting(manifest.allOutputPaths).sorted() {
            do {
                if try out.remove(path) { removed += 1 }
            } catch {
                onEvent(.note(OneLine.escaped("\(error)")))
            }
        }
        try staged.commit()
        // The state file is only a cache: failing to write it is a note.
        do { try state.save(to: out, shard: shard) } catch { onEvent(.note(OneLine.escaped("\(error)"))) }
        return removed
    }
}
