import Foundation

/// The output folder (`--out`): every write, read, link and delete inside it goes through here.
///
/// - **Confined**: every access walks from the folder's own descriptor one component at a time with
///   `openat(O_NOFOLLOW | O_DIRECTORY)`, so a symbolic link planted inside the folder (`out/evil ->
///   /elsewhere`) is never followed: writes and deletes through it are refused, reads and existence
///   checks see nothing. Only the folder itself (the `--out` the user named) may be reached through a link.
/// - **Atomic**: a file is written to a temporary name in its own folder, flushed, then renamed over the
///   final name (`renameat` on the same directory descriptor), so a crash or kill never leaves a
///   half-written file under a final name.
/// - **Shared**: each value is one run (`RunLease`): its temporary names carry the run's token, and
///   `removeTemporaryDebris` removes only the files of dead runs, so runs sharing the folder (shards) never
///   touch each other's files.
public struct OutputDirectory: Sendable {
    /// Absolute, standardised path of the folder.
    public let root: String

    /// Prefix of temporary files: `.fullbleed-tmp-<run token>-<unique>`.
    public static let temporaryPrefix = ".fullbleed-tmp-"

    /// This run's token and lock.
    let lease: RunLease

    /// Simulated disk faults (tests only); nil writes straight to the file system.
    var faults: WriteFaults?

    /// Creates the folder (and missing parents) if needed. Throws a one-line `SystemError` (`.openOutput`) when a component
    /// of the path is a file (ENOTDIR), a folder cannot be created, or the folder is not writable (a
    /// read-only file system refuses even root), before anything is written.
    public init(path: String) throws {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        root = absolute
        lease = RunLease(root: absolute)
        var current = ""
        for component in absolute.split(separator: "/") {
            current += "/" + component
            var info = stat()
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw SystemError(path: path, operation: .openOutput, refused: "'\(current)' is a file, not a folder")
                }
            } else if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw SystemError(path: path, operation: .openOutput, errno: errno, detail: "cannot create output folder '\(current)'")
            }
        }
        guard access(absolute, W_OK | X_OK) == 0 else {
            throw SystemError(path: path, operation: .openOutput, errno: errno, detail: "output folder is not writable")
        }
    }

    /// Opens an existing folder for reading only (`--check`): nothing is created, and write access is not
    /// needed. Throws `SystemError` (`.openOutput`) when the path is not a folder.
    public init(existing path: String) throws {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        root = absolute
        lease = RunLease(root: absolute)
        var info = stat()
        guard stat(absolute, &info) == 0 else { throw SystemError(path: path, operation: .openOutput, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw SystemError(path: path, operation: .openOutput, refused: "'\(absolute)' is a file, not a folder")
        }
    }

    /// A fresh temporary name of this run.
    func temporaryName() -> String {
        Self.temporaryPrefix + lease.token + "-" + UUID().uuidString
    }

    /// Ends this run in the folder: drops its run lock and removes the lock file, whatever staged files
    /// are left (a committed journal protects those). A run's lock also goes by itself with its last staged
    /// file; this is for the end of a build.
    public func endRun() {
        lease.release()
    }

    // MARK: - Paths

    /// Checks that `relativePath` names a file strictly inside the folder: relative, no `..`, no empty or
    /// `.` components, no NUL or control characters, not a temporary name. Returns its components.
    func components(_ relativePath: String) throws -> [String] {
        guard !relativePath.isEmpty, !relativePath.hasPrefix("/") else {
            throw SystemError(path: relativePath, operation: .write, refused: "output paths must be relative to the output folder")
        }
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in components {
            if component.isEmpty || component == "." || component == ".." {
                throw SystemError(path: relativePath, operation: .write, refused: "output path component '\(component)' is not allowed")
            }
            if component.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw SystemError(path: relativePath, operation: .write, refused: "output path contains a control character")
            }
            if component.hasPrefix(Self.temporaryPrefix) {
                throw SystemError(path: relativePath, operation: .write, refused: "output name uses the reserved temporary prefix")
            }
        }
        return components
    }

    /// The absolute path of `relativePath` after the checks of `components(_:)`. For messages and for
    /// handing a path to another program only: every access in this type goes through the descriptor walk.
    public func resolve(_ relativePath: String) throws -> String {
        _ = try components(relativePath)
        return root + "/" + relativePath
    }

    // MARK: - The descriptor walk

    /// Why a walk stopped.
    enum WalkFailure: Error {
        /// A component does not exist (and was not to be created).
        case missing
        /// A component is a symbolic link, or not a folder; `at` is its path relative to the root.
        case refused(at: String, reason: String)
        case system(at: String, errno: Int32)

        /// The one-line error for `relativePath`.
        func systemError(_ relativePath: String, operation: SystemError.Operation) -> SystemError {
            switch self {
            case .missing:
                return SystemError(path: relativePath, operation: operation, errno: ENOENT, detail: "a folder on the way does not exist")
            case .refused(let at, let reason):
                let verb = operation == .remove ? "remove" : operation == .read ? "read" : "write"
                return SystemError(path: relativePath, operation: operation, refused: "'\(at)' \(reason); refusing to \(verb) through it")
            case .system(let at, let code):
                return SystemError(path: relativePath, operation: operation, errno: code, detail: at == "." ? nil : "'\(at)'")
            }
        }
    }

    /// Opens the root and every folder of `folders` below it, in order, never following a link below the
    /// root; creates missing folders when `create`. Returns the descriptors, root first; the caller closes
    /// them (`closeAll`).
    func openFolders(_ folders: ArraySlice<String>, create: Bool) throws(WalkFailure) -> [Int32] {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw .system(at: ".", errno: errno) }
        var chain = [rootFD]
        var relative = ""
        for name in folders {
            relative += relative.isEmpty ? name : "/" + name
            var fd = openat(chain.last!, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 && errno == ENOENT && create {
                if mkdirat(chain.last!, name, 0o755) != 0 && errno != EEXIST {
                    let code = errno
                    Self.closeAll(chain)
                    throw .system(at: relative, errno: code)
                }
                fd = openat(chain.last!, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if fd < 0 {
                let code = errno
                var info = stat()
                let isLink = fstatat(chain.last!, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                Self.closeAll(chain)
                if code == ENOENT { throw .missing }
                if isLink || code == ELOOP { throw .refused(at: relative, reason: "is a symbolic link") }
                if code == ENOTDIR { throw .refused(at: relative, reason: "is not a folder") }
                throw .system(at: relative, errno: code)
            }
            chain.append(fd)
        }
        return chain
    }

    static func closeAll(_ descriptors: [Int32]) {
        for fd in descriptors { close(fd) }
    }

    /// Runs `body` with the descriptor of the folder holding `relativePath` and the file's own name.
    /// - Returns: nil when a folder on the way does not exist (and `create` is false).
    func inParentFolder<T>(of relativePath: String, create: Bool, operation: SystemError.Operation,
                           _ body: (_ folder: Int32, _ name: String) throws -> T) throws -> T? {
        let parts = try components(relativePath)
        let chain: [Int32]
        do { chain = try openFolders(parts.dropLast(), create: create) } catch {
            if case .missing = error { return nil }
            throw error.systemError(relativePath, operation: operation)
        }
        defer { Self.closeAll(chain) }
        return try body(chain.last!, parts.last!)
    }

    // MARK: - Writing

    /// Writes `bytes` to `relativePath` atomically, creating parent folders inside the output folder.
    /// A symbolic link on the way (planted in the output folder) is refused rather than followed.
    public func write(_ bytes: some ContiguousBytes, to relativePath: String) throws {
        try stage(bytes, to: relativePath).commit()
    }

    /// A file written and flushed under a temporary name, not yet renamed over its final name: lets a
    /// caller make sure the bytes fit before doing anything that cannot be undone.
    public struct StagedFile: Sendable {
        let directory: OutputDirectory
        /// The temporary name, in the folder of `relativePath`.
        let temporaryName: String
        let relativePath: String
        /// Keeps the run lock held while the file is staged (nil for a file of another, dead run).
        let claim: RunLease.Claim?

        /// Renames the file over its final name (atomic, within its folder).
        public func commit() throws {
            defer { claim?.release() }
            _ = try directory.inParentFolder(of: relativePath, create: false, operation: .write) { folder, name in
                if renameat(folder, temporaryName, folder, name) != 0 {
                    let code = errno
                    unlinkat(folder, temporaryName, 0)
                    throw SystemError(path: relativePath, operation: .write, errno: code)
                }
                // rename() of two links to one inode succeeds without removing the temporary name.
                unlinkat(folder, temporaryName, 0)
            } ?? { throw SystemError(path: relativePath, operation: .write, errno: ENOENT, detail: "its folder vanished before the rename") }()
        }

        /// Removes the temporary file, and the folders on its way that are left empty.
        public func discard() {
            defer { claim?.release() }
            _ = try? directory.inParentFolder(of: relativePath, create: false, operation: .remove) { folder, _ in
                unlinkat(folder, temporaryName, 0)
            }
            directory.removeEmptyFolders(of: relativePath)
        }
    }

    /// Writes and flushes `bytes` under a temporary name beside `relativePath` (see `write`); on failure
    /// nothing is left behind.
    public func stage(_ bytes: some ContiguousBytes, to relativePath: String) throws -> StagedFile {
        let claim = try lease.claim()
        let temporaryName = self.temporaryName()
        let staged: Void?
        do {
            staged = try stageInFolder(bytes, temporaryName: temporaryName, relativePath: relativePath)
        } catch {
            claim.release()
            removeEmptyFolders(of: relativePath)   // a full disk leaves no empty folder behind
            throw error
        }
        guard staged != nil else { throw SystemError(path: relativePath, operation: .write, errno: ENOENT, detail: "cannot create its folder") }
        return StagedFile(directory: self, temporaryName: temporaryName, relativePath: relativePath, claim: claim)
    }

    private func stageInFolder(_ bytes: some ContiguousBytes, temporaryName: String, relativePath: String) throws -> Void? {
        try inParentFolder(of: relativePath, create: true, operation: .write) { folder, _ in
            let fd = openat(folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw SystemError(path: relativePath, operation: .write, errno: errno) }
            var failure = writeAll(bytes, to: fd)
            if failure == nil && fsync(fd) != 0 { failure = errno }
            if close(fd) != 0 && failure == nil { failure = errno }
            if let failure {
                unlinkat(folder, temporaryName, 0)
                throw SystemError(path: relativePath, operation: .write, errno: failure)
            }
        }
    }

    /// Writes every byte to `fd` (retrying short writes and EINTR, honouring simulated faults); the
    /// failure's errno, or nil.
    func writeAll(_ bytes: some ContiguousBytes, to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                var count = raw.count - offset
                if let faults {
                    count = faults.allow(count)
                    if count == 0 { return faults.errorNumber }
                }
                let n = Foundation.write(fd, raw.baseAddress! + offset, count)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
    }

    /// Makes `relativePath` a hard link to the existing output `source`, atomically (a link under a
    /// temporary name, renamed over the final name), creating its folder inside the output folder. Neither
    /// path is reached through a symbolic link, and a source that is itself a link is linked as the link.
    /// Returns false when the file system refuses hard links (the caller then copies); throws otherwise.
    func hardLink(_ source: String, to relativePath: String) throws -> Bool {
        guard let staged = try stageLink(source, to: relativePath) else { return false }
        try staged.commit()
        return true
    }

    /// The first half of `hardLink`: `source` linked under a temporary name beside `relativePath`, not yet
    /// renamed; nil when the file system refuses hard links.
    func stageLink(_ source: String, to relativePath: String) throws -> StagedFile? {
        let claim = try lease.claim()
        let temporaryName = self.temporaryName()
        let linked: Bool?? = try inParentFolder(of: source, create: false, operation: .read) { sourceFolder, sourceName in
            try inParentFolder(of: relativePath, create: true, operation: .write) { folder, _ in
                if linkat(sourceFolder, sourceName, folder, temporaryName, 0) != 0 {
                    switch errno {
                    case EPERM, EXDEV, EMLINK, EOPNOTSUPP: return false
                    default: throw SystemError(path: relativePath, operation: .write, errno: errno, detail: "cannot link \(source)")
                    }
                }
                return true
            }
        }
        guard let inner = linked, let result = inner else {
            throw SystemError(path: relativePath, operation: .write, errno: ENOENT, detail: "cannot link \(source)")
        }
        return result ? StagedFile(directory: self, temporaryName: temporaryName, relativePath: relativePath, claim: claim) : nil
    }

    // MARK: - Removing

    /// Removes `relativePath` if it exists (a stale output), then its parent folders left empty. A link
    /// at the final name is removed as a link (what it points to is untouched); a link on the way is
    /// refused with a `SystemError`, so nothing outside the folder is ever deleted.
    /// - Returns: whether a file was removed.
    @discardableResult
    public func remove(_ relativePath: String) throws -> Bool {
        let parts = try components(relativePath)
        let chain: [Int32]
        do { chain = try openFolders(parts.dropLast(), create: false) } catch {
            if case .missing = error { return false }
            throw error.systemError(relativePath, operation: .remove)
        }
        defer { Self.closeAll(chain) }
        var info = stat()
        guard fstatat(chain.last!, parts.last!, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return false }
            throw SystemError(path: relativePath, operation: .remove, errno: errno)
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw SystemError(path: relativePath, operation: .remove, refused: "is a folder, not an output file")
        }
        if unlinkat(chain.last!, parts.last!, 0) != 0 && errno != ENOENT {
            throw SystemError(path: relativePath, operation: .remove, errno: errno)
        }
        Self.removeEmptyFolders(parts, chain: chain)
        return true
    }

    /// Removes the folders on the way to `relativePath` (a file's path) that are empty, deepest first,
    /// stopping at the first that holds anything.
    func removeEmptyFolders(of relativePath: String) {
        guard let parts = try? components(relativePath), let chain = try? openFolders(parts.dropLast(), create: false) else { return }
        defer { Self.closeAll(chain) }
        Self.removeEmptyFolders(parts, chain: chain)
    }

    /// Parent folders left empty, deepest first (rmdir fails on the first one that is not empty).
    private static func removeEmptyFolders(_ parts: [String], chain: [Int32]) {
        for level in stride(from: parts.count - 1, through: 1, by: -1) {
            if unlinkat(chain[level - 1], parts[level - 1], AT_REMOVEDIR) != 0 { break }
        }
    }

    /// Removes temporary files left by dead runs anywhere in the folder, and their run locks; returns how
    /// many temporary files. A file is debris only when it is older than this run and its run is dead (its
    /// run lock can be taken) and holds no journal (`protectedTokens`: a journal that another run will
    /// resume or roll forward). Files of this run and of live runs (other shards) are never touched.
    /// Folders reached through a symbolic link are not entered.
    @discardableResult
    public func removeTemporaryDebris(protectedTokens: Set<String> = []) -> Int {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return 0 }
        defer { close(rootFD) }
        var alive: [String: Bool] = [lease.token: true]
        for token in protectedTokens { alive[token] = true }
        func isAlive(_ token: String) -> Bool {
            if let known = alive[token] { return known }
            let live = RunLease.isAlive(token, root: rootFD)
            alive[token] = live
            return live
        }
        var removed = 0
        walk(under: nil) { folder, name, _, info in
            guard name.hasPrefix(Self.temporaryPrefix), (info.st_mode & S_IFMT) != S_IFDIR,
                  FileStamp(info).modifiedNanoseconds < lease.startedNanoseconds else { return }
            if let token = RunLease.token(inTemporaryName: name), isAlive(token) { return }
            if unlinkat(folder, name, 0) == 0 { removed += 1 }
        }
        for name in rootNames() {
            guard let token = RunLease.token(inLockName: name), alive[token] != true else { continue }
            _ = RunLease.removeDeadLock(name, root: rootFD, before: lease.startedNanoseconds)
        }
        return removed
    }

    /// The names in the folder's root (not below), unsorted; empty when it cannot be listed.
    func rootNames() -> [String] {
        var names: [String] = []
        walkRoot { names.append($0) }
        return names
    }

    // MARK: - Reading

    /// `lstat` of `relativePath` reached without following links; nil when it (or a folder on the way) does
    /// not exist or a link is on the way.
    func status(_ relativePath: String) -> stat? {
        (try? inParentFolder(of: relativePath, create: false, operation: .read) { folder, name -> stat? in
            var info = stat()
            return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
        }) ?? nil
    }

    /// Whether the file exists (a link at the final name counts; a link on the way does not).
    public func exists(_ relativePath: String) -> Bool { status(relativePath) != nil }

    /// The bytes of an existing regular file in the folder, or nil (missing, a link, not a regular file,
    /// unreadable). For files the build itself wrote; `readFile` says why a read failed.
    public func read(_ relativePath: String) -> [UInt8]? {
        (try? readFile(relativePath)) ?? nil
    }

    /// The bytes of a regular file in the folder, reached without following links; nil when it (or a folder
    /// on the way) does not exist. `limit` (bytes) is checked before reading (`FileSystem.readFile`).
    /// - Throws: `SystemError` (`.read`) for a link, a FIFO, a file over the limit or a failed read.
    public func readFile(_ relativePath: String, limit: Int = .max) throws(SystemError) -> [UInt8]? {
        do {
            return try inParentFolder(of: relativePath, create: false, operation: .read) { folder, name -> [UInt8]? in
                let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                guard fd >= 0 else {
                    if errno == ENOENT { return nil }
                    throw SystemError(path: relativePath, operation: .read, errno: errno)
                }
                defer { close(fd) }
                return try FileSystem.readAll(fd, path: relativePath, limit: limit).bytes
            } ?? nil
        } catch let error as SystemError {
            throw error
        } catch {
            throw SystemError(path: relativePath, operation: .read, refused: "\(error)")
        }
    }

    /// Visits every entry below `folder` (relative to the root; nil for the root itself), depth first in
    /// name order, never entering a folder through a symbolic link. `visit` gets the descriptor of the entry's
    /// folder, its name, its path relative to the root and its `lstat`.
    func walk(under folder: String?, _ visit: (_ folder: Int32, _ name: String, _ relative: String, _ info: stat) -> Void) {
        let parts = folder.flatMap { try? components($0) } ?? []
        if folder != nil && parts.isEmpty { return }
        guard let chain = try? openFolders(parts[...], create: false) else { return }
        let top = dup(chain.last!)
        Self.closeAll(chain)
        guard top >= 0 else { return }
        Self.walk(fd: top, prefix: folder.map { $0 + "/" } ?? "", visit)
    }

    /// Takes ownership of `fd` (closed on return).
    private static func walk(fd: Int32, prefix: String, _ visit: (Int32, String, String, stat) -> Void) {
        guard let dir = fdopendir(fd) else { close(fd); return }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Names that are not UTF-8 are not ours (every output name is): they are left alone.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validating: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if let name, name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            visit(fd, name, prefix + name, info)
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { walk(fd: child, prefix: prefix + name + "/", visit) }
            }
        }
    }
}
