import Foundation
import Testing
import FullBleedTestSupport

/// Every row of the documented exit-code table ("Exit codes and retries"), run from the built binary: the
/// table is read from the docs, each code it lists has a scenario here that must end with that code, and a
/// code the table gains or loses fails the test until both agree.
@Suite struct ExitCodeTableTests {
    /// The codes of the table whose header is `| code | meaning | retry? |`, in README.md or docs/*.md.
    static func documentedCodes() throws -> [Int32] {
        let root = TestPaths.packageRoot
        let docs = root.appendingPathComponent("docs").path
        let pages = [root.appendingPathComponent("README.md").path]
            + ((try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []).filter { $0.hasSuffix(".md") }.map { docs + "/" + $0 }
        var codes: [Int32] = []
        for page in pages {
            let lines = try String(contentsOfFile: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            guard let header = lines.firstIndex(where: { $0.hasPrefix("| code | meaning | retry? |") }) else { continue }
            for line in lines[(header + 2)...] {
                guard line.hasPrefix("| ") else { break }
                let cell = line.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
                if let code = Int32(cell) { codes.append(code) }
            }
        }
        return codes
    }

    /// A folder of two good photos and a truncated JPEG.
    static func library(_ tmp: TemporaryDirectory) throws -> String {
        let input = tmp.path + "/photos"
        try BuildFixtures.copySamples(["sk_chelsea.png", "sk_retina.jpg"], to: input)
        try BuildFixtures.writeTruncatedJPEG(to: input + "/truncated.jpg")
        return input
    }

    /// The runs that must end with each code (each a label and its result).
    static func scenarios(_ tmp: TemporaryDirectory) throws -> [Int32: [(String, CLIRunner.Result)]] {
        let input = try library(tmp)
        let good = tmp.path + "/good"
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: good)
        let pipeline = ["--pipeline", BuildFixtures.smallPipeline, "--quiet"]
        var runs: [Int32: [(String, CLIRunner.Result)]] = [:]

        runs[0, default: []].append(("build of good photos", try CLIRunner.run(["build", good, "--out", tmp.path + "/ok"] + pipeline)))
        let allowed = tmp.path + "/allowed"
        runs[0, default: []].append(("build --allow-failures with a bad photo", try CLIRunner.run(["build", input, "--out", allowed, "--allow-failures"] + pipeline)))
        runs[0, default: []].append(("check --allow-failures of a recorded failure", try CLIRunner.run(["build", input, "--out", allowed, "--check", "--allow-failures"] + pipeline)))
        let sharded = tmp.path + "/sharded"
        for shard in ["1/2", "2/2"] {
            runs[0, default: []].append(("shard \(shard) --allow-failures", try CLIRunner.run(["build", input, "--out", sharded, "--shard", shard, "--allow-failures"] + pipeline)))
        }
        runs[0, default: []].append(("merge of partials listing a failure", try CLIRunner.run(
            ["merge", sharded + "/manifest.partial-1-of-2.json", sharded + "/manifest.partial-2-of-2.json", "--out", sharded + "/manifest.json"])))

        let failing = tmp.path + "/failing"
        runs[1, default: []].append(("build with a bad photo", try CLIRunner.run(["build", input, "--out", failing] + pipeline)))
        runs[1, default: []].append(("check of a recorded failure", try CLIRunner.run(["build", input, "--out", failing, "--check"] + pipeline)))

        runs[2, default: []].append(("unknown option", try CLIRunner.run(["build", good, "--ouput", tmp.path + "/x"])))
        runs[2, default: []].append(("missing pipeline", try CLIRunner.run(["build", good, "--pipeline", tmp.path + "/none.json", "--out", tmp.path + "/x"])))
        runs[2, default: []].append(("merge of a missing partial", try CLIRunner.run(["merge", tmp.path + "/none.json", "--out", tmp.path + "/m.json"])))

        // A write into the output that fails: the Swift file's place is taken by a folder (no root needed);
        // with a tmpfs, a disk that fills up is 3 too (OutputFaultTests).
        let blocked = tmp.path + "/blocked"
        try FileManager.default.createDirectory(atPath: blocked + "/Xcode/Heroes.swift", withIntermediateDirectories: true)
        runs[3, default: []].append(("emitted file cannot be written", try CLIRunner.run(["build", good, "--out", blocked, "--emit", "swift"] + pipeline)))
        if ScratchMount.isAvailable {
            let disk = tmp.path + "/disk"
            try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
            try #require(ScratchMount.mount(at: disk, size: "256k"))
            defer { ScratchMount.unmount(disk) }
            ScratchMount.fill(disk)
            runs[3, default: []].append(("full disk during a photo", try CLIRunner.run(["build", good, "--out", disk, "--allow-failures"] + pipeline)))
        }

        // The folder's lock held by another process: `--no-wait` refuses.
        let busy = tmp.path + "/busy"
        try FileManager.default.createDirectory(atPath: busy, withIntermediateDirectories: true)
        let fd = open(busy + "/.fullbleed.lock", O_RDWR | O_CREAT, 0o644)
        try #require(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        defer { close(fd) }
        runs[4, default: []].append(("--no-wait on a locked folder", try CLIRunner.run(["build", good, "--out", busy, "--no-wait"] + pipeline)))
        return runs
    }

    @Test func everyRowOfTheTableIsTheCodeOfItsScenario() throws {
        let codes = try Self.documentedCodes()
        #expect(codes == [0, 1, 2, 3, 4], "the documented table: \(codes)")
        let tmp = try TemporaryDirectory("exit-table")
        defer { tmp.remove() }
        let runs = try Self.scenarios(tmp)
        #expect(Set(runs.keys) == Set(codes), "every documented code has a scenario and no other code does")
        for (code, scenarios) in runs {
            for (label, result) in scenarios {
                #expect(result.exitCode == code, "\(label): exit \(result.exitCode), documented \(code): \(result.stderr)")
            }
        }
        // The bad photo is named on stderr even when it does not fail the run; merge lists it again.
        let allowed = try #require(runs[0]?.first { $0.0.hasPrefix("build --allow-failures") }?.1)
        #expect(allowed.stderr.contains("truncated.jpg: decode failed (jpeg): "), "\(allowed.stderr)")
        let merge = try #require(runs[0]?.first { $0.0.hasPrefix("merge") }?.1)
        #expect(merge.stderr.contains("truncated.jpg: decode failed (jpeg): ") && merge.stdout.contains("1 failures"), "\(merge.stdout)\(merge.stderr)")
    }
}
