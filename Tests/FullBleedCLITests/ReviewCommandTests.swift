import Foundation
import Testing
import FullBleedPipeline
import FullBleedTestSupport

/// The `review` of a photo whose subject the tool cannot vouch for (the retina photo: no subject found),
/// through the built binary: the `--json` asset event, the summary lines, `inspect`, and its clearing by
/// the sidecar's `reviewed` digest until the photo changes (docs/review.md).
@Suite struct ReviewCommandTests {
    static let reason = "iphone-17-pro, ipad-mini, web: no subject found"

    static func events(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func aHeroThatNeedsALookIsReportedEverywhereUntilAPersonConfirmsIt() throws {
        let tmp = try TemporaryDirectory("review")
        defer { tmp.remove() }
        let input = tmp.path + "/in", out = tmp.path + "/out"
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: input)
        let photo = input + "/sk_retina.jpg", sidecar = photo + ".fullbleed.json"
        let build = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out]

        // --json: the asset event carries the reasons, the finished event counts the heroes to look at.
        let json = try CLIRunner.run(build + ["--json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let events = try Self.events(json.stdout)
        let asset = try #require(events.first { $0["event"] as? String == "asset" })
        #expect(asset["review"] as? [String] == [Self.reason], "\(asset)")
        #expect(events.last?["needReview"] as? Int == 1, "\(json.stdout)")
        let manifest = try BuildFixtures.manifest(in: out)
        let record = try #require((manifest["assets"] as? [[String: Any]])?.first)
        #expect(record["review"] as? [String] == [Self.reason] && record["reviewed"] == nil)

        // The summary (an unchanged photo still needs its look): one line, then the photo's reasons.
        let text = try CLIRunner.run(build)
        #expect(text.exitCode == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "1 of 1 hero needs a look: sk_retina.jpg", "\(text.stdout)")
        #expect(lines.dropFirst(2).first == "  sk_retina.jpg: \(Self.reason)", "\(text.stdout)")
        let inspect = try CLIRunner.run(["inspect", photo, "--pipeline", BuildFixtures.smallPipeline])
        #expect(inspect.stdout.contains("  needs a look: \(Self.reason)\n"), "\(inspect.stdout)")

        // A person confirms the heroes of these bytes: no review, `reviewed: true`, nothing in the summary.
        let digest = SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: photo))))
        try Data(#"{"reviewed": {"sha256": "\#(digest)"}}"#.utf8).write(to: URL(fileURLWithPath: sidecar))
        let confirmed = try CLIRunner.run(build)
        #expect(confirmed.exitCode == 0 && !confirmed.stdout.contains("need"), "\(confirmed.stdout)")
        let cleared = try #require((try BuildFixtures.manifest(in: out)["assets"] as? [[String: Any]])?.first)
        #expect(cleared["review"] == nil && cleared["reviewed"] as? Bool == true, "\(cleared)")

        // The photo changes (bytes after the JPEG's end): the review returns and says why.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: photo))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0, 0]))
        try handle.close()
        let changed = try CLIRunner.run(build + ["--json"])
        #expect(changed.exitCode == 0, "\(changed.stderr)")
        let again = try #require(try Self.events(changed.stdout).first { $0["event"] as? String == "asset" })
        #expect(again["review"] as? [String] == ["the photo changed since it was reviewed", Self.reason], "\(again)")

        // A malformed digest fails the photo with the sidecar's name and the field.
        try Data(#"{"reviewed": {"sha256": "1234"}}"#.utf8).write(to: URL(fileURLWithPath: sidecar))
        let bad = try CLIRunner.run(build + ["--quiet"])
        #expect(bad.exitCode == 1)
        #expect(bad.stderr.contains("sk_retina.jpg.fullbleed.json") && bad.stderr.contains("$.reviewed.sha256"), "\(bad.stderr)")
    }
}
