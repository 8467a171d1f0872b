import Foundation
import Testing
import FullBleedTestSupport

/// Hostile inputs through the `fullbleed` binary: file names with control characters or invalid UTF-8,
/// names that collide after sanitising, a decode that never finishes in time, and the memory of a whole
/// run over the `bad/` corpus.
@Suite struct HostileInputTests {
    /// Copies a sample to a byte-string name (which may not be valid UTF-8) in `folder`.
    static func copySample(_ sample: String, toRawName name: [UInt8], in folder: String) throws {
        let bytes = try TestPaths.bytes(TestPaths.samples.appendingPathComponent(sample))
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } }
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) } == bytes.count)
    }

    @Test func hostileNamesStayOnOneLineNeverOverwriteAndNeverLeaveTheOutputFolder() throws {
        let tmp = try TemporaryDirectory("hostile-names")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        let photo = "sk_chelsea.png"
        for name in ["new\nline.png", "esc\u{1B}[2Jape.png", "a b.png", "a_b.png", "A.png", "a.png", "x.png", "x.jpg"] {
            try Self.copySample(photo, toRawName: Array(name.utf8), in: input)
        }
        try Self.copySample(photo, toRawName: Array("bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8), in: input)
        try "not an image".write(toFile: input + "/text\rname.jpg", atomically: false, encoding: .utf8)

        let out = tmp.path + "/out"
        let result = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out])
        #expect(result.exitCode == 1, "\(result.stderr)")
        let all = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        // sk_chelsea.png (451x300) is too small for the device tiers: each of the 6 built photos is partial,
        // with a warning line per skipped tier (the iPhone and the iPad one), its name escaped too.
        let warnings = all.filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 6 * 2, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("warning: new\\nline.png: iphone-17-pro @1x 402x400 skipped: ") }, "\(warnings)")
        let lines = all.filter { !$0.hasPrefix("warning: ") }
        // Header, one note, 6 built (partial), 3 failed: one line each, control characters escaped.
        #expect(lines.count == 1 + 1 + 6 + 3, "\(lines)")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"))
        #expect(lines.contains("bad\u{FFFD}\u{FFFD}.png: skipped: the file name is not valid UTF-8; rename it"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("text\\rname.jpg: probe failed: not a JPEG") }, "\(lines)")
        #expect(lines.contains { $0.contains("partial new\\nline.png") }, "\(lines)")
        #expect(lines.contains { $0.contains("partial esc\\u{1B}[2Jape.png") }, "\(lines)")
        for name in ["A.png", "a.png"] {
            let other = name == "A.png" ? "a.png" : "A.png"
            #expect(lines.contains { $0.hasPrefix("\(name): naming failed: asset key '\(name == "A.png" ? "A-png" : "a-png")' collides with the key of '\(other)'") }, "\(lines)")
        }

        // Nothing outside the output folder; a b / a_b and x.jpg / x.png got distinct keys.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: tmp.path)) == ["in", "out"])
        let manifest = try BuildFixtures.manifest(in: out)
        let keys = (manifest["assets"] as! [[String: Any]]).map { $0["key"] as! String }
        #expect(keys.count == 6)
        #expect(Set(keys.map { $0.lowercased() }).count == keys.count, "\(keys)")
        #expect(keys.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 } }, "\(keys)")
        #expect((manifest["failures"] as! [[String: Any]]).map { $0["source"] as! String }.sorted() == ["A.png", "a.png", "text\rname.jpg"])
        // Every output folder is a listed key: nothing overwritten, nothing extra.
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") && $0 != "manifest.json" })
        #expect(folders == Set(keys))
    }

    @Test(.requiresCorpus) func aDecodeOverTheTimeLimitIsAbandonedAndTheBatchGoesOn() throws {
        let tmp = try TemporaryDirectory("decode-timeout")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.corpusFile("edge/large_8000x6000.jpg").path, toPath: input + "/large.jpg")
        let out = tmp.path + "/out"
        // 0.001 s cannot decode 48 megapixels; the limit is not asserted as a wall time.
        let result = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet", "--decode-timeout", "0.001"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "large.jpg: decode failed (jpeg): timed out after 0.001 s\n")
        let failures = try BuildFixtures.manifest(in: out)["failures"] as! [[String: Any]]
        #expect(failures.map { $0["error"] as! String } == ["large.jpg: decode failed (jpeg): timed out after 0.001 s"])
    }

    @Test(arguments: ["0", "0.0001", "abc", "1e9"])
    func aBadDecodeTimeoutIsAUsageError(value: String) throws {
        let result = try CLIRunner.run(["build", "Samples", "--out", "/nonexistent-never-created", "--decode-timeout", value])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--decode-timeout expects seconds from 0.001 to 86400, got '\(value)'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-never-created"))
    }

    /// GNU time (Debian package `time`, which `make test` installs).
    static let gnuTime = "/usr/bin/time"

    /// Runs the binary under GNU time and returns exit code, stderr and the binary's peak resident set in
    /// KiB. Not `wait4` on a child spawned from here: Linux starts a child's `ru_maxrss` at the RSS of the
    /// process it was cloned from (the test runner, often well over 100 MB), so the figure would be the
    /// runner's, not the build's. GNU time forks from its own small process, so its `%M` is the build's.
    static func runMeasuringPeakRSS(_ arguments: [String], stderrPath: String) throws -> (exitCode: Int32, stderr: String, peakKiB: Int) {
        let report = stderrPath + ".time"
        let argv = ([gnuTime, "-f", "%M", "-o", report, CLIRunner.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, gnuTime, &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        // The report's last line is %M (a "Command exited with non-zero status" line may precede it).
        let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n")
        let peak = try #require(lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }, "no peak RSS in \(lines)")
        return (exitCode, stderr, peak)
    }

    @Test(.requiresCorpus, .enabled(if: FileManager.default.isExecutableFile(atPath: gnuTime), "GNU time (/usr/bin/time) is missing: make test installs it"))
    func theWholeBadCorpusRunsInUnder200MegabytesWithOneLinePerFile() throws {
        let tmp = try TemporaryDirectory("bad-rss")
        defer { tmp.remove() }
        let bad = TestPaths.corpus.appendingPathComponent("bad").path
        let files = try FileManager.default.contentsOfDirectory(atPath: bad).filter { !$0.hasPrefix(".") }.sorted()
        let run = try Self.runMeasuringPeakRSS(["build", bad, "--out", tmp.path + "/out", "--quiet"], stderrPath: tmp.path + "/stderr.txt")
        print("fullbleed build over bad/ (\(files.count) files): peak RSS \(run.peakKiB / 1024) MB")
        #expect(run.exitCode == 1, "\(run.stderr)")
        #expect(run.peakKiB < 200 * 1024, "peak RSS \(run.peakKiB) KiB")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == files.count, "\(lines)")
        for file in files {
            #expect(lines.filter { $0.hasPrefix(file + ": ") }.count == 1, "\(file): \(lines)")
        }
        #expect(try BuildFixtures.snapshot(tmp.path + "/out").keys.sorted() == [".fullbleed-state.json", ".fullbleed.lock", "manifest.json"])
    }
}
