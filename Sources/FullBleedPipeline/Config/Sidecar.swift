import Foundation
import FullBleedCore

/// Per-asset overrides in a JSON file next to the photo, named after it: `beach.jpg` -> `beach.jpg.fullbleed.json`.
/// Validated like pipelines (unknown fields, wrong types and out-of-range values are errors naming the field).
///
/// ```json
/// { "focus": [0.3, 0.6], "crop": "focal", "title": {"x": 0.05, "y": 0.7, "width": 0.6, "height": 0.2}, "alt": "A bridge at dusk" }
/// ```
/// or, instead of `focus`, the subject as a box of the source: `"subject": {"x": 0.4, "y": 0.1, "width": 0.2, "height": 0.3}`;
/// `"reviewed": {"sha256": "<hex SHA-256 of the photo file>"}` once a person has confirmed its heroes; and
/// `"glyphs": "white"` or `"black"` to choose the status bar and toolbar glyph tone instead of the recommendation.
public struct Sidecar: Sendable, Hashable {
    /// Crop mode for this asset (a `focus` alone implies `focal`).
    public var cropMode: CropMode?
    /// A title drawn over the hero, normalised 0...1 of the hero; measured like the pipeline's text boxes.
    public var title: TextBox?
    /// The photo's subject as fractions (0...1) of the displayed source: overrides detection (kind
    /// `sidecar`, confidence 1) and implies `attention`.
    public var subject: TextBox?
    /// Alternative text, passed through to the manifest.
    public var altText: String?
    /// `"reviewed": {"sha256": "<hex>"}`: a person looked at this photo's heroes and confirmed them, for the
    /// photo file whose bytes have this SHA-256 (64 hex digits, kept lower-case). While it matches the
    /// photo, the asset has no `review` in the manifest; when the photo changes, the review returns.
    public var reviewedSHA256: String?
    /// `"glyphs": "white" | "black"`: the status bar and toolbar glyph tone a person chose; every build
    /// serves it (its scrim fitted and verified for that tone) instead of the recommended one. nil: the
    /// recommendation.
    public var glyphTone: GlyphTone?
    /// SHA-256 of the sidecar file's bytes (recorded so that editing the sidecar rebuilds the asset).
    public var sha256: String = ""

    public static let suffix = ".fullbleed.json"

    /// The sidecar path for a source file.
    public static func path(forSource absolutePath: String) -> String { absolutePath + suffix }

    /// Loads the sidecar of `sourcePath` if there is one. Errors name the sidecar file and the field.
    /// The size cap of a sidecar file, checked before it is read.
    public static let maximumBytes = JSONValue.maxDocumentBytes

    public static func load(forSource sourcePath: String) throws -> Sidecar? {
        let path = Self.path(forSource: sourcePath)
        guard FileSystem.linkStatus(path) != nil else { return nil }
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path, limit: maximumBytes).bytes } catch {
            throw ConfigError(file: path, location: "$", message: "cannot read sidecar file: \(error.reason)")
        }
        do {
            var sidecar = try parse(Data(bytes))
            sidecar.sha256 = SHA256.hex(bytes)
            return sidecar
        } catch var error as ConfigError {
            error.file = path
            throw error
        }
    }

    public static func parse(_ data: Data) throws -> Sidecar {
        var root = try JSONObjectReader(try JSONValue.parse(data), at: "$")
        var sidecar = Sidecar()
        let focus = try PipelineLoader.parsePoint(root.value("focus"), at: "$.focus")
        switch try root.choice("crop", of: ["attention", "center", "focal"]) {
        case "center": sidecar.cropMode = .center
        case "attention": sidecar.cropMode = .attention
        case "focal":
            guard let focus else { throw ConfigError(location: "$.focus", message: "is required with \"crop\": \"focal\" ([x, y], each 0 to 1)") }
            sidecar.cropMode = .focal(x: focus.0, y: focus.1)
        default:
            if let focus { sidecar.cropMode = .focal(x: focus.0, y: focus.1) }
        }
        if focus != nil, let mode = sidecar.cropMode, mode == .center || mode == .attention {
            throw ConfigError(location: "$.focus", message: "only allowed with \"crop\": \"focal\" (or without \"crop\")")
        }
        if let subject = root.value("subject") {
            if focus != nil { throw ConfigError(location: "$.subject", message: "cannot be combined with \"focus\"") }
            if let mode = sidecar.cropMode, mode != .attention {
                throw ConfigError(location: "$.subject", message: "only allowed with \"crop\": \"attention\" (or without \"crop\")")
            }
            var box = try PipelineLoader.parseTextBox(Self.named(subject, as: "subject"), at: "$.subject")
            box.name = "subject"
            sidecar.subject = box
            sidecar.cropMode = .attention
        }
        if let title = root.value("title") {
            var box = try PipelineLoader.parseTextBox(Self.named(title, as: "title"), at: "$.title")
            box.name = "title"
            sidecar.title = box
        }
        if let alt = try root.string("alt") {
            guard alt.count <= 2000 else { throw ConfigError(location: "$.alt", message: "is longer than 2000 characters") }
            sidecar.altText = alt
        }
        if let glyphs = try root.choice("glyphs", of: ["white", "black"]) { sidecar.glyphTone = GlyphTone(rawValue: glyphs) }
        if var reviewed = try root.object("reviewed") {
            let digest = try reviewed.requiredString("sha256")
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) }) else {
                throw ConfigError(location: "$.reviewed.sha256", message: "expected the photo file's SHA-256 as 64 hex digits, found \(digest.utf8.count) characters\(digest.utf8.count == 64 ? " with a non-hex one" : "")")
            }
            try reviewed.rejectUnknownKeys()
            sidecar.reviewedSHA256 = digest.lowercased()
        }
        try root.rejectUnknownKeys()
        return sidecar
    }

    /// The title object with a `name` added (the pipeline's text boxes require one; the sidecar's is implied).
    private static func named(_ value: JSONValue, as name: String) -> JSONValue {
        guard case .object(var fields) = value else { return value }
        if fields["name"] == nil { fields["name"] = .string(name) }
        return .object(fields)
    }
}
