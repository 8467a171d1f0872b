/// Turns source paths into output names: sanitised, deterministic, and collision-free without looking at
/// other files (so every shard of a sharded build names an asset the same way).
///
/// The asset key of `trip/Beach Day.JPG` is `trip/Beach_Day-JPG-1a2b3c4d`:
/// - each path component keeps `A-Z a-z 0-9 . _ -`; anything else becomes `_`, and leading dots are dropped;
/// - the extension becomes a `-ext` suffix, so `a.jpg` and `a.png` get different keys (`a-jpg`, `a-png`);
/// - when sanitising changed anything, the first 8 hex digits of the SHA-256 of the original relative path
///   are appended, so `a b.jpg` and `a_b.jpg` cannot collide.
public enum AssetNaming {
    public static func assetKey(forRelativePath relativePath: String) -> String {
        var components = relativePath.split(separator: "/").map(String.init)
        guard let fileName = components.popLast() else { return "asset-" + shortHash(relativePath) }
        var changed = false
        var sanitizedFolders: [String] = []
        for component in components {
            let clean = sanitize(component)
            if clean != component { changed = true }
            sanitizedFolders.append(clean)
        }
        let stem: String, ext: String
        if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
            stem = String(fileName[..<dot])
            ext = String(fileName[fileName.index(after: dot)...])
        } else {
            stem = fileName
            ext = ""
        }
        let cleanStem = sanitize(stem), cleanExt = sanitize(ext)
        if cleanStem != stem || cleanExt != ext { changed = true }
        var name = cleanStem
        if !cleanExt.isEmpty { name += "-" + cleanExt }
        if changed { name += "-" + shortHash(relativePath) }
        return (sanitizedFolders + [name]).joined(separator: "/")
    }

    /// Sources whose asset keys collide, keyed by relative path, each with the one-line reason. Two keys
    /// collide when they are equal ignoring case: on a case-insensitive file system (macOS, Windows) their
    /// outputs would overwrite each other. Every member of a colliding group is listed (none wins by name
    /// order), so a build reports all of them instead of silently keeping one. Call it with every
    /// discovered source (before sharding) so all shards agree.
    public static func conflicts(among relativePaths: [String]) -> [String: String] {
        let groups = Dictionary(grouping: relativePaths.sorted(), by: { assetKey(forRelativePath: $0).lowercased() })
        var result: [String: String] = [:]
        for (_, members) in groups where members.count > 1 {
            for member in members {
                let others = members.filter { $0 != member }.map { "'\($0)'" }.joined(separator: ", ")
                result[member] = "asset key '\(assetKey(forRelativePath: member))' collides with the key of \(others) "
                    + "(names that differ only in case overwrite each other on case-insensitive file systems); rename one"
            }
        }
        return result
    }

    /// Keeps `A-Z a-z 0-9 . _ -`, replaces everything else with `_`, strips leading dots, never empty,
    /// at most 100 characters.
    static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "_" || scalar == "-"
            scalars.append(ok ? scalar : "_")
        }
        var clean = String(scalars)
        while clean.hasPrefix(".") { clean.removeFirst() }
        if clean.isEmpty { clean = "_" }
        if clean.count > 100 { clean = String(clean.prefix(100)) }
        return clean
    }

    static func shortHash(_ text: String) -> String {
        String(SHA256.hex(Array(text.utf8)).prefix(8))
    }
}
