import Foundation
import FullBleedCodecs
import FullBleedImage

/// File adapters over the byte-level codecs: read a file (through `FileSystem`), then probe or decode its
/// bytes. Errors carry the path and render as one line.
public enum ImageFile {
    /// The file's bytes, or a `SystemError` (`.read`: missing, a directory, a FIFO, unreadable).
    public static func readBytes(atPath path: String) throws -> [UInt8] {
        try FileSystem.readFile(path).bytes
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
