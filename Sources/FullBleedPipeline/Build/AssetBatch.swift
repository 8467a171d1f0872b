import Foundation

/// The parallel part of a build: every source to (re)build through `AssetPlan` and `AssetBuilder`, its files
/// staged in the output folder under temporary names and journaled (`BuildJournal`: a finished photo
/// survives a kill; nothing under a final name changes before the commit), at most `jobs` sources decoded
/// at once, largest first (the last ones may use every core). An asset whose outputs cannot all be staged
/// and journaled keeps none of its new files. The records are not kept: the journal has them
/// (`BuildJournal.journaledAssets`), and the manifest is written from there.
struct AssetBatch {
    /// Photos built that deliver images (of them `partial`: some target without a picture; `tierNotes`: their
    /// tiers not made as planned), and photos built but skipped (too small, ...).
    var built = 0
    var partial = 0
    var tierNotes = 0
    var skipped = 0
    var failures: [FailureRecord] = []
    /// Asset key -> the preview thumbnail made from its decode (with `preview`).
    var thumbnails: [String: [UInt8]] = [:]
    var megapixels = 0.0
    /// The first write that failed because the output folder's storage stopped accepting writes (full disk,
    /// quota, I/O error, read-only remount), named after its photo: the build then stops (exit 3) instead of
    /// failing every remaining photo as a bad input. Photos not yet started when it happened are not started.
    var storageFailure: SystemError?

    static func build(_ sources: [SourceFile], inputs: BuildInputs, spec: PipelineSpec, out: OutputDirectory, jobs: Int,
                      journal: BuildJournal, preview: Bool, report: Bool, memoryBudget: MemoryBudget? = nil,
                      recordedDetections: [String: RecordedDetection] = [:],
                      onEvent: @escaping @Sendable (BuildEvent) -> Void) -> AssetBatch {
        let progress = ProgressCounter()
        let count = sources.count
        let costs = sources.map { Double($0.stamp?.bytes ?? 0) }
        let stop = StorageStop()
        let tally = Tally()
        _ = ParallelRunner.map(sources, jobs: jobs, costs: costs) { _, source, slot in
            guard !stop.isSet else { return }
            let started = ContinuousClock.now
            var staged: [OutputDirectory.StagedFile] = []
            let outcome: Result<(output: AssetBuilder.Output, entry: BuildState.Entry), FailureRecord>
            do {
                outcome = .success(try buildOne(source, inputs: inputs, spec: spec, out: out, journal: journal, preview: preview, report: report,
                                                mayUseAllCores: slot.mayUseAllCores, memoryBudget: memoryBudget,
                                                recordedDetection: recordedDetections[source.relativePath], staged: &staged) { megapixels in
                    progress.started(path: source.relativePath, megapixels: megapixels, bytes: source.stamp?.bytes ?? 0, onEvent)
                })
            } catch {
                // Nothing partial: the staged files go; the files the previous manifest lists were never touched.
                for file in staged { file.discard() }
                if let error = error as? SystemError, error.isStorageFailure { stop.set(error) }
                outcome = .failure(FailureRecord(source: source.relativePath, stage: FailureStage(of: error), error: OneLine.escaped("\(error)")))
            }
            let seconds = BuildRunner.seconds(since: started)
            // Give the photo's freed memory back to the system. glibc keeps freed chunks in each thread's
            // arena, and the pattern of a build (large transient buffers between small long-lived values)
            // makes the arenas grow with the number of photos built, not with `--jobs`: 2,000 small photos
            // peaked at 68-143 MB without this, 8,000 at 130-187 MB (by how the threads interleave); with it 53-56 and
            // 62-72 MB.
            ReturnFreedMemory.now()
            switch outcome {
            case .success(let built):
                let record = built.output.record
                progress.report(AssetEvent(done: 0, toBuild: count, path: source.relativePath,
                                           status: !record.deliversImages ? .skipped : record.isPartial ? .partial : .built,
                                           megapixels: built.output.megapixels, seconds: seconds, error: nil, bytes: source.stamp?.bytes ?? 0,
                                           reason: record.skipReason, review: record.review, tierNotes: built.output.tierNotes,
                                           targetsWithoutImage: record.isPartial ? record.targetsWithoutImage : []), onEvent)
            case .failure(let failure):
                progress.report(AssetEvent(done: 0, toBuild: count, path: source.relativePath, status: .failed,
                                           megapixels: 0, seconds: seconds, error: failure.error, bytes: source.stamp?.bytes ?? 0), onEvent)
            }
            // Only what the summary needs outlives the photo, added up as it finishes: the record is in the
            // journal, so a batch holds nothing per photo built (but a failure's line or a preview thumbnail).
            tally.add(outcome.map { built in
                (deliversImages: built.output.record.deliversImages, isPartial: built.output.record.isPartial,
                 tierNotes: built.output.tierNotes.count,
                 thumbnail: built.output.previewThumbnail.map { (key: built.output.record.key, bytes: $0) })
            })
        }
        var batch = AssetBatch(megapixels: progress.megapixels, storageFailure: stop.error)
        tally.fill(&batch)
        return batch
    }

    /// Reads, plans, builds, stages and journals one source; `staged` collects the files staged so far;
    /// `onPlanned` gets the header's megapixels once the plan is made, before the decode. With a
    /// `memoryBudget`, the photo's estimate is held from the decode until its files are staged.
    private static func buildOne(_ source: SourceFile, inputs: BuildInputs, spec: PipelineSpec, out: OutputDirectory,
                                 journal: BuildJournal, preview: Bool, report: Bool, mayUseAllCores: Bool, memoryBudget: MemoryBudget?,
                                 recordedDetection: RecordedDetection?, staged: inout [OutputDirectory.StagedFile], onPlanned: (Double) -> Void) throws -> (output: AssetBuilder.Output, entry: BuildState.Entry) {
        if let conflict = inputs.namingConflicts[source.relativePath] {
            throw ProcessingError(path: source.relativePath, stage: .naming, reason: conflict)
        }
        let sidecar = try inputs.sidecar(for: source)
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(source.absolutePath).bytes } catch {
            var named = error
            named.path = source.relativePath
            throw named
        }
        var plan = try AssetPlan(source: source, bytes: bytes, sidecar: sidecar, spec: spec, previewThumbnail: preview,
                                 report: report)
        plan.recordedDetection = recordedDetection
        let estimate = plan.estimatedWorkingBytes
        memoryBudget?.acquire(estimate)
        defer { memoryBudget?.release(estimate) }
        onPlanned(plan.megapixels)
        let output = try AssetBuilder.build(plan, bytes: bytes, mayUseAllCores: mayUseAllCores)
        let stamp = source.stamp ?? FileStamp(bytes: bytes.count, modifiedNanoseconds: 0)
        let entry = BuildState.Entry(bytes: stamp.bytes, modifiedNanoseconds: stamp.modifiedNanoseconds, sha256: output.record.source.sha256)
        do {
            for file in output.files { staged.append(try out.stage(file.bytes, to: file.path)) }
            try journal.recordAsset(output.record, entry: entry, files: Array(zip(staged, output.files.map(\.sha256))))
        } catch let error as SystemError {
            // Name the photo first: `photo.jpg: write failed: photo-jpg/x.jpg: No space left on device`.
            if error.isStorageFailure {
                throw SystemError(path: source.relativePath, operation: .write, errno: error.errno, detail: error.path)
            }
            throw ProcessingError(path: source.relativePath, stage: .write, reason: "\(error.path): \(error.reason)")
        }
        return (output, entry)
    }
}

/// The first storage failure of a batch, shared by its workers.
private final class StorageStop: @unchecked Sendable {
    private let lock = NSLock()
    private var first: SystemError?

    var error: SystemError? { lock.withLock { first } }
    var isSet: Bool { error != nil }
    func set(_ error: SystemError) { lock.withLock { if first == nil { first = error } } }
}

/// The counts of a batch, added to by the worker threads as photos finish (the order does not matter:
/// failures are sorted by source path when the manifest is written, thumbnails are keyed).
private final class Tally: @unchecked Sendable {
    typealias Built = (deliversImages: Bool, isPartial: Bool, tierNotes: Int, thumbnail: (key: String, bytes: [UInt8])?)
    private let lock = NSLock()
    private var batch = AssetBatch()

    func add(_ outcome: Result<Built, FailureRecord>) {
        lock.withLock {
            switch outcome {
            case .success(let built):
                if built.deliversImages { batch.built += 1 } else { batch.skipped += 1 }
                if built.isPartial { batch.partial += 1 }
                batch.tierNotes += built.tierNotes
                if let thumbnail = built.thumbnail { batch.thumbnails[thumbnail.key] = thumbnail.bytes }
            case .failure(let failure):
                batch.failures.append(failure)
            }
        }
    }

    /// Copies the counts, failures and thumbnails into `target`.
    func fill(_ target: inout AssetBatch) {
        lock.withLock {
            target.built = batch.built
            target.skipped = batch.skipped
            target.partial = batch.partial
            target.tierNotes = batch.tierNotes
            target.failures = batch.failures
            target.thumbnails = batch.thumbnails
        }
    }
}

/// Serialises progress events from worker threads and numbers them in completion order.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private(set) var megapixels = 0.0

    /// A photo's build begins (events are delivered one at a time, like `report`).
    func started(path: String, megapixels: Double, bytes: Int, _ onEvent: @Sendable (BuildEvent) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        onEvent(.assetStarted(path: path, megapixels: megapixels, bytes: bytes))
    }

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
