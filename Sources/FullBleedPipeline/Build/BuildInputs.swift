import Foundation

/// The sources of one build (or shard) with what each needs before it is built: its sidecar, and whether
/// its asset key collides with another source's.
struct BuildInputs {
    /// Sorted by relative path.
    var sources: [SourceFile]
    /// Relative path -> why its asset key collides (decided on every discovered file, before sharding, so
    /// every shard agrees).
    var namingConflicts: [String: String]
    /// Relative path -> its sidecar, or the error that makes the source fail (a bad sidecar fails its photo
    /// only; the rest of the batch builds).
    var sidecars: [String: Result<Sidecar, ConfigError>]

    /// The sidecar of `source`, nil when it has none; throws the sidecar's error.
    func sidecar(for source: SourceFile) throws -> Sidecar? {
        try sidecars[source.relativePath]?.get()
    }

    /// Discovers the inputs, reports discovery notes, applies the shard and reads the sidecars. An output
    /// folder inside an input folder is left out of discovery (with a note).
    /// - Throws: `ConfigError` for an input that does not exist, inputs that hold no photo, two inputs giving
    ///   one relative path, or an input folder that is the output folder or lies inside it.
    static func gather(_ options: BuildOptions, onEvent: @Sendable (BuildEvent) -> Void) throws -> BuildInputs {
        let output = canonicalPath(options.outputPath)
        for input in options.inputs {
            guard let info = FileSystem.status(input), (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            let folder = canonicalPath(input)
            if folder == output || folder.hasPrefix(output + "/") {
                throw ConfigError(file: input, location: "input",
                                  message: folder == output ? "is the output folder (--out); give the photos and the outputs separate folders"
                                                            : "lies inside the output folder (--out \(options.outputPath)); give the photos and the outputs separate folders")
            }
        }
        let discovery = InputDiscovery(followSymlinksOutside: options.followSymlinksOutside, excludedFolders: [output]).discover(options.inputs)
        if let missing = discovery.missing.first {
            throw ConfigError(file: missing, location: "input", message: "no such file or folder")
        }
        for note in discovery.notes { onEvent(.note(OneLine.escaped(note.description))) }
        if discovery.files.isEmpty { throw noPhotosError(options.inputs) }
        let namingConflicts = AssetNaming.conflicts(among: discovery.files.map(\.relativePath))
        var sources = discovery.files
        if let shard = options.shard { sources = sources.filter { shard.contains(relativePath: $0.relativePath) } }
        let duplicates = Dictionary(grouping: sources, by: \.relativePath).filter { $0.value.count > 1 }
        if let (path, _) = duplicates.first {
            throw ConfigError(file: path, location: "input", message: "two inputs give the same relative path; pass one folder that contains both")
        }
        var sidecars: [String: Result<Sidecar, ConfigError>] = [:]
        for source in sources {
            do {
                if let sidecar = try Sidecar.load(forSource: source.absolutePath) { sidecars[source.relativePath] = .success(sidecar) }
            } catch let error as ConfigError {
                sidecars[source.relativePath] = .failure(error)
            }
        }
        return BuildInputs(sources: sources, namingConflicts: namingConflicts, sidecars: sidecars)
    }

    /// Inputs that hold no photo at all (before sharding: an empty shard is fine): a usage error, nothing is
    /// written. The message lists the extensions folders are searched for, from `InputDiscovery.imageExtensionList`.
    static func noPhotosError(_ inputs: [String]) -> ConfigError {
        let extensions = InputDiscovery.imageExtensionList.map { "." + $0 }.joined(separator: " ")
        return ConfigError(file: OneLine.escaped(inputs.joined(separator: ", ")), location: "input",
                           message: "no photos found (folders are searched for \(extensions) files, any case)")
    }

    /// `path` made absolute with symbolic links resolved, as far as it exists (the output folder may not yet).
    static func canonicalPath(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while !FileSystem.exists(url.path) && url.path != "/" {
            missing.insert(url.lastPathComponent, at: 0)
            url.deleteLastPathComponent()
        }
        var resolved = url.resolvingSymlinksInPath().path
        for name in missing { resolved += (resolved.hasSuffix("/") ? "" : "/") + name }
        return resolved
    }
}

/// What the previous build in the output folder left: its manifest, read one record at a time
/// (`ManifestFile`; when this tool version made it with this pipeline its records may be reused), and the
/// build-state cache. Holds the byte range of each record, not the records.
struct PreviousBuild {
    var file: ManifestFile?
    /// Same tool version and pipeline hash: records may be reused.
    var isReusable: Bool
    /// Source path -> the byte range of its record in `file`.
    var ranges: [String: Range<Int>]
    var state: BuildState?

    /// The previous manifest without its assets (tool, pipeline, failures, shard, public path).
    var header: Manifest? { file?.header }

    /// The record of `entry` (a reused one: in the previous manifest or in memory).
    func record(of entry: ManifestEntry) -> AssetRecord? {
        switch entry.origin {
        case .previous(let range): try? file?.record(at: range)
        case .record(let record): record
        case .journal: nil
        }
    }

    /// The previous record of the source at `path`, nil when there is none or it does not decode.
    func record(of path: String) -> AssetRecord? {
        guard let file, let range = ranges[path] else { return nil }
        return try? file.record(at: range)
    }

    /// Only the source path of a record, to index the manifest without decoding whole records.
    private struct SourcePath: Decodable {
        struct Source: Decodable { var path: String }
        var source: Source
    }

    static func load(from out: OutputDirectory?, manifestName: String, spec: PipelineSpec, shard: Shard?) -> PreviousBuild {
        let file = out.flatMap { (try? ManifestFile.open(manifestName, in: $0)) ?? nil }
        var ranges: [String: Range<Int>] = [:]
        for range in file?.assetRanges ?? [] {
            if let path = try? file?.decode(SourcePath.self, at: range).source.path, ranges[path] == nil { ranges[path] = range }
        }
        let reusable = file.map { $0.header.tool.version == ToolVersion.current && $0.header.pipeline.hash == spec.contentHash } ?? false
        return PreviousBuild(file: file, isReusable: reusable, ranges: ranges,
                             state: out.flatMap { BuildState.load(from: $0, shard: shard) })
    }
}

/// Which sources are unchanged since the previous build (same tool, pipeline and sidecar; same bytes, by
/// size and modification time first and the content hash to confirm; every output still present; an
/// analysis report when reports are asked for) and which must be built. A reused record drops its report
/// when reports are not asked for (the file is then a stale output). Reused records stay in the previous
/// manifest (`ManifestEntry.previous`) unless changed.
struct ReusePlan {
    var reused: [ManifestEntry] = []
    var toBuild: [SourceFile] = []
    /// The build-state entries of the reused sources (built ones are added after the build).
    var state: BuildState
    /// Outputs of sources no longer among the inputs, sorted.
    var orphanedOutputs: [String] = []
    /// Outputs the previous manifest lists for the sources to build: stale unless the rebuild makes them again.
    var replacedOutputs: [String] = []

    static func decide(_ inputs: BuildInputs, previous: PreviousBuild, out: OutputDirectory?, spec: PipelineSpec, force: Bool,
                       reports: Bool = false) -> ReusePlan {
        var plan = ReusePlan(state: BuildState(toolVersion: ToolVersion.current, pipelineHash: spec.contentHash, sources: [:]))
        for source in inputs.sources {
            let previousRecord = previous.record(of: source.relativePath)
            if !force, let previousRecord, let entry = reusable(source, record: previousRecord, inputs: inputs, previous: previous, out: out),
               !reports || previousRecord.report != nil {
                if !reports && previousRecord.report != nil {
                    var record = previousRecord
                    record.report = nil
                    plan.replacedOutputs += previousRecord.outputPaths   // the report among them is stale now
                    plan.reused.append(ManifestEntry(path: source.relativePath, deliversImages: record.deliversImages, needsReview: record.review != nil,
                                                     origin: .record(record)))
                } else {
                    plan.reused.append(ManifestEntry(path: source.relativePath, deliversImages: previousRecord.deliversImages, needsReview: previousRecord.review != nil,
                                                     origin: .previous(previous.ranges[source.relativePath]!)))
                }
                plan.state.sources[source.relativePath] = entry
            } else {
                plan.toBuild.append(source)
                plan.replacedOutputs += previousRecord?.outputPaths ?? []
            }
        }
        let current = Set(inputs.sources.map(\.relativePath))
        plan.orphanedOutputs = previous.ranges.keys.filter { !current.contains($0) }.sorted()
            .flatMap { previous.record(of: $0)?.outputPaths ?? [] }.sorted()
        return plan
    }

    /// The previous record of `source` and its state entry when the source is unchanged, else nil.
    static func reusable(_ source: SourceFile, record: AssetRecord, inputs: BuildInputs, previous: PreviousBuild,
                         out: OutputDirectory?) -> BuildState.Entry? {
        let sidecarSHA256: String?
        switch inputs.sidecars[source.relativePath] {
        case .failure: return nil
        case .success(let sidecar): sidecarSHA256 = sidecar.sha256
        case nil: sidecarSHA256 = nil
        }
        guard previous.isReusable, inputs.namingConflicts[source.relativePath] == nil, record.sidecarSHA256 == sidecarSHA256,
              let out, record.outputPaths.allSatisfy({ out.exists($0) }),
              let entry = unchanged(source, entry: previous.state?.sources[source.relativePath], record: record) else { return nil }
        return entry
    }

    /// The state entry of `source` when its bytes are still the ones `record` was built from: same size and
    /// modification time as `entry` (the cheap path), or the same SHA-256; nil when it changed.
    static func unchanged(_ source: SourceFile, entry: BuildState.Entry?, record: AssetRecord) -> BuildState.Entry? {
        guard let stamp = source.stamp else { return nil }
        if let entry, entry.bytes == stamp.bytes, entry.modifiedNanoseconds == stamp.modifiedNanoseconds, entry.sha256 == record.source.sha256 {
            return entry
        }
        guard stamp.bytes == record.source.bytes, let bytes = try? ImageFile.readBytes(atPath: source.absolutePath),
              SHA256.hex(bytes) == record.source.sha256 else { return nil }
        return BuildState.Entry(bytes: stamp.bytes, modifiedNanoseconds: stamp.modifiedNanoseconds, sha256: record.source.sha256)
    }
}

/// One asset of the manifest being written, and where its record is: still in the previous manifest,
/// in this run's journal, or in memory (a reused record that changed). One per photo is held until the
/// manifest is written, so it stays small: the record case is boxed (`indirect`), or every entry would be
/// as large as an `AssetRecord` held inline (hundreds of bytes each at 20,000 photos).
struct ManifestEntry: Sendable {
    enum Origin: Sendable {
        case previous(Range<Int>)
        case journal(BuildJournal.JournaledAsset)
        indirect case record(AssetRecord)
    }

    /// The source's path (the manifest's sort key).
    var path: String
    var deliversImages: Bool
    var origin: Origin
    /// Whether the record has a `review` (its heroes need a person's look), for the build summary; the
    /// reasons stay in the record and are read back for the few the summary lists.
    var needsReview: Bool

    init(path: String, deliversImages: Bool, needsReview: Bool = false, origin: Origin) {
        self.path = path
        self.deliversImages = deliversImages
        self.needsReview = needsReview
        self.origin = origin
    }
}
