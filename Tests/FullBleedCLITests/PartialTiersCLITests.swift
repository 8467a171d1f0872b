import Foundation
import Testing
import FullBleedCodecs
import FullBleedTestSupport

/// Tiers too large for a photo, through the `fullbleed` binary: a warning line per tier, the `partial`
/// status and the counts where people look; `pipeline list` / `pipeline show` with the minimum sizes (and
/// the docs page that shows them); `--upscale`, `--naming` and `--emit baked-sets`.
@Suite struct PartialTiersCLITests {
    /// A 1365x1074 photo as `in/mid.jpg` (too small for three of `ios-hero`'s four tiers).
    static func midPhoto(_ tmp: TemporaryDirectory) throws -> String {
        let input = tmp.path + "/in"
        let jpeg = try Codecs.encode(SyntheticImages.photoLike(width: 1365, height: 1074), as: .jpeg(JPEGEncodeOptions(quality: 85)))
        _ = try tmp.write("in/mid.jpg", jpeg)
        return input
    }

    static let warnings = [
        "warning: mid.jpg: iphone-17-pro-max @3x 1320x1200 skipped: the crop is only 1181x1074 (would need 1.12x upscaling)",
        "warning: mid.jpg: iphone-17-pro @3x 1206x1200 skipped: the crop is only 1079x1074 (would need 1.12x upscaling)",
        "warning: mid.jpg: ipad-pro-13-landscape @2x 2112x800 skipped: the crop is only 1365x517 (would need 1.55x upscaling)",
    ]

    @Test func aPhotoTooSmallForSomeTiersIsPartialWithAWarningPerTier() throws {
        let tmp = try TemporaryDirectory("partial-cli")
        defer { tmp.remove() }
        let input = try Self.midPhoto(tmp)
        let args = ["build", input, "--pipeline", BuildFixtures.defaultPipeline, "--out", tmp.path + "/out", "--jobs", "1"]

        let text = try CLIRunner.run(args)
        #expect(text.exitCode == 0, "partial is not a failure: \(text.stderr)")
        let lines = text.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("[1/1] partial mid.jpg (")
                    && $0.hasSuffix(" s): no picture of its own for iphone-17-pro, ipad-pro-13-landscape (the generated views show another target's)") },
                "\(text.stderr)")
        #expect(Array(lines.suffix(3)) == Self.warnings, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("1 built (1 partial), 0 unchanged, 0 failed, 3 tiers skipped, upscaled or reduced in "), "\(text.stdout)")

        let json = try CLIRunner.run(args + ["--force", "--json"])
        #expect(json.exitCode == 0)
        let events = try json.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let tiers = events.filter { $0["event"] as? String == "tier" }
        #expect(tiers.map { "\($0["target"]!) \($0["tier"]!) \($0["status"]!)" }
                == ["iphone-17-pro-max @3x skipped", "iphone-17-pro @3x skipped", "ipad-pro-13-landscape @2x skipped"])
        #expect(tiers.map { "warning: mid.jpg: \($0["target"]!) \($0["message"]!)" } == Self.warnings)
        #expect(tiers.allSatisfy { $0["path"] as? String == "mid.jpg" })
        let asset = try #require(events.first { $0["event"] as? String == "asset" })
        #expect(asset["status"] as? String == "partial")
        #expect(asset["targetsWithoutImage"] as? [String] == ["iphone-17-pro", "ipad-pro-13-landscape"])
        let finished = try #require(events.last)
        #expect(finished["built"] as? Int == 1 && finished["partial"] as? Int == 1 && finished["tierWarnings"] as? Int == 3, "\(finished)")

        // --upscale upscale: every tier is made (enlarged), so nothing is partial; each enlargement is warned.
        let upscaled = try CLIRunner.run(args + ["--upscale", "upscale", "--naming", "hashed"])
        #expect(upscaled.exitCode == 0, "\(upscaled.stderr)")
        #expect(upscaled.stdout.hasPrefix("1 built, 0 unchanged, 0 failed, 3 tiers skipped, upscaled or reduced, "), "\(upscaled.stdout)")
        #expect(upscaled.stderr.contains("warning: mid.jpg: iphone-17-pro-max @3x 1320x1200 upscaled 1.12x from a 1181x1074 crop"), "\(upscaled.stderr)")
        let manifest = try BuildFixtures.manifest(in: tmp.path + "/out")
        let names = ((manifest["assets"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]] ?? []).flatMap { BuildFixtures.pictures(of: $0) }
            .flatMap { $0["files"] as? [[String: Any]] ?? [] }.compactMap { $0["name"] as? String }
        #expect(!names.isEmpty && names.allSatisfy { $0.range(of: #"\.[0-9a-f]{8}\.jpg$"#, options: .regularExpression) != nil }, "\(names)")
    }

    @Test func pipelineListAndShowPrintTheBuiltInPipelinesAndTheMinimumSizes() throws {
        let tmp = try TemporaryDirectory("pipeline-show")
        defer { tmp.remove() }
        // Run where no Pipelines/ folder exists, as an installed binary does.
        let list = try CLIRunner.run(["pipeline", "list"], in: tmp.url)
        #expect(list.exitCode == 0 && list.stderr.isEmpty)
        let rows = list.stdout.split(separator: "\n")
        #expect(rows.count == 2 && rows[0].hasPrefix("ios-hero  iOS 26 detail-screen heroes") && rows[1].hasPrefix("web-hero  Responsive web heroes"), "\(list.stdout)")

        let show = try CLIRunner.run(["pipeline", "show", "ios-hero"], in: tmp.url)
        #expect(show.exitCode == 0 && show.stderr.isEmpty)
        let shipped = try String(contentsOfFile: BuildFixtures.defaultPipeline, encoding: .utf8)
        #expect(show.stdout.hasPrefix(shipped + "\nMinimum photo size per tier of ios-hero"), "\(show.stdout)")
        #expect(show.stdout.contains("\niphone-17-pro-max      @3x   1320x1200    1320x1200      1650x1500 (1.25x)\n"), "\(show.stdout)")
        #expect(show.stdout.contains("\nipad-pro-13-landscape  @2x   2112x800     2112x800       2640x1000 (1.25x)\n"), "\(show.stdout)")

        // A file: its normalised JSON (keys sorted), then its table.
        _ = try tmp.write("mine.json", Array(#"{"targets": [{"web": "w", "widths": [640, 320], "aspect": "2:1"}], "name": "mine", "outputs": [{"format": "jpeg"}]}"#.utf8))
        let file = try CLIRunner.run(["pipeline", "show", "mine.json"], in: tmp.url)
        #expect(file.exitCode == 0)
        #expect(file.stdout.hasPrefix("{\n  \"name\": \"mine\",\n  \"outputs\": [\n    {\n      \"format\": \"jpeg\"\n    }\n  ],\n  \"targets\": ["), "\(file.stdout)")
        #expect(file.stdout.hasSuffix("target  tier  tier pixels  minimum photo  for full headroom\nw       320w  320x160      320x160        320x160\nw       640w  640x320      640x320        640x320\n"), "\(file.stdout)")
    }

    /// The docs page shows what the tool prints, so it cannot go stale.
    @Test(arguments: ["ios-hero", "web-hero"]) func theDocsPageHasTheToolsTable(name: String) throws {
        let tmp = try TemporaryDirectory("pipeline-docs")
        defer { tmp.remove() }
        let show = try CLIRunner.run(["pipeline", "show", name], in: tmp.url)
        let range = try #require(show.stdout.range(of: "Minimum photo size per tier of "))
        let table = String(show.stdout[range.lowerBound...])
        let page = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/pipelines-minimum-sizes.md"), encoding: .utf8)
        #expect(page.contains("## \(name)\n\n```\n" + table + "```\n"),
                "docs/pipelines-minimum-sizes.md: the \(name) table differs from `fullbleed pipeline show \(name)`; paste:\n\(table)")
    }

    @Test func newUsageErrorsAreOneLineEach() throws {
        let tmp = try TemporaryDirectory("partial-messages")
        defer { tmp.remove() }
        let input = try Self.midPhoto(tmp)
        let cases: [([String], String)] = [
            (["build", input, "--out", "out", "--upscale", "yes"],
             #"fullbleed build: --upscale expects skip (leave out a tier larger than the crop, the default) or upscale (enlarge it, with a warning), found "yes" (see 'fullbleed build --help')"#),
            (["build", input, "--out", "out", "--naming", "{asset}.{ext}"],
             #"fullbleed build: --naming expects plain, hashed or a template such as {asset}/{variant}.{hash}.{ext}: the naming template must contain {variant}, found "{asset}.{ext}" (see 'fullbleed build --help')"#),
            (["build", input, "--out", "out", "--emit", "swift,baked-sets"],
             "fullbleed build: --emit baked-sets needs xcassets (the baked -scrim and -extended image sets go into the asset catalog) (see 'fullbleed build --help')"),
            (["pipeline"], "fullbleed pipeline: expected 'list' or 'show NAME|FILE' (see 'fullbleed pipeline --help')"),
            (["pipeline", "shw", "ios-hero"], "fullbleed pipeline: unknown subcommand 'shw' (expected 'list' or 'show NAME|FILE') (see 'fullbleed pipeline --help')"),
            (["pipeline", "show"], "fullbleed pipeline: show needs a pipeline name or file (e.g. 'fullbleed pipeline show ios-hero') (see 'fullbleed pipeline --help')"),
            (["pipeline", "show", "a", "b"], "fullbleed pipeline: show takes one pipeline, got 2 (see 'fullbleed pipeline --help')"),
            (["pipeline", "list", "x"], "fullbleed pipeline: list takes no arguments, got 'x' (see 'fullbleed pipeline --help')"),
            (["pipeline", "show", "ios-heros"], "fullbleed pipeline: ios-heros: $: no pipeline file Pipelines/ios-heros.json and no built-in pipeline of that name (built in: ios-hero, web-hero); did you mean 'ios-hero'?"),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments, in: tmp.url)
            #expect(result.exitCode == 2, "\(arguments)")
            #expect(result.stderr == message + "\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"), "a usage error writes nothing")
        // `--emit xcassets,baked-sets` is accepted, and the options are in the help.
        let help = try CLIRunner.run(["build", "--help"])
        #expect(help.stdout.contains("--upscale POLICY") && help.stdout.contains("--naming NAMING") && help.stdout.contains("baked-sets"))
    }
}
