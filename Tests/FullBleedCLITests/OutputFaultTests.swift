import Foundation
import Testing
import FullBleedTestSupport

/// Mounts a small tmpfs for the output folder (a real full or read-only file system, which even root
/// cannot write). Needs the right to mount (root in a container that allows it); the tests that use it
/// are disabled with a message otherwise.
enum ScratchMount {
    static let unavailableMessage = "cannot mount a tmpfs here (needs root and mount rights): full-disk and read-only mount tests skipped"

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static var mountTool: String? { ["/usr/bin/mount", "/bin/mount"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    static var umountTool: String? { ["/usr/bin/umount", "/bin/umount"].first { FileManager.default.isExecutableFile(atPath: $0) } }

    /// Mounts a tmpfs of `size` (`512k`) at `path` (an existing empty folder).
    static func mount(at path: String, size: String, readOnly: Bool = false) -> Bool {
        guard let tool = mountTool else { return false }
        return run(tool, ["-t", "tmpfs", "-o", (readOnly ? "ro," : "") + "size=\(size),mode=755", "tmpfs", path])
    }

    static func unmount(_ path: String) {
        if let tool = umountTool { _ = run(tool, [path]) }
    }

    /// Whether a tmpfs can be mounted (tried once, on a throwaway folder).
    static let isAvailable: Bool = {
        guard getuid() == 0, let tmp = try? TemporaryDirectory("mount-probe") else { return false }
        defer { tmp.remove() }
        guard mount(at: tmp.path, size: "64k") else { return false }
        unmount(tmp.path)
        return true
    }()
}

/// Output-folder faults through the `fullbleed` binary: an output path under a regular file (exit 2,
/// nothing written), a read-only file system (exit 2), a disk that fills up mid-build (the photos that
/// do not fit fail with one line each; exit 1, or 3 when the manifest itself does not fit; never a
/// partial or temporary file).
@Suite struct OutputFaultTests {
    static let names = ["lomiri_friends_by_Aitzol_Berasategi.jpg", "sk_chelsea.png", "sk_retina.jpg"]

    @Test func anOutputFolderUnderAFileIsAUsageError() throws {
        let tmp = try TemporaryDirectory("cli-enotdir")
        defer { tmp.remove() }
        let file = try tmp.write("not-a-folder", [0])
        let result = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", BuildFixtures.smallPipeline, "--out", file + "/heroes"])
        #expect(result.exitCode == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("'\(file)' is a file, not a folder"), "\(result.stderr)")
        #expect(tmp.allFiles() == ["not-a-folder"])
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func aReadOnlyFileSystemIsAUsageErrorBeforeAnyWork() throws {
        let tmp = try TemporaryDirectory("cli-readonly")
        defer { tmp.remove() }
        let mountPoint = tmp.path + "/ro"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: mountPoint, size: "64k", readOnly: true))
        defer { ScratchMount.unmount(mountPoint) }
        let result = try CLIRunner.run(["build", "Samples/sk_chelsea.png", "--pipeline", BuildFixtures.smallPipeline, "--out", mountPoint])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("output folder is not writable: Read-only file system"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func aDiskThatFillsUpFailsThePhotosThatDoNotFitAndLeavesNothingPartial() throws {
        let tmp = try TemporaryDirectory("cli-full")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(Self.names, to: input)
        let clean = tmp.path + "/clean"
        #expect(try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", clean, "--quiet"]).exitCode == 0)
        let reference = try BuildFixtures.snapshot(clean)

        // About 650 KB of outputs and manifest; 512 KB holds the first two photos (sorted, --jobs 1), not the third.
        let disk = tmp.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: disk, size: "512k"))
        defer { ScratchMount.unmount(disk) }
        let result = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", disk, "--jobs", "1", "--quiet"])
        #expect(result.exitCode == 1 || result.exitCode == 3, "\(result.exitCode): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("sk_retina.jpg: write failed: ") && $0.hasSuffix(": No space left on device") }, "\(result.stderr)")
        if result.exitCode == 3 {
            #expect(lines.last == "fullbleed build: manifest.json: write failed: No space left on device", "\(result.stderr)")
        }
        let files = try BuildFixtures.snapshot(disk)
        #expect(!files.keys.contains { $0.contains(".fullbleed-tmp-") }, "temporary files left: \(files.keys.sorted())")
        // Every file present is complete: byte-identical to the clean build's file of the same name.
        for (path, data) in files where path != "manifest.json" && path != ".fullbleed-state.json" {
            #expect(reference[path] == data, "\(path) is partial or different")
        }
        #expect(!files.keys.contains { $0.hasPrefix("sk_retina-jpg/") }, "the photo that did not fit left outputs")
        if let manifest = files["manifest.json"] {
            let object = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
            #expect((object["failures"] as? [[String: Any]])?.compactMap { $0["source"] as? String } == ["sk_retina.jpg"])
        }
    }
}
