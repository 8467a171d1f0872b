import Foundation
import Testing
import FullBleedTestSupport

/// `build --emit html` on every sample photo (the web-hero pipeline at three widths, AVIF + WebP + JPEG), then
/// `HTML/index.html` in headless Chromium (`HeadlessChromium`, shared with the preview tests): every image
/// must load, from the AVIF source (the browser honours `type`), with no console message (a missing file
/// would log one). The page has no script, so a harness next to it loads it in an iframe of 1400x2000 CSS px
/// and, once the frame has loaded, turns the lazy images not loaded yet eager, waits for them and writes
/// the counts into its own `<body>`. The build stays in `.build/html-test/` for people to look at.
@Suite(.serialized) struct HTMLBrowserTests {
    static let harness = """
        <!DOCTYPE html><html><body style="margin: 0">
        <iframe id="page" src="index.html" style="border: 0; width: 1400px; height: 2000px"></iframe>
        <script>
        document.getElementById('page').addEventListener('load', function () {
          var images = Array.prototype.slice.call(this.contentDocument.images);
          // A lazy image the browser has not fetched yet may already say `complete` (with no pixels), so only
          // pixels count as loaded; a broken image fires no second event, so each wait ends after 4 s at most.
          Promise.all(images.map(function (img) {
            if (img.complete && img.naturalWidth > 0) { return Promise.resolve(); }
            return new Promise(function (done) {
              img.addEventListener('load', done); img.addEventListener('error', done);
              setTimeout(done, 4000);
              img.loading = 'eager';
            });
          })).then(function () {
            var loaded = images.filter(function (img) { return img.complete && img.naturalWidth > 0; });
            var avif = images.filter(function (img) { return /\\.avif$/.test(img.currentSrc); });
            document.body.setAttribute('data-images', String(images.length));
            document.body.setAttribute('data-loaded', String(loaded.length));
            document.body.setAttribute('data-avif', String(avif.length));
          });
        });
        </script>
        </body></html>
        """

    @Test(.enabled(if: HeadlessChromium.path != nil, HeadlessChromium.missingMessage))
    func theIndexPageLoadsEveryImageInHeadlessChromium() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/html-test")
        try? FileManager.default.removeItem(at: folder)
        let input = folder.appendingPathComponent("in").path
        let out = folder.appendingPathComponent("heroes").path
        try BuildFixtures.copySamples(BuildFixtures.sampleNames + ["lomiri_Bridge_by_Sander_Klootwijk.jpg"], to: input)
        let build = try CLIRunner.run(["build", input, "--pipeline", "web-hero", "--out", out, "--emit", "html", "--quiet",
                                       "--widths", "320,640,1280", "--formats", "avif,webp,jpeg"])
        #expect(build.exitCode == 0, "\(build.stderr)")
        let page = URL(fileURLWithPath: out + "/HTML/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        let expected = html.components(separatedBy: "<img ").count - 1
        #expect(expected == 5)

        let harness = URL(fileURLWithPath: out + "/HTML/harness.html")
        try Data(Self.harness.utf8).write(to: harness)
        defer { try? FileManager.default.removeItem(at: harness) }
        let dom = try HeadlessChromium.run(["--enable-logging=stderr", "--v=0", "--hide-scrollbars", "--window-size=1400,2000", "--dump-dom"],
                                           page: harness, profile: folder.appendingPathComponent("profile").path)
        #expect(!dom.timedOut)
        let body = try #require(dom.stdout.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom.stdout[$0]) },
                                "no <body> in the dumped DOM: \(dom.stderr.suffix(2000))")
        #expect(attribute("data-images", in: body) == String(expected), "\(body)")
        #expect(attribute("data-loaded", in: body) == String(expected), "\(body)")
        #expect(attribute("data-avif", in: body) == String(expected), "Chromium takes the AVIF source: \(body)")
        let consoleLines = dom.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "\(consoleLines.joined(separator: "\n"))")
        try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("profile").path)
    }

    func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
