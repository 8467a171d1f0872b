import Foundation
import Testing
import FullBleedTestSupport

/// `fullbleed build --emit`: the option's parsing and its files, through the binary.
@Suite struct EmitOptionTests {
    @Test func unknownEmitKindIsAUsageError() throws {
        let tmp = try TemporaryDirectory("emit-usage")
        defer { tmp.remove() }
        let result = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out", "--emit", "xcassets,storyboard"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--emit expected none or a comma-separated list of xcassets, swift, html, baked-sets, found \"storyboard\""), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"))
    }

    @Test func emitWritesTheCatalogAndSwiftFileAndCheckFollowsThem() throws {
        let tmp = try TemporaryDirectory("emit-cli")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        let out = tmp.path + "/out"
        let args = ["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet"]
        let result = try CLIRunner.run(args + ["--emit", "xcassets", "--emit", "swift"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let contents = try Data(contentsOf: URL(fileURLWithPath: out + "/Xcode/Heroes.xcassets/sk_retina-jpg.imageset/Contents.json"))
        let images = try #require((try JSONSerialization.jsonObject(with: contents) as? [String: Any])?["images"] as? [[String: Any]])
        #expect(images.compactMap { $0["filename"] as? String }.sorted() == ["ipad-mini@1x.jpg", "iphone-17-pro@1x.jpg", "iphone-17-pro@1x.jpg"])
        let swift = try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8)
        #expect(swift.contains("public enum Heroes {") && swift.contains("public static let skRetinaJpg = Hero("))
        #expect(try CLIRunner.run(args + ["--check", "--emit", "xcassets,swift"]).exitCode == 0)
        // Without --emit the folder's remembered emitters are checked: all current.
        #expect(try CLIRunner.run(args + ["--check"]).exitCode == 0)
        try FileManager.default.removeItem(atPath: out + "/Xcode/Heroes.swift")
        let check = try CLIRunner.run(args.filter { $0 != "--quiet" } + ["--check", "--emit", "swift"])
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("Xcode/Heroes.swift: missing") || check.stderr.contains("Xcode/Heroes.swift: missing"), "\(check.stdout)\(check.stderr)")
    }

    /// The output folder remembers its emitters: the README's Makefile and CI lines (no `--emit`) keep the
    /// catalog and the Swift file current and check them; `--emit none` removes and forgets them.
    @Test func aBuildWithoutEmitKeepsWhatTheFolderEmitsCurrent() throws {
        let tmp = try TemporaryDirectory("emit-remembered")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        let out = tmp.path + "/out"
        let args = ["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet"]
        try #require(try CLIRunner.run(args + ["--emit", "xcassets,swift"]).exitCode == 0)

        // A photo added, then the build line without --emit: the Xcode files follow, and --check agrees.
        try BuildFixtures.copySamples(["lomiri_friends_by_Aitzol_Berasategi.jpg"], to: tmp.path + "/in")
        let staleCheck = try CLIRunner.run(args.filter { $0 != "--quiet" } + ["--check"])
        #expect(staleCheck.exitCode == 1 && staleCheck.stdout.contains("lomiri_friends_by_Aitzol_Berasategi.jpg: missing"), "\(staleCheck.stdout)")
        let build = try CLIRunner.run(args)
        #expect(build.exitCode == 0, "\(build.stderr)")
        let swift = try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8)
        #expect(swift.contains("\"lomiri_friends_by_Aitzol_Berasategi-jpg\"") && swift.contains("\"sk_retina-jpg\""), "\(swift)")
        #expect(FileManager.default.fileExists(atPath: out + "/Xcode/Heroes.xcassets/lomiri_friends_by_Aitzol_Berasategi-jpg.imageset/Contents.json"))
        #expect(try CLIRunner.run(args + ["--check"]).exitCode == 0)

        // A hand edit is stale to --check without --emit, and the next build repairs it.
        try Data((swift + "// edited by hand\n").utf8).write(to: URL(fileURLWithPath: out + "/Xcode/Heroes.swift"))
        let edited = try CLIRunner.run(args.filter { $0 != "--quiet" } + ["--check"])
        #expect(edited.exitCode == 1 && edited.stdout.contains("Xcode/Heroes.swift: stale"), "\(edited.stdout)")
        #expect(try CLIRunner.run(args).exitCode == 0)
        #expect(try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8) == swift)

        // --emit none removes the emitted files and forgets them: the next plain build emits nothing.
        let none = try CLIRunner.run(args + ["--emit", "none"])
        #expect(none.exitCode == 0, "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/Xcode"))
        #expect(try CLIRunner.run(args).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/Xcode"))
        #expect(try CLIRunner.run(args + ["--check"]).exitCode == 0)
    }

    @Test func buildHelpListsEmit() throws {
        let result = try CLIRunner.run(["build", "--help"])
        #expect(result.stdout.contains("--emit LIST") && result.stdout.contains("--emit-dir DIR"))
    }

    /// `--emit-dir` puts the catalog and the Swift file in a folder of their own inside `--out`; a folder
    /// outside it is a usage error that writes nothing.
    @Test func emitDirChoosesTheFolderInsideTheOutputFolder() throws {
        let tmp = try TemporaryDirectory("emit-dir")
        defer { tmp.remove() }
        let out = tmp.path + "/out"
        let args = ["build", "Samples/sk_retina.jpg", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet", "--emit", "xcassets,swift"]
        let result = try CLIRunner.run(args + ["--emit-dir", "App/Generated"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/App/Generated").sorted() == ["Heroes.swift", "Heroes.xcassets"])
        #expect(!FileManager.default.fileExists(atPath: out + "/Xcode"))
        let outside = try CLIRunner.run(args.map { $0 == out ? tmp.path + "/other" : $0 } + ["--emit-dir", "../escape"])
        #expect(outside.exitCode == 2)
        #expect(outside.stderr.contains("--emit-dir expected a folder inside the output folder"), "\(outside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/other") && !FileManager.default.fileExists(atPath: tmp.path + "/escape"))
    }
}
