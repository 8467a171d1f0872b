import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FullBleedCodecs
@testable import FullBleedPipeline
import FullBleedTestSupport

/// `--emit html`: a `<picture>` per asset's web target and `index.html`, from a real build of two Samples
/// photos (one in a subfolder, one with a sidecar alt text that needs escaping), a device target (left out
/// of the markup) and two web targets in AVIF, WebP and JPEG. Every snippet is parsed as XML (it is written
/// XHTML-compatible), every URL must name a file of the build, and every `srcset` width must be the file's
/// real pixel width.
@Suite struct HTMLEmitterTests {
    static let pipelineJSON = #"""
    {
      "name": "html-test",
      "targets": [
        { "device": "iphone-17-pro", "scales": [1] },
        { "web": "hero", "widths": [320, 160], "aspect": "16:9" },
        { "web": "square", "widths": [96], "aspect": 1 }
      ],
      "placeholders": { "thumbhash": true, "blurhash": [4, 3], "averageColor": true, "palette": 0 },
      "outputs": [
        { "format": "jpeg", "quality": 80 },
        { "format": "webp", "quality": 75, "method": 0 },
        { "format": "avif", "quality": 40, "speed": 9 }
      ],
      "emit": { "html": true }
    }
    """#
    static let altText = #"A "retina" scan <test> & more"#

    /// The emit fixture's two photos built with this pipeline, `sk_retina.jpg` with the alt text above.
    static func fixture(_ label: String) throws -> EmitFixture {
        let fixture = try EmitFixture(label, pipelineJSON: pipelineJSON)
        let sidecar = try JSONSerialization.data(withJSONObject: ["alt": altText])
        try sidecar.write(to: URL(fileURLWithPath: fixture.input + "/sk_retina.jpg" + Sidecar.suffix))
        return fixture
    }

    /// `URL 320w` pairs of a `srcset`.
    static func candidates(_ srcset: String) -> [(url: String, width: Int)] {
        srcset.split(separator: ",").map { candidate in
            let parts = candidate.split(separator: " ")
            return (String(parts[0]), Int(parts[1].dropLast()) ?? -1)
        }
    }

    /// The file a snippet URL names, relative to the output folder (URLs are relative to the HTML folder).
    static func outputPath(ofURL url: String, prefix: String = "../") throws -> String {
        #expect(url.hasPrefix(prefix), "\(url)")
        return try #require(String(url.dropFirst(prefix.count)).removingPercentEncoding)
    }

    #if canImport(FoundationXML)
    @Test func everySnippetIsWellFormedAndNamesTheBuildsFiles() throws {
        let fixture = try Self.fixture("html-snippets")
        defer { fixture.directory.remove() }
        try fixture.build()
        let manifest = try fixture.manifest()
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.html).sorted()
        #expect(names == ["index.html", "sk_retina-jpg.html", "sk_retina-jpg.square.html", "trip~sk_chelsea-png.html", "trip~sk_chelsea-png.square.html"])

        for asset in manifest.assets {
            for (index, target) in asset.targets.filter({ $0.kind == .web }).enumerated() {
                let stem = asset.key.replacingOccurrences(of: "/", with: "~")
                let name = index == 0 ? stem + ".html" : stem + "." + target.name + ".html"
                let markup = try fixture.read(name)
                #expect(!markup.contains("iphone-17-pro"), "device targets stay out of the markup")
                let root = try #require(try XMLDocument(xmlString: markup, options: []).rootElement())
                #expect(root.name == "picture")
                let children = (root.children ?? []).compactMap { $0 as? XMLElement }
                #expect(children.map(\.name) == ["source", "source", "img"], "\(name)")
                #expect(children.prefix(2).map { $0.attribute(forName: "type")?.stringValue } == ["image/avif", "image/webp"], "best first")
                let img = try #require(children.last)
                func value(_ element: XMLElement, _ key: String) -> String? { element.attribute(forName: key)?.stringValue }

                let tiers = target.producedDerivatives.sorted { $0.width < $1.width }
                let largest = try #require(tiers.last)
                #expect(value(img, "width") == String(largest.width) && value(img, "height") == String(largest.height))
                #expect(value(img, "alt") == (asset.source.path == "sk_retina.jpg" ? Self.altText : ""))
                #expect(value(img, "loading") == "lazy" && value(img, "decoding") == "async")
                let style = try #require(value(img, "style"))
                let dataURL = try #require(asset.placeholders?.dataURL)
                #expect(style.contains("background-size:cover") && style.contains("background-image:url(\(dataURL))"), "\(style)")
                #expect(style.contains("background-color:\(try #require(asset.placeholders?.averageColor))"))

                let src = try Self.outputPath(ofURL: try #require(value(img, "src")))
                #expect(src == largest.files.first { $0.imageFormat == .jpeg }?.path)
                for (element, format) in zip(children, ["avif", "webp", "jpeg"]) {
                    #expect(value(element, "sizes") == "100vw")
                    let listed = Self.candidates(try #require(value(element, "srcset")))
                    #expect(listed.map(\.width) == tiers.map(\.width), "\(name) \(format)")
                    for (url, width) in listed {
                        let path = try Self.outputPath(ofURL: url)
                        let bytes = try #require(FileManager.default.contents(atPath: fixture.out + "/" + path), "\(url) names no file")
                        let info = try Codecs.probe([UInt8](bytes))
                        #expect(info.format.rawValue == format, "\(url)")
                        #expect(info.size.width == width, "\(url): srcset says \(width)w, the file is \(info.size.width) px wide")
                    }
                }
            }
        }
    }

    @Test func indexIsAnHTML5PageOfEverySnippetWithoutScriptOrNetwork() throws {
        let fixture = try Self.fixture("html-index")
        defer { fixture.directory.remove() }
        try fixture.build()
        let page = try fixture.read("index.html")
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains("<meta charset=\"utf-8\" />") && page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />"))
        #expect(!page.lowercased().contains("<script") && !page.contains("http://") && !page.contains("https://"))
        let document = try XMLDocument(xmlString: page, options: [])
        let pictures = try document.nodes(forXPath: "//picture")
        #expect(pictures.count == 4)
        for snippet in try FileManager.default.contentsOfDirectory(atPath: fixture.html) where snippet != "index.html" {
            #expect(page.contains(try fixture.read(snippet)), "index.html shows \(snippet) as it is")
            #expect(page.contains("<a href=\"\(snippet)\">"))
        }
    }
    #endif

    @Test func publicPathPrefixesEveryURLAndReencodesNothing() throws {
        var fixture = try Self.fixture("html-public")
        defer { fixture.directory.remove() }
        try fixture.build()
        let images = try BuildFixtures.snapshot(fixture.out).filter { !$0.key.hasPrefix("HTML/") && !$0.key.hasPrefix(".") && $0.key != "manifest.json" }
        fixture.spec.publicPath = try PublicPath.normalised("https://cdn.example.com/heroes", at: "--public-url")
        #expect(try fixture.build(check: true).summary.stale.contains { $0.description.hasPrefix("manifest.json: stale") })
        let (summary, notes) = try fixture.build()
        #expect(summary.built == 0 && summary.unchanged == 2, "a public path re-encodes nothing")
        #expect(notes.contains("HTML: 5 file(s) written, 0 removed"), "\(notes)")
        let after = try BuildFixtures.snapshot(fixture.out).filter { images[$0.key] != nil }
        #expect(after == images)
        let manifest = try fixture.manifest()
        #expect(manifest.publicPath == "https://cdn.example.com/heroes/")
        // Absolute URLs need the server they name: the index page says so (a page opened from disk shows no image).
        #expect(try fixture.read("index.html").contains("<p>The images load from <code>https://cdn.example.com/heroes/</code> (the public URL this page was built with): open it through a web server"))
        let markup = try fixture.read("sk_retina-jpg.html")
        let urls = markup.components(separatedBy: "\"").flatMap { $0.split(separator: ",") }.compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0.contains("://") }
        #expect(urls.count == 3 * 2 + 1)
        for url in urls {
            let path = try Self.outputPath(ofURL: url, prefix: "https://cdn.example.com/heroes/")
            #expect(manifest.allOutputPaths.contains(path), "\(url)")
        }
    }

    @Test func anUnchangedRebuildWritesNoSnippetAndCheckFollowsThem() throws {
        let fixture = try Self.fixture("html-noop")
        defer { fixture.directory.remove() }
        #expect(try fixture.build().notes.contains("HTML: 5 file(s) written, 0 removed"))
        #expect(try fixture.build().notes.allSatisfy { !$0.hasPrefix("HTML:") })
        #expect(try fixture.build(check: true).summary.stale.isEmpty)
        try FileManager.default.removeItem(atPath: fixture.html + "/sk_retina-jpg.html")
        try Data("stray".utf8).write(to: URL(fileURLWithPath: fixture.html + "/old.html"))
        #expect(try fixture.build(check: true).summary.stale.map(\.description) == ["HTML/sk_retina-jpg.html: missing", "HTML/old.html: no longer emitted"])
        #expect(try fixture.build().notes.contains("HTML: 1 file(s) written, 1 removed"))
        #expect(!FileManager.default.fileExists(atPath: fixture.html + "/old.html"))
    }

    @Test func aPipelineWithoutAWebTargetIsRefused() throws {
        let json = #"{"name": "devices", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "jpeg"}], "emit": {"html": true}}"#
        let error = try #require(throws: ConfigError.self) { try PipelineLoader.parse(Data(json.utf8)) }
        #expect(error.location == "$.emit.html")
        #expect(error.message == #"needs a web target ({"web": "hero", "widths": [...]}), and pipeline devices has only device targets"#)
        let heicOnly = #"{"name": "heic", "targets": [{"web": "hero", "widths": [320]}], "outputs": [{"format": "heic"}], "emit": {"html": true}}"#
        #expect(throws: ConfigError.self) { try PipelineLoader.parse(Data(heicOnly.utf8)) }
    }

    @Test func theHTMLFolderMayNotOverlapTheXcodeFolder() throws {
        var fixture = try Self.fixture("html-overlap")
        defer { fixture.directory.remove() }
        fixture.spec.emit.swift = true
        fixture.spec.emit.htmlFolder = "Xcode/web"
        let error = try #require(throws: ConfigError.self) { try fixture.build() }
        #expect(error.message == "the HTML folder Xcode/web and the Xcode folder Xcode overlap; each holds only its own files")
    }

    @Test func markupEscapesTextAndPercentEncodesPaths() throws {
        let path = "a b,c/hero-1w.jpg"
        #expect(HTMLEmitter.url("../", path) == "../a%20b%2Cc/hero-1w.jpg")
        #expect(HTMLEmitter.attribute("\"<&>'\u{1}\n") == "&quot;&lt;&amp;&gt;&#39;  ")
    }
}
