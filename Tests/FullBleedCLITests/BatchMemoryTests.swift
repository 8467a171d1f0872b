import Foundation
import Testing
import FullBleedTestSupport

/// The memory of a build hardly grows with the number of photos: the records go to the journal and the
/// manifest is streamed from it, so what a photo leaves behind until the end is its path, where its journal
/// line is and a few flags (the build summary reads back the reasons of the few heroes it lists). The
/// emitted files (the generated Swift and the HTML snippets and index) are written the same way, one record
/// read back from the manifest at a time; what stays is a member name and a hash per file. Measured with GNU
/// time like the bad-corpus run (`HostileInputTests.runMeasuringPeakRSS`), on generated 128 x 96 photos
/// through the tiny pipeline, so the fixed cost of the process dominates and any per-photo growth shows:
/// the 6,000 photos more may add at most `bytesPerPhoto` each to the peak (about 600 measured; the records
/// and their review reasons held in memory would add several kilobytes each).
@Suite struct BatchMemoryTests {
    /// The largest growth of the peak resident memory per photo added to a build, bytes.
    static let bytesPerPhoto = 1_024

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: HostileInputTests.gnuTime), "GNU time (/usr/bin/time) is missing: make test installs it"))
    func peakRSSGrowsByUnderAKilobytePerPhotoFrom2000To8000() throws {
        let tmp = try TemporaryDirectory("batch-memory")
        defer { tmp.remove() }
        var peaks: [Int: Int] = [:]
        for count in [2_000, 8_000] {
            let input = tmp.path + "/in\(count)", out = tmp.path + "/out\(count)"
            try ScaleFixtures.writePhotos(count, to: input)
            let run = try HostileInputTests.runMeasuringPeakRSS(
                ["build", input, "--pipeline", ScaleFixtures.tinyPipeline, "--out", out, "--jobs", "2", "--emit", "swift,html", "--quiet"],
                stderrPath: tmp.path + "/stderr\(count).txt")
            #expect(run.exitCode == 0, "\(run.stderr)")
            let manifest = try BuildFixtures.manifest(in: out)
            #expect((manifest["assets"] as? [Any])?.count == count)
            let snippets = try FileManager.default.contentsOfDirectory(atPath: out + "/HTML").filter { $0 != "index.html" }
            #expect(snippets.count == count, "one snippet per photo")
            let index = try String(contentsOfFile: out + "/HTML/index.html", encoding: .utf8)
            #expect(index.contains("<p>\(count) web heroes.</p>"))
            let swift = try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8)
            #expect(swift.components(separatedBy: "public static let ").count - 1 >= count, "a member per photo")
            peaks[count] = run.peakKiB
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: out)
        }
        let small = try #require(peaks[2_000]), large = try #require(peaks[8_000])
        let perPhoto = Double(large - small) * 1024 / 6_000
        print("peak RSS of a build of 2,000 / 8,000 photos: \(small / 1024) / \(large / 1024) MB (\(Int(perPhoto.rounded())) bytes per photo added)")
        #expect(perPhoto <= Double(Self.bytesPerPhoto), "2,000 photos: \(small) KiB, 8,000: \(large) KiB")
        #expect(Double(small) <= Double(large) * 1.10, "2,000 photos: \(small) KiB, 8,000: \(large) KiB")
    }
}
