import Foundation
import Testing
import FullBleedTestSupport

/// The SwiftPM command plugin, run with `swift package fullbleed` on a copy of `Tests/Fixtures/plugin-package`
/// whose dependency points at this repository.
///
/// The plugin asks SwiftPM for a release build of the `fullbleed` tool for the fixture, in
/// `.build/plugin-fixture-scratch`, which persists between runs: the first run compiles the package
/// (several minutes on 2 busy cores), later runs only check it (a few seconds each).
@Suite(.serialized) struct PluginTests {
    static let swift: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let scratch = TestPaths.packageRoot.appendingPathComponent(".build/plugin-fixture-scratch")

    /// A copy of the fixture package in a temporary folder, depending on this repository by absolute path.
    static func fixtureCopy() throws -> TemporaryDirectory {
        let tmp = try TemporaryDirectory("plugin")
        let package = tmp.url.appendingPathComponent("HeroFixture")
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/plugin-package"), to: package)
        let manifestURL = package.appendingPathComponent("Package.swift")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        let pointed = manifest.replacingOccurrences(of: #"path: "../../..""#, with: "path: \"\(TestPaths.packageRoot.path)\"")
        #expect(pointed != manifest, "the fixture's dependency path was not found for rewriting")
        try pointed.write(to: manifestURL, atomically: true, encoding: .utf8)
        return tmp
    }

    /// `swift package --allow-writing-to-package-directory fullbleed arguments...` in `package`.
    static func runPlugin(_ arguments: [String], in package: URL) throws -> CLIRunner.Result {
        let swift = try #require(swift)
        let started = Date()
        let result = try CLIRunner.run(
            executable: swift,
            ["package", "--scratch-path", scratch.path, "--allow-writing-to-package-directory", "fullbleed"] + arguments,
            in: package)
        print("PluginTests: swift package fullbleed \(arguments.joined(separator: " ")): exit \(result.exitCode) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        return result
    }

    /// Paths of every derivative file the manifest lists.
    static func listedFiles(_ manifest: [String: Any]) -> [String] {
        var paths: [String] = []
        for asset in manifest["assets"] as? [[String: Any]] ?? [] {
            for target in asset["targets"] as? [[String: Any]] ?? [] {
                for record in BuildFixtures.pictures(of: target) {
                    paths += (record["files"] as? [[String: Any]] ?? []).map { BuildFixtures.path(of: $0, in: asset) }
                }
            }
        }
        return paths.sorted()
    }

    @Test(.enabled(if: swift != nil, "swift not found on PATH: plugin test skipped"), .timeLimit(.minutes(15)))
    func pluginBuildsChecksAndNamesTheFailingFile() throws {
        let tmp = try Self.fixtureCopy()
        defer { tmp.remove() }
        let package = tmp.url.appendingPathComponent("HeroFixture")
        let out = package.appendingPathComponent("Generated/Heroes").path

        // Defaults: input Heroes/, output Generated/Heroes; `--jobs 2` must not be taken for an input.
        let build = try Self.runPlugin(["--pipeline", "Pipelines/fixture.json", "--jobs", "2"], in: package)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        let manifest = try BuildFixtures.manifest(in: out)
        let sources = (manifest["assets"] as? [[String: Any]] ?? []).compactMap { ($0["source"] as? [String: Any])?["path"] as? String }
        #expect(sources.sorted() == ["chelsea.jpg", "retina.jpg"])
        #expect((manifest["pipeline"] as? [String: Any])?["name"] as? String == "fixture")
        let files = Self.listedFiles(manifest)
        #expect(files == ["chelsea-jpg/hero-160w.jpg", "chelsea-jpg/hero-320w.jpg", "retina-jpg/hero-160w.jpg", "retina-jpg/hero-320w.jpg"])
        for file in files { #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)") }

        // Nothing changed: --check passes.
        let check = try Self.runPlugin(["--pipeline", "Pipelines/fixture.json", "--check"], in: package)
        #expect(check.exitCode == 0, "\(check.stdout)\n\(check.stderr)")

        // An explicit input replaces the default one; a broken photo fails the build, named in the output.
        let broken = package.appendingPathComponent("Broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("not a photo".utf8).write(to: broken.appendingPathComponent("broken.jpg"))
        let failed = try Self.runPlugin(["--pipeline", "Pipelines/fixture.json", "-j", "1", "--out", "Generated/Broken", "Broken"], in: package)
        #expect(failed.exitCode != 0)
        #expect((failed.stdout + failed.stderr).contains("broken.jpg"), "\(failed.stdout)\n\(failed.stderr)")
        #expect((failed.stdout + failed.stderr).contains("fullbleed build failed"))
        let failedManifest = try BuildFixtures.manifest(in: package.appendingPathComponent("Generated/Broken").path)
        #expect((failedManifest["assets"] as? [Any])?.isEmpty == true)
        #expect((failedManifest["failures"] as? [[String: Any]])?.first?["source"] as? String == "broken.jpg")
    }

    /// The plugin must know which options take a value: were it to read them from a `--help` that glued the value
    /// name to its text (`--decode-timeout SAbandon...`), `30` would become an input and the default input be lost.
    @Test(.enabled(if: swift != nil, "swift not found on PATH: plugin test skipped"), .timeLimit(.minutes(15)))
    func optionValueIsNotTakenForAnInputAndTheRunPrintsNoWarning() throws {
        let tmp = try Self.fixtureCopy()
        defer { tmp.remove() }
        let package = tmp.url.appendingPathComponent("HeroFixture")
        let build = try Self.runPlugin(["--pipeline", "Pipelines/fixture.json", "--decode-timeout", "30", "--emit-dir=Xcode"], in: package)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        let output = build.stdout + build.stderr
        #expect(output.contains("fullbleed build --pipeline Pipelines/fixture.json --decode-timeout 30 --emit-dir=Xcode --out \(package.path)/Generated/Heroes \(package.path)/Heroes"),
                "\(output)")
        #expect(!output.contains("warning:"), "\(output)")
        let manifest = try BuildFixtures.manifest(in: package.appendingPathComponent("Generated/Heroes").path)
        let sources = (manifest["assets"] as? [[String: Any]] ?? []).compactMap { ($0["source"] as? [String: Any])?["path"] as? String }
        #expect(sources.sorted() == ["chelsea.jpg", "retina.jpg"])
    }

    @Test(.enabled(if: swift != nil, "swift not found on PATH: plugin test skipped"), .timeLimit(.minutes(15)))
    func targetOptionUsesTheTargetsHeroesAndResourcesFolders() throws {
        let tmp = try Self.fixtureCopy()
        defer { tmp.remove() }
        let package = tmp.url.appendingPathComponent("HeroFixture")
        let target = package.appendingPathComponent("Sources/HeroFixture")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("Heroes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: package.appendingPathComponent("Heroes/retina.jpg"), to: target.appendingPathComponent("Heroes/retina.jpg"))

        let build = try Self.runPlugin(["--target", "HeroFixture", "--pipeline", "Pipelines/fixture.json"], in: package)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        let manifest = try BuildFixtures.manifest(in: target.appendingPathComponent("Resources/Heroes").path)
        #expect(Self.listedFiles(manifest) == ["retina-jpg/hero-160w.jpg", "retina-jpg/hero-320w.jpg"])
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Generated").path))

        let unknown = try Self.runPlugin(["--target", "NoSuchTarget"], in: package)
        #expect(unknown.exitCode != 0)
        #expect((unknown.stdout + unknown.stderr).contains("NoSuchTarget"))
    }

    /// The plugin runs `fullbleed` in the user's package, where `Pipelines/ios-hero.json` usually does not exist:
    /// the default pipeline then comes from the built-in copy.
    @Test func defaultPipelineResolvesOutsideTheRepository() throws {
        let tmp = try TemporaryDirectory("builtin-pipeline")
        defer { tmp.remove() }
        try FileManager.default.copyItem(atPath: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/plugin-package/Heroes/retina.jpg").path,
                                         toPath: tmp.path + "/retina.jpg")
        let outside = try CLIRunner.run(["build", "retina.jpg", "--out", "heroes", "--quiet"], in: tmp.url)
        #expect(outside.exitCode == 0, "\(outside.stderr)")
        let inside = try CLIRunner.run(["build", tmp.path + "/retina.jpg", "--pipeline", BuildFixtures.defaultPipeline, "--out", tmp.path + "/file-heroes", "--quiet"])
        #expect(inside.exitCode == 0, "\(inside.stderr)")
        let builtIn = try BuildFixtures.manifest(in: tmp.path + "/heroes")["pipeline"] as? [String: Any]
        let fromFile = try BuildFixtures.manifest(in: tmp.path + "/file-heroes")["pipeline"] as? [String: Any]
        #expect(builtIn?["name"] as? String == "ios-hero")
        #expect(builtIn?["hash"] as? String == fromFile?["hash"] as? String)

        // A package's own Pipelines/ios-hero.json wins over the built-in copy.
        try tmp.write("Pipelines/ios-hero.json", Array(try Data(contentsOf: URL(fileURLWithPath: BuildFixtures.smallPipeline))))
        let own = try CLIRunner.run(["build", "retina.jpg", "--out", "own", "--quiet"], in: tmp.url)
        #expect(own.exitCode == 0, "\(own.stderr)")
        #expect((try BuildFixtures.manifest(in: tmp.path + "/own")["pipeline"] as? [String: Any])?["name"] as? String == "small")
    }
}
