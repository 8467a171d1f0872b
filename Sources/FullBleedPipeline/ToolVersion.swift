/// FullBleed's version: printed by `fullbleed --version` and recorded in manifests, so a tool upgrade
/// invalidates incremental builds. Raise it whenever what a build writes for the same photo changes (a
/// judgment, a field, a region), or an output folder keeps the records of the older tool.
public enum ToolVersion {
    public static let current = "0.2.0"
}
