import Foundation
import FullBleedPipeline

/// The builds behind the review page: one incremental build at a time (`fullbleed build` with the preview
/// and reports, so the page has the thumbnails, crops and numbers), after a save or when the inputs change
/// on disk. The build takes the output folder's one-writer lock as `fullbleed build` does; sidecar writes
/// and builds are serialised by `work`, so two saves land one after the other.
public final class ReviewSession: @unchecked Sendable {
    /// What the page shows: the manifest of the last build and what it was built from.
    public struct Snapshot: Sendable {
        /// Counts builds; the page reloads its data when it changes.
        public var generation = 0
        public var manifest: Manifest?
        /// Manifest source path -> absolute file, as discovered for that build.
        public var sources: [String: String] = [:]
        /// Why the last build stopped (a bad pipeline, a locked folder...); nil when it finished.
        public var error: String?
        /// Seconds the last build took.
        public var seconds = 0.0
        /// Source path -> seconds its own build took (decode to encode), for the photos that build rebuilt.
        public var photoSeconds: [String: Double] = [:]
    }

    /// The per-photo times of a build's events (delivered one at a time, on any thread).
    private final class PhotoTimes: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds: [String: Double] = [:]
        func record(_ event: BuildEvent) {
            guard case .asset(let asset) = event, asset.status != .unchanged else { return }
            lock.lock(); seconds[asset.path] = asset.seconds; lock.unlock()
        }
        var all: [String: Double] { lock.lock(); defer { lock.unlock() }; return seconds }
    }

    let spec: PipelineSpec
    let options: BuildOptions
    /// Absolute, resolved path of the output folder (the root of the files the page may load).
    public let outputRoot: String
    let log: @Sendable (String) -> Void
    /// Held for each sidecar write + build, and each build the watcher starts.
    let work = NSLock()
    private let stateLock = NSLock()
    private var state = Snapshot()
    private var stamps: [String: FileStamp?] = [:]
    private var watching = false
    private var watcher: Thread?

    public init(spec: PipelineSpec, inputs: [String], outputPath: String, jobs: Int, log: @escaping @Sendable (String) -> Void) throws {
        self.spec = spec
        var options = BuildOptions(inputs: inputs, outputPath: outputPath, jobs: jobs)
        options.preview = true
        options.report = true
        self.options = options
        self.log = log
        try FileManager.default.createDirectory(atPath: outputPath, withIntermediateDirectories: true)
        guard let resolved = realpath(outputPath, nil) else {
            throw ReviewError(status: 500, message: "\(outputPath): cannot open the output folder")
        }
        outputRoot = String(cString: resolved)
        free(resolved)
    }

    public var snapshot: Snapshot {
        stateLock.lock()
        defer { stateLock.unlock() }
        return state
    }

    /// Builds now (holding `work`): what a save or a change on disk triggers.
    @discardableResult
    public func build(reason: String) -> Snapshot {
        work.lock()
        defer { work.unlock() }
        return buildLocked(reason: reason)
    }

    /// Runs `body` (a sidecar write) and then a build, both while holding `work`.
    func withWork<T>(_ body: () throws(ReviewError) -> T) throws(ReviewError) -> T {
        work.lock()
        defer { work.unlock() }
        return try body()
    }

    /// The incremental build; the caller holds `work`.
    @discardableResult
    func buildLocked(reason: String) -> Snapshot {
        let fresh = currentStamps()
        var next = snapshot
        next.generation += 1
        next.photoSeconds = [:]
        let start = ContinuousClock.now
        do {
            let times = PhotoTimes()
            let summary = try BuildRunner.run(spec: spec, options: options) { times.record($0) }
            next.photoSeconds = times.all
            next.manifest = try summary.manifestPath.map { try Manifest.load(path: $0) }
            next.error = nil
            let elapsed = start.duration(to: .now)
            next.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            log("review: \(reason): \(summary.built) built, \(summary.unchanged) unchanged, \(summary.failed) failed, "
                + "\(summary.removed) removed in \(String(format: "%.2f", next.seconds)) s"
                + (next.photoSeconds.isEmpty ? "" : " (photos: " + next.photoSeconds.values.reduce(0, +).formatted(.number.precision(.fractionLength(2))) + " s)"))
            for failure in summary.failures { log("review: \(failure.source): \(failure.error)") }
        } catch {
            next.error = OneLine.escaped("\(error)")
            log("review: \(reason): build stopped: \(next.error ?? "")")
        }
        next.sources = PreviewWriter.sourceFiles(in: options.inputs)
        stateLock.lock()
        state = next
        stamps = fresh
        stateLock.unlock()
        return next
    }

    /// Size and modification time of every photo the inputs name and of each one's sidecar (nil: none).
    func currentStamps() -> [String: FileStamp?] {
        var result: [String: FileStamp?] = [:]
        for path in PreviewWriter.sourceFiles(in: options.inputs).values {
            result[path] = Self.stamp(path)
            let sidecar = Sidecar.path(forSource: path)
            result[sidecar] = Self.stamp(sidecar)
        }
        return result
    }

    static func stamp(_ path: String) -> FileStamp? {
        guard let info = FileSystem.status(path) else { return nil }
        return FileStamp(bytes: Int(info.st_size), modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Looks at the inputs every `interval` seconds and rebuilds when a photo or sidecar was added, changed
    /// or removed (polling: the same on Linux and macOS). Skips a look while a save is building.
    public func startWatching(interval: Double = 1) {
        stateLock.lock()
        watching = true
        stateLock.unlock()
        let thread = Thread { [self] in
            while isWatching {
                Thread.sleep(forTimeInterval: interval)
                guard isWatching, work.try() else { continue }
                let fresh = currentStamps()
                stateLock.lock()
                let changed = fresh != stamps
                stateLock.unlock()
                if changed { buildLocked(reason: "photos changed on disk") }
                work.unlock()
            }
        }
        thread.name = "review-watcher"
        watcher = thread
        thread.start()
    }

    var isWatching: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return watching
    }

    /// Stops the watcher and waits for a build in progress to finish (the output folder is then as a
    /// finished build leaves it).
    public func stop() {
        stateLock.lock()
        watching = false
        stateLock.unlock()
        work.lock()
        work.unlock()
    }
}
