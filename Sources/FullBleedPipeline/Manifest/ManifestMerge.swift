import Foundation

/// Combines the partial manifests of a sharded build into the manifest one unsharded run writes, byte
/// for byte: same tool version and pipeline hash required, shards complete and non-overlapping.
public enum ManifestMerge {
    /// What a merge wrote.
    public struct Result: Sendable, Equatable {
        public var assets: Int
        public var failures: Int
        /// The shards' failed photos, by source path (their error lines).
        public var failureRecords: [FailureRecord] = []
    }

    /// Reads the partial manifests at `paths`, merges them and writes the result to `outputPath` atomically,
    /// holding the lock of its folder (`FolderLock`, exclusive: it waits for the shards still writing
    /// there, or refuses with `contention: .refuse`). An existing file with the same bytes is left untouched.
    /// Streams: the partials are read one record at a time (one record per partial in memory) and merged by
    /// source path into the staged output.
    /// - Throws: `ConfigError` for an unreadable or inconsistent partial (nothing written); `SystemError`
    ///   (`.write`) when the merged manifest cannot be written (any previous file there is left intact);
    ///   `SystemError` (`.lock`) when the folder is busy and `contention` is `.refuse`.
    public static func merge(partialsAt paths: [String], writingTo outputPath: String, contention: FolderLock.Contention = .wait,
                             onWait: (String) -> Void = { _ in }) throws -> Result {
        let url = URL(fileURLWithPath: outputPath).standardizedFileURL
        let folder: OutputDirectory
        do { folder = try OutputDirectory(path: url.deletingLastPathComponent().path) } catch let error as SystemError {
            throw ConfigError(file: error.path, location: "--out", message: error.reason)
        }
        let lock = try FolderLock.acquire(folder, mode: .exclusive, contention: contention, command: "merge", onWait: onWait)
        defer { lock.release() }
        defer { folder.endRun() }
        var partials: [(path: String, file: ManifestFile)] = []
        for path in paths { partials.append((path, try ManifestFile.load(path: path, kind: "partial manifest"))) }
        let skeleton = try merge(partials.map { ($0.path, $0.file.header) })
        let name = url.lastPathComponent
        let existing = try? folder.openForReading(name, limit: Manifest.maximumBytes)
        let writer = try folder.startStaging(name)
        var written = 0
        var sameAsExisting = existing != nil
        var assets = 0
        do {
            var manifest = ManifestStreamWriter { bytes in
                if sameAsExisting, let existing {
                    sameAsExisting = (try? existing.read(written..<(written + bytes.count))) == bytes
                }
                written += bytes.count
                try writer.append(bytes)
            }
            try mergeRecords(of: partials) { record in
                try manifest.append(record)
                assets += 1
            }
            try manifest.finish(skeleton)
            if sameAsExisting && existing?.size == written {
                writer.discard()
            } else {
                try writer.finish().commit()
            }
        } catch {
            writer.discard()
            throw error
        }
        return Result(assets: assets, failures: skeleton.failures.count, failureRecords: skeleton.failures)
    }

    /// Calls `body` with every record of `partials` in ascending source path, holding one record per partial.
    /// - Throws: `ConfigError` naming the partial when a path appears twice or a partial is out of order or
    ///   does not decode.
    static func mergeRecords(of partials: [(path: String, file: ManifestFile)], _ body: (AssetRecord) throws -> Void) throws {
        func record(_ partial: Int, _ index: Int) throws -> AssetRecord? {
            let (path, file) = partials[partial]
            guard index < file.assetRanges.count else { return nil }
            do { return try file.record(at: file.assetRanges[index]) } catch {
                throw ConfigError(file: path, location: "$.assets[\(index)]", message: "not a FullBleed manifest record (\(error))")
            }
        }
        var heads: [(record: AssetRecord, next: Int)?] = try partials.indices.map { try record($0, 0).map { ($0, 1) } }
        var last: (path: String, partial: Int)?
        while true {
            var smallest: Int?
            for i in heads.indices {
                guard let head = heads[i] else { continue }
                if let s = smallest, !(head.record.source.path < heads[s]!.record.source.path) { continue }
                smallest = i
            }
            guard let i = smallest, let head = heads[i] else { return }
            let path = head.record.source.path
            if let last, !(last.path < path) {
                if last.partial == i {
                    throw ConfigError(file: partials[i].path, location: "$.assets", message: "assets are not sorted by source path (\(path) after \(last.path))")
                }
                throw ConfigError(file: partials[i].path, location: "$.assets", message: "\(path) appears in more than one partial manifest")
            }
            try body(head.record)
            last = (path, i)
            heads[i] = try record(i, head.next).map { ($0, head.next + 1) }
        }
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
