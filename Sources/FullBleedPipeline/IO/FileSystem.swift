import Foundation

/// Size and modification time of a file, from one `stat`.
public struct FileStamp: Sendable, Hashable, Codable {
    public var bytes: Int
    /// Modification time, nanoseconds since 1970.
    public var modifiedNanoseconds: Int64

    public init(bytes: Int, modifiedNanoseconds: Int64) {
        self.bytes = bytes
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    init(_ info: stat) {
        bytes = Int(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// The one I/O seam for reading (in the spirit of swift-system): every file FullBleed reads outside the
/// output folder goes through here (the output folder has `OutputDirectory`). Calls are the plain POSIX
/// ones; every failure is a `SystemError` naming the path, the operation and errno.
public enum FileSystem {
    /// What `path` is (following symbolic links), nil when nothing is there.
    public static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// What `path` is itself (a link is reported as a link), nil when nothing is there.
    public static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Whether anything is at `path` (following links).
    public static func exists(_ path: String) -> Bool { status(path) != nil }

    /// Whether `path` is a folder (following links).
    public static func isFolder(_ path: String) -> Bool { status(path).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false }

    /// The names in a folder (without `.` and `..`), unsorted. Names that are not valid UTF-8 are returned
    /// with U+FFFD in place of the bad bytes (such a name cannot be opened again; callers skip it with a note).
    public static func names(inFolder path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else { throw SystemError(path: path, operation: .list, errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole content of the regular file at `path`, with the stamp of the file read.
    ///
    /// - Only regular files are read: a FIFO or device is refused without blocking (opened `O_NONBLOCK`).
    /// - `limit` (bytes) is checked against the file's size before anything is read, and again while reading
    ///   (a file that grows past it is refused), so a 100 MB sidecar costs nothing.
    /// - Read with `read(2)` into memory, never mapped: a file truncated or replaced while it is read gives
    ///   fewer or other bytes (then a parse or decode error), not a SIGBUS from a vanished page.
    public static func readFile(_ path: String, limit: Int = .max) throws(SystemError) -> (bytes: [UInt8], stamp: FileStamp) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError(path: path, operation: .read, errno: errno) }
        defer { close(fd) }
        return try readAll(fd, path: path, limit: limit)
    }

    /// The whole content of the open file `fd` (see `readFile`); `path` names it in errors.
    static func readAll(_ fd: Int32, path: String, limit: Int) throws(SystemError) -> (bytes: [UInt8], stamp: FileStamp) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError(path: path, operation: .read, errno: errno) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw SystemError(path: path, operation: .read, refused: "is a directory") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw SystemError(path: path, operation: .read, refused: "not a regular file") }
        let size = max(Int(info.st_size), 0)
        guard size <= limit else {
            throw SystemError(path: path, operation: .read, refused: "file is \(size) bytes, over the limit of \(limit)")
        }
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else {
                    throw SystemError(path: path, operation: .read, refused: "file grew past the limit of \(limit) bytes while read")
                }
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65_536)))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError(path: path, operation: .read, errno: errno)
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw SystemError(path: path, operation: .read, refused: "file is over the limit of \(limit) bytes") }
        bytes.removeSubrange(count...)
        return (bytes, FileStamp(info))
    }
}
