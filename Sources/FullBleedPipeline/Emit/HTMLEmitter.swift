import Foundation
import FullBleedCodecs

/// `--emit html` (`"emit": {"html": true}`): a `<picture>` element per asset's web target, ready to paste
/// into a page, in `OUT/<htmlFolder>/` (default `HTML`), plus `index.html` showing them all. A pure function of
/// the manifest, written after the build like the catalog and the Swift file; the folder belongs to FullBleed
/// (files in it the build does not emit are removed).
///
/// Each element has one `<source>` per format in best-first order (AVIF, WebP; each `srcset` lists every
/// delivered width as `URL 640w`) and an `<img>` in the most compatible format (JPEG, else PNG, else the last
/// one) with the same `srcset`, `src` the largest width, `width`/`height` of the largest tier in pixels (the
/// browser reserves the box before loading: no layout shift), `alt` from the sidecar (empty when none),
/// `loading="lazy" decoding="async"` and a CSS placeholder: `placeholders.dataURL` stretched over the box
/// (`background-size:cover`) over `placeholders.averageColor`. Only web targets are used (device targets
/// are for the catalog); scrim variants and extension canvases are left out.
///
/// URLs are `manifest.publicPath` + the file's path relative to the output folder, percent-encoded; without a
/// public path, relative to the HTML folder (`../bridge-jpg/hero-640w.avif`), which holds the snippets and
/// `index.html` side by side, so the same markup works in both. File names: the asset key with `/` written as
/// `~` (a character asset keys never contain), `.html`; an asset's second and further web targets add
/// `.<target>`. Serialised as XHTML-compatible HTML5 (void elements end in ` />`, attributes quoted), so an
/// XML parser reads it too.
public enum HTMLEmitter {
    public static let indexName = "index.html"

    /// Formats in the order a browser should try them; others (HEIC) are left out of the markup.
    static let preference: [ImageFormat] = PipelineSpec.webFormats

    /// Refuses a pipeline whose web targets cannot be shown: none at all, or none written in a web format.
    public static func validate(_ spec: PipelineSpec, at location: String) throws {
        let web = spec.targets.filter { $0.target.kind == .web }
        guard !web.isEmpty else {
            throw ConfigError(location: location, message: "needs a web target ({\"web\": \"hero\", \"widths\": [...]}), and pipeline \(spec.name) has only device targets")
        }
        guard web.contains(where: { ($0.outputs ?? spec.outputs).contains { preference.contains($0.format) } }) else {
            throw ConfigError(location: location, message: "needs a web target written as \(preference.map(\.rawValue).joined(separator: ", ")) (pipeline \(spec.name) writes its web targets only as \(spec.outputs.map(\.format.rawValue).joined(separator: ", ")))")
        }
    }

    /// The plan, in memory (`EmitPlan.collect`).
    public static func plan(manifest: Manifest, spec: PipelineSpec) throws -> EmitPlan {
        try EmitPlan.collect(Walk(spec: spec, publicPath: manifest.publicPath), records: EmitRecords(manifest))
    }

    /// The snippets and `index.html` as a walk over the records: per asset a file for each web target that
    /// delivered a web picture, and the same `<picture>` appended to the index as a `<figure>`; the count
    /// closes the page.
    struct Walk: Emitter {
        let folder: String
        let urlPrefix: String
        /// The manifest's public path, nil when the URLs are relative (the page then also works from disk).
        let publicPath: String?
        let pipelineName: String
        private var snippetNames = ClaimedNames()
        private var count = 0

        /// - Parameter publicPath: the manifest's (URLs are relative to the HTML folder without one).
        init(spec: PipelineSpec, publicPath: String?) {
            folder = spec.emit.htmlFolder
            urlPrefix = publicPath ?? String(repeating: "../", count: folder.split(separator: "/").count)
            self.publicPath = publicPath
            pipelineName = spec.name
        }

        var ownedFolder: String? { folder }
        var streamedPath: String? { folder + "/" + indexName }

        /// The snippets of `asset`: file name (in the folder), target name and `<picture>` element.
        func snippets(of asset: AssetRecord) -> [(name: String, targetName: String, picture: String)] {
            let stem = asset.key.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "~")
            var result: [(name: String, targetName: String, picture: String)] = []
            for target in asset.targets where target.kind == .web {
                guard let picture = picture(asset: asset, target: target, urlPrefix: urlPrefix) else { continue }
                result.append((result.isEmpty ? stem + ".html" : stem + "." + target.name + ".html", target.name, picture))
            }
            return result
        }

        func begin() -> EmitPart {
            let head = [
                "<!DOCTYPE html>",
                "<html lang=\"en\">",
                "<head>",
                "<meta charset=\"utf-8\" />",
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />",
                "<title>\(text(pipelineName)): web heroes</title>",
                "<style>",
                "body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #fff; color: #111; }",
                "main { max-width: 1280px; margin: 0 auto; padding: 16px; }",
                "figure { margin: 0 0 32px; }",
                "img { display: block; max-width: 100%; height: auto; }",
                "figcaption { padding: 8px 0; overflow-wrap: anywhere; }",
                "</style>",
                "</head>",
                "<body>",
                "<main>",
                "<h1>\(text(pipelineName))</h1>",
            ]
            // Absolute URLs (`--public-url`) resolve only on the server they name: say so on the page, which
            // otherwise shows broken images when opened from disk.
            let served = publicPath.map { path in
                ["<p>The images load from <code>\(text(path))</code> (the public URL this page was built with): open it through a web server that serves the output folder there; opened from disk it shows no images.</p>"]
            } ?? []
            return EmitPart(streamedText: (head + served).joined(separator: "\n") + "\n")
        }

        mutating func add(_ asset: AssetRecord, ordinal: Int, records: EmitRecords) throws -> EmitPart {
            var part = EmitPart()
            for snippet in snippets(of: asset) {
                let path = folder + "/" + snippet.name
                if snippet.name == indexName {
                    throw ConfigError(location: "$.emit.html", message: "the snippet \(path) of \(asset.key) (\(snippet.targetName)) would overwrite the index page; rename one of the photos")
                }
                if let owner = snippetNames.claim(snippet.name, for: ordinal), let other = try records.record(owner),
                   let taken = snippets(of: other).first(where: { $0.name == snippet.name }) {
                    throw ConfigError(location: "$.emit.html", message: "the snippet \(path) of \(asset.key) (\(snippet.targetName)) would overwrite the snippet of \(other.key) (\(taken.targetName)); rename one of the photos")
                }
                part.files.append(EmittedFile(path: path, content: .bytes(Array((snippet.picture + "\n").utf8))))
                part.streamedText += ["<figure>", snippet.picture,
                                      "<figcaption><a href=\"\(PreviewMarkup.url(snippet.name))\">\(text(asset.key))</a> (\(text(snippet.targetName)))</figcaption>",
                                      "</figure>"].joined(separator: "\n") + "\n"
                count += 1
            }
            return part
        }

        func end() -> EmitPart {
            let summary = count == 0 ? "<p>No web hero was built.</p>" : "<p>\(count) web hero\(count == 1 ? "" : "es").</p>"
            return EmitPart(streamedText: [summary, "</main>", "</body>", "</html>"].joined(separator: "\n") + "\n")
        }
    }

    /// The `<picture>` of one web target, or nil when it delivered no file in a web format.
    static func picture(asset: AssetRecord, target: TargetRecord, urlPrefix: String, sizes: String = "100vw") -> String? {
        let tiers = target.producedDerivatives.sorted { $0.width < $1.width }
        let formats = preference.filter { format in tiers.contains { $0.files.contains { $0.imageFormat == format } } }
        guard let largest = tiers.last, let fallback = formats.first(where: { $0 == .jpeg }) ?? formats.first(where: { $0 == .png }) ?? formats.last,
              let fallbackFile = largest.files.first(where: { $0.imageFormat == fallback }) else { return nil }
        func srcset(_ format: ImageFormat) -> String {
            tiers.compactMap { tier in
                tier.files.first { $0.imageFormat == format }.map { url(urlPrefix, $0.path) + " \(tier.width)w" }
            }.joined(separator: ", ")
        }
        var lines = ["<picture>"]
        for format in formats where format != fallback {
            lines.append("  <source type=\"\(format.mimeType)\" srcset=\"\(attribute(srcset(format)))\" sizes=\"\(attribute(sizes))\" />")
        }
        var img = "  <img src=\"\(attribute(url(urlPrefix, fallbackFile.path)))\" srcset=\"\(attribute(srcset(fallback)))\" sizes=\"\(attribute(sizes))\""
        img += " width=\"\(largest.width)\" height=\"\(largest.height)\" alt=\"\(attribute(asset.altText ?? ""))\" loading=\"lazy\" decoding=\"async\""
        if let style = placeholderStyle(asset.placeholders) { img += " style=\"\(attribute(style))\"" }
        lines.append(img + " />")
        lines.append("</picture>")
        return lines.joined(separator: "\n")
    }

    /// `background-size:cover;background-image:url(data:...)` from the data URL, `background-color` from the
    /// average colour; nil when the build made neither.
    static func placeholderStyle(_ placeholders: PlaceholderRecord?) -> String? {
        var parts: [String] = []
        if let color = placeholders?.averageColor { parts.append("background-color:\(color)") }
        // A data URL is base64 (`A-Z a-z 0-9 + / =`) after its header: nothing a CSS url() must quote.
        if let data = placeholders?.dataURL, data.hasPrefix("data:image/"), data.allSatisfy({ !$0.isWhitespace && !"()'\"\\".contains($0) }) {
            parts += ["background-size:cover", "background-image:url(\(data))"]
        }
        return parts.isEmpty ? nil : parts.joined(separator: ";")
    }

    /// `prefix` + `path` percent-encoded (`PreviewMarkup.url`: spaces, commas, `#`, `?`, `%`, non-ASCII), so a
    /// name cannot break a `srcset`.
    static func url(_ prefix: String, _ path: String) -> String { prefix + PreviewMarkup.url(path) }

    /// Escaped for a double-quoted attribute value; control characters (which neither HTML nor XML allows
    /// there), tabs and line breaks become spaces.
    static func attribute(_ value: String) -> String {
        PreviewMarkup.attribute(String(String.UnicodeScalarView(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 })))
    }

    /// Escaped for element content (the same as `attribute`).
    static func text(_ value: String) -> String { attribute(value) }
}
