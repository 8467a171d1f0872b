import Foundation
import Testing
import FullBleedTestSupport

/// Nothing outside `--out` is ever deleted, read or written, whatever a pull request plants inside it.
@Suite struct ConfinementTests {
    /// `out/evil -> /elsewhere` plus a manifest entry `evil/victim.txt` for a deleted source: the next build
    /// must not delete the file outside (it used to report "1 stale outputs removed" and delete it).
    @Test func staleOutputRemovalNeverFollowsAPlantedSymlink() throws {
        let tmp = try TemporaryDirectory("confinement")
        defer { tmp.remove() }
        let input = tmp.path + "/in", out = tmp.path + "/out"
        try BuildFixtures.copySamples(["sk_chelsea.png"], to: input)
        let first = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet"])
        try #require(first.exitCode == 0, "\(first.stderr)")

        // Outside the output folder: a file that must survive.
        let victim = try tmp.write("elsewhere/victim.txt", Array("keep me".utf8))
        try FileManager.default.createSymbolicLink(atPath: out + "/evil", withDestinationPath: tmp.path + "/elsewhere")
        // The manifest claims an asset of a deleted source whose outputs include evil/victim.txt (and a
        // path through the link to a folder, and one that climbs out).
        var manifest = try BuildFixtures.manifest(in: out)
        var assets = manifest["assets"] as! [[String: Any]]
        var planted = assets[0]
        var source = planted["source"] as! [String: Any]
        source["path"] = "gone.png"
        planted["source"] = source
        planted["key"] = "gone-png"
        var targets = planted["targets"] as! [[String: Any]]
        let t = try #require(targets.firstIndex { ($0["derivatives"] as! [[String: Any]]).contains { !($0["files"] as! [Any]).isEmpty } })
        var derivatives = targets[t]["derivatives"] as! [[String: Any]]
        let d = try #require(derivatives.firstIndex { !($0["files"] as! [Any]).isEmpty })
        var files = derivatives[d]["files"] as! [[String: Any]]
        // Names are relative to the asset's folder: list every file by its whole path instead.
        let folder = planted["folder"] as? String ?? ""
        planted["folder"] = nil
        for i in files.indices { files[i]["name"] = folder + (files[i]["name"] as! String) }
        for path in ["evil/victim.txt", "../elsewhere/victim.txt"] {
            var file = files[0]
            file["name"] = path
            files.append(file)
        }
        derivatives[d]["files"] = files
        targets[t]["derivatives"] = derivatives
        planted["targets"] = targets
        assets.insert(planted, at: 0)
        manifest["assets"] = assets
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: URL(fileURLWithPath: out + "/manifest.json"))

        let second = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out])
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: victim), "a file outside --out was deleted: \(second.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(second.stderr.contains("evil/victim.txt") && second.stderr.contains("symbolic link"), "\(second.stderr)")
        // The planted link itself is left alone too (it is not an output), and the manifest no longer lists the paths.
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: out + "/evil")) != nil)
        let rebuilt = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        #expect(!rebuilt.contains("victim.txt") && !rebuilt.contains("gone.png"))
    }
}
