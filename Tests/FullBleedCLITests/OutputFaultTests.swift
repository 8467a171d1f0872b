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

    /// Fills the file system at `folder` until it refuses another byte (a file `filler`).
    static func fill(_ folder: String) {
        let fd = open(folder + "/filler", O_WRONLY | O_CREAT, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0xAB, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress!, $0.count) }) > 0 {}
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
/// nothing written), a read-only file system when the build starts (exit 2), a disk that fills up while a
/// photo or the manifest is written (exit 3, nothing committed: the previous manifest and its files as they
/// were, no temporary file or empty folder; the retry with room completes).
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

    /// The files of `folder` but the filler and the empty lock file, by path.
    static func outputs(_ folder: String) throws -> [String: Data] {
        try BuildFixtures.snapshot(folder).filter { $0.key != "filler" && $0.key != ".fullbleed.lock" }
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func aDiskThatFillsUpDuringAPhotoExitsThreeWithNothingCommitted() throws {
        let tmp = try TemporaryDirectory("cli-full")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(Array(Self.names.dropFirst()), to: input)
        let args = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--jobs", "1", "--quiet"]
        let disk = tmp.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: disk, size: "4m"))
        defer { ScratchMount.unmount(disk) }
        try #require(try CLIRunner.run(args + ["--out", disk]).exitCode == 0)
        let before = try Self.outputs(disk)

        // A photo added, and no room for it: exit 3 (retry), not 1 (bad input); nothing committed.
        try BuildFixtures.copySamples([Self.names[0]], to: input)
        ScratchMount.fill(disk)
        let full = try CLIRunner.run(args + ["--out", disk])
        #expect(full.exitCode == 3, "\(full.exitCode): \(full.stderr)")
        let lines = full.stderr.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("fullbleed build: lomiri_friends_by_Aitzol_Berasategi.jpg: write failed: lomiri_friends_by_Aitzol_Berasategi-jpg/") == true
                && lines.last?.hasSuffix(": No space left on device") == true, "\(full.stderr)")
        // The folder is as the previous build left it: same manifest and files, no temporary file, no empty folder.
        #expect(try Self.outputs(disk) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted()
                == [".fullbleed-state.json", ".fullbleed.lock", "filler", "manifest.json", "sk_chelsea-png", "sk_retina-jpg"])

        // Room again: the retry completes, byte-identical to a build that never ran short.
        try FileManager.default.removeItem(atPath: disk + "/filler")
        let retry = try CLIRunner.run(args + ["--out", disk])
        #expect(retry.exitCode == 0, "\(retry.stderr)")
        let clean = tmp.path + "/clean"
        try #require(try CLIRunner.run(args + ["--out", clean]).exitCode == 0)
        var expected = try Self.outputs(clean), got = try Self.outputs(disk)
        expected[".fullbleed-state.json"] = nil
        got[".fullbleed-state.json"] = nil
        #expect(got == expected)
    }

    @Test(.enabled(if: ScratchMount.isAvailable, Comment(rawValue: ScratchMount.unavailableMessage)))
    func aDiskThatIsFullWhenTheManifestIsWrittenExitsThreeAndKeepsThePreviousOne() throws {
        let tmp = try TemporaryDirectory("cli-full-manifest")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(Self.names, to: input)
        let args = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--quiet"]
        let disk = tmp.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try #require(ScratchMount.mount(at: disk, size: "4m"))
        defer { ScratchMount.unmount(disk) }
        try #require(try CLIRunner.run(args + ["--out", disk]).exitCode == 0)
        let before = try Self.outputs(disk)

        // A new public URL re-encodes nothing: only the manifest (and the state file) must be written.
        ScratchMount.fill(disk)
        let full = try CLIRunner.run(args + ["--out", disk, "--public-url", "/heroes/"])
        #expect(full.exitCode == 3, "\(full.exitCode): \(full.stderr)")
        #expect(full.stderr == "fullbleed build: manifest.json: write failed: No space left on device\n", "\(full.stderr)")
        #expect(try Self.outputs(disk) == before)

        try FileManager.default.removeItem(atPath: disk + "/filler")
        #expect(try CLIRunner.run(args + ["--out", disk, "--public-url", "/heroes/"]).exitCode == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: disk + "/manifest.json"))) as? [String: Any])
        #expect(manifest["publicPath"] as? String == "/heroes/")
    }
}
