import Foundation

/// The primitives a journaled commit needs inside the output folder: an append-only file in the root,
/// staged files named by a journal (found again after a kill), and listing the root.
extension OutputDirectory {
    /// A file in the root of the output folder opened for appending (`O_APPEND`), each record written in
    /// one `write` (so a killed process leaves whole records and at most one torn last one). Not a temporary
    /// name: it outlives a killed run on purpose.
    public final class AppendFile: @unchecked Sendable {
        let name: String
        private var descriptor: Int32
        private let mutex = NSLock()
        private let claim: RunLease.Claim

        fileprivate init(name: String, descriptor: Int32, claim: RunLease.Claim) {
            self.name = name
            self.descriptor = descriptor
            self.claim = claim
        }

        deinit { close() }

        /// Appends `bytes` in one `write`; with `flush`, waits until they are on the disk (`fdatasync`), for
        /// records that must survive a power loss, not only a kill.
        /// - Returns: where in the file the bytes are (this process is the file's only writer).
        @discardableResult
        public func append(_ bytes: [UInt8], flush: Bool = false) throws(SystemError) -> Range<Int> {
            mutex.lock()
            defer { mutex.unlock() }
            guard descriptor >= 0 else { throw SystemError(path: name, operation: .write, refused: "journal already closed") }
            let start = Int(lseek(descriptor, 0, SEEK_END))
            guard start >= 0 else { throw SystemError(path: name, operation: .write, errno: errno) }
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw SystemError(path: name, operation: .write, errno: errno)
                }
                offset += n
            }
            if flush && fdatasync(descriptor) != 0 { throw SystemError(path: name, operation: .write, errno: errno) }
            return start..<(start + bytes.count)
        }

        public func close() {
            mutex.lock()
            defer { mutex.unlock() }
            if descriptor >= 0 { Foundation.close(descriptor) }
            descriptor = -1
            claim.release()
        }
    }

    /// Creates (or truncates) `name` in the root for appending, after taking this run's lock.
    func createAppendFile(_ name: String) throws(SystemError) -> AppendFile {
        let claim = try lease.claim()
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw SystemError(path: root, operation: .write, errno: errno) }
        defer { close(rootFD) }
        let fd = openat(rootFD, name, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(path: name, operation: .write, errno: errno) }
        return AppendFile(name: name, descriptor: fd, claim: claim)
    }

    /// Removes the file `name` in the root (no folders are removed); true when it was there.
    @discardableResult
    func removeRootFile(_ name: String) -> Bool {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return false }
        defer { close(rootFD) }
        return unlinkat(rootFD, name, 0) == 0
    }

    /// Calls `visit` with every name in the root.
    func walkRoot(_ visit: (String) -> Void) {
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0, let dir = fdopendir(fd) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validating: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if let name, name != ".", name != ".." { visit(name) }
        }
    }

    /// The staged file a journal of another (dead) run names: `temporaryName` in the folder of `relativePath`.
    func staged(_ relativePath: String, temporaryName: String) -> StagedFile {
        StagedFile(directory: self, temporaryName: temporaryName, relativePath: relativePath, claim: nil)
    }

    /// The bytes of a staged file (nil when it is gone or not a regular file).
    func read(_ file: StagedFile) -> [UInt8]? {
        let result: [UInt8]?? = try? inParentFolder(of: file.relativePath, create: false, operation: .read) { folder, _ -> [UInt8]? in
            let fd = openat(folder, file.temporaryName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            return try? FileSystem.readAll(fd, path: file.relativePath, limit: Int(Int32.max)).bytes
        }
        return result ?? nil
    }

    /// Takes over a staged file of a dead run: renames it to a temporary name of this run, so it is this
    /// run's file from now on. Nil when it is gone.
    func adopt(_ file: StagedFile) -> StagedFile? {
        guard let claim = try? lease.claim() else { return nil }
        let name = temporaryName()
        let moved: Bool? = try? inParentFolder(of: file.relativePath, create: false, operation: .write) { folder, _ in
            renameat(folder, file.temporaryName, folder, name) == 0
        }
        guard moved == true else {
            claim.release()
            return nil
        }
        return StagedFile(directory: self, temporaryName: name, relativePath: file.relativePath, claim: claim)
    }
}

extension OutputDirectory.StagedFile {
    /// Renames the file over its final name when it is still staged; true when it was (a journal rolled
    /// forward twice finds it already renamed).
    func commitIfPresent() throws -> Bool {
        defer { claim?.release() }
        let done: Bool? = try directory.inParentFolder(of: relativePath, create: false, operation: .write) { folder, name in
            if renameat(folder, temporaryName, folder, name) == 0 { return true }
            if errno == ENOENT { return false }
            throw SystemError(path: relativePath, operation: .write, errno: errno)
        }
        return done ?? false
    }
}
