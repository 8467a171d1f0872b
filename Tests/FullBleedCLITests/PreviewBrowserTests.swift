import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Headless Chromium (Debian's `chromium`, installed by `make test`) driven as a child process.
enum HeadlessChromium {
    /// The browser binary, or nil when none is installed (`CHROMIUM` overrides the search).
    static let path: String? = {
        if let override = ProcessInfo.processInfo.environment["CHROMIUM"] { return override }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let missingMessage: Comment = "chromium not installed ('make test' installs Debian's chromium): headless preview test skipped"

    struct Run {
        var stdout: String
        var stderr: String
        var exitCode: Int32
        var timedOut: Bool
    }

    /// Runs the browser headless on `page` with `arguments` (plus the sandbox-free, GPU-free, file-access
    /// flags and a fresh profile), killing it after `timeout` seconds.
    static func run(_ arguments: [String], page: URL, profile: String, timeout: Double = 90) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                             "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile)",
                             "--virtual-time-budget=5000"] + arguments + [page.absoluteString]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { process.waitUntilExit(); finished.signal() }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            finished.wait()
        }
        group.wait()
        return Run(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                   exitCode: process.terminationStatus, timedOut: timedOut)
    }
}

/// `build --preview` on two sample photos with the small pipeline (iPhone, iPad with extension, web), then
/// the page in a real browser: it must load with every image and no console message or script error.
/// The build, the page and the screenshot stay in `.build/preview-test/` for people to look at.
@Suite(.serialized) struct PreviewBrowserTests {
    @Test(.enabled(if: HeadlessChromium.path != nil, HeadlessChromium.missingMessage))
    func generatedPreviewLoadsInHeadlessChromium() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/preview-test")
        try? FileManager.default.removeItem(at: folder)
        let input = folder.appendingPathComponent("in").path
        let out = folder.appendingPathComponent("heroes").path
        try BuildFixtures.copySamples(["lomiri_friends_by_Aitzol_Berasategi.jpg", "sk_chelsea.png"], to: input)

        let build = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--preview", "--quiet"])
        #expect(build.exitCode == 0, "\(build.stderr)")
        let page = URL(fileURLWithPath: out + "/preview.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("class=\"device phone\""))
        #expect(html.contains("class=\"device ipad\""))
        #expect(!html.contains("source not available"), "build --preview finds its sources")

        // 1. The DOM after the page's own check ran on `load`.
        let dom = try HeadlessChromium.run(["--enable-logging=stderr", "--v=0", "--dump-dom"], page: page,
                                           profile: folder.appendingPathComponent("profile-dom").path)
        #expect(!dom.timedOut)
        let body = try #require(dom.stdout.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom.stdout[$0]) },
                                "no <body> in the dumped DOM: \(dom.stderr.suffix(2000))")
        #expect(body.contains("data-preview-status=\"ok\""), "\(body)")
        let images = attribute("data-preview-images", in: body).flatMap(Int.init) ?? 0
        // Two source thumbnails; phone hero and its baked variant, iPad canvas, web hero; the PNG's web hero.
        #expect(images == html.components(separatedBy: "<img ").count - 1 && images >= 7, "\(body)")
        #expect(attribute("data-preview-loaded", in: body) == String(images), "\(body)")
        // Chromium logs every console message of the page as "CONSOLE"; the page itself logs nothing.
        let consoleLines = dom.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "\(consoleLines.joined(separator: "\n"))")

        // 2. A screenshot: a PNG of the window size with real content.
        let screenshot = out + "/preview.png"
        let shot = try HeadlessChromium.run(["--hide-scrollbars", "--window-size=1400,2000", "--screenshot=\(screenshot)"], page: page,
                                            profile: folder.appendingPathComponent("profile-shot").path)
        #expect(!shot.timedOut)
        let decoded = try Codecs.decode(try TestPaths.bytes(URL(fileURLWithPath: screenshot))).image
        #expect(decoded.width == 1400 && decoded.height == 2000)
        let distinct = decoded.converted(toLayout: .rgb).withUnsafeSamples(as: UInt8.self) { samples in
            Set(stride(from: 0, to: samples.count - 2, by: 3 * 97).map { Int(samples[$0]) << 16 | Int(samples[$0 + 1]) << 8 | Int(samples[$0 + 2]) })
        }
        #expect(distinct.count > 50, "the screenshot is nearly one colour (\(distinct.count) colours sampled)")
        try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("profile-dom").path)
        try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("profile-shot").path)
    }

    @Test func previewCommandReportsBadManifests() throws {
        let tmp = try TemporaryDirectory("preview-cli")
        defer { tmp.remove() }
        let missing = try CLIRunner.run(["preview", tmp.path + "/none.json"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("cannot read manifest"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
        let invalid = try CLIRunner.run(["preview", try tmp.write("bad.json", Array("{\"assets\": 3}".utf8))])
        #expect(invalid.exitCode == 2)
        #expect(invalid.stderr.contains("not a FullBleed manifest"))
        let usage = try CLIRunner.run(["preview"])
        #expect(usage.exitCode == 2)
    }

    @Test func previewCommandWritesThePageOfAnExistingBuild() throws {
        let tmp = try TemporaryDirectory("preview-cli")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_chelsea.png"], to: tmp.path + "/in")
        let build = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out", "--quiet"])
        #expect(build.exitCode == 0, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out/preview.html"), "no page without --preview")

        let bare = try CLIRunner.run(["preview", tmp.path + "/out/manifest.json"])
        #expect(bare.exitCode == 0, "\(bare.stderr)")
        #expect(bare.stderr.contains("1 source(s) not available"))
        let page = try String(contentsOfFile: tmp.path + "/out/preview.html", encoding: .utf8)
        #expect(page.contains("source not available"))

        let withSources = try CLIRunner.run(["preview", tmp.path + "/out/manifest.json", "--sources", tmp.path + "/in", "--out", tmp.path + "/pages/p.html"])
        #expect(withSources.exitCode == 0, "\(withSources.stderr)")
        #expect(withSources.stderr.isEmpty)
        let moved = try String(contentsOfFile: tmp.path + "/pages/p.html", encoding: .utf8)
        #expect(moved.contains("src=\"../out/sk_chelsea-png/web-320w.jpg\""))
        #expect(moved.contains("src=\"preview/sk_chelsea-png-source-"))
    }

    func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: "\(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
