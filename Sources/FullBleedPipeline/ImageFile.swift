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
    public static func readBytes(atPath path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileReadError(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw FileReadError(path: path, reason: "is a directory") }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
        } catch {
            throw FileReadError(path: path, reason: (error as NSError).localizedDescription)
        }
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
