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
        let clock = ContinuousClock.now
        if spec.emit.xcassets { try AssetCatalogEmitter.validate(spec, at: "emit xcassets") }
        if spec.emit.html { try HTMLEmitter.validate(spec, at: "emit html") }
        let inputs = try BuildInputs.gather(options, onEvent: onEvent)
        let manifestName = manifestName(options.shard)
        if options.check {
            let out = try openOutput(options)
            let previous = PreviousBuild.load(from: out, manifestName: manifestName, spec: spec, shard: options.shard)
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
        var reuse = ReusePlan.decide(inputs, previous: previous, out: out, spec: spec, force: options.force,
                                        reports: options.writesReports)
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
        do {
            batch = AssetBatch.build(reuse.toBuild, inputs: inputs, spec: spec, out: out, jobs: options.jobs,
                                     journal: journal, preview: options.preview, report: options.writesReports,
                                     memoryBudget: options.memoryBudgetBytes.map(MemoryBudget.init(bytes:)),
                                     recordedDetections: previous.recordedDetections(for: reuse.toBuild, spec: spec), onEvent: onEvent)
            // Built and resumed photos (and their state entries) are read back from the journal as the
            // manifest is written.
            var entries = reuse.reused
            reuse.reused = []   // one array of entries, not two
            for (path, line) in journal.journaledAssets() {
                entries.append(ManifestEntry(path: path, deliversImages: line.deliversImages, origin: .journal(line)))
            }
            entries.sort { $0.path < $1.path }
            manifest.failures = batch.failures.sorted { $0.source < $1.source }
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
        let preview = try options.preview ? writePreview(manifest, out: out, inputs: options, thumbnails: batch.thumbnails) : nil
        var summary = BuildSummary(
            total: inputs.sources.count, built: batch.built,
            unchanged: unchanged,
            skipped: batch.skipped + reusedSkipped, failed: manifest.failures.count,
            removed: removed, stale: [], megapixels: batch.megapixels, seconds: seconds(since: clock),
            manifestPath: out.root + "/" + manifestName, failures: manifest.failures, preview: preview, resumed: resumed)
        summary.partial = batch.partial
        summary.tierNotes = batch.tierNotes
        onEvent(.finished(summary))
        return summary
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

    /// `--check`: what a build would change, one line each; nothing written.
    static func checkSummary(spec: PipelineSpec, options: BuildOptions, inputs: BuildInputs, reuse: ReusePlan,
                             out: OutputDirectory?, previous: PreviousBuild, manifestName: String, seconds: Double) throws -> BuildSummary {
        var stale = reuse.toBuild.map { "\($0.relativePath): \(previous.ranges[$0.relativePath] != nil ? "stale" : "missing")" }
        stale += reuse.orphanedOutputs.map { "\($0): output of a deleted source" }
        if out == nil || out?.exists(manifestName) == false {
            stale.append("\(manifestName): missing")
        } else if let manifest = previous.header, manifest.publicPath != spec.publicPath {
            stale.append("\(manifestName): stale (publicPath \(manifest.publicPath ?? "none") -> \(spec.publicPath ?? "none"))")
        }
        if reuse.toBuild.isEmpty && reuse.orphanedOutputs.isEmpty {
            stale += try emitStaleEntries(spec: spec, entries: reuse.reused, previous: previous, shard: options.shard, out: out)
        }
        var summary = BuildSummary(total: inputs.sources.count, built: 0, unchanged: reuse.reused.count, failed: 0, removed: 0, stale: stale,
                                   megapixels: 0, seconds: seconds, manifestPath: nil, failures: [], preview: nil)
        summary.staleSources = reuse.toBuild.count { previous.ranges[$0.relativePath] != nil }
        summary.newSources = reuse.toBuild.count - summary.staleSources
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
