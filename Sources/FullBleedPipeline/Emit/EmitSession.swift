import Foundation
import FullBleedCodecs

/// The emit step over a build's records: every emitter the pipeline enables walks the records once, in
/// manifest order, and each file it makes is compared with the output folder as it comes. Memory does not
/// grow with the records' size: a record is decoded at a time, a small file is staged (or found current)
/// as soon as it is made, the large streamed files (Swift source, HTML index) are compared and staged a
/// chunk at a time, and the list of staged files lives in a temporary file (`StagedFileList`). What stays
/// per asset is its member name for the Swift `all` array and a 64-bit hash per emitted name and path.
///
/// Writing is all or nothing: every missing or changed file is staged under a temporary name first (a
/// full disk fails there, with every emitted file as it was), then all are renamed into place, and only
/// then are the files of the owned folders that nothing emits removed.
enum EmitSession {
    /// What writing changed, per emitter.
    struct Outcome: Sendable, Equatable {
        /// The emitter's owned folder, or its streamed file.
        var what: String
        /// Files written or re-linked because they were missing or their content differed.
        var written = 0
        /// Files removed from the owned folder because nothing emits them any more.
        var removed = 0
    }

    /// The emitters `spec.emit` enables, in writing order.
    static func emitters(spec: PipelineSpec, records: EmitRecords) throws -> [any Emitter] {
        var emitters: [any Emitter] = []
        if spec.emit.xcassets { emitters.append(try AssetCatalogEmitter.Walk(spec: spec)) }
        if spec.emit.swift { emitters.append(SwiftSourceEmitter.Walk(spec: spec, records: records)) }
        if spec.emit.xcodeIsEnabled { emitters.append(HDRResourceEmitter.Walk(spec: spec)) }
        if spec.emit.html { emitters.append(HTMLEmitter.Walk(spec: spec, publicPath: records.publicPath)) }
        return emitters
    }

    /// The emit folders (each holds only what its emitters write, so Xcode or a web server can take it
    /// whole) with where they are configured.
    static func folders(of spec: PipelineSpec) -> [(folder: String, location: String, option: String)] {
        var folders: [(folder: String, location: String, option: String)] = []
        if spec.emit.xcodeIsEnabled { folders.append((spec.emit.folder, "$.emit.folder", "--emit-dir")) }
        if spec.emit.html { folders.append((spec.emit.htmlFolder, "$.emit.htmlFolder", "\"htmlFolder\"")) }
        return folders
    }

    /// Walks `emitters` over `records`: `begin`, `add` per record, `end`, handing each part to `visit` with
    /// its emitter's index. With `spec`, also refuses emit folders that overlap or hold a build output
    /// (every emitted file lies in one of them, so no emitted file can overwrite a built image).
    static func walk(_ emitters: inout [any Emitter], records: EmitRecords, spec: PipelineSpec?,
                     visit: (Int, EmitPart) throws -> Void) throws {
        let folders = spec.map(folders(of:)) ?? []
        if let spec {
            let reserved = [BuildRunner.manifestFileName, PreviewPage.fileName, BuildState.fileName(shard: nil)]
            for (folder, location, option) in folders {
                if let name = reserved.first(where: { $0 == folder }) {
                    throw ConfigError(location: location, message: "the build's \(name) would lie inside the emit folder \(folder); choose another \(option)")
                }
            }
            let (xcode, html) = (spec.emit.folder, spec.emit.htmlFolder)
            if spec.emit.xcodeIsEnabled && spec.emit.html && (xcode == html || xcode.hasPrefix(html + "/") || html.hasPrefix(xcode + "/")) {
                throw ConfigError(location: "$.emit.htmlFolder", message: "the HTML folder \(html) and the Xcode folder \(xcode) overlap; each holds only its own files")
            }
        }
        for index in emitters.indices { try visit(index, try emitters[index].begin()) }
        for ordinal in 0..<records.count {
            guard let asset = try records.record(ordinal) else { continue }
            for (folder, location, option) in folders {
                if let inside = asset.outputPaths.sorted().first(where: { $0.hasPrefix(folder + "/") }) {
                    throw ConfigError(location: location, message: "the build's \(inside) would lie inside the emit folder \(folder); choose another \(option)")
                }
            }
            for index in emitters.indices { try visit(index, try emitters[index].add(asset, ordinal: ordinal, records: records)) }
        }
        for index in emitters.indices { try visit(index, try emitters[index].end()) }
    }

    /// Every emitter's files, in memory.
    static func collect(spec: PipelineSpec, records: EmitRecords) throws -> [EmitPlan] {
        try collect(try emitters(spec: spec, records: records), records: records, spec: spec)
    }

    /// The files of `emitters`, in memory, each emitter's streamed file last; `spec` as in `walk`.
    static func collect(_ emitters: [any Emitter], records: EmitRecords, spec: PipelineSpec?) throws -> [EmitPlan] {
        var emitters = emitters
        var files = [[EmittedFile]](repeating: [], count: emitters.count)
        var streamed = [[UInt8]](repeating: [], count: emitters.count)
        try walk(&emitters, records: records, spec: spec) { index, part in
            files[index] += part.files
            streamed[index] += part.streamedText.utf8
        }
        return emitters.indices.map { index in
            var plan = EmitPlan(files: files[index], ownedFolder: emitters[index].ownedFolder)
            if let path = emitters[index].streamedPath { plan.files.append(EmittedFile(path: path, content: .bytes(streamed[index]))) }
            return plan
        }
    }

    /// What `--check` reports: emitted files that are missing or differ, and files of the owned folders
    /// that nothing emits any more, one line each (`out` nil: the output folder does not exist yet).
    static func staleEntries(spec: PipelineSpec, records: EmitRecords, out: OutputDirectory?) throws -> [StaleEntry] {
        var emitters = try emitters(spec: spec, records: records)
        var lines = [[StaleEntry]](repeating: [], count: emitters.count)
        var planned = [Set<UInt64>](repeating: [], count: emitters.count)
        let streams = emitters.map { $0.streamedPath.map { StreamedOutput(path: $0, out: out, writes: false) } }
        try walk(&emitters, records: records, spec: spec) { index, part in
            for file in part.files {
                planned[index].insert(NameHash.of(file.path))
                if out?.exists(file.path) != true {
                    lines[index].append(StaleEntry(file.path, .missing))
                } else if let out, !isCurrent(file, in: out) {
                    lines[index].append(StaleEntry(file.path, .stale))
                }
            }
            if !part.streamedText.isEmpty { try streams[index]!.append(part.streamedText) }
        }
        for index in emitters.indices {
            if let stream = streams[index] {
                planned[index].insert(NameHash.of(stream.path))
                if try !stream.finish() { lines[index].append(StaleEntry(stream.path, out?.exists(stream.path) == true ? .stale : .missing)) }
            }
            if let out, let folder = emitters[index].ownedFolder {
                lines[index] += extraFiles(under: folder, planned: planned[index], in: out).map { StaleEntry($0, .removed, reason: "no longer emitted") }
            }
        }
        return lines.flatMap { $0 }
    }

    /// Writes every missing or changed file, all or nothing, then removes the files of the owned folders
    /// that nothing emits.
    static func apply(spec: PipelineSpec, records: EmitRecords, out: OutputDirectory) throws -> [Outcome] {
        var emitters = try emitters(spec: spec, records: records)
        var outcomes = emitters.map { Outcome(what: $0.ownedFolder ?? $0.streamedPath ?? "emit") }
        var planned = [Set<UInt64>](repeating: [], count: emitters.count)
        let streams = emitters.map { $0.streamedPath.map { StreamedOutput(path: $0, out: out, writes: true) } }
        let staged = try StagedFileList(out: out)
        var stagedStreams: [OutputDirectory.StagedFile] = []
        do {
            try walk(&emitters, records: records, spec: spec) { index, part in
                for file in part.files {
                    planned[index].insert(NameHash.of(file.path))
                    guard !isCurrent(file, in: out) else { continue }
                    try staged.add(try stage(file, in: out))
                    outcomes[index].written += 1
                }
                if !part.streamedText.isEmpty { try streams[index]!.append(part.streamedText) }
            }
            for index in emitters.indices {
                guard let stream = streams[index] else { continue }
                planned[index].insert(NameHash.of(stream.path))
                if try !stream.finish(), let file = stream.staged {
                    stagedStreams.append(file)
                    outcomes[index].written += 1
                }
            }
            try staged.forEach { try $0.commit() }
            for file in stagedStreams { try file.commit() }
        } catch {
            staged.forEachListed { $0.discard() }
            for stream in streams { stream?.discard() }
            staged.close()
            throw error
        }
        staged.close()
        for index in emitters.indices {
            guard let folder = emitters[index].ownedFolder else { continue }
            for path in extraFiles(under: folder, planned: planned[index], in: out) {
                try out.remove(path)
                outcomes[index].removed += 1
            }
        }
        return outcomes
    }

    /// The files on disk that the emitters of `emit` own (their owned folders' files and their streamed
    /// files), sorted: what `--emit none` removes. With `remove`, removes them (and the folders left empty).
    static func emittedFiles(of emit: EmitSpec, spec: PipelineSpec, out: OutputDirectory, remove: Bool) throws -> [String] {
        var spec = spec
        spec.emit = emit
        let none = EmitRecords(count: 0, toolVersion: ToolVersion.current, pipelineName: spec.name, publicPath: spec.publicPath) { _ in nil }
        var paths = Set<String>()
        for emitter in try emitters(spec: spec, records: none) {
            if let folder = emitter.ownedFolder { paths.formUnion(extraFiles(under: folder, planned: [], in: out)) }
            if let path = emitter.streamedPath, out.exists(path) { paths.insert(path) }
        }
        if remove { for path in paths.sorted() { try out.remove(path) } }
        return paths.sorted()
    }

    /// `file` under a temporary name beside its final one.
    static func stage(_ file: EmittedFile, in out: OutputDirectory) throws -> OutputDirectory.StagedFile {
        switch file.content {
        case .bytes(let bytes):
            return try out.stage(bytes, to: file.path)
        case .copy(let source):
            if let link = try out.stageLink(source, to: file.path) { return link }
            guard let bytes = out.read(source) else {
                throw SystemError(path: file.path, operation: .write, refused: "cannot read \(source) to copy it")
            }
            return try out.stage(bytes, to: file.path)
        case .baseRendition(let source):
            return try out.stage(try baseRendition(of: source, in: out, for: file.path), to: file.path)
        }
    }

    /// Whether the file on disk already has the planned content: the same bytes, or (for a copy) the same
    /// inode as its source.
    static func isCurrent(_ file: EmittedFile, in out: OutputDirectory) -> Bool {
        guard let info = out.status(file.path), (info.st_mode & S_IFMT) == S_IFREG else { return false }
        switch file.content {
        case .bytes(let bytes):
            return info.st_size == bytes.count && out.read(file.path) == bytes
        case .copy(let source):
            guard let sourceInfo = out.status(source) else { return false }
            if sourceInfo.st_dev == info.st_dev && sourceInfo.st_ino == info.st_ino { return true }
            return sourceInfo.st_size == info.st_size && out.read(source) == out.read(file.path)
        case .baseRendition(let source):
            guard let base = try? baseRendition(of: source, in: out, for: file.path) else { return false }
            return info.st_size == base.count && out.read(file.path) == base
        }
    }

    /// The SDR base of the Ultra HDR output `source`, for the emitted file `path`.
    static func baseRendition(of source: String, in out: OutputDirectory, for path: String) throws -> [UInt8] {
        guard let bytes = out.read(source) else {
            throw SystemError(path: path, operation: .write, refused: "cannot read \(source) to copy it")
        }
        do {
            return try Codecs.standardDynamicRangeJPEG(strippingGainMapFrom: bytes)
        } catch {
            throw SystemError(path: path, operation: .write, refused: "\(source): \(error)")
        }
    }

    /// Files (and symbolic links) under `folder` whose path hash is not in `planned`, sorted; temporary
    /// files of an interrupted run are left to `OutputDirectory.removeTemporaryDebris()`. Folders reached
    /// through a link are not entered.
    static func extraFiles(under folder: String, planned: Set<UInt64>, in out: OutputDirectory) -> [String] {
        var extra: [String] = []
        out.walk(under: folder) { _, name, relative, info in
            guard (info.st_mode & S_IFMT) != S_IFDIR, !name.hasPrefix(OutputDirectory.temporaryPrefix),
                  !planned.contains(NameHash.of(relative)) else { return }
            extra.append(relative)
        }
        return extra.sorted()
    }
}

/// The one large file of an emitter, compared with the file on disk as its text arrives (a chunk in
/// memory at a time) and, when writing, staged only from the first difference on, with the bytes that
/// matched copied from the old file: a build whose streamed file is current writes nothing.
final class StreamedOutput {
    let path: String
    private let out: OutputDirectory?
    private let writes: Bool
    private let existing: OutputDirectory.RangeReader?
    private var pending: [UInt8] = []
    /// Bytes of text handled so far (compared, written, or both).
    private var produced = 0
    /// Every byte so far equals the file on disk.
    private var matches: Bool
    private var writer: OutputDirectory.StagingWriter?
    /// After `finish`, when writing and the content differs: the staged file to commit.
    private(set) var staged: OutputDirectory.StagedFile?
    private static let chunkSize = 1 << 18

    /// - Parameters:
    ///   - out: the output folder, nil when it does not exist yet (`--check` before a first build).
    ///   - writes: stage the new content when it differs (a build), or only compare (`--check`).
    init(path: String, out: OutputDirectory?, writes: Bool) {
        self.path = path
        self.out = out
        self.writes = writes
        // A link, a folder or an unreadable file at the path is not current: it is replaced.
        existing = (try? out?.openForReading(path)) ?? nil
        matches = existing != nil
    }

    func append(_ text: String) throws {
        pending += text.utf8
        if pending.count >= Self.chunkSize { try flush() }
    }

    private func flush() throws {
        if matches, let existing {
            let old = (try? existing.read(produced..<(produced + pending.count))) ?? []
            if old != pending { try diverge() }
        } else if writer == nil {
            try diverge()
        }
        try writer?.append(pending)
        produced += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// The text stops matching the file on disk: when writing, starts the staged file with the bytes that did.
    private func diverge() throws {
        matches = false
        guard writes, writer == nil, let out else { return }
        let writer = try out.startStaging(path)
        self.writer = writer
        guard produced > 0, let existing else { return }
        var offset = 0
        while offset < produced {
            let chunk = try existing.read(offset..<min(produced, offset + Self.chunkSize))
            guard !chunk.isEmpty else {
                throw SystemError(path: path, operation: .read, refused: "the file shrank while it was compared")
            }
            try writer.append(chunk)
            offset += chunk.count
        }
    }

    /// Handles the rest of the text; true when the file on disk already holds exactly it. Otherwise, when
    /// writing, `staged` is the new content under a temporary name.
    func finish() throws -> Bool {
        try flush()
        if matches, let existing, existing.size == produced { return true }
        if matches { try diverge() }
        if let writer {
            self.writer = nil
            staged = try writer.finish()
        }
        return false
    }

    /// Removes whatever was staged.
    func discard() {
        writer?.discard()
        writer = nil
        staged?.discard()
        staged = nil
    }
}

/// The files an emit has staged, listed as they are staged in a temporary file of the output folder (a
/// line each: temporary name, a tab, the final path; paths never hold control characters), so committing
/// or discarding 100,000 of them keeps no list in memory. The last lines wait in memory until a chunk is
/// full; a chunk leaves memory only once it is on disk, so a failed write loses no entry.
final class StagedFileList {
    private let out: OutputDirectory
    /// Keeps the run lock held while files are staged (each file's own claim is dropped once listed).
    private let claim: RunLease.Claim
    private var writer: OutputDirectory.StagingWriter?
    private var pending: [UInt8] = []
    private var count = 0

    init(out: OutputDirectory) throws {
        self.out = out
        claim = try out.lease.claim()
    }

    deinit { close() }

    func add(_ file: OutputDirectory.StagedFile) throws {
        pending += file.temporaryName.utf8
        pending.append(0x09)
        pending += file.relativePath.utf8
        pending.append(0x0A)
        count += 1
        file.claim?.release()
        if pending.count >= OutputDirectory.StagingWriter.bufferSize { try spill() }
    }

    /// Writes the pending lines through (`StagingWriter.append` of a full buffer is on disk when it returns).
    private func spill() throws {
        if writer == nil { writer = try out.startStaging(BuildRunner.manifestFileName) }
        try writer!.append(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each listed file in staging order (their claims are this list's).
    func forEach(_ body: (OutputDirectory.StagedFile) throws -> Void) throws {
        try forEachLine(stoppingAtReadErrors: true) { try body(try file($0)) }
    }

    /// `forEach` for discarding: every file it can still read, errors ignored.
    func forEachListed(_ body: (OutputDirectory.StagedFile) -> Void) {
        try? forEachLine(stoppingAtReadErrors: false) { line in if let file = try? file(line) { body(file) } }
    }

    /// The lines on disk (a torn last line is not one), then those still in memory; without
    /// `stoppingAtReadErrors`, a list file that cannot be read still leaves the lines in memory to visit.
    private func forEachLine(stoppingAtReadErrors: Bool, _ body: ([UInt8]) throws -> Void) throws {
        if let writer {
            do {
                let reader = try OutputDirectory.RangeReader.open(path: out.root + "/" + writer.temporaryName)
                try reader.forEachLine(maximumLineBytes: 1 << 16) { _, line in
                    try body(line)
                    return true
                }
            } catch where !stoppingAtReadErrors {}
        }
        for line in pending.split(separator: 0x0A) { try body(Array(line)) }
    }

    private func file(_ line: [UInt8]) throws -> OutputDirectory.StagedFile {
        guard let tab = line.firstIndex(of: 0x09) else {
            throw SystemError(path: BuildRunner.manifestFileName, operation: .read, refused: "a torn line in the list of staged emit files")
        }
        return OutputDirectory.StagedFile(directory: out, temporaryName: String(decoding: line[..<tab], as: UTF8.self),
                                          relativePath: String(decoding: line[(tab + 1)...], as: UTF8.self), claim: nil)
    }

    /// Removes the list itself and drops the claim.
    func close() {
        writer?.discard()
        writer = nil
        pending = []
        claim.release()
    }
}
