import Foundation
import FullBleedCodecs

/// One file an emitter wants in the output folder.
public struct EmittedFile: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// These exact bytes.
        case bytes([UInt8])
        /// The same bytes as another output (a path relative to the output folder): hard-linked when the file
        /// system allows it, copied otherwise.
        case copy(of: String)
        /// The SDR base of another output that is an Ultra HDR JPEG (a path relative to the output folder):
        /// its bytes without the gain map (`Codecs.standardDynamicRangeJPEG(strippingGainMapFrom:)`).
        case baseRendition(of: String)
    }

    /// Relative to the output folder.
    public var path: String
    public var content: Content
}

/// What one emitter makes: its files in writing order, and the folder it owns entirely (every other file
/// in it is stale and removed), if any. A pure function of the manifest and the pipeline's settings, so the
/// same build gives the same bytes.
public struct EmitPlan: Sendable, Equatable {
    public var files: [EmittedFile]
    /// A folder relative to the output folder that only this emitter writes to, or nil.
    public var ownedFolder: String?

    /// What applying a plan changed.
    public struct Outcome: Sendable, Equatable {
        /// Files written or re-linked because they were missing or their content differed.
        public var written: [String] = []
        /// Files removed from the owned folder because nothing emits them any more.
        public var removed: [String] = []
    }

    /// The plans of every emitter `spec.emit` enables, for the build that `manifest` records.
    public static func plans(manifest: Manifest, spec: PipelineSpec) throws -> [EmitPlan] {
        var plans: [EmitPlan] = []
        if spec.emit.xcassets { plans.append(try AssetCatalogEmitter.plan(manifest: manifest, spec: spec)) }
        if spec.emit.swift { plans.append(SwiftSourceEmitter.plan(manifest: manifest, spec: spec)) }
        if spec.emit.xcodeIsEnabled { plans.append(try HDRResourceEmitter.plan(manifest: manifest, spec: spec)) }
        if spec.emit.html { plans.append(try HTMLEmitter.plan(manifest: manifest, spec: spec)) }
        let paths = plans.flatMap { $0.files.map(\.path) }
        let manifestPaths = Set(manifest.allOutputPaths)
        if let clash = paths.first(where: { manifestPaths.contains($0) }) {
            throw ConfigError(location: "$.emit", message: "the emitted file \(clash) would overwrite a built image; rename the catalog or the Swift type")
        }
        // Each emit folder holds only what its emitters write, so Xcode (or a web server) can take it whole.
        var folders: [(folder: String, location: String, option: String)] = []
        if spec.emit.xcodeIsEnabled { folders.append((spec.emit.folder, "$.emit.folder", "--emit-dir")) }
        if spec.emit.html { folders.append((spec.emit.htmlFolder, "$.emit.htmlFolder", "\"htmlFolder\"")) }
        let reserved = [BuildRunner.manifestFileName, PreviewPage.fileName, BuildState.fileName(shard: nil)]
        for (folder, location, option) in folders {
            if let inside = manifestPaths.sorted().first(where: { $0.hasPrefix(folder + "/") }) ?? reserved.first(where: { $0 == folder }) {
                throw ConfigError(location: location, message: "the build's \(inside) would lie inside the emit folder \(folder); choose another \(option)")
            }
        }
        let (xcode, html) = (spec.emit.folder, spec.emit.htmlFolder)
        if spec.emit.xcodeIsEnabled && spec.emit.html && (xcode == html || xcode.hasPrefix(html + "/") || html.hasPrefix(xcode + "/")) {
            throw ConfigError(location: "$.emit.htmlFolder", message: "the HTML folder \(html) and the Xcode folder \(xcode) overlap; each holds only its own files")
        }
        return plans
    }

    /// What `--check` reports: emitted files that are missing or differ, and files of the owned folder that
    /// nothing emits any more, one line each.
    public func staleEntries(in out: OutputDirectory) -> [String] {
        var lines: [String] = []
        for file in files {
            if !out.exists(file.path) {
                lines.append("\(file.path): missing")
            } else if !isCurrent(file, in: out) {
                lines.append("\(file.path): stale")
            }
        }
        lines += extraFiles(in: out).map { "\($0): no longer emitted" }
        return lines
    }

    /// Writes every missing or changed file, all or nothing: each is staged under a temporary name first (a
    /// full disk fails there, with every file as it was), then all are renamed into place; only then are the
    /// files of the owned folder that are not in the plan removed.
    public func apply(to out: OutputDirectory) throws -> Outcome {
        var outcome = Outcome()
        var staged: [OutputDirectory.StagedFile] = []
        do {
            for file in files where !isCurrent(file, in: out) {
                switch file.content {
                case .bytes(let bytes):
                    staged.append(try out.stage(bytes, to: file.path))
                case .copy(let source):
                    if let link = try out.stageLink(source, to: file.path) {
                        staged.append(link)
                    } else {
                        guard let bytes = out.read(source) else {
                            throw SystemError(path: file.path, operation: .write, refused: "cannot read \(source) to copy it")
                        }
                        staged.append(try out.stage(bytes, to: file.path))
                    }
                case .baseRendition(let source):
                    staged.append(try out.stage(try Self.baseRendition(of: source, in: out, for: file.path), to: file.path))
                }
                outcome.written.append(file.path)
            }
            for file in staged { try file.commit() }
        } catch {
            for file in staged { file.discard() }
            throw error
        }
        for path in extraFiles(in: out) {
            try out.remove(path)
            outcome.removed.append(path)
        }
        return outcome
    }

    /// Whether the file on disk already has the planned content: the same bytes, or (for a copy) the same
    /// inode as its source.
    func isCurrent(_ file: EmittedFile, in out: OutputDirectory) -> Bool {
        guard let info = out.status(file.path), (info.st_mode & S_IFMT) == S_IFREG else { return false }
        switch file.content {
        case .bytes(let bytes):
            return info.st_size == bytes.count && out.read(file.path) == bytes
        case .copy(let source):
            guard let sourceInfo = out.status(source) else { return false }
            if sourceInfo.st_dev == info.st_dev && sourceInfo.st_ino == info.st_ino { return true }
            return sourceInfo.st_size == info.st_size && out.read(source) == out.read(file.path)
        case .baseRendition(let source):
            guard let base = try? Self.baseRendition(of: source, in: out, for: file.path) else { return false }
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

    /// Files (and symbolic links) under the owned folder that the plan does not list, sorted; temporary
    /// files of an interrupted run are left to `OutputDirectory.removeTemporaryDebris()`. Folders reached
    /// through a link are not entered.
    func extraFiles(in out: OutputDirectory) -> [String] {
        guard let folder = ownedFolder else { return [] }
        let planned = Set(files.map(\.path))
        var extra: [String] = []
        out.walk(under: folder) { _, name, relative, info in
            guard (info.st_mode & S_IFMT) != S_IFDIR, !name.hasPrefix(OutputDirectory.temporaryPrefix),
                  !planned.contains(relative) else { return }
            extra.append(relative)
        }
        return extra.sorted()
    }
}
