import Foundation
import Testing
import FullBleedTestSupport

/// `deploy/kubernetes/*.yaml` (the Indexed Job of the shards and the merge Job) against the Kubernetes
/// OpenAPI schemas, offline, with PyPI `kubernetes-validate` in `.build/k8s-venv` (`make k8s-venv`, part
/// of `make test`), strictly (unknown fields are errors); and the exit codes their pod failure policies
/// name are the ones the CLI documents.
@Suite struct KubernetesManifestTests {
    static var validator: URL { TestPaths.packageRoot.appendingPathComponent(".build/k8s-venv/bin/kubernetes-validate") }
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: validator.path) }
    static let unavailableMessage = ".build/k8s-venv is missing (run `make k8s-venv`): the Kubernetes manifests are not validated"

    static var manifests: [String] {
        let folder = TestPaths.packageRoot.appendingPathComponent("deploy/kubernetes").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
    }

    @Test(.enabled(if: KubernetesManifestTests.isAvailable, Comment(rawValue: KubernetesManifestTests.unavailableMessage)),
          arguments: ["1.33.0", "1.37.0"])
    func theJobsValidateAgainstTheKubernetesSchemas(version: String) throws {
        let manifests = Self.manifests
        #expect(manifests.map { ($0 as NSString).lastPathComponent } == ["heroes-job.yaml", "heroes-merge-job.yaml", "photo-library-pvc.yaml"])
        let result = try CLIRunner.run(executable: Self.validator, ["--strict", "-k", version] + manifests, in: TestPaths.packageRoot)
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let said = result.stdout + result.stderr
        #expect(said.components(separatedBy: " passed for resource job/").count - 1 == 2, "\(said)")
        #expect(said.components(separatedBy: " passed for resource persistentvolumeclaim/").count - 1 == 1, "\(said)")
    }

    @Test(.enabled(if: KubernetesManifestTests.isAvailable, Comment(rawValue: KubernetesManifestTests.unavailableMessage)))
    func theValidatorRejectsAMistypedField() throws {
        let tmp = try TemporaryDirectory("k8s")
        defer { tmp.remove() }
        let job = try String(contentsOfFile: Self.manifests[0], encoding: .utf8).replacingOccurrences(of: "backoffLimitPerIndex", with: "backoffLimitPerIndx")
        let path = try tmp.write("job.yaml", Array(job.utf8))
        let result = try CLIRunner.run(executable: Self.validator, ["--strict", path], in: TestPaths.packageRoot)
        #expect(result.exitCode != 0, "\(result.stdout)\(result.stderr)")
    }

    /// The Jobs run the image `make image` builds (its default IMAGE, whose tag is the tool version), and
    /// the claim their pods share is ReadWriteMany, which pods on several nodes need to write one folder.
    @Test func theJobsRunTheImageMakeImageBuildsOnAReadWriteManyClaim() throws {
        let makefile = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("IMAGE ?= localhost/fullbleed:$(VERSION)\n"))
        for manifest in Self.manifests where manifest.hasSuffix("-job.yaml") {
            let text = try String(contentsOfFile: manifest, encoding: .utf8)
            #expect(text.contains("image: \(PackagingFixtures.image)\n"), "\(manifest)")
            #expect(text.contains("claimName: photo-library }"), "\(manifest)")
        }
        let claim = try String(contentsOfFile: Self.manifests[2], encoding: .utf8)
        #expect(claim.contains("kind: PersistentVolumeClaim\n") && claim.contains("name: photo-library\n"))
        #expect(claim.contains("accessModes: [ReadWriteMany]"))
    }

    /// The Indexed Job fails an index at once on the CLI's "bad input" codes and retries the I/O ones; the
    /// merge Job fails only when the partials are unusable (2), retrying 3 and 4.
    @Test func thePodFailurePolicyUsesTheDocumentedExitCodes() throws {
        let job = try String(contentsOfFile: Self.manifests[0], encoding: .utf8)
        #expect(job.contains("- action: FailIndex\n        onExitCodes: { containerName: fullbleed, operator: In, values: [1, 2] }"))
        #expect(job.contains("backoffLimitPerIndex: 3"))
        #expect(job.contains("\"--shards\", \"8\""))
        let merge = try String(contentsOfFile: Self.manifests[1], encoding: .utf8)
        #expect(merge.contains("- action: FailJob\n        onExitCodes: { containerName: merge, operator: In, values: [2] }"))
        let help = try CLIRunner.run(["--help"])
        #expect(help.stdout.contains("1 some inputs failed"))
        #expect(help.stdout.contains("2 usage error"))
        #expect(help.stdout.contains("3 the output folder could not be written"))
        #expect(help.stdout.contains("4 another build holds the output folder's lock"))
    }

    /// The `command` array of a Job's container, as written in the YAML (a JSON array on one line).
    static func command(of manifest: String) throws -> [String] {
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("command: [") })
        let array = String(line[line.firstIndex(of: "[")!...])
        return try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [String])
    }

    /// A library with one truncated JPEG through the Indexed Job contract, as the shipped Jobs run it: the
    /// shard command with every JOB_COMPLETION_INDEX, then the merge Job's command. Every pod exits with a
    /// code its pod failure policy lets complete (0), the manifest is written and lists the bad photo, and
    /// merge names it on stderr: the Jobs succeed, as "A library with bad photos" says.
    @Test func aLibraryWithABadPhotoCompletesThroughTheIndexedJobContract() throws {
        let tmp = try TemporaryDirectory("indexed-job")
        defer { tmp.remove() }
        let photos = tmp.path + "/library/photos", heroes = tmp.path + "/library/heroes"
        try BuildFixtures.copySamples(["sk_chelsea.png", "sk_retina.jpg", "lomiri_friends_by_Aitzol_Berasategi.jpg"], to: photos)
        try BuildFixtures.writeTruncatedJPEG(to: photos + "/truncated.jpg")
        func local(_ argument: String) -> String { argument.replacingOccurrences(of: "/library", with: tmp.path + "/library") }

        let build = try Self.command(of: Self.manifests[0])
        try #require(build.first == "fullbleed" && build.contains("--shards"))
        let count = try #require(Int(build[build.firstIndex(of: "--shards")! + 1]))
        // The small pipeline instead of ios-hero keeps the test fast; everything else is the Job's.
        var arguments = Array(build.dropFirst()).map(local)
        arguments[arguments.firstIndex(of: "--pipeline")! + 1] = BuildFixtures.smallPipeline
        for index in 0..<count {
            let pod = try CLIRunner.run(arguments, environment: ["JOB_COMPLETION_INDEX": String(index)])
            #expect(pod.exitCode == 0, "pod \(index): exit \(pod.exitCode): \(pod.stderr)")
        }

        let merge = try Self.command(of: Self.manifests[1])
        try #require(merge.count == 3 && merge[0] == "sh" && merge[1] == "-c")
        let path = CLIRunner.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let merged = try CLIRunner.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", local(merge[2])], in: TestPaths.packageRoot,
                                       environment: ["PATH": path])
        #expect(merged.exitCode == 0, "merge: exit \(merged.exitCode): \(merged.stderr)")
        #expect(merged.stderr.split(separator: "\n").map(String.init) == ["truncated.jpg: decode failed (jpeg): Premature end of JPEG file"], "\(merged.stderr)")
        let manifest = try BuildFixtures.manifest(in: heroes)
        #expect((manifest["failures"] as? [[String: Any]])?.compactMap { $0["source"] as? String } == ["truncated.jpg"])
        #expect((manifest["assets"] as? [Any])?.count == 3)
    }
}
