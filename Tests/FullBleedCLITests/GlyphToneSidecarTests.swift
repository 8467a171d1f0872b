import Foundation
import Testing
import FullBleedCodecs
import FullBleedCore
import FullBleedImage
import FullBleedTestSupport

/// A sidecar's `"glyphs"` chooses the toolbar glyph tone instead of the recommendation, in every build: the
/// manifest says a person chose it, the scrim is fitted for that tone and holds on the delivered files,
/// `inspect` and the preview say so, and changing it makes the photo stale.
@Suite struct GlyphToneSidecarTests {
    /// A photo with a light sky: the analysis recommends black glyphs over a faint white scrim.
    static let photo = "lomiri_Bridge_by_Sander_Klootwijk.jpg"
    static let key = "lomiri_Bridge_by_Sander_Klootwijk-jpg"

    static func target(_ name: String, in folder: String) throws -> [String: Any] {
        let manifest = try BuildFixtures.manifest(in: folder)
        let asset = try #require((manifest["assets"] as? [[String: Any]])?.first { $0["key"] as? String == key })
        return try #require((asset["targets"] as? [[String: Any]])?.first { $0["name"] as? String == name })
    }

    @Test func chosenWhiteGlyphsGetADarkScrimVerifiedOnTheDeliveredFiles() throws {
        let tmp = try TemporaryDirectory("glyphs")
        defer { tmp.remove() }
        try BuildFixtures.copySamples([Self.photo], to: tmp.path + "/in")
        // White glyphs over this light band need a strong gradient: every gradient is baked, so that it is.
        let pipeline = try BuildFixtures.pipelineBakingEveryGradient(BuildFixtures.smallPipeline, in: tmp.path)
        let args = ["build", tmp.path + "/in", "--pipeline", pipeline, "--quiet", "--preview", "--report"]

        // Without the field: the recommendation is black glyphs, and the manifest does not say anyone chose it.
        let plain = try CLIRunner.run(args + ["--out", tmp.path + "/plain"])
        #expect(plain.exitCode == 0, "\(plain.stderr)")
        for name in ["iphone-17-pro", "ipad-mini"] {
            let recommendation = try #require(try Self.target(name, in: tmp.path + "/plain")["recommendation"] as? [String: Any])
            #expect(recommendation["glyphColor"] as? String == "black", "\(name): \(recommendation)")
            #expect(recommendation["glyphColorChosenByPerson"] == nil && recommendation["recommendedGlyphColor"] == nil)
        }

        try tmp.write("in/\(Self.photo).fullbleed.json", Array(#"{"glyphs": "white"}"#.utf8))
        let chosen = try CLIRunner.run(args + ["--out", tmp.path + "/out"])
        #expect(chosen.exitCode == 0, "\(chosen.stderr)")
        let manifest = try BuildFixtures.manifest(in: tmp.path + "/out")
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/manifest.schema.json"))
        #expect(schema.validate(manifest) == [])
        let asset = try #require((manifest["assets"] as? [[String: Any]])?.first)
        // The analysis report gives the recommended colour too, and stays valid.
        let reportName = try #require((asset["report"] as? [String: Any])?["name"] as? String)
        let reportURL = URL(fileURLWithPath: tmp.path + "/out/\(Self.key)/" + reportName)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reportURL)) as? [String: Any])
        let reportSchema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/analysis.schema.json"))
        #expect(reportSchema.validate(report) == [])
        #expect(String(data: try JSONSerialization.data(withJSONObject: report), encoding: .utf8)?.contains(#""recommendedGlyphColor":"black""#) == true)
        #expect((asset["warnings"] as? [String] ?? []).allSatisfy { !$0.contains("target contrast") }, "\(asset["warnings"] ?? "")")
        for name in ["iphone-17-pro", "ipad-mini"] {
            let recommendation = try #require(try Self.target(name, in: tmp.path + "/out")["recommendation"] as? [String: Any])
            #expect(recommendation["glyphColor"] as? String == "white", "\(name): \(recommendation)")
            #expect(recommendation["toolbarColorScheme"] as? String == "dark")
            #expect(recommendation["glyphColorChosenByPerson"] as? Bool == true)
            #expect(recommendation["recommendedGlyphColor"] as? String == "black")
            #expect((recommendation["scrim"] as? [String: Any])?["color"] as? String == "black", "\(name): \(recommendation)")
        }

        // Measured again on the delivered iPhone files: plain white glyphs miss 4.5:1 somewhere in the band,
        // and over every baked `-scrim` file (each output format, decoded) every band region reaches it.
        let device = try #require(DeviceClass.named("iphone-17-pro"))
        func whiteContrasts(_ file: String) throws -> [String: Double] {
            let image = try Codecs.decode(try TestPaths.bytes(URL(fileURLWithPath: tmp.path + "/out/\(Self.key)/" + file))).image
            let analysis = ToolbarAnalyzer.analyze(hero: image, device: device, deliveredPixelSize: nil, glyphTone: .white,
                                                   parameters: ToolbarAnalysisParameters())
            var contrasts: [String: Double] = [:]
            for region in analysis.regions where region.region.isAtRest && region.region.scrimEdge == .top {
                contrasts[region.name] = region.verdict.contrast(of: .white)
            }
            return contrasts
        }
        let plainContrasts = try whiteContrasts("iphone-17-pro@1x.jpg")
        #expect(!plainContrasts.isEmpty && plainContrasts.values.contains { $0 < 4.5 }, "\(plainContrasts)")
        for file in ["iphone-17-pro@1x-scrim.jpg", "iphone-17-pro@1x-scrim.webp"] {
            let baked = try whiteContrasts(file)
            #expect(baked.keys == plainContrasts.keys && baked.values.allSatisfy { $0 >= 4.5 }, "\(file): \(baked)")
        }

        // The preview and inspect say who chose the tone, and what was recommended.
        let page = try String(contentsOfFile: tmp.path + "/out/preview.html", encoding: .utf8)
        #expect(page.contains("white glyphs (dark scheme), chosen in the sidecar (recommended: black)"))
        let inspect = try CLIRunner.run(["inspect", tmp.path + "/in/" + Self.photo, "--pipeline", pipeline])
        #expect(inspect.exitCode == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("toolbar: white glyphs (dark scheme) chosen in the sidecar (recommended: black), black scrim"),
                "\(inspect.stdout)")
    }

    @Test func aChangedToneMakesThePhotoStaleAndRebuildsOnlyIt() throws {
        let tmp = try TemporaryDirectory("glyphs-stale")
        defer { tmp.remove() }
        try BuildFixtures.copySamples([Self.photo, "sk_retina.jpg"], to: tmp.path + "/in")
        let input = tmp.path + "/in", out = tmp.path + "/out"
        let args = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--json"]
        func summary(_ result: CLIRunner.Result) throws -> [String: Any] {
            let last = try #require(result.stdout.split(separator: "\n").last)
            return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        }
        func check() throws -> CLIRunner.Result { try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--check"]) }
        #expect(try summary(try CLIRunner.run(args))["built"] as? Int == 2)
        #expect(try check().exitCode == 0)

        for (sidecar, tone) in [(#"{"glyphs": "white"}"#, "white"), (#"{"glyphs": "black"}"#, "black")] {
            try tmp.write("in/\(Self.photo).fullbleed.json", Array(sidecar.utf8))
            let stale = try check()
            #expect(stale.exitCode == 1, "\(sidecar): \(stale.stdout)")
            #expect(stale.stdout.contains("\(Self.photo): stale") && !stale.stdout.contains("sk_retina.jpg: stale"), "\(stale.stdout)")
            let rebuilt = try summary(try CLIRunner.run(args))
            #expect(rebuilt["built"] as? Int == 1 && rebuilt["unchanged"] as? Int == 1, "\(rebuilt)")
            let recommendation = try #require(try Self.target("iphone-17-pro", in: out)["recommendation"] as? [String: Any])
            #expect(recommendation["glyphColor"] as? String == tone)
            #expect(recommendation["glyphColorChosenByPerson"] as? Bool == true)
            #expect(try check().exitCode == 0)
        }
    }

    @Test func aBadToneIsAOneLineErrorNamingTheSidecar() throws {
        let tmp = try TemporaryDirectory("glyphs-bad")
        defer { tmp.remove() }
        try BuildFixtures.copySamples([Self.photo, "sk_retina.jpg"], to: tmp.path + "/in")
        for (value, message) in [(#""grey""#, #"$.glyphs: expected one of "white", "black", found "grey""#),
                                 ("1", "$.glyphs: expected a string, found a number"),
                                 (#""recommended""#, #"$.glyphs: expected one of "white", "black", found "recommended""#)] {
            try tmp.write("in/\(Self.photo).fullbleed.json", Array("{\"glyphs\": \(value)}".utf8))
            let r = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out"])
            #expect(r.exitCode == 1, "\(value): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n").filter { $0.contains(".fullbleed.json") }
            #expect(lines.count == 1 && lines[0].contains("\(Self.photo).fullbleed.json: \(message)"), "\(value): \(r.stderr)")
            let manifest = try BuildFixtures.manifest(in: tmp.path + "/out")
            #expect((manifest["assets"] as? [[String: Any]])?.map { $0["key"] as? String } == ["sk_retina-jpg"])
            #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out/" + Self.key))
        }
    }
}
