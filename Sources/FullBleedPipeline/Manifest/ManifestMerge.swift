import Foundation

/// Combines the partial manifests of a sharded build into the manifest one unsharded run writes, byte
/// for byte: same tool version and pipeline hash required, shards complete and non-overlapping.
public enum ManifestMerge {
    /// Reads the partial manifests at `paths`, merges them and writes the result to `outputPath` atomically,
    /// holding the lock of its folder (`FolderLock`, exclusive: it waits for the shards still writing
    /// there, or refuses with `contention: .refuse`). An existing file with the same bytes is left untouched.
    /// - Throws: `ConfigError` for an unreadable or inconsistent partial (nothing written); `SystemError`
    ///   (`.write`) when the merged manifest cannot be written (any previous file there is left intact);
    ///   `SystemError` (`.lock`) when the folder is busy and `contention` is `.refuse`.
    public static func merge(partialsAt paths: [String], writingTo outputPath: String, contention: FolderLock.Contention = .wait,
                             onWait: (String) -> Void = { _ in }) throws -> Manifest {
        let url = URL(fileURLWithPath: outputPath).standardizedFileURL
        let folder: OutputDirectory
        do { folder = try OutputDirectory(path: url.deletingLastPathComponent().path) } catch let error as SystemError {
            throw ConfigError(file: error.path, location: "--out", message: error.reason)
        }
        let lock = try FolderLock.acquire(folder, mode: .exclusive, contention: contention, command: "merge", onWait: onWait)
        defer { lock.release() }
        defer { folder.endRun() }
        var partials: [(path: String, manifest: Manifest)] = []
        for path in paths { partials.append((path, try Manifest.load(path: path, kind: "partial manifest"))) }
        let merged = try merge(partials)
        let bytes = try merged.encoded()
        if (try? folder.readFile(url.lastPathComponent, limit: Manifest.maximumBytes)) ?? nil != bytes {
            try folder.write(bytes, to: url.lastPathComponent)
        }
        return merged
    }

    public static func merge(_ partials: [(path: String, manifest: Manifest)]) throws -> Manifest {
        guard let first = partials.first?.manifest else {
            throw ConfigError(location: "merge", message: "no partial manifests given")
        }
        var shardsSeen: [String: String] = [:]
        var expectedCount: Int?
        for (path, partial) in partials {
            guard partial.schemaVersion == first.schemaVersion, partial.tool == first.tool else {
                throw ConfigError(file: path, location: "$.tool", message: "made by \(partial.tool.name) \(partial.tool.version), the others by \(first.tool.version)")
            }
            guard partial.pipeline == first.pipeline else {
                throw ConfigError(file: path, location: "$.pipeline", message: "pipeline \(partial.pipeline.name) (\(partial.pipeline.hash.prefix(12))) differs from the others")
            }
            if let shard = partial.shard {
                if let other = shardsSeen[shard] { throw ConfigError(file: path, location: "$.shard", message: "shard \(shard) is also in \(other)") }
                shardsSeen[shard] = path
                let count = Int(shard.split(separator: "/").last ?? "") ?? 0
                if let expectedCount, expectedCount != count {
                    throw ConfigError(file: path, location: "$.shard", message: "shard \(shard) is from a build with a different shard count")
                }
                expectedCount = count
            }
        }
        if let expectedCount, shardsSeen.count != expectedCount {
            let missing = (1...expectedCount).map { "\($0)/\(expectedCount)" }.filter { shardsSeen[$0] == nil }
            throw ConfigError(location: "merge", message: "missing shard(s) \(missing.joined(separator: ", "))")
        }
        var assets: [AssetRecord] = []
        var failures: [FailureRecord] = []
        var seen: Set<String> = []
        for (path, partial) in partials {
            for asset in partial.assets {
                guard seen.insert(asset.source.path).inserted else {
                    throw ConfigError(file: path, location: "$.assets", message: "\(asset.source.path) appears in more than one partial manifest")
                }
                assets.append(asset)
            }
            failures += partial.failures
        }
        var merged = first
        merged.assets = assets.sorted { $0.source.path < $1.source.path }
        merged.failures = failures.sorted { $0.source < $1.source }
        merged.shard = nil
        return merged
    }
}
