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
}
