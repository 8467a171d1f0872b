import Foundation
import FullBleedCodecs

/// Runs a pipeline over input files and folders, as a short sequence of named phases: gather the inputs
/// (discovery, sharding, sidecars), open the output folder and read the previous build, decide what can be
/// reused, build the rest in parallel (`AssetBatch`), commit the manifest and remove stale outputs
/// (`ManifestCommit`), then emit the catalog and Swift file and the preview page. A writing build first takes
/// the folder's lock (`FolderLock`) and finishes or resumes what killed builds left (`JournalRecovery`).
public enum BuildRunner {
    public static let manifestFileName = "manifest.json"

    public static func partialManifestFileName(_ shard: Shard) -> String {
        "manifest.partial-\(shard.index)-of-\(shard.count).json"
    }

    /// The manifest a build with `shard` writes.
    static func manifestName(_ shard: Shard?) -> String {
        shard.map { $0.count > 1 ? partialManifestFileName($0) : manifestFileName } ?? manifestFileName
    }

    /// Throws `ConfigError` for usage problems (missing inputs, an unusable output folder): then nothing has
    /// been written; `SystemError` (`.write`) when the manifest, the catalog or the page could not be written
    /// (the previous manifest and everything it lists are then intact). Asset failures are reported in the
    /// summary and the manifest.
    public static func run(spec: PipelineSpec, options: BuildOptions, onEvent: @escaping @Sendable (BuildEvent) -> Void) throws -> BuildSummary {
        do {
            return try build(spec: spec, options: options, onEvent: onEvent)
        } catch var error as ConfigError where error.file == nil && (error.location.hasPrefix("$") || error.location.hasPrefix("emit ")) {
            // A field of the pipeline found wrong after loading (an emitter it cannot feed, an emit folder
            // that clashes): name the pipeline file, as its parse errors do.
            error.file = spec.sourceFile
            throw error
        }
    }

    static func build(spec: PipelineSpec, options: BuildOptions, onEvent: @escaping @Sendable (BuildEvent) -> Void) throws -> BuildSummary {
        var spec = spec
        let clock = ContinuousClock.now
        if spec.emit.xcassets { try AssetCatalogEmitter.validate(spec, at: "emit xcassets") }
        if spec.emit.html { try HTMLEmitter.validate(spec, at: "emit html") }
        let inputs = try BuildInputs.gather(options, onEvent: onEvent)
        let manifestName = manifestName(options.shard)
        if options.check {
            let out = try openOutput(options)
            let previous = PreviousBuild.load(from: out, manifestName: manifestName, spec: spec, shard: options.shard)
            spec = try withRememberedEmit(spec, remembered: previous.state?.emit, options: options)
            let reuse = ReusePlan.decide(inputs, previous: previous, out: out, spec: spec, force: options.force,
                                        reports: options.writesReports)
            onEvent(.started(total: inputs.sources.count, toBuild: reuse.toBuild.count, bytesToBuild: reuse.toBuild.reduce(0) { $0 + ($1.stamp?.bytes ?? 0) }))
            let summary = try checkSummary(spec: spec, options: options, inputs: inputs, reuse: reuse, out: out, previous: previous,
                                           manifestName: manifestName, seconds: seconds(since: clock))
            onEvent(.finished(summary))
            return summary
        }
        guard let out = try openOutput(options) else {
            throw ConfigError(file: options.outputPath, location: "--out", message: "cannot open output folder")
        }
        // One writer per folder: shards share the lock, an unsharded build holds it alone.
        let exclusive = (options.shard?.count ?? 1) == 1
        let lock = try FolderLock.acquire(out, mode: exclusive ? .exclusive : .shared, contention: options.waitForLock ? .wait : .refuse,
                                          command: "build") { onEvent(.note($0)) }
        defer { lock.release() }
        defer { out.endRun() }
        let recovery = JournalRecovery.recover(out, manifestName: manifestName, pipelineHash: spec.contentHash,
                                               exclusive: exclusive, onEvent: onEvent)
        let previous = PreviousBuild.load(from: out, manifestName: manifestName, spec: spec, shard: options.shard)
        spec = try withRememberedEmit(spec, remembered: previous.state?.emit, options: options)
        var reuse = ReusePlan.decide(inputs, previous: previous, out: out, spec: spec, force: options.force,
                                        reports: options.writesReports)
        reuse.state.emit = emitsFiles(spec, shard: options.shard) ? spec.emit : nil
        let journal = BuildJournal(out: out, manifestName: manifestName, pipelineHash: spec.contentHash)
        let resumed = options.force ? 0 : recovery.adopt(into: &reuse, inputs: inputs, journal: journal, out: out)
        recovery.finish(out)
        out.removeTemporaryDebris(protectedTokens: recovery.protectedTokens)
        if resumed > 0 { onEvent(.note("resumed \(resumed) photo(s) finished by an interrupted build")) }
        onEvent(.started(total: inputs.sources.count, toBuild: reuse.toBuild.count, bytesToBuild: reuse.toBuild.reduce(0) { $0 + ($1.stamp?.bytes ?? 0) }))

        let batch: AssetBatch
        let unchanged = reuse.reused.count(where: \.deliversImages)
        let reusedSkipped = reuse.reused.count - unchanged
        var manifest = Manifest(pipeline: spec, assets: [], failures: [], shard: options.shard)
        let removed: Int
        var heroes = 0, reviewCount = 0, review: [(path: String, reasons: [String])] = []
        do {
            batch = AssetBatch.build(reuse.toBuild, inputs: inputs, spec: spec, out: out, jobs: options.jobs,
                                     journal: journal, preview: options.preview, report: options.writesReports,
                                     memoryBudget: options.memoryBudgetBytes.map(MemoryBudget.init(bytes:)),
                                     recordedDetections: previous.recordedDetections(for: reuse.toBuild, spec: spec), onEvent: onEvent)
            // The storage stopped accepting writes: nothing is committed (the previous manifest and its files
            // stay as they were, the staged files go), exit 3 rather than a bad-input failure.
            if let failure = batch.storageFailure { throw failure }
            // Built and resumed photos (and their state entries) are read back from the journal as the
            // manifest is written.
            var entries = reuse.reused
            reuse.reused = []   // one array of entries, not two
            let journaled = journal.journaledAssets()
            entries.reserveCapacity(entries.count + journaled.count)
            for (path, line) in journaled {
                entries.append(ManifestEntry(path: path, deliversImages: line.deliversImages, needsReview: line.needsReview, origin: .journal(line)))
            }
            entries.sort { $0.path < $1.path }
            heroes = entries.count(where: \.deliversImages)
            reviewCount = entries.count(where: \.needsReview)
            review = try listedReview(entries, previous: previous, journal: journal)
            manifest.failures = batch.failures.sorted { $0.source < $1.source }
            reuse.state.failed = failedEntries(manifest.failures, inputs: inputs)
            let committed = try ManifestCommit.commit(entries: entries, skeleton: manifest, name: manifestName, state: reuse.state, previous: previous,
                                                      journal: journal, staleCandidates: reuse.orphanedOutputs + reuse.replacedOutputs,
                                                      collectRecords: options.preview, shard: options.shard,
                                                      out: out, onEvent: onEvent)
            removed = committed.removed
            manifest.assets = committed.records ?? []
        } catch {
            journal.discard()
            throw error
        }
        try emit(spec: spec, manifestName: manifestName, shard: options.shard, out: out, onEvent: onEvent)
        let forgotten = try forgottenEmitFiles(spec: spec, previous: previous, options: options, out: out, remove: true)
        if !forgotten.isEmpty { onEvent(.note("--emit none: \(forgotten.count) emitted file(s) removed")) }
        let preview = try options.preview ? writePreview(manifest, out: out, inputs: options, thumbnails: batch.thumbnails) : nil
        var summary = BuildSummary(
            total: inputs.sources.count, built: batch.built,
            unchanged: unchanged,
            skipped: batch.skipped + reusedSkipped, failed: manifest.failures.count,
            removed: removed, stale: [], megapixels: batch.megapixels, seconds: seconds(since: clock),
            manifestPath: out.root + "/" + manifestName, failures: manifest.failures, preview: preview, resumed: resumed)
        summary.heroes = heroes
        summary.reviewCount = reviewCount
        summary.review = review
        summary.partial = batch.partial
        summary.tierNotes = batch.tierNotes
        onEvent(.finished(summary))
        return summary
    }

    /// Assets needing a look that the build summary lists with their reasons; the count covers the rest.
    public static let reviewListed = 20

    /// The reasons of the first `reviewListed` entries needing a look, read back from where their records
    /// are (the previous manifest, this run's journal or memory), so a build holds a flag per photo rather
    /// than every photo's reasons.
    static func listedReview(_ entries: [ManifestEntry], previous: PreviousBuild,
                             journal: BuildJournal) throws -> [(path: String, reasons: [String])] {
        var listed: [(path: String, reasons: [String])] = []
        var fromJournal: ((BuildJournal.JournaledAsset) throws -> (record: AssetRecord, state: BuildState.Entry?))?
        for entry in entries where entry.needsReview {
            guard listed.count < reviewListed else { break }
            let record: AssetRecord?
            if case .journal(let line) = entry.origin {
                if fromJournal == nil { fromJournal = try journal.lineReader() }
                record = try fromJournal!(line).record
            } else {
                record = previous.record(of: entry)
            }
            if let reasons = record?.review { listed.append((entry.path, reasons)) }
        }
        return listed
    }

    /// The output folder, opened (created if needed); with `--check` opened read-only (no write access
    /// needed), nil when it does not exist yet.
    static func openOutput(_ options: BuildOptions) throws -> OutputDirectory? {
        let root = URL(fileURLWithPath: options.outputPath).standardizedFileURL.path
        if options.check && !FileSystem.exists(root) { return nil }
        do {
            if options.check { return try OutputDirectory(existing: options.outputPath) }
            var out = try OutputDirectory(path: options.outputPath)
            out.faults = options.writeFaults
            return out
        } catch let error as SystemError {
            throw ConfigError(file: error.path, location: "--out", message: error.reason)
        }
    }

    /// What the state file keeps of each failed source, to tell later whether it is still failing.
    static func failedEntries(_ failures: [FailureRecord], inputs: BuildInputs) -> [String: BuildState.FailedEntry]? {
        guard !failures.isEmpty else { return nil }
        let failed = Set(failures.map(\.source))
        var entries: [String: BuildState.FailedEntry] = [:]
        for source in inputs.sources where failed.contains(source.relativePath) {
            guard let stamp = source.stamp else { continue }
            entries[source.relativePath] = BuildState.FailedEntry(bytes: stamp.bytes, modifiedNanoseconds: stamp.modifiedNanoseconds,
                                                                  sidecarSHA256: sidecarSHA256(of: source, inputs: inputs))
        }
        return entries.isEmpty ? nil : entries
    }

    static func sidecarSHA256(of source: SourceFile, inputs: BuildInputs) -> String? {
        if case .success(let sidecar)? = inputs.sidecars[source.relativePath] { return sidecar.sha256 }
        return nil
    }

    /// The recorded failure of `source` when it is still failing: the previous build (same tool and
    /// pipeline) recorded it, and the source's size, modification time and sidecar are those it failed
    /// with. A source that changed since is stale instead: a build tries it again.
    static func stillFailing(_ source: SourceFile, recorded: [String: FailureRecord], previous: PreviousBuild, inputs: BuildInputs) -> FailureRecord? {
        guard previous.isReusable, let failure = recorded[source.relativePath],
              let entry = previous.state?.failed?[source.relativePath], let stamp = source.stamp,
              entry.bytes == stamp.bytes, entry.modifiedNanoseconds == stamp.modifiedNanoseconds,
              entry.sidecarSHA256 == sidecarSHA256(of: source, inputs: inputs) else { return nil }
        return failure
    }

    /// `--check`: what a build would change, one entry each; nothing written.
    static func checkSummary(spec: PipelineSpec, options: BuildOptions, inputs: BuildInputs, reuse: ReusePlan,
                             out: OutputDirectory?, previous: PreviousBuild, manifestName: String, seconds: Double) throws -> BuildSummary {
        let recordedFailures = Dictionary((previous.header?.failures ?? []).map { ($0.source, $0) }) { first, _ in first }
        var stale: [StaleEntry] = []
        var failures: [FailureRecord] = []
        var staleSources = 0
        for source in reuse.toBuild {
            let path = source.relativePath
            if let failure = stillFailing(source, recorded: recordedFailures, previous: previous, inputs: inputs) {
                failures.append(failure)
                let prefix = OneLine.escaped(path) + ": "
                stale.append(StaleEntry(path, .failed, reason: failure.error.hasPrefix(prefix) ? String(failure.error.dropFirst(prefix.count)) : failure.error))
            } else if previous.ranges[path] != nil || recordedFailures[path] != nil {
                staleSources += 1
                stale.append(StaleEntry(path, .stale, reason: recordedFailures[path] != nil ? "changed since it failed" : nil))
            } else {
                stale.append(StaleEntry(path, .missing))
            }
        }
        stale += reuse.orphanedOutputs.map { StaleEntry($0, .removed, reason: "output of a deleted source") }
        if out == nil || out?.exists(manifestName) == false {
            stale.append(StaleEntry(manifestName, .missing))
        } else if let manifest = previous.header, manifest.publicPath != spec.publicPath {
            stale.append(StaleEntry(manifestName, .stale, reason: "publicPath \(manifest.publicPath ?? "none") -> \(spec.publicPath ?? "none")"))
        }
        if reuse.toBuild.count == failures.count && reuse.orphanedOutputs.isEmpty {
            stale += try emitStaleEntries(spec: spec, entries: reuse.reused, previous: previous, shard: options.shard, out: out)
        }
        stale += try forgottenEmitFiles(spec: spec, previous: previous, options: options, out: out, remove: false)
            .map { StaleEntry($0, .removed, reason: "no longer emitted (--emit none)") }
        var summary = BuildSummary(total: inputs.sources.count, built: 0, unchanged: reuse.reused.count, failed: failures.count, removed: 0,
                                   stale: stale, megapixels: 0, seconds: seconds, manifestPath: nil, failures: failures, preview: nil)
        summary.staleSources = staleSources
        summary.newSources = reuse.toBuild.count - staleSources - failures.count
        return summary
    }

    /// The preview page of the manifest just committed, next to it; thumbnails of rebuilt assets come from
    /// their build's decode, the others from an earlier preview or from the sources.
    static func writePreview(_ manifest: Manifest, out: OutputDirectory, inputs options: BuildOptions,
                             thumbnails: [String: [UInt8]]) throws -> PreviewWriter.Result {
        try PreviewWriter.write(manifest: manifest, outputFolder: out.root, pageFolder: out, pageName: PreviewPage.fileName,
                                sources: PreviewWriter.sourceFiles(in: options.inputs, followSymlinksOutside: options.followSymlinksOutside),
                                madeThumbnails: thumbnails)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
