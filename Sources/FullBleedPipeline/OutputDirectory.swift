import Foundation

/// A failure to write into the output folder, rendered as one line naming the file.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): write failed: \(reason)" }
}

/// The output folder (`--out`): every write goes through here, is confined to the folder, and is atomic
/// (written to a temporary name in the same folder, flushed, then renamed over the final name), so a
/// crash or kill never leaves a half-written file under a final name.
public struct OutputDirectory: Sendable {
    /// Absolute, standardised path of the folder.
    public let root: String

    /// Prefix of temporary files; anything starting with it is debris of an interrupted run.
    public static let temporaryPrefix = ".fullbleed-tmp-"

    /// Simulated disk faults (tests only); nil writes straight to the file system.
    var faults: WriteFaults?

    /// Creates the folder (and missing parents) if needed. Throws a one-line `WriteError` when a component
    /// of the path is a file (ENOTDIR), a folder cannot be created, or the folder is not writable (a
    /// read-only file system refuses even root), before anything is written.
    public init(path: String) throws {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        root = absolute
        var current = ""
        for component in absolute.split(separator: "/") {
            current += "/" + component
            var info = stat()
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw WriteError(path: path, reason: "'\(current)' is a file, not a folder")
                }
            } else if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: path, reason: "cannot create output folder '\(current)' (\(String(cString: strerror(errno))))")
            }
        }
        guard access(absolute, W_OK | X_OK) == 0 else {
            throw WriteError(path: path, reason: "output folder is not writable (\(String(cString: strerror(errno))))")
        }
    }

    /// Checks that `relativePath` names a file strictly inside the folder: relative, no `..`, no empty or
    /// `.` components, no NUL or control characters, not a temporary name. Returns the absolute path.
    public func resolve(_ relativePath: String) throws -> String {
        guard !relativePath.isEmpty, !relativePath.hasPrefix("/") else {
            throw WriteError(path: relativePath, reason: "output paths must be relative to the output folder")
        }
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        for component in components {
            if component.isEmpty || component == "." || component == ".." {
                throw WriteError(path: relativePath, reason: "output path component '\(component)' is not allowed")
            }
            if component.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw WriteError(path: relativePath, reason: "output path contains a control character")
            }
            if component.hasPrefix(Self.temporaryPrefix) {
                throw WriteError(path: relativePath, reason: "output name uses the reserved temporary prefix")
            }
        }
        return root + "/" + relativePath
    }

    /// Writes `bytes` to `relativePath` atomically, creating parent folders inside the output folder.
    /// A symbolic link on the way (planted in the output folder) is refused rather than followed.
    public func write(_ bytes: some ContiguousBytes, to relativePath: String) throws {
        try stage(bytes, to: relativePath).commit()
    }

    /// A file written and flushed under a temporary name, not yet renamed over its final name: lets a
    /// caller make sure the bytes fit before doing anything that cannot be undone.
    public struct StagedFile: Sendable {
        let temporary: String
        let destination: String
        let relativePath: String

        /// Renames the file over its final name (atomic).
        public func commit() throws {
            if rename(temporary, destination) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw WriteError(path: relativePath, reason: reason)
            }
        }

        /// Removes the temporary file.
        public func discard() { unlink(temporary) }
    }

    /// Writes and flushes `bytes` under a temporary name beside `relativePath` (see `write`); on failure
    /// nothing is left behind.
    public func stage(_ bytes: some ContiguousBytes, to relativePath: String) throws -> StagedFile {
        let destination = try resolve(relativePath)
        let parent = (destination as NSString).deletingLastPathComponent
        try createConfinedDirectory(parent, for: relativePath)
        let temporary = parent + "/" + Self.temporaryPrefix + UUID().uuidString
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw WriteError(path: relativePath, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                var count = raw.count - offset
                if let faults {
                    count = faults.allow(count)
                    if count == 0 {
                        failure = String(cString: strerror(faults.errorNumber))
                        return
                    }
                }
                let n = Foundation.write(fd, raw.baseAddress! + offset, count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: relativePath, reason: failure)
        }
        return StagedFile(temporary: temporary, destination: destination, relativePath: relativePath)
    }

    /// Removes `relativePath` if it exists (a stale output); then removes parent folders left empty.
    public func remove(_ relativePath: String) throws {
        let path = try resolve(relativePath)
        if unlink(path) != 0 && errno != ENOENT {
            throw WriteError(path: relativePath, reason: String(cString: strerror(errno)))
        }
        var dir = (path as NSString).deletingLastPathComponent
        while dir.count > root.count && dir.hasPrefix(root + "/") {
            if rmdir(dir) != 0 { break }
            dir = (dir as NSString).deletingLastPathComponent
        }
    }

    /// Removes temporary files left by an interrupted run anywhere in the folder; returns how many.
    @discardableResult
    public func removeTemporaryDebris() -> Int {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return 0 }
        var removed = 0
        while let relative = walker.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(Self.temporaryPrefix), unlink(root + "/" + relative) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// Whether the file exists (not following a final symlink).
    public func exists(_ relativePath: String) -> Bool {
        guard let path = try? resolve(relativePath) else { return false }
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The bytes of an existing output, or nil.
    public func read(_ relativePath: String) -> [UInt8]? {
        guard let path = try? resolve(relativePath), let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// Creates `directory` (absolute, inside root) component by component, refusing symlinks.
    private func createConfinedDirectory(_ directory: String, for relativePath: String) throws {
        guard directory == root || directory.hasPrefix(root + "/") else {
            throw WriteError(path: relativePath, reason: "resolves outside the output folder")
        }
        var current = root
        for component in directory.dropFirst(root.count).split(separator: "/") {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    throw WriteError(path: relativePath, reason: "'\(current)' is a symbolic link; refusing to write through it")
                }
                if (info.st_mode & S_IFMT) != S_IFDIR {
                    throw WriteError(path: relativePath, reason: "'\(current)' is not a folder")
                }
            } else if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: relativePath, reason: "cannot create folder '\(current)': \(String(cString: strerror(errno)))")
            }
        }
    }
}
