import Foundation
import FullBleedCore
import FullBleedPipeline

/// What the review page asks to change in a photo's sidecar.
public enum SidecarEdit: Sendable, Equatable {
    /// `subject` as fractions (0...1) of the displayed photo, x, y from the top-left; drops `focus` and a
    /// `crop` other than `attention` (the sidecar rules: `subject` implies `attention`).
    case subject(x: Double, y: Double, width: Double, height: Double)
    /// `focus` at fractions of the displayed photo; drops `subject` and a `crop` of `center`/`attention`.
    case focus(x: Double, y: Double)
    /// Back to detection: drops `subject`, `focus` and `crop`.
    case detect
    /// `"reviewed": {"sha256": <hex>}` for the photo file's bytes now.
    case reviewed(sha256: String)
    /// `"glyphs"`: the toolbar glyph tone a person chose; nil drops it (back to the recommendation).
    case glyphs(GlyphTone?)
}

/// Edits `<photo>.fullbleed.json` beside the photo, keeping every field it does not edit. A sidecar that
/// is not a JSON object is refused (never overwritten); the edited sidecar must pass the build's own
/// validation (`Sidecar.parse`) before anything is written; the file is replaced atomically (a temporary
/// file in the same folder, flushed, then renamed over it).
public enum SidecarEditor {
    /// Applies `edit` to the sidecar of `photoPath` and returns the bytes written.
    @discardableResult
    public static func apply(_ edit: SidecarEdit, photoPath: String) throws(ReviewError) -> [UInt8] {
        try apply([edit], photoPath: photoPath)
    }

    /// Applies `edits` in order to the sidecar of `photoPath` in one write and returns the bytes written.
    @discardableResult
    public static func apply(_ edits: [SidecarEdit], photoPath: String) throws(ReviewError) -> [UInt8] {
        let path = Sidecar.path(forSource: photoPath)
        let name = (path as NSString).lastPathComponent
        var fields: [String: JSONValue] = [:]
        if FileSystem.linkStatus(path) != nil {
            let bytes: [UInt8]
            do { bytes = try FileSystem.readFile(path, limit: Sidecar.maximumBytes).bytes } catch {
                throw ReviewError(status: 409, message: "\(name): cannot read the sidecar (\(error.reason)); nothing written")
            }
            guard case .object(let existing)? = try? JSONValue.parse(Data(bytes)) else {
                throw ReviewError(status: 409, message: "\(name): the sidecar is not a JSON object this tool can read; fix or remove it by hand (nothing written)")
            }
            fields = existing
        }
        for edit in edits { apply(edit, to: &fields) }
        let bytes = encode(.object(fields))
        do { _ = try Sidecar.parse(Data(bytes)) } catch let error as ConfigError {
            throw ReviewError(status: 409, message: "\(name): the edited sidecar would be invalid at \(error.location): \(error.message); nothing written")
        } catch {
            throw ReviewError(status: 409, message: "\(name): the edited sidecar would be invalid: \(error); nothing written")
        }
        try writeAtomically(bytes, to: path)
        return bytes
    }

    /// `edit` applied to a sidecar's fields.
    static func apply(_ edit: SidecarEdit, to fields: inout [String: JSONValue]) {
        switch edit {
        case let .subject(x, y, width, height):
            fields["focus"] = nil
            if case .string(let crop)? = fields["crop"], crop != "attention" { fields["crop"] = nil }
            fields["subject"] = .object(["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)])
        case let .focus(x, y):
            fields["subject"] = nil
            if case .string(let crop)? = fields["crop"], crop == "center" || crop == "attention" { fields["crop"] = nil }
            fields["focus"] = .array([.number(x), .number(y)])
        case .detect:
            fields["subject"] = nil
            fields["focus"] = nil
            fields["crop"] = nil
        case .reviewed(let sha256):
            fields["reviewed"] = .object(["sha256": .string(sha256)])
        case .glyphs(let tone):
            fields["glyphs"] = tone.map { .string($0.rawValue) }
        }
    }

    /// Pretty-printed JSON with sorted keys (the same edit gives the same bytes) and a final newline.
    static func encode(_ value: JSONValue) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: foundation(value), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data) + [0x0A]
    }

    static func foundation(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? Int(n) as Any : n as Any
        case .string(let s): return s
        case .array(let items): return items.map(foundation)
        case .object(let fields): return fields.mapValues(foundation)
        }
    }

    /// Writes `bytes` to a new temporary file beside `path`, flushes it and renames it over `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ReviewError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())-" + String(UInt32.random(in: .min ... .max), radix: 16)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ReviewError(status: 500, message: "\((path as NSString).lastPathComponent): cannot write beside the photo (\(String(cString: strerror(errno)))); nothing written") }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                written += n
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw ReviewError(status: 500, message: "\((path as NSString).lastPathComponent): cannot write (\(String(cString: strerror(failure)))); nothing written")
        }
    }
}
