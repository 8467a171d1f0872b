import Foundation
import Testing
import FullBleedTestSupport

/// `--widths`, `--formats`, `--public-url` and `--emit html` through the binary: each mistake is one line on
/// stderr naming the option and the value, exit 2, and nothing is written.
@Suite struct WidthsAndFormatsCLITests {
    static let usageTail = " (see 'fullbleed build --help')"

    @Test(arguments: [
        (["--widths", "320,0"], #"fullbleed build: --widths expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found "0""# + usageTail),
        (["--widths", "320,wide"], #"fullbleed build: --widths expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found "wide""# + usageTail),
        (["--widths", "640,640"], "fullbleed build: --widths lists 640 twice; each width may appear once" + usageTail),
        (["--formats", "avif,gif"], #"fullbleed build: --formats expects a comma-separated list of avif, webp, jpeg, png, found "gif""# + usageTail),
        (["--formats", "jpeg,webp,jpeg"], "fullbleed build: --formats lists jpeg twice; each format may appear once" + usageTail),
        (["--public-url", "cdn.example.com/heroes"], #"fullbleed build: --public-url expects an http(s) URL or a path starting with '/' (e.g. https://cdn.example.com/heroes/ or /heroes/): a relative path, found "cdn.example.com/heroes""# + usageTail),
        (["--public-url", "https://cdn.example.com/#top"], #"fullbleed build: --public-url expects an http(s) URL or a path starting with '/' (e.g. https://cdn.example.com/heroes/ or /heroes/): '#' is not allowed (percent-encode it; no query or fragment), found "https://cdn.example.com/#top""# + usageTail),
    ])
    func badWebOptionsAreOneLineUsageErrors(_ extra: [String], _ message: String) throws {
        let tmp = try TemporaryDirectory("web-options")
        defer { tmp.remove() }
        let result = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out"] + extra)
        #expect(result.exitCode == 2)
        #expect(result.stderr == message + "\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"), "nothing written")
    }

    @Test(arguments: [
        (["--widths", "320"], "fullbleed build: --widths applies to web targets, and pipeline ios-hero has none (every target is a device)" + usageTail),
        (["--formats", "webp"], "fullbleed build: --formats applies to web targets, and pipeline ios-hero has none (every target is a device)" + usageTail),
        (["--emit", "html"], #"fullbleed build: Pipelines/ios-hero.json: emit html: needs a web target ({"web": "hero", "widths": [...]}), and pipeline ios-hero has only device targets"#),
    ])
    func webOptionsNeedAWebTarget(_ extra: [String], _ message: String) throws {
        let tmp = try TemporaryDirectory("web-options-devices")
        defer { tmp.remove() }
        let result = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", "ios-hero", "--out", tmp.path + "/out"] + extra)
        #expect(result.exitCode == 2)
        #expect(result.stderr == message + "\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out/manifest.json"), "nothing written")
    }

    @Test func helpListsTheWebOptions() throws {
        let help = try CLIRunner.run(["build", "--help"]).stdout
        for option in ["--public-url URL", "--widths LIST", "--formats LIST", "--emit LIST"] {
            #expect(help.contains(option), "\(option)")
        }
        #expect(help.contains("xcassets, swift and/or html"))
    }

    @Test func theOptionsReachTheBuild() throws {
        let tmp = try TemporaryDirectory("web-options-build")
        defer { tmp.remove() }
        let out = tmp.path + "/out"
        let result = try CLIRunner.run(["build", "Samples/sk_retina.jpg", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet",
                                        "--widths", "200,100", "--formats", "webp", "--public-url", "/static/heroes", "--emit", "html"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try BuildFixtures.manifest(in: out)
        #expect(manifest["publicPath"] as? String == "/static/heroes/")
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/manifest.schema.json"))
        #expect(schema.validate(manifest) == [])
        let snippet = try String(contentsOfFile: out + "/HTML/sk_retina-jpg.html", encoding: .utf8)
        #expect(snippet == """
            <picture>
              <img src="/static/heroes/sk_retina-jpg/web-200w.webp" srcset="/static/heroes/sk_retina-jpg/web-100w.webp 100w, /static/heroes/sk_retina-jpg/web-200w.webp 200w" sizes="100vw" width="200" height="113" alt="" loading="lazy" decoding="async" style="\(try #require(snippet.components(separatedBy: "style=\"").last?.components(separatedBy: "\"").first))" />
            </picture>

            """)
        #expect(FileManager.default.fileExists(atPath: out + "/sk_retina-jpg/web-100w.webp"))
        #expect(!FileManager.default.fileExists(atPath: out + "/sk_retina-jpg/web-100w.jpg"), "--formats webp: no JPEG for the web target")
        #expect(FileManager.default.fileExists(atPath: out + "/sk_retina-jpg/iphone-17-pro@1x.jpg"), "the device target keeps the pipeline's JPEG")
    }
}
