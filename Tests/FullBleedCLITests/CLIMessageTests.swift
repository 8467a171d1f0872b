import Foundation
import Testing
import FullBleedPipeline
import FullBleedTestSupport

/// One-line messages and exit codes of small user-facing cases (typos, bad JSON, missing fields), each tested exactly.
@Suite struct CLIMessageTests {
    @Test func pipelineNameTypoListsTheBuiltInNamesAndSuggestsTheNearest() throws {
        let tmp = try TemporaryDirectory("typo")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/photos")
        let result = try CLIRunner.run(["build", "photos", "--pipeline", "ios-heros", "--out", "out"], in: tmp.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "fullbleed build: ios-heros: $: no pipeline file Pipelines/ios-heros.json and no built-in pipeline of that name"
                + " (built in: ios-hero, web-hero); did you mean 'ios-hero'?\n")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"))

        // Pipelines of the current folder are listed and suggested too; a name far from all gets no suggestion.
        _ = try tmp.write("Pipelines/catalog-hero.json", Array(try Data(contentsOf: URL(fileURLWithPath: BuildFixtures.smallPipeline))))
        let local = try CLIRunner.run(["build", "photos", "-p", "catalog-heor", "--out", "out"], in: tmp.url)
        #expect(local.exitCode == 2)
        #expect(local.stderr.hasSuffix("(built in: ios-hero, web-hero; in Pipelines/: catalog-hero); did you mean 'catalog-hero'?\n"), "\(local.stderr)")
        let far = try CLIRunner.run(["build", "photos", "-p", "zzzzzz", "--out", "out"], in: tmp.url)
        #expect(far.exitCode == 2)
        #expect(far.stderr.hasSuffix("(built in: ios-hero, web-hero; in Pipelines/: catalog-hero)\n"), "\(far.stderr)")
    }

    @Test func emptyFolderNamesEveryAcceptedExtensionAndExitsTwo() throws {
        let tmp = try TemporaryDirectory("empty")
        defer { tmp.remove() }
        _ = try tmp.write("photos/notes.txt", Array("not a photo".utf8))
        let result = try CLIRunner.run(["build", "photos", "--out", "out"], in: tmp.url)
        #expect(result.exitCode == 2)
        let extensions = InputDiscovery.imageExtensionList.map { "." + $0 }.joined(separator: " ")
        #expect(extensions == ".jpg .jpeg .png .webp .heic .heif .avif")
        #expect(result.stderr == "fullbleed build: photos: input: no photos found (folders are searched for \(extensions) files, any case)\n")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"), "a build with no photo writes nothing")

        // A shard that gets no photo of a non-empty input is not an error.
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/photos")
        let shards = try (1...2).map { try CLIRunner.run(["build", "photos", "-p", BuildFixtures.smallPipeline, "--shard", "\($0)/2", "--out", "out", "-q"], in: tmp.url) }
        #expect(shards.map(\.exitCode) == [0, 0], "\(shards.map(\.stderr))")
    }

    @Test func inspectOnAFolderIsAUsageError() throws {
        let result = try CLIRunner.run(["inspect", "Samples"])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "fullbleed inspect: Samples is a folder: inspect takes one photo ('fullbleed build' takes folders) (see 'fullbleed inspect --help')\n")
    }

    @Test func checkWithOneStalePhotoCountsWhatIsStale() throws {
        let tmp = try TemporaryDirectory("check-summary")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg", "sk_chelsea.png", "lomiri_Picture_0B_by_freespace.jpg", "lomiri_friends_by_Aitzol_Berasategi.jpg"],
                                      to: tmp.path + "/photos")
        let arguments = ["build", "photos", "-p", BuildFixtures.smallPipeline, "--out", "out"]
        let build = try CLIRunner.run(arguments, in: tmp.url)
        #expect(build.exitCode == 0, "\(build.stderr)")
        try FileManager.default.removeItem(atPath: tmp.path + "/photos/sk_chelsea.png")
        try FileManager.default.copyItem(atPath: TestPaths.samples.appendingPathComponent("sk_retina.jpg").path, toPath: tmp.path + "/photos/sk_chelsea.png")

        let check = try CLIRunner.run(arguments + ["--check"], in: tmp.url)
        #expect(check.exitCode == 1)
        let lines = check.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["Stale or missing (1):", "  sk_chelsea.png: stale"])
        #expect(lines.last?.hasPrefix("1 stale, 3 unchanged in ") == true, "\(check.stdout)")
        #expect(!check.stdout.contains("built"))

        // A photo never built is counted as new.
        try BuildFixtures.copySamples(["lomiri_Bridge_by_Sander_Klootwijk.jpg"], to: tmp.path + "/photos")
        let added = try CLIRunner.run(arguments + ["--check"], in: tmp.url)
        #expect(added.exitCode == 1)
        #expect(added.stdout.split(separator: "\n").last?.hasPrefix("1 stale, 1 new, 3 unchanged in ") == true, "\(added.stdout)")
    }

    @Test func trailingCommaInAPipelineIsRefusedWithLineAndColumn() throws {
        let tmp = try TemporaryDirectory("trailing-comma")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/photos")
        let small = try String(contentsOfFile: BuildFixtures.smallPipeline, encoding: .utf8)
        let trailing = small.replacingOccurrences(of: #"{ "format": "webp", "quality": 75, "method": 0 }"#,
                                                  with: #"{ "format": "webp", "quality": 75, "method": 0 },"#)
        #expect(trailing != small)
        let path = try tmp.write("Pipelines/trailing.json", Array(trailing.utf8))
        let result = try CLIRunner.run(["build", "photos", "-p", path, "--out", "out"], in: tmp.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "fullbleed build: \(path):13:53: not valid JSON: trailing comma (standard JSON allows none)\n")

        // Other syntax errors name the line and column too; a comma before ']' inside a string is fine.
        let missingComma = small.replacingOccurrences(of: "\"name\": \"small\",", with: "\"name\": \"small\"")
        let broken = try tmp.write("Pipelines/broken.json", Array(missingComma.utf8))
        let syntax = try CLIRunner.run(["build", "photos", "-p", broken, "--out", "out"], in: tmp.url)
        #expect(syntax.exitCode == 2)
        #expect(syntax.stderr == "fullbleed build: \(broken):3:3: not valid JSON: invalid value\n")
        let inString = small.replacingOccurrences(of: "\"name\": \"small\",", with: "\"name\": \"small\", \"description\": \"a, ] b\",")
            .replacingOccurrences(of: "\"description\": \"A fast", with: "\"$schema\": \"A fast")
        let fine = try tmp.write("Pipelines/fine.json", Array(inString.utf8))
        let accepted = try CLIRunner.run(["build", "photos", "-p", fine, "--out", "out", "-q"], in: tmp.url)
        #expect(accepted.exitCode == 0, "\(accepted.stderr)")
    }

    @Test func aPipelineWithoutNameSaysNameIsRequiredAndThePipelinesPageListsIt() throws {
        let tmp = try TemporaryDirectory("no-name")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/photos")
        let small = try String(contentsOfFile: BuildFixtures.smallPipeline, encoding: .utf8)
        let path = try tmp.write("mine.json", Array(small.replacingOccurrences(of: "\"name\": \"small\",", with: "").utf8))
        let result = try CLIRunner.run(["build", "photos", "-p", path, "--out", "out"], in: tmp.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "fullbleed build: \(path): $.name: is required (a string)\n")
        let page = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/pipelines.md"), encoding: .utf8)
        #expect(page.contains("| `name` | required: 1-64 letters, digits, `-` or `_`"))
    }

    @Test func aMistypedCommandOrOptionGetsTheNearestOne() throws {
        let command = try CLIRunner.run(["biuld", "Samples"])
        #expect(command.exitCode == 2)
        #expect(command.stderr == "fullbleed: unknown command 'biuld'; did you mean 'build'? (see 'fullbleed --help')\n")
        let option = try CLIRunner.run(["build", "Samples", "--ouput", "x"])
        #expect(option.exitCode == 2)
        #expect(option.stderr == "fullbleed build: unknown option '--ouput'; did you mean '--out'? (see 'fullbleed build --help')\n")
        // Nothing near: no guess.
        let far = try CLIRunner.run(["build", "Samples", "--zzzzzzzz"])
        #expect(far.stderr == "fullbleed build: unknown option '--zzzzzzzz' (see 'fullbleed build --help')\n")
        let merge = try CLIRunner.run(["merge", "a.json", "--no-wiat"])
        #expect(merge.stderr.contains("unknown option '--no-wiat'; did you mean '--no-wait'?"), "\(merge.stderr)")
    }

    /// Shards count from 1 everywhere (`--shard`, the partial manifests' names); the 0-based index of an
    /// Indexed Job is read by `--shards` only, and `--shard 0/N` says so.
    @Test func shardZeroExplainsTheNumbering() throws {
        let zero = try CLIRunner.run(["build", "Samples", "--shard", "0/8", "--out", "/nonexistent/never"])
        #expect(zero.exitCode == 2)
        #expect(zero.stderr == "fullbleed build: --shard expected I/N with 1 <= I <= N <= 10000, got 0/8: shards are numbered from 1 (1/8 to 8/8); a 0-based index such as JOB_COMPLETION_INDEX is read by --shards 8 (see 'fullbleed build --help')\n")
        let help = try CLIRunner.run(["build", "--help"])
        #expect(help.stdout.contains("Build shard I of N, I from 1 to N") && help.stdout.contains("JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX + 1 (those count from 0)"), "\(help.stdout)")
    }

    /// A pipeline whose fields cannot feed the emitters asked for: the error names the pipeline file (not
    /// just the pipeline's name) and the field, and nothing is written.
    @Test func pipelineErrorsFoundAfterLoadingNameTheFile() throws {
        let tmp = try TemporaryDirectory("pipeline-file")
        defer { tmp.remove() }
        let xcode = try CLIRunner.run(["build", "Samples/sk_retina.jpg", "-p", "Pipelines/web-hero.json", "--out", tmp.path + "/out", "--emit", "xcassets"])
        #expect(xcode.exitCode == 2)
        #expect(xcode.stderr.hasPrefix("fullbleed build: Pipelines/web-hero.json: emit xcassets: an Xcode asset catalog needs at least one device target"), "\(xcode.stderr)")
        // A built-in name resolves to its file in Pipelines/, which the error names.
        let html = try CLIRunner.run(["build", "Samples/sk_retina.jpg", "-p", "ios-hero", "--out", tmp.path + "/out", "--emit", "html"])
        #expect(html.exitCode == 2)
        #expect(html.stderr.hasPrefix("fullbleed build: Pipelines/ios-hero.json: emit html: needs a web target"), "\(html.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"))
    }

    /// `--check` after a build that recorded a failure: the photo is `failed (reason)`, not missing or new;
    /// exit 1 while it is the same file (0 with `--allow-failures`), stale once it changed; `--json` gives
    /// each entry as fields.
    @Test func checkReportsARecordedFailureAsFailedWhileTheFileIsTheSame() throws {
        let tmp = try TemporaryDirectory("check-failed")
        defer { tmp.remove() }
        let input = tmp.path + "/photos"
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: input)
        try BuildFixtures.writeTruncatedJPEG(to: input + "/truncated.jpg")
        let args = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out"]
        #expect(try CLIRunner.run(args + ["--quiet"]).exitCode == 1)

        let check = try CLIRunner.run(args + ["--check"])
        #expect(check.exitCode == 1)
        #expect(check.stdout == """
            Still failing, as recorded (1):
              truncated.jpg: failed (decode failed (jpeg): Premature end of JPEG file)

            """ + check.stdout.split(separator: "\n").last! + "\n", "\(check.stdout)")
        #expect(check.stdout.split(separator: "\n").last!.hasPrefix("0 stale, 1 unchanged, 1 failed in "), "\(check.stdout)")
        #expect(try CLIRunner.run(args + ["--check", "--allow-failures"]).exitCode == 0)

        let json = try CLIRunner.run(args + ["--check", "--json"])
        let finished = try #require(json.stdout.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let stale = try #require(finished["stale"] as? [[String: String]])
        #expect(stale == [["path": "truncated.jpg", "state": "failed", "reason": "decode failed (jpeg): Premature end of JPEG file"]])

        // The file replaced: a build would try it again, so it is stale (and not failing any more).
        try BuildFixtures.writeTruncatedJPEG(to: input + "/truncated.jpg", fraction: 2)
        let changed = try CLIRunner.run(args + ["--check", "--allow-failures"])
        #expect(changed.exitCode == 1)
        #expect(changed.stdout.contains("Stale or missing (1):\n  truncated.jpg: stale (changed since it failed)\n"), "\(changed.stdout)")
        #expect(changed.stdout.contains("1 stale, 1 unchanged in "), "\(changed.stdout)")
    }
}
