import Foundation

/// The journal of a build in progress: `.fullbleed-journal-<run token>.jsonl` in the output folder, one JSON
/// line per event, each written whole before the build goes on (the commit line also flushed to the disk
/// before any rename: photo lines lost to a power cut only cost their rebuild, as staged files are
/// verified by their hashes before they are adopted).
///
/// - A header (the manifest it builds, tool version, pipeline hash), written with the first asset.
/// - One line per finished photo: its manifest record, its build-state entry, and its output files, staged
///   under temporary names (nothing under a final name changes while photos are built).
/// - At the end a commit line: the staged manifest and the stale outputs to remove. From then on the build
///   only rolls forward: staged outputs renamed over their final names, then the manifest, then the stale
///   outputs removed, then the journal removed.
///
/// A run killed before the commit line leaves its staged photos for the next run, which adopts every one
/// whose source is unchanged and whose staged files still hash to what the record says (`JournalRecovery`);
/// a run killed after it is rolled forward by the next run before anything else. A build that finishes
/// nothing (a no-op) never creates a journal.
final class BuildJournal: @unchecked Sendable {
    static let prefix = ".fullbleed-journal-"
    static let suffix = ".jsonl"

    struct StagedName: Codable, Sendable, Equatable {
        /// The final path, relative to the output folder.
        var path: String
        /// The temporary name in the same folder.
        var staged: String
        /// SHA-256 (hex) of the bytes staged (photo lines; the manifest's staged name has none): a killed
        /// run's file is adopted only while it still hashes to it.
        var sha256: String? = nil
    }

    /// One line of the journal.
    struct Line: Codable, Sendable {
        enum Kind: String, Codable, Sendable { case header, asset, commit }
        var kind: Kind
        var manifest: String?
        var toolVersion: String?
        var pipelineHash: String?
        var record: AssetRecord?
        var state: BuildState.Entry?
        var files: [StagedName]?
        var stagedManifest: StagedName?
        var remove: [String]?
    }

    /// The longest line a journal may hold (one photo's record, state and file names).
    static let maximumLineBytes = 64 << 20

    let out: OutputDirectory
    let manifestName: String
    let pipelineHash: String
    private let mutex = NSLock()
    private var file: OutputDirectory.AppendFile?
    private var committed = false
    /// Every photo journaled, in journal order: its source path and where its line is. All else of it (the
    /// record, the state entry, the staged file names) is read back from the journal when the manifest is
    /// written and when the outputs are renamed or discarded, so the build holds a few dozen bytes a photo.
    private var photos: [(path: String, asset: JournaledAsset)] = []

    /// Where the journal holds a finished photo's record.
    struct JournaledAsset: Sendable {
        /// The byte range of the photo's line in the journal file.
        var line: Range<Int>
        /// Whether the photo delivers images (false: skipped, with a reason).
        var deliversImages: Bool
        /// Whether the record has a `review`, for the build summary (the reasons are read back from the line).
        var needsReview: Bool = false
    }

    var name: String { Self.prefix + out.lease.token + Self.suffix }

    init(out: OutputDirectory, manifestName: String, pipelineHash: String) {
        self.out = out
        self.manifestName = manifestName
        self.pipelineHash = pipelineHash
    }

    /// Whether the commit line is written (from then on the build only rolls forward).
    var isCommitted: Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return committed
    }

    /// Whether any photo was journaled.
    var isEmpty: Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return photos.isEmpty && file == nil
    }

    static func encode(_ line: Line) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = [UInt8](try encoder.encode(line))
        bytes.append(0x0A)
        return bytes
    }

    /// Appends `line`, creating the journal (with its header) on first use. Callers hold `mutex`.
    /// - Returns: the line's byte range in the journal file.
    @discardableResult
    private func appendLocked(_ line: Line, flush: Bool = false) throws -> Range<Int> {
        if file == nil {
            let created = try out.createAppendFile(name)
            do {
                try created.append(try Self.encode(Line(kind: .header, manifest: manifestName, toolVersion: ToolVersion.current,
                                                       pipelineHash: pipelineHash)))
            } catch {
                created.close()
                out.removeRootFile(name)
                throw error
            }
            file = created
        }
        return try file!.append(try Self.encode(line), flush: flush)
    }

    /// Every photo this run journaled (built or adopted from a killed run): source path and line, in
    /// journal order (one per path).
    func journaledAssets() -> [(path: String, asset: JournaledAsset)] {
        mutex.lock()
        defer { mutex.unlock() }
        return photos
    }

    /// Reads back the photo lines of `journaledAssets`, each with its record and state entry (the journal
    /// is opened once, after the photos are done).
    /// - Throws: `SystemError` when the journal cannot be read, `DecodingError` for a line that is not a photo's.
    func lineReader() throws -> (JournaledAsset) throws -> (record: AssetRecord, state: BuildState.Entry?) {
        mutex.lock()
        let name = self.name
        mutex.unlock()
        guard let reader = try out.openForReading(name) else {
            throw SystemError(path: name, operation: .read, errno: ENOENT)
        }
        return { asset in
            let line = try JSONDecoder().decode(Line.self, from: Data(try reader.read(asset.line)))
            guard line.kind == .asset, let record = line.record else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(name): no photo at \(asset.line)"))
            }
            return (record, line.state)
        }
    }

    /// Calls `body` with each line of the journal `reader` reads and its byte range, in order, up to the
    /// first line that does not decode (a kill during a write tears the last line only).
    static func forEachLine(of reader: OutputDirectory.RangeReader, _ body: (Range<Int>, Line) throws -> Void) throws {
        let decoder = JSONDecoder()
        try reader.forEachLine(maximumLineBytes: maximumLineBytes) { range, bytes in
            guard let line = try? decoder.decode(Line.self, from: Data(bytes)) else { return false }
            try body(range, line)
            return true
        }
    }

    /// The staged outputs that the photo lines of the journal `reader` reads name, in journal order.
    static func forEachStagedOutput(of reader: OutputDirectory.RangeReader, out: OutputDirectory,
                                    _ body: (OutputDirectory.StagedFile) throws -> Void) throws {
        try forEachLine(of: reader) { _, line in
            guard line.kind == .asset else { return }
            for name in line.files ?? [] { try body(out.staged(name.path, temporaryName: name.staged)) }
        }
    }

    /// Journals a finished photo whose outputs are staged; the photo then survives a kill.
    /// - Throws: `SystemError` (`.write`) when the journal cannot be written (the caller fails the photo).
    /// - Parameter files: each staged file with the SHA-256 (hex) of its bytes.
    func recordAsset(_ record: AssetRecord, entry: BuildState.Entry, files: [(file: OutputDirectory.StagedFile, sha256: String)]) throws {
        mutex.lock()
        defer { mutex.unlock() }
        let range = try appendLocked(Line(kind: .asset, record: record, state: entry,
                                          files: files.map { StagedName(path: $0.file.relativePath, staged: $0.file.temporaryName, sha256: $0.sha256) }))
        // Journaled: the journal file's claim holds the run's lock from now on.
        for file in files { file.file.claim?.release() }
        photos.append((record.source.path, JournaledAsset(line: range, deliversImages: record.deliversImages, needsReview: record.review != nil)))
    }

    /// Writes the commit line (the staged manifest, the stale outputs) and rolls forward: outputs renamed,
    /// manifest renamed, stale outputs removed (failures to remove are notes), journal removed.
    /// - Returns: how many stale outputs were removed.
    /// - Throws: `SystemError` (`.write`) when the commit line cannot be written (nothing changed yet: the
    ///   caller discards); after the commit line, a failed rename leaves the journal for the next run.
    func commit(manifest: OutputDirectory.StagedFile, removing stale: [String], onEvent: @Sendable (BuildEvent) -> Void) throws -> Int {
        mutex.lock()
        defer { mutex.unlock() }
        try appendLocked(Line(kind: .commit, stagedManifest: StagedName(path: manifest.relativePath, staged: manifest.temporaryName), remove: stale),
                         flush: true)
        committed = true
        guard let reader = try out.openForReading(name) else { throw SystemError(path: name, operation: .read, errno: ENOENT) }
        let removed = try Self.rollForward(journal: reader, manifest: manifest, stale: stale, out: out, onEvent: onEvent)
        file?.close()
        out.removeRootFile(name)
        file = nil
        photos = []
        return removed
    }

    /// The second half of a commit, also run by `JournalRecovery` on the journal of a killed run: the staged
    /// outputs the journal (`reader`) names renamed over their final names, then the manifest, then the
    /// stale outputs removed. Safe to run twice (what was renamed already is skipped, what was removed
    /// already is gone).
    static func rollForward(journal reader: OutputDirectory.RangeReader, manifest: OutputDirectory.StagedFile, stale: [String],
                            out: OutputDirectory, onEvent: @Sendable (BuildEvent) -> Void) throws -> Int {
        try forEachStagedOutput(of: reader, out: out) { _ = try $0.commitIfPresent() }
        _ = try manifest.commitIfPresent()
        var removed = 0
        for path in stale {
            do {
                if try out.remove(path) { removed += 1 }
            } catch {
                onEvent(.note(OneLine.escaped("\(error)")))
            }
        }
        return removed
    }

    /// After a failure before the commit line: removes every staged output and the journal, so the folder
    /// is as the previous build left it. Does nothing once committed (the next run rolls forward).
    func discard() {
        mutex.lock()
        defer { mutex.unlock() }
        guard !committed else { return }
        if file != nil, let reader = try? out.openForReading(name) {
            // A journal that cannot be read leaves its staged files as debris for a later run to remove.
            try? Self.forEachStagedOutput(of: reader, out: out) { $0.discard() }
        }
        photos = []
        file?.close()
        if file != nil { out.removeRootFile(name) }
        file = nil
    }
}
