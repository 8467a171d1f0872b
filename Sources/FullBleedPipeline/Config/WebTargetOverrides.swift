import Foundation
import FullBleedCodecs
import FullBleedCore

/// `fullbleed build --widths 320,640,1280 --formats avif,webp,jpeg`: the pixel widths and the formats of the
/// pipeline's web targets (targets without a device), for one build. Device targets keep theirs. Both change
/// the outputs, so they are part of the content hash (a changed override rebuilds every photo).
extension PipelineSpec {
    /// The formats a web target may be given: what browsers show in `<picture>`, best first.
    public static let webFormats: [ImageFormat] = [.avif, .webp, .jpeg, .png]

    /// Parses `--widths`: a comma-separated list of distinct pixel widths, 1-16384 each.
    public static func webWidths(parsing text: String) throws -> [Int] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var widths: [Int] = []
        for item in items {
            guard let width = Int(item), (1...16384).contains(width) else {
                throw ConfigError(location: "--widths", message: "expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found \"\(OneLine.escaped(item))\"")
            }
            guard !widths.contains(width) else {
                throw ConfigError(location: "--widths", message: "lists \(width) twice; each width may appear once")
            }
            widths.append(width)
        }
        return widths
    }

    /// Parses `--formats`: a comma-separated list of distinct `webFormats` names, in the order they are written.
    public static func webFormats(parsing text: String) throws -> [ImageFormat] {
        let names = webFormats.map(\.rawValue).joined(separator: ", ")
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var formats: [ImageFormat] = []
        for item in items {
            guard let format = ImageFormat(rawValue: item.lowercased()), webFormats.contains(format) else {
                throw ConfigError(location: "--formats", message: "expects a comma-separated list of \(names), found \"\(OneLine.escaped(item))\"")
            }
            guard !formats.contains(format) else {
                throw ConfigError(location: "--formats", message: "lists \(format) twice; each format may appear once")
            }
            formats.append(format)
        }
        return formats
    }

    /// Gives every web target `widths` and/or `formats` (each format with the pipeline's settings for it when
    /// the pipeline has that format, else the encoder's defaults) and folds both into `contentHash`.
    /// - Throws: `ConfigError` at `--widths` / `--formats` when the pipeline has no web target.
    public mutating func overrideWebTargets(widths: [Int]?, formats: [ImageFormat]?) throws {
        guard widths != nil || formats != nil else { return }
        guard targets.contains(where: { $0.target.kind == .web }) else {
            throw ConfigError(location: widths != nil ? "--widths" : "--formats",
                              message: "applies to web targets, and pipeline \(name) has none (every target is a device)")
        }
        let outputs = formats.map { formats in
            formats.map { format in self.outputs.first { $0.format == format } ?? OutputSpec(options: .defaults(for: format)) }
        }
        for i in targets.indices where targets[i].target.kind == .web {
            if let widths {
                let web = targets[i].target
                targets[i].target = .web(name: web.name, widths: widths, aspectRatio: web.aspectRatio)
            }
            if let outputs { targets[i].outputs = outputs }
        }
        var overrides = ""
        if let widths { overrides += "\n--widths=" + widths.map(String.init).joined(separator: ",") }
        if let formats { overrides += "\n--formats=" + formats.map(\.rawValue).joined(separator: ",") }
        contentHash = SHA256.hex(Array((contentHash + overrides).utf8))
    }
}

extension EncodeOptions {
    /// The encoder's default settings for `format` (those a pipeline's `outputs` entry starts from).
    static func defaults(for format: ImageFormat) -> EncodeOptions {
        switch format {
        case .jpeg: return .jpeg(JPEGEncodeOptions())
        case .png: return .png(PNGEncodeOptions())
        case .webp: return .webp(WebPEncodeOptions())
        case .avif: return .avif(AVIFEncodeOptions())
        case .heic: return .heic(HEICEncodeOptions())
        }
    }
}
