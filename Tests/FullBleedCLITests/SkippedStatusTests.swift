import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// A photo too small for every tier (a generated 512x512 PNG under `ios-hero`, whose smallest tier is
/// 880x800) is reported as `skipped`, with its reason, by the per-photo line, `--json` and the summary;
/// it is not a failure (exit 0) and the catalog and the generated Swift leave it out.
@Suite struct SkippedStatusTests {
    static let tinyName = "tiny_512.png"
    static let reason = "too small for every tier: the 512x512 source gives a 512x465 crop, the smallest tier (iphone-17-pro-max@2x) needs 880x800"

    /// `in/` with `sk_retina.jpg` (1411x1411: built) and a generated 512x512 photo (skipped).
    static func inputs(_ tmp: TemporaryDirectory) throws -> String {
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: input)
        let png = try Codecs.encode(SyntheticImages.photoLike(width: 512, height: 512), as: .png(PNGEncodeOptions()))
        try Data(png).write(to: URL(fileURLWithPath: input + "/" + tinyName))
        return input
    }

    @Test func aTooSmallPhotoIsSkippedInEveryOutputAndLeftOutOfTheAppFiles() throws {
        let tmp = try TemporaryDirectory("skipped")
        defer { tmp.remove() }
        let input = try Self.inputs(tmp)
        let out = tmp.path + "/out"
        let args = ["build", input, "--pipeline", BuildFixtures.defaultPipeline, "--out", out, "--jobs", "2", "--emit", "xcassets,swift"]

        // The per-photo lines (stderr is not a terminal here) and the summary.
        let text = try CLIRunner.run(args)
        #expect(text.exitCode == 0, "a skip is not a failure: \(text.stderr)")
        let lines = text.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("] skipped \(Self.tinyName): \(Self.reason)") }, "\(text.stderr)")
        // sk_retina.jpg (1411x1411) has no iPad tier: built, partial, with a warning per tier not made as planned.
        #expect(lines.contains { $0.contains("] partial sk_retina.jpg") }, "\(text.stderr)")
        #expect(!lines.contains { $0.contains("built \(Self.tinyName)") || $0.contains("partial \(Self.tinyName)") })
        #expect(!lines.contains { $0.hasPrefix("warning: \(Self.tinyName)") }, "a skipped photo has its one line, no warning per tier")
        #expect(text.stdout.hasPrefix("1 built (1 partial), 0 unchanged, 1 skipped (too small for every tier), 0 failed, 3 tiers skipped, upscaled or reduced in "),
                "\(text.stdout)")

        // The manifest keeps a short record: the reason, and each skipped tier's note among the warnings;
        // no targets or placeholders.
        let manifest = try BuildFixtures.manifest(in: out)
        let assets = try #require(manifest["assets"] as? [[String: Any]])
        let tiny = try #require(assets.first { ($0["key"] as? String) == "tiny_512-png" })
        #expect(tiny["skipped"] as? String == Self.reason)
        #expect(tiny["targets"] == nil && tiny["placeholders"] == nil)
        #expect((tiny["warnings"] as? [String] ?? []).filter { $0.contains(" skipped: the crop is only ") }.count == 4, "\(tiny["warnings"] ?? [])")

        // Catalog and Swift: the built photo is there, the skipped one is not.
        let catalog = try FileManager.default.contentsOfDirectory(atPath: out + "/Xcode/Heroes.xcassets")
        #expect(catalog.contains("sk_retina-jpg.imageset"))
        #expect(!catalog.contains { $0.hasPrefix("tiny_512") }, "\(catalog)")
        let swift = try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8)
        #expect(swift.contains("public static let skRetinaJpg = Hero("))
        #expect(!swift.contains("tiny"), "the skipped photo must not appear in the Swift file")

        // --json: the asset event and the finished event; a no-op rebuild still counts it as skipped.
        let json = try CLIRunner.run(args + ["--force", "--json"])
        #expect(json.exitCode == 0)
        let events = try json.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let event = try #require(events.first { ($0["event"] as? String) == "asset" && ($0["path"] as? String) == Self.tinyName })
        #expect(event["status"] as? String == "skipped")
        #expect(event["reason"] as? String == Self.reason)
        #expect(event["error"] == nil)
        let finished = try #require(events.last)
        #expect(finished["event"] as? String == "finished")
        #expect(finished["built"] as? Int == 1 && finished["skipped"] as? Int == 1 && finished["failed"] as? Int == 0)

        let again = try CLIRunner.run(args + ["--json"])
        let last = try #require(again.stdout.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(last["unchanged"] as? Int == 1 && last["skipped"] as? Int == 1 && last["built"] as? Int == 0, "\(again.stdout)")
    }
}
