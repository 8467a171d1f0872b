import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The preview page of every sample photo (iPhone, iPad with extension, three 16:9 web targets whose
/// crops coincide, a checked title box) in headless Chromium at a phone viewport and a desktop one: no
/// horizontal overflow, every image loaded, no frame wider than its column, no two crop labels
/// intersecting, captions of at least 12 CSS px. The page measures itself on `load` and writes the
/// numbers into `<body>` (see `PreviewAssets.script`); the screenshots stay in `build/preview-screenshots/`.
///
/// Headless Chromium's window is at least 500 px wide (`--window-size=390,...` still lays out at 500 for
/// `--dump-dom`; `--screenshot` does honour 390), so the measurement loads the page in an iframe of the
/// exact viewport size and copies the page's `<body>` attributes into the harness's.
@Suite(.serialized) struct PreviewViewportTests {
    static let viewports = [(width: 390, height: 844), (width: 1400, height: 2000)]

    @Test(.enabled(if: HeadlessChromium.path != nil, HeadlessChromium.missingMessage))
    func thePreviewFitsPhoneAndDesktopViewports() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/preview-viewports")
        try? FileManager.default.removeItem(at: folder)
        let input = folder.appendingPathComponent("in").path
        let out = folder.appendingPathComponent("heroes").path
        try BuildFixtures.copySamples(BuildFixtures.sampleNames + ["lomiri_Bridge_by_Sander_Klootwijk.jpg"], to: input)
        let pipeline = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/pipelines/preview-viewports.json").path
        let build = try CLIRunner.run(["build", input, "--pipeline", pipeline, "--out", out, "--preview", "--quiet"])
        #expect(build.exitCode == 0, "\(build.stderr)")
        let page = URL(fileURLWithPath: out + "/preview.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("class=\"device phone\"") && html.contains("class=\"device ipad\""))
        #expect(html.contains("class=\"text-box\""), "the web frames outline the checked title box")
        #expect(html.components(separatedBy: "class=\"crop-label ").count - 1 == 5 * 5, "five labels on each of the five sources")

        let shots = TestPaths.packageRoot.appendingPathComponent("build/preview-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        for viewport in Self.viewports {
            let size = "\(viewport.width)x\(viewport.height)"
            let harness = URL(fileURLWithPath: out + "/viewport-\(size).html")
            try Data(Self.harness(width: viewport.width, height: viewport.height).utf8).write(to: harness)
            let dom = try HeadlessChromium.run(["--hide-scrollbars", "--window-size=\(max(500, viewport.width)),\(viewport.height)", "--dump-dom"], page: harness,
                                               profile: folder.appendingPathComponent("profile-dom-\(size)").path)
            #expect(!dom.timedOut, "\(size)")
            let body = try #require(dom.stdout.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom.stdout[$0]) },
                                    "no <body> in the dumped DOM at \(size): \(dom.stderr.suffix(2000))")
            #expect(body.contains("data-preview-status=\"ok\""), "\(size): \(body)")
            #expect(attribute("data-preview-viewport-width", in: body) == String(viewport.width), "\(size): \(body)")
            #expect(attribute("data-preview-scroll-width", in: body) == String(viewport.width), "\(size) overflows horizontally: \(body)")
            let images = attribute("data-preview-images", in: body).flatMap(Int.init) ?? 0
            #expect(images == html.components(separatedBy: "<img ").count - 1 && images > 20, "\(size): \(body)")
            #expect(attribute("data-preview-loaded", in: body) == String(images), "\(size): \(body)")
            #expect(attribute("data-preview-clipped-frames", in: body) == "0", "\(size): \(body)")
            #expect(attribute("data-preview-label-overlaps", in: body) == "0", "\(size): \(body)")
            let caption = attribute("data-preview-smallest-caption", in: body).flatMap(Double.init) ?? 0
            #expect(caption >= 12, "\(size): smallest caption \(caption) px")

            let screenshot = shots.appendingPathComponent("preview-\(size).png").path
            try? FileManager.default.removeItem(atPath: screenshot)
            let shot = try HeadlessChromium.run(["--hide-scrollbars", "--window-size=\(viewport.width),\(viewport.height)", "--screenshot=\(screenshot)"],
                                                page: page, profile: folder.appendingPathComponent("profile-shot-\(size)").path)
            #expect(!shot.timedOut, "\(size)")
            let decoded = try Codecs.decode(try TestPaths.bytes(URL(fileURLWithPath: screenshot))).image
            #expect(decoded.width == viewport.width && decoded.height == viewport.height, "\(size)")
            try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("profile-dom-\(size)").path)
            try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("profile-shot-\(size)").path)
        }
    }

    /// A page showing `preview.html` in a borderless iframe of `width`×`height` CSS px that, once the frame
    /// has loaded (after the preview's own `load` check), copies the preview's `<body>` attributes onto its own.
    static func harness(width: Int, height: Int) -> String {
        """
        <!DOCTYPE html><html><body style="margin: 0">
        <iframe id="page" src="preview.html" style="border: 0; width: \(width)px; height: \(height)px"></iframe>
        <script>
        document.getElementById('page').addEventListener('load', function () {
          var inner = this.contentDocument.body, outer = document.body;
          for (var i = 0; i < inner.attributes.length; i++) { outer.setAttribute(inner.attributes[i].name, inner.attributes[i].value); }
        });
        </script>
        </body></html>
        """
    }

    func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
