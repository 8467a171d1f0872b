import Foundation
import Testing
import FullBleedTestSupport

/// Every byte a build writes, pinned: the SHA-256 of each file (derivatives, manifest, catalog, Swift,
/// preview) of three builds through the `fullbleed` binary, against `Tests/Fixtures/golden/<name>.tsv`.
/// A refactor must leave these unchanged; a change that means to alter outputs regenerates them with
/// `FULLBLEED_UPDATE_GOLDEN=1 swift test -c release --filter GoldenOutputTests` and the diff shows which
/// files moved (the manifest's line alone, for a change of the manifest only).
@Suite struct GoldenOutputTests {
    static let goldenFolder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/golden")

    /// Builds `inputs` with `arguments` into a fresh folder and compares every file's hash with the golden list.
    func check(_ name: String, inputs: [String], arguments: [String]) throws {
        let tmp = try TemporaryDirectory("golden-\(name)")
        defer { tmp.remove() }
        let out = tmp.path + "/out"
        let result = try CLIRunner.run(["build"] + inputs + ["--out", out, "--quiet"] + arguments)
        #expect(result.exitCode == 0 || result.exitCode == 1, "\(result.stderr)")
        let paths = try BuildFixtures.snapshot(out).keys.filter { !Self.isVolatile($0) }.sorted()
        let hashes = try CLIRunner.run(executable: URL(fileURLWithPath: "/usr/bin/sha256sum"), paths, in: URL(fileURLWithPath: out))
        try #require(hashes.exitCode == 0, "\(hashes.stderr)")
        // `sha256sum` prints "HASH  PATH" (independent of the code under test); the golden line is "PATH\tHASH".
        let lines = hashes.stdout.split(separator: "\n").map { line -> String in
            let hash = line.prefix(64), path = line.dropFirst(66)
            return "\(path)\t\(hash)"
        }
        #expect(lines.count == paths.count)
        let actual = lines.joined(separator: "\n") + "\n"
        let goldenURL = Self.goldenFolder.appendingPathComponent("\(name).tsv")
        if ProcessInfo.processInfo.environment["FULLBLEED_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: goldenURL)
            return
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        let expected = Set(golden.split(separator: "\n")), got = Set(actual.split(separator: "\n"))
        let missing = expected.subtracting(got).sorted(), extra = got.subtracting(expected).sorted()
        #expect(missing.isEmpty && extra.isEmpty,
                "\(name): outputs differ from Tests/Fixtures/golden/\(name).tsv\n  expected, not made:\n    \(missing.prefix(12).joined(separator: "\n    "))\n  made, not expected:\n    \(extra.prefix(12).joined(separator: "\n    "))")
    }

    /// The build-state cache (times) and the folder lock (who held it) are not outputs.
    static func isVolatile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix(".fullbleed-state") || name == ".fullbleed.lock"
    }

    @Test func samplesWithTheDefaultPipelineCatalogSwiftAndPreview() throws {
        try check("samples-ios-hero", inputs: [TestPaths.samples.path], arguments: ["--emit", "xcassets,swift", "--preview"])
    }

    @Test func samplesWithTheWebPipeline() throws {
        try check("samples-web-hero", inputs: [TestPaths.samples.path], arguments: ["--pipeline", "web-hero"])
    }

    @Test(.requiresCorpus) func corpusPhotosAndEdgeCasesWithTheDefaultPipeline() throws {
        try check("corpus-ios-hero", inputs: [TestPaths.corpus.appendingPathComponent("photos").path,
                                              TestPaths.corpus.appendingPathComponent("edge").path], arguments: [])
    }
}
