import Foundation
import FullBleedCodecs

/// What `fullbleed build` was asked to do.
public struct BuildOptions: Sendable {
    public var inputs: [String]
    public var outputPath: String
    public var jobs: Int
    /// Write nothing; report what is stale or missing.
    public var check: Bool
    /// Rebuild every asset even when unchanged.
    public var force: Bool
    public var shard: Shard?
    public var followSymlinksOutside: Bool
    /// Simulated disk faults for the output folder (tests only, through `@testable import`).
    var writeFaults: WriteFaults?

    public init(inputs: [String], outputPath: String, jobs: Int = ParallelRunner.defaultJobs, check: Bool = false,
                force: Bool = false, shard: Shard? = nil, followSymlinksOutside: Bool = false) {
        self.inputs = inputs
        self.outputPath = outputPath
        self.jobs = jobs
        self.check = check
        self.force = force
        self.shard = shard
        self.followSymlinksOutside = followSymlinksOutside
    }
}

/// Progress of a build, delivered in order on one thread at a time.
public enum BuildEvent: Sendable {
    /// `total` assets in this build (shard), of which `toBuild` must be (re)built.
    case started(total: Int, toBuild: Int)
    case asset(AssetEvent)
    /// A non-fatal note (skipped symlink, removed stale output).
    case note(String)
    case finished(BuildSummary)
}

public struct AssetEvent: Sendable {
    public enum Status: String, Sendable { case built, unchanged, failed }
    /// 1-based position among the assets that were processed (built or failed).
    public var done: Int
    public var toBuild: Int
    public var path: String
    public var status: Status
    public var megapixels: Double
    public var seconds: Double
    public var error: String?
}

public struct BuildSummary: Sendable {
    public var total: Int
    public var built: Int
    public var unchanged: Int
    public var failed: Int
    /// Output files removed because their source is gone or no longer produces them.
    public var removed: Int
    /// With `--check`: sources to (re)build and outputs to remove, one line each.
    public var stale: [String]
    public var megapixels: Double
    public var seconds: Double
    /// Where the manifest was written (nil with `--check`).
    public var manifestPath: String?
    public var failures: [FailureRecord]
}

/// Runs a pipeline over input files and folders: discovery, sharding, incremental reuse, the parallel
/// build, atomic writes into the output folder, stale-output removal and the manifest.
public enum BuildRunner {
    public static let manifestFileName = "manifest.json"

    public static func partialManifestFileName(_ shard: Shard) -> String {
        "manifest.partial-\(shard.index)-of-\(shard.count).json"
    }

    /// Throws `ConfigError` for usage problems (missing inputs, bad sidecars, an unusable output folder):
    /// then nothing has been written. Asset failures are reported in the summary and the manifest.
    public static func run(spec: PipelineSpec, options: BuildOptions, onEvent: @escaping @Sendable (BuildEvent) -> Void) throws -> BuildSummary {
        let clock = ContinuousClock.now
        if spec.emit.xcassets { try AssetCatalogEmitter.validate(spec, at: "emit xcassets") }
        let discovery = InputDiscovery(followSymlinksOutside: options.followSymlinksOutside).discover(options.inputs)
        if let missing = discovery.missing.first {
            throw ConfigError(file: missing, location: "input", message: "no such file or folder")
        }
        for note in discovery.notes { onEvent(.note(OneLine.escaped(note.description))) }
        // Asset keys that collide are failures of every source involved; decided on all discovered
        // files, before sharding, so every shard agrees.
        let namingConflicts = AssetNaming.conflicts(among: discovery.files.map(\.relativePath))
        var sources = discovery.files
        if let shard = options.shard { sources = sources.filter { shard.contains(relativePath: $0.relativePath) } }
        let duplicates = Dictionary(grouping: sources, by: \.relativePath).filter { $0.value.count > 1 }
        if let (path, _) = duplicates.first {
            throw ConfigError(file: path, location: "input", message: "two inputs give the same relative path; pass one folder that contains both")
        }

        // Sidecars are validated up front: a bad one is a usage error and nothing is written.
        var sidecars: [String: Sidecar] = [:]
        for source in sources {
            if let sidecar = try Sidecar.load(forSource: source.absolutePath) { sidecars[source.relativePath] = sidecar }
        }

        let manifestName = options.shard.map { $0.count > 1 ? partialManifestFileName($0) : manifestFileName } ?? manifestFileName
        let outRoot = URL(fileURLWithPath: options.outputPath).standardizedFileURL.path
        var out: OutputDirectory? = options.check && !FileManager.default.fileExists(atPath: outRoot) ? nil : try openOutput(options.outputPath)
        out?.faults = options.writeFaults
        if !options.check { out?.removeTemporaryDebris() }

        let previous = out?.read(manifestName).flatMap { try? Manifest.decode($0) }
        let previousValid = previous.map { $0.tool.version == ToolVersion.current && $0.pipeline.hash == spec.contentHash } ?? false
        let previousRecords = Dictionary((previous?.assets ?? []).map { ($0.source.path, $0) }, uniquingKeysWith: { a, _ in a })
        let state = out.flatMap { BuildState.load(from: $0, shard: options.shard) }
        var newState = BuildState(toolVersion: ToolVersion.current, pipelineHash: spec.contentHash, sources: [:])

        // Decide what can be reused: same tool, pipeline and sidecar; same bytes (stat first, hash to confirm);
        // every output still present.
        var reused: [AssetRecord] = []
        var toBuild: [SourceFile] = []
        for source in sources {
            guard !options.force, previousValid, namingConflicts[source.relativePath] == nil, let record = previousRecords[source.relativePath],
                  record.sidecarSHA256 == sidecars[source.relativePath]?.sha256,
                  let out, record.outputPaths.allSatisfy({ out.exists($0) }),
                  let stamp = BuildState.stamp(ofFile: source.absolutePath) else {
                toBuild.append(source)
                continue
            }
            if let entry = state?.sources[source.relativePath], entry.bytes == stamp.bytes,
               entry.modifiedNanoseconds == stamp.modifiedNanoseconds, entry.sha256 == record.source.sha256 {
                reused.append(record)
                newState.sources[source.relativePath] = entry
            } else if stamp.bytes == record.source.bytes, let bytes = try? ImageFile.readBytes(atPath: source.absolutePath),
                      SHA256.hex(bytes) == record.source.sha256 {
                reused.append(record)
                newState.sources[source.relativePath] = BuildState.Entry(bytes: stamp.bytes, modifiedNanoseconds: stamp.modifiedNanoseconds, sha256: record.source.sha256)
            } else {
                toBuild.append(source)
            }
        }
        let currentPaths = Set(sources.map(\.relativePath))
        let orphanedOutputs: [String] = (previous?.assets ?? [])
            .filter { !currentPaths.contains($0.source.path) }
            .flatMap(\.outputPaths)

        onEvent(.started(total: sources.count, toBuild: toBuild.count))

        if options.check {
            let stale = toBuild.map { "\($0.relativePath): \(previousRecords[$0.relativePath] == nil ? "missing" : "stale")" }
                + orphanedOutputs.sorted().map { "\($0): output of a deleted source" }
                + (out == nil || out?.exists(manifestName) == false ? ["\(manifestName): missing"] : [])
                + (toBuild.isEmpty && orphanedOutputs.isEmpty ? try emitStaleEntries(spec: spec, assets: reused, shard: options.shard, out: out) : [])
            let summary = BuildSummary(total: sources.count, built: 0, unchanged: reused.count, failed: 0, removed: 0, stale: stale,
                                       megapixels: 0, seconds: seconds(since: clock), manifestPath: nil, failures: [])
            onEvent(.finished(summary))
            return summary
        }
        guard let out = out else { throw ConfigError(file: options.outputPath, location: "--out", message: "cannot open output folder") }

        // Build in parallel; at most `jobs` sources are decoded at once.
        let progress = ProgressCounter()
        let buildCount = toBuild.count
        let sidecarsBySource = sidecars
        let previousOutputs = Set((previous?.assets ?? []).flatMap(\.outputPaths))
        // Largest files start first (a proxy for decode and resample cost) so a big photo does not run
        // alone at the end; the last assets may use every core for their own resampling and encoding.
        let costs = toBuild.map { Double(BuildState.stamp(ofFile: $0.absolutePath)?.bytes ?? 0) }
        let results = ParallelRunner.map(toBuild, jobs: options.jobs, costs: costs) { _, source, slot -> Result<(AssetRecord, BuildState.Entry), FailureRecord> in
            let started = ContinuousClock.now
            let outcome: Result<(AssetRecord, BuildState.Entry), FailureRecord>
            var megapixels = 0.0
            var written: [String] = []
            do {
                if let conflict = namingConflicts[source.relativePath] {
                    throw AssetProcessor.ProcessingError(path: source.relativePath, stage: "naming", reason: conflict)
                }
                let stamp = BuildState.stamp(ofFile: source.absolutePath)
                let bytes = try readSource(source)
                let output = try AssetProcessor.process(source: source, bytes: bytes, sidecar: sidecarsBySource[source.relativePath], spec: spec,
                                                        mayUseAllCores: slot.mayUseAllCores)
                for file in output.files {
                    do { try out.write(file.bytes, to: file.path) } catch let error as WriteError {
                        // Name the photo first: `photo.jpg: write failed: photo-jpg/x.jpg: No space left on device`.
                        throw AssetProcessor.ProcessingError(path: source.relativePath, stage: "write", reason: "\(error.path): \(error.reason)")
                    }
                    written.append(file.path)
                }
                megapixels = output.megapixels
                let entry = BuildState.Entry(bytes: stamp?.bytes ?? bytes.count, modifiedNanoseconds: stamp?.modifiedNanoseconds ?? 0,
                                             sha256: output.record.source.sha256)
                outcome = .success((output.record, entry))
            } catch {
                // Nothing partial: an asset whose outputs could not all be written keeps none of its new files.
                // Files the previous manifest lists stay until that manifest is replaced (then they are stale).
                for path in written where !previousOutputs.contains(path) { try? out.remove(path) }
                outcome = .failure(FailureRecord(source: source.relativePath, error: OneLine.escaped("\(error)")))
            }
            let event: AssetEvent
            switch outcome {
            case .success: event = AssetEvent(done: 0, toBuild: buildCount, path: source.relativePath, status: .built,
                                              megapixels: megapixels, seconds: seconds(since: started), error: nil)
            case .failure(let failure): event = AssetEvent(done: 0, toBuild: buildCount, path: source.relativePath, status: .failed,
                                                          megapixels: 0, seconds: seconds(since: started), error: failure.error)
            }
            progress.report(event, onEvent)
            return outcome
        }

        var built: [AssetRecord] = []
        var failures: [FailureRecord] = []
        for result in results {
            switch result {
            case .success(let (record, entry)):
                built.append(record)
                newState.sources[record.source.path] = entry
            case .failure(let failure):
                failures.append(failure)
            }
        }

        // The new manifest is staged first: when it does not fit (full disk) this throws `WriteError` (the
        // CLI exits 3) and the previous manifest and every output it lists stay as they were.
        let manifest = Manifest(pipeline: spec, assets: reused + built, failures: failures, shard: options.shard)
        let stagedManifest = try out.stage(try manifest.encoded(), to: manifestName)
        // Remove outputs nobody produces any more: deleted sources, failed rebuilds, changed variants.
        let keep = Set(manifest.allOutputPaths)
        var removed = 0
        for path in previousOutputs.subtracting(keep).sorted() {
            do {
                if try out.remove(path) { removed += 1 }
            } catch {
                onEvent(.note(OneLine.escaped("\(error)")))
            }
        }

        try stagedManifest.commit()
        // The state file is only a cache: failing to write it is a note.
        do { try newState.save(to: out, shard: options.shard) } catch { onEvent(.note(OneLine.escaped("\(error)"))) }
        try emit(spec: spec, manifest: manifest, shard: options.shard, out: out, onEvent: onEvent)
        let summary = BuildSummary(
            total: sources.count, built: built.count, unchanged: reused.count, failed: failures.count, removed: removed, stale: [],
            megapixels: progress.megapixels, seconds: seconds(since: clock), manifestPath: out.root + "/" + manifestName,
            failures: manifest.failures)
        onEvent(.finished(summary))
        return summary
    }

    static func openOutput(_ path: String) throws -> OutputDirectory {
        do { return try OutputDirectory(path: path) } catch let error as WriteError {
            throw ConfigError(file: error.path, location: "--out", message: error.reason)
        }
    }

    /// Reads a source, reporting errors with its relative path.
    static func readSource(_ source: SourceFile) throws -> [UInt8] {
        do { return try ImageFile.readBytes(atPath: source.absolutePath) } catch var error as FileReadError {
            error.path = source.relativePath
            throw error
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

/// Serialises progress events from worker threads and numbers them in completion order.
private final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private(set) var megapixels = 0.0

    func report(_ event: AssetEvent, _ onEvent: @Sendable (BuildEvent) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        megapixels += event.megapixels
        var numbered = event
        numbered.done = done
        onEvent(.asset(numbered))
    }
}
