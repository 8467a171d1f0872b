import CFullBleedBuildStamp
import FullBleedPipeline

/// What `fullbleed --version` prints: the tool version (the one manifests record) and the git commit the
/// binary was built from. The commit is for people and bug reports only: it never enters a manifest or a
/// derivative, so builds of the same sources at different commits write the same bytes.
enum BuildInfo {
    /// The commit `make build` stamped in (12 hex digits, "-dirty" when the tree had uncommitted changes),
    /// or nil when the binary was built without the Makefile (`swift build`, `swift test`, the plugin).
    static var commit: String? {
        let stamped = String(cString: fullbleed_build_commit())
        return stamped.isEmpty ? nil : stamped
    }

    /// `fullbleed 0.2.0 (commit 0123456789ab)`, or `... (commit unknown: not built by make)`.
    static var versionLine: String {
        "fullbleed \(ToolVersion.current) (commit \(commit ?? "unknown: not built by make"))"
    }
}
