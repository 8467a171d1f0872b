import Foundation
import Synchronization
import Testing
import FullBleedPipeline
import FullBleedTestSupport

/// The artefacts of docs/install.md, by the names the Makefile gives them: the binary `make build` links with
/// the Swift runtime inside (`.build/static/release/fullbleed`), the Debian package (`make deb`), the
/// container image (`make image`, IMAGE) and the tests' Debian 12 base image (`make test-base`, TEST_BASE).
enum PackagingFixtures {
    static var image: String { "localhost/fullbleed:\(ToolVersion.current)" }
    static let testBase = "localhost/fullbleed-test-base:bookworm"
    static var staticBinary: URL { TestPaths.packageRoot.appendingPathComponent(".build/static/release/fullbleed") }
    static var hasStaticBinary: Bool { FileManager.default.isExecutableFile(atPath: staticBinary.path) }
    static let noStaticBinary = "no .build/static/release/fullbleed (run `make build`): the static binary is not checked"

    static let arch: String = (try? run("dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
    static var deb: URL { TestPaths.packageRoot.appendingPathComponent("build/fullbleed_\(ToolVersion.current)_\(arch).deb") }

    /// Runs a program found on the PATH.
    static func run(_ program: String, _ arguments: [String], in directory: URL = TestPaths.packageRoot) throws -> CLIRunner.Result {
        try CLIRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, in: directory)
    }

    /// podman with the project's containers.conf, as the Makefile runs it.
    static func podman(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["podman"] + arguments, in: TestPaths.packageRoot,
                          environment: ["CONTAINERS_CONF": TestPaths.packageRoot.appendingPathComponent("packaging/containers.conf").path])
    }

    /// Why the container tests cannot run here, or nil when podman runs and `make test` built the image and package.
    static let containersUnavailable: String? = {
        guard let info = try? podman(["info"]), info.exitCode == 0 else {
            return "podman cannot run here: the container image and Debian package tests are skipped"
        }
        for name in [image, testBase] where (try? podman(["image", "exists", name]))?.exitCode != 0 {
            return "no image \(name) (`make test` builds it: `make test-base image BASE=\(testBase)`): the container tests are skipped"
        }
        if !FileManager.default.fileExists(atPath: deb.path) { return "no \(deb.path) (`make deb`): the package tests are skipped" }
        return nil
    }()
    static var containersRun: Bool { containersUnavailable == nil }
    static var containersComment: Comment { Comment(rawValue: containersUnavailable ?? "") }

    /// A folder writable by the image's user (uid 10001), as a mounted output folder must be.
    static func worldWritable(_ url: URL) throws -> URL {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: url.path)
        return url
    }

    /// The visible files below `folder` (the derivatives and manifest.json; not the state cache or lock), with their bytes.
    static func outputs(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    /// Samples/ built once by the host's binary from a folder named `photos` into `heroes` (the same relative
    /// arguments the containers get): the reference outputs.
    static let hostBuild: Result<[String: Data], any Error> = Result {
        let tmp = try TemporaryDirectory("host-build")
        defer { tmp.remove() }
        try FileManager.default.copyItem(at: TestPaths.samples, to: tmp.url.appendingPathComponent("photos"))
        let result = try CLIRunner.run(["build", "photos", "--out", "heroes", "--quiet"], in: tmp.url)
        guard result.exitCode == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return try outputs(tmp.url.appendingPathComponent("heroes"))
    }

    /// The `command: [...]` list of a Job in deploy/kubernetes (a YAML flow sequence of JSON strings).
    static func jobCommand(_ file: String) throws -> [String] {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("deploy/kubernetes/\(file)"), encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("command: [") }) else { return [] }
        let list = line.drop { $0 != "[" }
        return try JSONDecoder().decode([String].self, from: Data(list.utf8))
    }
}

/// The binary `make build` makes: the Swift runtime linked in, so only C libraries from Debian are needed, no
/// RUNPATH into the toolchain; `--version` names the commit it was built from.
@Suite struct StaticBinaryTests {
    @Test(.enabled(if: PackagingFixtures.hasStaticBinary, Comment(rawValue: PackagingFixtures.noStaticBinary)))
    func needsOnlyCLibrariesAndNoToolchainPath() throws {
        let dynamic = try PackagingFixtures.run("readelf", ["-d", PackagingFixtures.staticBinary.path])
        #expect(dynamic.exitCode == 0, "\(dynamic.stderr)")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty)
        for line in needed { #expect(!line.contains("swift") && !line.contains("Foundation") && !line.contains("dispatch"), "\(line)") }
        for line in dynamic.stdout.split(separator: "\n") where line.contains("(RUNPATH)") || line.contains("(RPATH)") {
            #expect(!line.contains("/"), "a run path outside the binary's folder: \(line)")
        }
        let libraries = try PackagingFixtures.run("ldd", [PackagingFixtures.staticBinary.path])
        #expect(libraries.exitCode == 0 && !libraries.stdout.contains("not found") && !libraries.stdout.contains("swift"), "\(libraries.stdout)")
    }

    /// `fullbleed 0.2.0 (commit <12 hex digits>[-dirty])`, the commit one of this repository's.
    @Test(.enabled(if: PackagingFixtures.hasStaticBinary, Comment(rawValue: PackagingFixtures.noStaticBinary)))
    func versionNamesTheCommitItWasBuiltFrom() throws {
        let result = try CLIRunner.run(executable: PackagingFixtures.staticBinary, ["--version"], in: TestPaths.packageRoot)
        #expect(result.exitCode == 0)
        let prefix = "fullbleed \(ToolVersion.current) (commit "
        #expect(result.stdout.hasPrefix(prefix), "\(result.stdout)")
        let commit = result.stdout.dropFirst(prefix.count).prefix { $0.isHexDigit }
        #expect(commit.count == 12, "\(result.stdout)")
        let known = try PackagingFixtures.run("git", ["cat-file", "-e", "\(commit)^{commit}"])
        #expect(known.exitCode == 0, "\(commit) is not a commit of this repository")
    }

    /// A release tarball has no .git: the Makefile takes the commit from packaging/COMMIT, which `git archive`
    /// fills in (export-subst).
    @Test func aTarballWithoutGitKnowsItsCommit() throws {
        let tmp = try TemporaryDirectory("tarball")
        defer { tmp.remove() }
        let head = try PackagingFixtures.run("git", ["rev-parse", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let archive = tmp.url.appendingPathComponent("src.tar").path
        let made = try PackagingFixtures.run("git", ["archive", "-o", archive, "HEAD", "Makefile", "packaging", "Sources/FullBleedPipeline/ToolVersion.swift"])
        #expect(made.exitCode == 0, "\(made.stderr)")
        let tree = tmp.url.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        #expect(try PackagingFixtures.run("tar", ["-xf", archive, "-C", tree.path]).exitCode == 0)
        let printed = try PackagingFixtures.run("make", ["-s", "--no-print-directory", "version"], in: tree)
        #expect(printed.exitCode == 0, "\(printed.stderr)")
        #expect(printed.stdout == "\(ToolVersion.current) \(head.prefix(12))\n", "\(printed.stdout)")
    }
}

/// The man page the package installs, written from the CLI's help by packaging/manpage.sh.
@Suite struct ManPageTests {
    @Test func documentsEveryCommandOptionAndExitCodeAndIsValidRoff() throws {
        let page = try PackagingFixtures.run("sh", ["packaging/manpage.sh", CLIRunner.binary.path])
        #expect(page.exitCode == 0, "\(page.stderr)")
        for command in ["build", "inspect", "merge", "preview", "probe"] {
            #expect(page.stdout.contains(".SS \(command)\n"), "no section for \(command)")
            let help = try CLIRunner.run([command, "--help"]).stdout
            let options = help.split(separator: "\n").drop { $0 != "Options:" }.dropFirst()
            for line in options {
                guard let name = line.split(separator: " ").first(where: { $0.hasPrefix("--") }) else { continue }
                #expect(page.stdout.contains(name.replacingOccurrences(of: "-", with: "\\-") + "\n") || page.stdout.contains(name.replacingOccurrences(of: "-", with: "\\-") + " "),
                        "\(command): \(name) missing")
            }
        }
        for code in 0...4 { #expect(page.stdout.contains(".TP\n.B \(code)\n"), "exit code \(code) missing") }
        let file = try TemporaryDirectory("man")
        defer { file.remove() }
        let path = try file.write("fullbleed.1", Array(page.stdout.utf8))
        let checked = try PackagingFixtures.run("groff", ["-man", "-ww", "-z", path])
        #expect(checked.exitCode == 0 && checked.stderr.isEmpty, "\(checked.stderr)")
    }
}

/// Formula/fullbleed.rb (which brew cannot run here) names the same Homebrew dependencies as Package.swift's
/// `.brew` providers plus dlib (linked by the face detector), and as the Makefile's BREW_PACKAGES.
@Suite struct HomebrewFormulaTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The quoted names after `marker` on each line that has it, e.g. `depends_on "webp"` or `.brew(["webp"])`.
    static func quoted(after marker: String, in text: String) -> Set<String> {
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            var rest = Substring(line)
            while let found = rest.range(of: marker) {
                rest = rest[found.upperBound...]
                let parts = rest.split(separator: "\"", omittingEmptySubsequences: false)
                if parts.count >= 2 { names.insert(String(parts[1])) }
            }
        }
        return names
    }

    @Test func dependenciesMatchPackageSwiftAndTheMakefile() throws {
        let formula = try Self.read("Formula/fullbleed.rb")
        let dependencies = Self.quoted(after: "depends_on \"", in: formula.replacingOccurrences(of: "depends_on \"", with: "depends_on \"\""))
        let package = try Self.read("Package.swift")
        let providers = Self.quoted(after: ".brew([\"", in: package.replacingOccurrences(of: ".brew([\"", with: ".brew([\"\""))
        // One Homebrew provider per system-library target: the parse found them all.
        #expect(providers.count == package.components(separatedBy: ".systemLibrary(").count - 1, "\(providers.sorted())")
        #expect(dependencies == providers.union(["dlib", "pkg-config"]), "formula \(dependencies.sorted()) vs Package.swift \(providers.sorted())")
        let makefile = try Self.read("Makefile")
        let line = makefile.split(separator: "\n").first { $0.hasPrefix("BREW_PACKAGES := ") } ?? ""
        #expect(Set(line.dropFirst("BREW_PACKAGES := ".count).split(separator: " ").map(String.init)) == dependencies)
        #expect(formula.contains("depends_on \"pkg-config\" => :build"))
        #expect(formula.contains("url \"RELEASE_URL/fullbleed-\(ToolVersion.current).tar.gz\""), "the formula's version is the tool's")
    }
}

/// The container image (`make image`) on the real runtime (podman): what the docs and deploy/kubernetes
/// promise. Every container runs as the image's non-root user with a read-only root file system.
@Suite(.serialized, .enabled(if: PackagingFixtures.containersRun, PackagingFixtures.containersComment))
struct ContainerImageTests {
    static func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try PackagingFixtures.podman(["run", "--rm", "--read-only", "--network", "none"] + arguments)
    }

    @Test func printsTheVersionOfTheStaticBinaryAsANonRootUser() throws {
        let result = try Self.run([PackagingFixtures.image, "--version"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("fullbleed \(ToolVersion.current) (commit "), "\(result.stdout)")
        if PackagingFixtures.hasStaticBinary {
            #expect(result.stdout == (try CLIRunner.run(executable: PackagingFixtures.staticBinary, ["--version"], in: TestPaths.packageRoot)).stdout)
        }
        let user = try PackagingFixtures.podman(["image", "inspect", "--format", "{{.Config.User}}", PackagingFixtures.image])
        #expect(user.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "10001:10001")
        let id = try Self.run(["--entrypoint", "id", PackagingFixtures.image, "-u"])
        #expect(id.stdout == "10001\n", "\(id.stdout)\(id.stderr)")
        let swift = try Self.run(["--entrypoint", "sh", PackagingFixtures.image, "-c", "command -v swift swiftc || echo none"])
        #expect(swift.stdout == "none\n", "the image holds a Swift toolchain: \(swift.stdout)")
    }

    /// Samples/ mounted read-only, built into a mounted folder: the same bytes as the host's binary writes.
    @Test func buildsTheSamplesLikeTheHostBinary() throws {
        let tmp = try TemporaryDirectory("image-build")
        defer { tmp.remove() }
        let heroes = try PackagingFixtures.worldWritable(tmp.url.appendingPathComponent("heroes"))
        let result = try Self.run(["-v", "\(TestPaths.samples.path):/data/photos:ro", "-v", "\(heroes.path):/data/heroes", "-w", "/data",
                                   PackagingFixtures.image, "build", "photos", "--out", "heroes", "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let built = try PackagingFixtures.outputs(heroes)
        let reference = try PackagingFixtures.hostBuild.get()
        #expect(built.keys.sorted() == reference.keys.sorted())
        for (name, bytes) in reference { #expect(built[name] == bytes, "\(name) differs from the host binary's") }
        let owner = try FileManager.default.attributesOfItem(atPath: heroes.appendingPathComponent("manifest.json").path)[.ownerAccountID] as? NSNumber
        #expect(owner?.intValue == 10001, "manifest.json written by uid \(owner.map { "\($0)" } ?? "?"), not the image's user")
    }

    /// deploy/kubernetes's contract: one container per index with JOB_COMPLETION_INDEX running the Indexed
    /// Job's command, all at once on one shared volume, then the merge Job's command: the manifest of one run.
    @Test func theIndexedJobAsContainersWritesTheManifestOfOneRun() throws {
        let build = try PackagingFixtures.jobCommand("heroes-job.yaml")
        let merge = try PackagingFixtures.jobCommand("heroes-merge-job.yaml")
        #expect(build.first == "fullbleed" && build.contains("--shards") && merge.first == "sh")
        let shards = Int(build[(build.firstIndex(of: "--shards") ?? 0) + 1]) ?? 0
        #expect(shards == 8)
        let tmp = try TemporaryDirectory("indexed-job")
        defer { tmp.remove() }
        let library = tmp.url.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.samples, to: library.appendingPathComponent("photos"))
        _ = try PackagingFixtures.worldWritable(library.appendingPathComponent("heroes"))
        let volume = ["-v", "\(library.path):/library"]
        let codes = Mutex([Int32](repeating: -1, count: shards))
        DispatchQueue.concurrentPerform(iterations: shards) { index in
            let result = try? Self.run(["-e", "JOB_COMPLETION_INDEX=\(index)"] + volume + ["--entrypoint", build[0], PackagingFixtures.image] + build.dropFirst())
            codes.withLock { $0[index] = result?.exitCode ?? -2 }
        }
        #expect(codes.withLock { $0 } == [Int32](repeating: 0, count: shards))
        let merged = try Self.run(volume + ["--entrypoint", merge[0], PackagingFixtures.image] + merge.dropFirst())
        #expect(merged.exitCode == 0, "\(merged.stderr)")
        let manifest = try Data(contentsOf: library.appendingPathComponent("heroes/manifest.json"))
        #expect(manifest == (try PackagingFixtures.hostBuild.get())["manifest.json"], "the merged manifest differs from one run's")
    }

    /// The exit codes of the table in the docs, through the container runtime: a bad photo 1, a bad pipeline 2.
    @Test func exitCodesSurviveTheContainer() throws {
        let tmp = try TemporaryDirectory("image-exit")
        defer { tmp.remove() }
        try FileManager.default.copyItem(at: TestPaths.samples.appendingPathComponent("sk_retina.jpg"), to: tmp.url.appendingPathComponent("photos/sk_retina.jpg").creatingParent())
        try tmp.write("photos/broken.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 64))
        try tmp.write("config/bad.json", Array(#"{"name": "bad", "targets": 7}"#.utf8))
        let heroes = try PackagingFixtures.worldWritable(tmp.url.appendingPathComponent("heroes"))
        let mounts = ["-v", "\(tmp.url.appendingPathComponent("photos").path):/photos:ro", "-v", "\(heroes.path):/heroes",
                      "-v", "\(tmp.url.appendingPathComponent("config").path):/config:ro"]
        let badPhoto = try Self.run(mounts + [PackagingFixtures.image, "build", "/photos", "--out", "/heroes", "--quiet"])
        #expect(badPhoto.exitCode == 1, "\(badPhoto.stderr)")
        #expect(badPhoto.stderr.contains("broken.jpg"), "\(badPhoto.stderr)")
        #expect(FileManager.default.fileExists(atPath: heroes.appendingPathComponent("sk_retina-jpg").path), "the good photo was not built")
        let badPipeline = try Self.run(mounts + [PackagingFixtures.image, "build", "/photos", "--out", "/heroes", "--pipeline", "/config/bad.json"])
        #expect(badPipeline.exitCode == 2, "\(badPipeline.stderr)")
        #expect(badPipeline.stderr.contains("bad.json"), "\(badPipeline.stderr)")
    }
}

/// The Debian package (`make deb`) installed with apt-get into a fresh Debian 12 root (a container of the
/// mmdebstrap-made base, which has no Swift): its Depends bring every library, and it builds Samples/ to the
/// host binary's bytes.
@Suite(.enabled(if: PackagingFixtures.containersRun, PackagingFixtures.containersComment))
struct DebianPackageTests {
    @Test func installsIntoAFreshDebianAndBuildsTheSamples() throws {
        let tmp = try TemporaryDirectory("deb-install")
        defer { tmp.remove() }
        let heroes = try PackagingFixtures.worldWritable(tmp.url.appendingPathComponent("heroes"))
        let deb = PackagingFixtures.deb
        let script = """
            set -e
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /pkg/\(deb.lastPathComponent) >/dev/null
            if command -v swift swiftc; then echo "Swift is installed" >&2; exit 9; fi
            test -f /usr/share/man/man1/fullbleed.1.gz
            test -f /usr/share/fullbleed/pipelines/ios-hero.json
            cd /data && fullbleed build photos --out heroes --quiet
            dpkg-query -W -f='${Depends}' fullbleed
            """
        let result = try PackagingFixtures.podman(["run", "--rm", "-v", "\(deb.deletingLastPathComponent().path):/pkg:ro",
                                                   "-v", "\(TestPaths.samples.path):/data/photos:ro", "-v", "\(heroes.path):/data/heroes",
                                                   PackagingFixtures.testBase, "sh", "-c", script])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("libheif1") && result.stdout.contains("libc6"), "Depends: \(result.stdout)")
        let built = try PackagingFixtures.outputs(heroes)
        let reference = try PackagingFixtures.hostBuild.get()
        #expect(built.keys.sorted() == reference.keys.sorted())
        for (name, bytes) in reference { #expect(built[name] == bytes, "\(name) differs from the host binary's") }
    }
}

private extension URL {
    /// This URL, after creating its parent folder.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
