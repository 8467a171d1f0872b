import Foundation
import Testing
import FullBleedTestSupport

/// One map from error to exit code for every verb (`ExitCode.of`): a write into the output that fails is
/// exit 3 with one line naming the file, whether it is `build`'s manifest, `merge`'s merged manifest,
/// `preview`'s page, `build --preview`'s page or `build --emit`'s Swift file.
@Suite struct VerbExitCodeTests {
    static func expectOneLineExit3(_ result: CLIRunner.Result, naming name: String, _ comment: Comment? = nil) {
        #expect(result.exitCode == 3, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(name) && lines[0].contains("write failed"), "\(result.stderr)")
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func mergeAndPreviewOntoAFullDiskExitThree() throws {
        let tmp = try TemporaryDirectory("verbs-full")
        defer { tmp.remove() }
        let out = tmp.path + "/out"
        for shard in ["1/2", "2/2"] {
            let r = try CLIRunner.run(["build", "Samples", "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--shard", shard, "--quiet"])
            try #require(r.exitCode == 0, "\(r.stderr)")
        }
        let full = tmp.path + "/full"
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: full, size: "64k"))
        defer { ScratchMount.unmount(full) }
        ScratchMount.fill(full)

        let merge = try CLIRunner.run(["merge", out + "/manifest.partial-1-of-2.json", out + "/manifest.partial-2-of-2.json",
                                       "--out", full + "/manifest.json"])
        Self.expectOneLineExit3(merge, naming: "manifest.json")
        #expect(merge.stderr.contains("No space left on device"), "\(merge.stderr)")

        let merged = try CLIRunner.run(["merge", out + "/manifest.partial-1-of-2.json", out + "/manifest.partial-2-of-2.json",
                                        "--out", out + "/manifest.json"])
        try #require(merged.exitCode == 0, "\(merged.stderr)")
        let preview = try CLIRunner.run(["preview", out + "/manifest.json", "--out", full + "/preview.html", "--sources", "Samples"])
        #expect(preview.exitCode == 3, "\(preview.stderr)")
        #expect(preview.stderr.contains("No space left on device") && preview.stderr.split(separator: "\n").count == 1, "\(preview.stderr)")
        // Nothing half-written on the full disk (the empty lock file of merge's folder is not an output).
        let left = try FileManager.default.contentsOfDirectory(atPath: full)
        #expect(left.filter { $0 != "filler" && $0 != "preview" && $0 != ".fullbleed.lock" }.isEmpty, "\(left)")
    }

    @Test func buildPreviewAndEmitWriteFailuresExitThree() throws {
        let tmp = try TemporaryDirectory("verbs-blocked")
        defer { tmp.remove() }
        // A folder where the page (or the Swift file) must go: the write fails (EISDIR) after the manifest.
        let out = tmp.path + "/out"
        try FileManager.default.createDirectory(atPath: out + "/preview.html", withIntermediateDirectories: true)
        let preview = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", BuildFixtures.smallPipeline, "--out", out,
                                         "--preview", "--quiet"])
        Self.expectOneLineExit3(preview, naming: "preview.html")
        #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))

        let emitOut = tmp.path + "/emit"
        try FileManager.default.createDirectory(atPath: emitOut + "/Xcode/Heroes.swift", withIntermediateDirectories: true)
        let emit = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", BuildFixtures.smallPipeline, "--out", emitOut,
                                      "--emit", "swift", "--quiet"])
        Self.expectOneLineExit3(emit, naming: "Heroes.swift")
    }

    @Test func readFailuresOfInputsAreUsageErrors() throws {
        let tmp = try TemporaryDirectory("verbs-read")
        defer { tmp.remove() }
        let merge = try CLIRunner.run(["merge", tmp.path + "/missing.json", "--out", tmp.path + "/m.json"])
        #expect(merge.exitCode == 2 && merge.stderr.contains("missing.json") && merge.stderr.contains("cannot read partial manifest"), "\(merge.stderr)")
        let preview = try CLIRunner.run(["preview", tmp.path + "/missing.json"])
        #expect(preview.exitCode == 2 && preview.stderr.contains("cannot read manifest: no such file"), "\(preview.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/m.json"))
    }
}
