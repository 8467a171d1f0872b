import Foundation
import Testing
import FullBleedTestSupport

/// `fullbleed build` killed with SIGKILL at many points: the manifest is never half-written, and a rerun
/// gives exactly the outputs of a clean build, with no temporary files left.
@Suite struct CrashSafetyTests {
    @Test func killedBuildsRecoverToTheCleanResult() throws {
        let tmp = try TemporaryDirectory("crash")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try BuildFixtures.copySamples(BuildFixtures.sampleNames, to: input)
        let clean = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/clean", "--quiet"])
        #expect(clean.exitCode == 0)
        var reference = try BuildFixtures.snapshot(tmp.path + "/clean")
        reference[".fullbleed-state.json"] = nil

        // Kill points from "just started" to "nearly done" (the clean build takes about a second in release).
        let delays: [UInt32] = [20_000, 80_000, 150_000, 250_000, 400_000, 600_000, 900_000]
        for (round, delay) in delays.enumerated() {
            let out = tmp.path + "/out\(round)"
            // Two kills in a row at different points, then a full run.
            for kill in [delay, delay / 2 + 10_000] {
                let process = Process()
                process.executableURL = CLIRunner.binary
                process.arguments = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                usleep(kill)
                Foundation.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                if let data = FileManager.default.contents(atPath: out + "/manifest.json") {
                    #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "manifest after a kill at \(kill) us is not valid JSON")
                }
            }
            let rerun = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--quiet"])
            #expect(rerun.exitCode == 0, "\(rerun.stderr)")
            var result = try BuildFixtures.snapshot(out)
            result[".fullbleed-state.json"] = nil
            #expect(!result.keys.contains { $0.contains(".fullbleed-tmp-") }, "temporary files left after kill at \(delay) us")
            #expect(result.keys.sorted() == reference.keys.sorted(), "files differ after kill at \(delay) us")
            for (path, data) in reference { #expect(result[path] == data, "\(path) differs after kill at \(delay) us") }
        }
    }
}
