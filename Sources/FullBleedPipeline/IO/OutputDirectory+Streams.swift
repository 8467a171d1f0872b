import Foundation

/// Files in the output folder read or written a piece at a time, so that a manifest of 20,000 photos is
/// never held whole in memory: a file opened for reading byte ranges (`RangeReader`), and a staged file
/// written by appending (`StagingWriter`), both reached without following links, like every other access.
extension OutputDirectory {
    /// An existing regular file of the output folder opened for reading byte ranges (`pread`). The
    /// descriptor is closed when the value goes.
    final class RangeReader: @unchecked Sendable {
        let relativePath: String
        /// The file's size in bytes when it was opened.
        let size: Int
        private let descriptor: Int32

        fileprivate init(relativePath: String, descriptor: Int32, size: Int) {
            self.relativePath = relativePath
            self.descriptor = descriptor
            self.size = size
        }

        deinit { close(descriptor) }

        /// Opens the regular file at `path` (outside the output folder: a file the user named).
        static func open(path: String, limit: Int = .max) throws(SystemError) -> RangeReader {
            let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw SystemError(path: path, operation: .read, errno: errno) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                Foundation.close(fd)
                throw SystemError(path: path, operation: .read, refused: (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file")
            }
            guard Int(info.st_size) <= limit else {
                Foundation.close(fd)
                throw SystemError(path: path, operation: .read, refused: "file is \(info.st_size) bytes, over the limit of \(limit)")
            }
            return RangeReader(relativePath: path, descriptor: fd, size: Int(info.st_size))
        }

        /// The bytes of `range` (clamped to the file as opened); fewer when the file shrank meanwhile.
        func read(_ range: Range<Int>) throws(SystemError) -> [UInt8] {
            let upper = min(range.upperBound, size)
            guard upper > range.lowerBound else { return [] }
            var bytes = [UInt8](repeating: 0, count: upper - range.lowerBound)
            var count = 0
            while count < bytes.count {
                let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(range.lowerBound + count)) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw SystemError(path: relativePath, operation: .read, errno: errno)
                }
                if n == 0 { break }
                count += n
            }
            bytes.removeSubrange(count...)
            return bytes
        }

        /// Calls `body` with consecutive chunks of the whole file and the offset of each, `chunkSize` bytes at
        /// a time (memory: one chunk).
        func forEachChunk(chunkSize: Int = 1 << 20, _ body: (_ offset: Int, _ chunk: [UInt8]) throws -> Void) throws {
            var offset = 0
            while offset < size {
                let chunk = try read(offset..<min(offset + chunkSize, size))
                if chunk.isEmpty { break }
                try body(offset, chunk)
                offset += chunk.count
            }
        }

        /// Calls `body` with each newline-terminated line of the file (without its newline) and the line's
        /// byte range (with it), in order, while `body` returns true; a last line without a newline is not
        /// a line (a write torn by a kill). Memory: one chunk and one line.
        /// - Throws: `SystemError` (`.read`) for a line longer than `maximumLineBytes`, or what `body` throws.
        func forEachLine(maximumLineBytes: Int, chunkSize: Int = 1 << 20,
                         _ body: (_ range: Range<Int>, _ line: [UInt8]) throws -> Bool) throws {
            var pending: [UInt8] = []
            var lineStart = 0
            var offset = 0
            while offset < size {
                let chunk = try read(offset..<min(offset + chunkSize, size))
                if chunk.isEmpty { break }
                var start = 0
                func checkLength() throws(SystemError) {
                    if pending.count > maximumLineBytes {
                        throw SystemError(path: relativePath, operation: .read, refused: "a line over \(maximumLineBytes) bytes at byte \(lineStart)")
                    }
                }
                while let newline = chunk[start...].firstIndex(of: 0x0A) {
                    pending += chunk[start..<newline]
                    try checkLength()
                    let end = offset + newline + 1
                    guard try body(lineStart..<end, pending) else { return }
                    pending.removeAll(keepingCapacity: true)
                    lineStart = end
                    start = newline + 1
                }
                pending += chunk[start...]
                try checkLength()
                offset += chunk.count
            }
        }
    }

    /// Opens `relativePath` for reading ranges: nil when it does not exist.
    /// - Throws: `SystemError` (`.read`) for a link, something other than a regular file, or a file over `limit` bytes.
    func openForReading(_ relativePath: String, limit: Int = .max) throws(SystemError) -> RangeReader? {
        do {
            return try inParentFolder(of: relativePath, create: false, operation: .read) { folder, name -> RangeReader? in
                let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                guard fd >= 0 else {
                    if errno == ENOENT { return nil }
                    throw SystemError(path: relativePath, operation: .read, errno: errno)
                }
                var info = stat()
                guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                    close(fd)
                    throw SystemError(path: relativePath, operation: .read, refused: "not a regular file")
                }
                guard Int(info.st_size) <= limit else {
                    close(fd)
                    throw SystemError(path: relativePath, operation: .read, refused: "file is \(info.st_size) bytes, over the limit of \(limit)")
                }
                return RangeReader(relativePath: relativePath, descriptor: fd, size: Int(info.st_size))
            } ?? nil
        } catch let error as SystemError {
            throw error
        } catch {
            throw SystemError(path: relativePath, operation: .read, refused: "\(error)")
        }
    }

    /// A file being staged beside `relativePath` by appending (the streamed manifest): `finish` flushes it
    /// and returns the `StagedFile` to commit; `discard` removes it. Nothing under the final name changes
    /// until the staged file is committed.
    final class StagingWriter: @unchecked Sendable {
        private let directory: OutputDirectory
        let relativePath: String
        /// The staged file's name, in the folder of `relativePath`.
        let temporaryName: String
        private var descriptor: Int32
        private let claim: RunLease.Claim
        private var buffer: [UInt8] = []
        /// `append` writes through once this many bytes are buffered: an append of at least this many bytes
        /// is on disk (or has thrown) when it returns.
        static let bufferSize = 1 << 18

        fileprivate init(directory: OutputDirectory, relativePath: String, temporaryName: String, descriptor: Int32, claim: RunLease.Claim) {
            self.directory = directory
            self.relativePath = relativePath
            self.temporaryName = temporaryName
            self.descriptor = descriptor
            self.claim = claim
            buffer.reserveCapacity(Self.bufferSize)
        }

        deinit { if descriptor >= 0 { discard() } }

        func append(_ bytes: some Collection<UInt8>) throws(SystemError) {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.bufferSize { try drain() }
        }

        private func drain() throws(SystemError) {
            guard descriptor >= 0 else { throw SystemError(path: relativePath, operation: .write, refused: "staged file already closed") }
            if let failure = directory.writeAll(buffer, to: descriptor) {
                throw SystemError(path: relativePath, operation: .write, errno: failure)
            }
            buffer.removeAll(keepingCapacity: true)
        }

        /// Writes what is buffered, flushes the file to the disk and closes it.
        func finish() throws(SystemError) -> StagedFile {
            try drain()
            let fd = descriptor
            descriptor = -1
            var failure: Int32? = fsync(fd) != 0 ? errno : nil
            if close(fd) != 0 && failure == nil { failure = errno }
            if let failure {
                removeTemporary()
                claim.release()
                throw SystemError(path: relativePath, operation: .write, errno: failure)
            }
            return StagedFile(directory: directory, temporaryName: temporaryName, relativePath: relativePath, claim: claim)
        }

        /// Closes and removes the staged file.
        func discard() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            removeTemporary()
            claim.release()
        }

        private func removeTemporary() {
            _ = try? directory.inParentFolder(of: relativePath, create: false, operation: .remove) { folder, _ in
                unlinkat(folder, temporaryName, 0)
            }
        }
    }

    /// Starts staging a file beside `relativePath` (its folder created inside the output folder).
    func startStaging(_ relativePath: String) throws -> StagingWriter {
        let claim = try lease.claim()
        let temporaryName = self.temporaryName()
        let fd: Int32?
        do {
            fd = try inParentFolder(of: relativePath, create: true, operation: .write) { folder, _ in
                let fd = openat(folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
                guard fd >= 0 else { throw SystemError(path: relativePath, operation: .write, errno: errno) }
                return fd
            }
        } catch {
            claim.release()
            throw error
        }
        guard let fd else {
            claim.release()
            throw SystemError(path: relativePath, operation: .write, errno: ENOENT, detail: "cannot create its folder")
        }
        return StagingWriter(directory: self, relativePath: relativePath, temporaryName: temporaryName, descriptor: fd, claim: claim)
    }
}
