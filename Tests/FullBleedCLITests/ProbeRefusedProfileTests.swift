import Foundation
import Testing
import FullBleedTestSupport

/// `probe` and `build` on a PNG whose iCCP profile libpng refuses (it inflates to 30 MiB of zeros): both
/// succeed and both say the profile was dropped (the pixels are read as sRGB).
@Suite struct ProbeRefusedProfileTests {
    static let fixture = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/png/refused_iccp.png")
    static let dropped = "profile dropped: the pixels are read as sRGB"

    @Test func probePrintsTheWarningAndSucceeds() throws {
        let result = try CLIRunner.run(["probe", Self.fixture.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[1].hasPrefix(Self.fixture.path + ": warning: iCCP: profile 'bogus'") && lines[1].contains(Self.dropped),
                "\(result.stdout)")
        let json = try CLIRunner.run(["probe", "--json", Self.fixture.path])
        let reports = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        #expect((reports[0]["warnings"] as? [String])?.first?.contains(Self.dropped) == true, "\(json.stdout)")
    }

    @Test func theBuildsManifestSaysSo() throws {
        let tmp = try TemporaryDirectory("refused-iccp")
        defer { tmp.remove() }
        try FileManager.default.createDirectory(atPath: tmp.path + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: tmp.path + "/in/refused_iccp.png")
        let build = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out", "--quiet"])
        #expect(build.exitCode == 0, "\(build.stderr)")
        let asset = try #require((try BuildFixtures.manifest(in: tmp.path + "/out")["assets"] as? [[String: Any]])?.first)
        #expect((asset["warnings"] as! [String]).contains { $0.hasPrefix("iCCP: profile 'bogus'") && $0.contains(Self.dropped) })
        #expect((asset["source"] as! [String: Any])["colorSpace"] as? String == "srgb")
    }
}
