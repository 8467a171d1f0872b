/// FullBleed's version: printed by `fullbleed --version` and recorded in manifests, so a tool upgrade
/// invalidates incremental builds.
public enum ToolVersion {
    public static let current = "0.1.0"
}
