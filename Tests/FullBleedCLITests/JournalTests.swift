import Foundation
import Testing
import FullBleedTestSupport

/// The journaled commit through the built binary: a killed build's finished photos are adopted by the
/// next run (not rebuilt), a kill at any point (in the middle of the photos, in the commit, during the
/// removal of stale outputs) leaves a folder the next run turns into exactly the clean build, a no-op
/// build writes nothing, and `--check` needs no write access.
@Suite(.serialized) struct JournalTests {
    /// The photo lines of the journals in `out` (lines that decode: a kill tears the last one at most).
    static func journal(in out: String) -> (assets: Int, committed: Bool) {
        var assets = 0, committed = false
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        for name in names where name.hasPrefix(".fullbleed-journal-") {
            let text = (try? String(contentsOfFile: out + "/" + name, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { break }
                if object["kind"] as? String == "asset" { assets += 1 }
                if object["kind"] as? String == "commit" { committed = true }
            }
        }
        return (assets, committed)
    }

    /// The folder `out` after a rerun: consistent, and with the manifest of the clean build in `clean`.
    static func expectSameAsClean(_ out: String, _ clean: String, _ context: String = "",
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try ScaleFixtures.problems(in: out) == [], "\(context)", sourceLocation: sourceLocation)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        #expect(try manifest == Data(contentsOf: URL(fileURLWithPath: clean + "/manifest.json")),
                "\(context): the manifest differs from the clean build's", sourceLocation: sourceLocation)
    }

    static func build(_ input: String, _ out: String, _ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--json"] + extra)
    }

    /// A build stopped by SIGKILL, by Ctrl-C (SIGINT) or by the engine's SIGTERM: fullbleed installs no
    /// handler, so each ends it where it is, and the rerun adopts every photo journaled by then.
    @Test(arguments: [SIGKILL, SIGINT, SIGTERM])
    func aKilledBuildsFinishedPhotosAreNotRebuilt(signal: Int32) throws {
        let tmp = try TemporaryDirectory("resume-\(signal)")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", out = tmp.path + "/out", clean = tmp.path + "/clean"
        let total = 80
        try ScaleFixtures.writePhotos(total, to: input, width: 640, height: 480)
        #expect(try Self.build(input, clean).exitCode == 0)

        let pid = try ScaleFixtures.startWithDefaultSignals(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--jobs", "1", "--quiet"])
        let deadline = Date().addingTimeInterval(120)
        while Self.journal(in: out).assets < 12 && ScaleFixtures.isRunning(pid) && Date() < deadline { usleep(2_000) }
        kill(pid, signal)
        let ended = ScaleFixtures.waitForExit(pid)
        #expect(ended.signal == signal, "the build was to end by signal \(signal): \(ended)")
        let left = Self.journal(in: out)
        try #require(left.assets >= 12 && left.assets < total && !left.committed, "killed too late or too early: \(left)")
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.json"), "nothing is committed before the end")

        let rerun = try Self.build(input, out)
        #expect(rerun.exitCode == 0, "signal \(signal): \(rerun.stderr)")
        let finished = try #require(ScaleFixtures.finished(rerun.stdout))
        #expect(finished["resumed"] as? Int == left.assets, "\(rerun.stdout)")
        #expect(finished["built"] as? Int == total - left.assets, "\(rerun.stdout)")
        try Self.expectSameAsClean(out, clean)
    }

    @Test func randomKillsThenARerunGiveTheCleanBuild() throws {
        let tmp = try TemporaryDirectory("random-kills")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", clean = tmp.path + "/clean"
        try ScaleFixtures.writePhotos(120, to: input, width: 320, height: 240)
        // The second generation: 60 deleted, 20 changed, 20 new (stale outputs to remove, outputs to replace).
        let edited = tmp.path + "/edited"
        try ScaleFixtures.writePhotos(120, to: edited, width: 320, height: 240)
        for index in 0..<60 { try FileManager.default.removeItem(atPath: edited + String(format: "/g%03d/p%05d.jpg", index / 100, index)) }
        try ScaleFixtures.writePhotos(20, to: tmp.path + "/changed", width: 320, height: 240, first: 500)
        for offset in 0..<20 {
            let from = tmp.path + String(format: "/changed/g005/p%05d.jpg", 500 + offset), index = 60 + offset
            let to = edited + String(format: "/g%03d/p%05d.jpg", index / 100, index)
            try FileManager.default.removeItem(atPath: to)
            try FileManager.default.moveItem(atPath: from, toPath: to)
        }
        try ScaleFixtures.writePhotos(20, to: edited, width: 320, height: 240, first: 200)
        #expect(try Self.build(edited, clean).exitCode == 0)

        var generator = SeededGenerator(seed: 15)
        for round in 0..<8 {
            let out = tmp.path + "/out\(round)"
            #expect(try Self.build(input, out).exitCode == 0)
            // Two kills in a row at random points of the edited build, the second one sooner.
            for attempt in 0..<2 {
                let process = try ScaleFixtures.start(["build", edited, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--jobs", "1", "--quiet"])
                usleep(UInt32.random(in: 20_000...(attempt == 0 ? 900_000 : 400_000), using: &generator))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let rerun = try Self.build(edited, out)
            #expect(rerun.exitCode == 0, "round \(round): \(rerun.stderr)")
            try Self.expectSameAsClean(out, clean, "round \(round)")
        }
    }

    @Test func aKillDuringTheCommitIsRolledForward() throws {
        let tmp = try TemporaryDirectory("commit-kill")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", out = tmp.path + "/out", clean = tmp.path + "/clean"
        try ScaleFixtures.writePhotos(1500, to: input, width: 64, height: 48)
        #expect(try Self.build(input, out).exitCode == 0)
        // Keep 100 photos: the edited build removes 1,400 stale outputs, after its commit line.
        for group in 1..<15 { try FileManager.default.removeItem(atPath: input + String(format: "/g%03d", group)) }
        #expect(try Self.build(input, clean).exitCode == 0)

        let process = try ScaleFixtures.start(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--quiet"])
        var committed = false
        for _ in 0..<20_000 where !committed && process.isRunning {
            usleep(200)
            committed = Self.journal(in: out).committed
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let stillThere = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix("g0") && !$0.hasPrefix("g000") }.count
        let rerun = try Self.build(input, out)
        #expect(rerun.exitCode == 0, "\(rerun.stderr)")
        if committed && stillThere > 0 {
            // Killed between the commit line and the end of the removals: the rerun finished them.
            #expect(rerun.stdout.contains("finished the commit of an interrupted build"), "\(rerun.stdout)")
        }
        #expect(ScaleFixtures.finished(rerun.stdout)?["built"] as? Int == 0, "\(rerun.stdout)")
        try Self.expectSameAsClean(out, clean)
    }

    @Test func aNoOpBuildWritesNothing() throws {
        let tmp = try TemporaryDirectory("no-op")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", out = tmp.path + "/out"
        try ScaleFixtures.writePhotos(10, to: input)
        #expect(try Self.build(input, out).exitCode == 0)
        let before = try Self.inodesAndTimes(out)
        usleep(20_000)
        let again = try Self.build(input, out)
        #expect(again.exitCode == 0)
        #expect(ScaleFixtures.finished(again.stdout)?["unchanged"] as? Int == 10)
        // Only the folder lock is written (who holds it, emptied on release); nothing else is touched.
        var after = try Self.inodesAndTimes(out)
        #expect(after.removeValue(forKey: ".fullbleed.lock")?.first == before[".fullbleed.lock"]?.first)
        var expected = before
        expected[".fullbleed.lock"] = nil
        #expect(after == expected, "the no-op build touched files")
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func checkNeedsNoWriteAccess() throws {
        let tmp = try TemporaryDirectory("check-ro")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", out = tmp.path + "/out"
        try ScaleFixtures.writePhotos(4, to: input)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: out, size: "4m"))
        defer { ScratchMount.unmount(out) }
        #expect(try Self.build(input, out).exitCode == 0)
        try #require(ScratchMount.run(ScratchMount.mountTool!, ["-o", "remount,ro", out]))
        let check = try CLIRunner.run(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--check"])
        #expect(check.exitCode == 0, "\(check.stdout) \(check.stderr)")
        try FileManager.default.removeItem(atPath: input + "/g000/p00003.jpg")
        let stale = try CLIRunner.run(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--check"])
        #expect(stale.exitCode == 1, "\(stale.stdout) \(stale.stderr)")
        #expect(stale.stdout.contains("output of a deleted source"), "\(stale.stdout)")
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func aNoOpBuildSucceedsOnAFullDisk() throws {
        let tmp = try TemporaryDirectory("no-op-full")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", out = tmp.path + "/out"
        try ScaleFixtures.writePhotos(6, to: input)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: out, size: "2m"))
        defer { ScratchMount.unmount(out) }
        #expect(try Self.build(input, out).exitCode == 0)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        ScratchMount.fill(out)
        let again = try Self.build(input, out)
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(ScaleFixtures.finished(again.stdout)?["unchanged"] as? Int == 6, "\(again.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)
        // A real change on the full disk: exit 3, and the previous manifest and its files are untouched.
        try ScaleFixtures.writePhotos(1, to: input, first: 6)
        let changed = try Self.build(input, out)
        #expect(changed.exitCode == 3, "\(changed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)
        try FileManager.default.removeItem(atPath: out + "/filler")
        #expect(try ScaleFixtures.problems(in: out) == [])
    }

    /// Relative path -> (inode, modification time) of every entry below `folder`.
    static func inodesAndTimes(_ folder: String) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            var info = stat()
            guard lstat(folder + "/" + relative, &info) == 0 else { continue }
            result[relative] = [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size)]
        }
        return result
    }
}
