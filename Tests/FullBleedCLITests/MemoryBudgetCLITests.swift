import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// `--memory-budget MB` from the binary: two 12-MP PNGs (estimate 188 MiB each) under a 200 MiB budget
/// build one at a time even with `--jobs 2`, so the peak is near that of `--jobs 1` (measured 209 MB,
/// 238 with the budget, 329 MB without); the bytes are those of a build without the budget.
@Suite struct MemoryBudgetCLITests {
    @Test(arguments: ["0", "63", "lots", "-5"])
    func aBudgetOutsideItsRangeIsAUsageError(value: String) throws {
        let result = try CLIRunner.run(["build", TestPaths.samples.path, "--out", "/nonexistent/never", "--memory-budget", value])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--memory-budget expects a whole number from 64 to 1048576, got '\(value)'"), "\(result.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: HostileInputTests.gnuTime), "GNU time (/usr/bin/time) is missing: make test installs it"))
    func largePhotosUnderASmallBudgetRunOneAtATime() throws {
        let tmp = try TemporaryDirectory("memory-budget")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        for index in 0..<2 {
            let image = SyntheticImages.photoLike(width: 4000 + 8 * index, height: 3000)
            try Data(try Codecs.encode(image, as: .png(PNGEncodeOptions()))).write(to: URL(fileURLWithPath: input + "/large\(index).png"))
        }
        func build(_ name: String, _ extra: [String]) throws -> (peakKiB: Int, files: [String: Data]) {
            let out = tmp.path + "/" + name
            let run = try HostileInputTests.runMeasuringPeakRSS(["build", input, "--out", out, "--quiet"] + extra,
                                                                stderrPath: tmp.path + "/\(name).stderr")
            #expect(run.exitCode == 0, "\(run.stderr)")
            return (run.peakKiB, try BuildFixtures.snapshot(out).filter { !GoldenOutputTests.isVolatile($0.key) })
        }
        let one = try build("jobs1", ["--jobs", "1"])
        let two = try build("jobs2", ["--jobs", "2"])
        let budgeted = try build("budget", ["--jobs", "2", "--memory-budget", "200"])
        print("peak RSS of two 12-MP PNGs: --jobs 1 \(one.peakKiB / 1024) MB, --jobs 2 \(two.peakKiB / 1024) MB, --jobs 2 --memory-budget 200 \(budgeted.peakKiB / 1024) MB")
        // One at a time, but the second (the batch's last) may spread its resampling over both cores, with
        // a band buffer per thread: closer to --jobs 1 than to two photos at once, not equal to it.
        #expect(budgeted.peakKiB <= one.peakKiB + (two.peakKiB - one.peakKiB) / 2,
                "--jobs 1: \(one.peakKiB) KiB, --jobs 2: \(two.peakKiB) KiB, --jobs 2 with the budget: \(budgeted.peakKiB) KiB")
        #expect(budgeted.files == two.files)
        #expect(budgeted.files == one.files)
    }
}
