import Foundation
import FullBleedCodecs
import FullBleedImage

/// A failure to read a source file (before any decoding), rendered as one line naming the file.
public struct FileReadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): read failed: \(reason)" }
}

/// File adapters over the byte-level codecs: read a file, then probe or decode its bytes.
/// Errors carry the path and render as one line.
public enum ImageFile {
    /// The file's bytes, or a `FileReadError` (missing, a directory, unreadable).
    ///
    /// Only regular files are read (a FIFO or device is refused without blocking). Read with `read(2)` into memory, never mapped: a file truncated or replaced while it is read gives
    /// fewer or other bytes (and then a decode error), not a SIGBUS from a mapping whose pages vanished.
    public static func readBytes(atPath path: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is then refused as not a regular file).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw FileReadError(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw FileReadError(path: path, reason: "is a directory") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileReadError(path: path, reason: "not a regular file") }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65_536))) }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Probes the file at `path`.
    public static func probe(atPath path: String, options: DecodeOptions = DecodeOptions()) throws -> ImageInfo {
        let bytes = try readBytes(atPath: path)
        do { return try Codecs.probe(bytes, options: options) } catch let error as CodecError { throw error.at(path: path) }
    }

    /// Decodes the file at `path`.
    public static func decode(atPath path: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        let bytes = try readBytes(atPath: path)
        do { return try Codecs.decode(bytes, options: options) } catch let error as CodecError { throw error.at(path: path) }
    }
}
