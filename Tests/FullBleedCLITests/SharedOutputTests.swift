import Foundation
import Testing
import FullBleedTestSupport

/// Several processes on one output folder, through the built binary: the shards of an Indexed Job started
/// staggered (each leaves the others' temporary files alone; `merge` gives the single run's manifest), two
/// unsharded builds at once (the second waits, or with `--no-wait` refuses naming the holder), and an
/// output folder inside (or around) an input folder.
@Suite(.serialized) struct SharedOutputTests {
    @Test func eightStaggeredShardsIntoOneFolderMergeToTheSingleRunManifest() throws {
        let tmp = try TemporaryDirectory("shards")
        defer { tmp.remove() }
        let input = tmp.path + "/photos", shared = tmp.path + "/shared", single = tmp.path + "/single"
        try ScaleFixtures.writePhotos(480, to: input, width: 320, height: 240)
        let reference = try CLIRunner.run(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", single, "--quiet"])
        try #require(reference.exitCode == 0, "\(reference.stderr)")

        // Each shard is started 0.3 s after the previous one, so every start (with its removal of debris)
        // falls while earlier shards are writing their temporary files.
        var shards: [(index: Int, process: Process, log: String)] = []
        for index in 0..<8 {
            let log = tmp.path + "/shard\(index).log"
            let process = try ScaleFixtures.start(["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", shared,
                                                   "--shards", "8", "--jobs", "1", "--quiet"],
                                                  environment: ["JOB_COMPLETION_INDEX": "\(index)"], log: log)
            shards.append((index, process, log))
            usleep(300_000)
        }
        for shard in shards {
            shard.process.waitUntilExit()
            let log = (try? String(contentsOfFile: shard.log, encoding: .utf8)) ?? ""
            #expect(shard.process.terminationStatus == 0, "shard \(shard.index) exited \(shard.process.terminationStatus): \(log)")
        }
        let partials = (1...8).map { "\(shared)/manifest.partial-\($0)-of-8.json" }
        let merge = try CLIRunner.run(["merge"] + partials + ["--out", shared + "/manifest.json"])
        #expect(merge.exitCode == 0, "\(merge.stderr)")
        let merged = try Data(contentsOf: URL(fileURLWithPath: shared + "/manifest.json"))
        let expected = try Data(contentsOf: URL(fileURLWithPath: single + "/manifest.json"))
        #expect(merged == expected, "the merged manifest differs from the single run's")
        #expect(try ScaleFixtures.problems(in: shared) == [])
    }

    @Test func aSecondBuildWaitsForTheFirstOrRefusesNamingIt() throws {
        let tmp = try TemporaryDirectory("two-builds")
        defer { tmp.remove() }
        let first = tmp.path + "/first", second = tmp.path + "/second", out = tmp.path + "/out"
        try ScaleFixtures.writePhotos(300, to: first, width: 480, height: 360)
        try ScaleFixtures.writePhotos(20, to: second, first: 1000)

        let running = try ScaleFixtures.start(["build", first, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--jobs", "1", "--quiet"])
        // The holder writes who it is into the lock once it has it.
        var holder = ""
        for _ in 0..<200 where holder.isEmpty {
            usleep(20_000)
            holder = (try? String(contentsOfFile: out + "/.fullbleed.lock", encoding: .utf8)) ?? ""
        }
        try #require(holder.contains("pid \(running.processIdentifier)"), "lock content: '\(holder)'")

        let refused = try CLIRunner.run(["build", second, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--no-wait"])
        #expect(refused.exitCode == 4, "\(refused.stderr)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("another build holds .fullbleed.lock (pid \(running.processIdentifier) on host "), "\(refused.stderr)")
        #expect(running.isRunning, "the first build ended before the refusal was tested; make it longer")

        let waited = try CLIRunner.run(["build", second, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--json"])
        running.waitUntilExit()
        #expect(running.terminationStatus == 0)
        #expect(waited.exitCode == 0, "\(waited.stderr)")
        #expect(waited.stdout.contains("waiting for \(out)/.fullbleed.lock: held by pid \(running.processIdentifier)"), "\(waited.stdout)")
        // The second build ran after the first: its manifest is the whole truth of the folder.
        #expect(try ScaleFixtures.problems(in: out) == [])
        let manifest = try BuildFixtures.manifest(in: out)
        #expect((manifest["assets"] as? [Any])?.count == 20)
        #expect(try String(contentsOfFile: out + "/.fullbleed.lock", encoding: .utf8) == "", "the lock file is emptied on release")
    }

    @Test func anOutputFolderInsideTheInputIsNotTakenForPhotos() throws {
        let tmp = try TemporaryDirectory("out-inside")
        defer { tmp.remove() }
        let library = tmp.path + "/library"
        try ScaleFixtures.writePhotos(5, to: library)
        for run in 1...3 {
            let result = try CLIRunner.run(["build", library, "--pipeline", ScaleFixtures.tinyPipeline, "--out", library + "/heroes", "--json"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let manifest = try BuildFixtures.manifest(in: library + "/heroes")
            #expect((manifest["assets"] as? [Any])?.count == 5, "run \(run)")
            if run > 1 {
                #expect(result.stdout.contains("heroes: skipped: the output folder (--out) is not an input"), "\(result.stdout)")
                #expect(ScaleFixtures.finished(result.stdout)?["built"] as? Int == 0, "run \(run) rebuilt: \(result.stdout)")
            }
        }
    }

    @Test(arguments: [("library", "library"), ("library/photos", "library")])
    func anInputFolderThatIsOrLiesInsideTheOutputIsRefused(input: String, out: String) throws {
        let tmp = try TemporaryDirectory("out-around")
        defer { tmp.remove() }
        try ScaleFixtures.writePhotos(2, to: tmp.path + "/library/photos")
        let before = tmp.allFiles()
        let result = try CLIRunner.run(["build", tmp.path + "/" + input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", tmp.path + "/" + out])
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("give the photos and the outputs separate folders"), "\(result.stderr)")
        #expect(tmp.allFiles() == before, "something was written")
    }
}
