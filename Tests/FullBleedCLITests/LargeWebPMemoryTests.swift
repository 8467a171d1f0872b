import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The memory of a build over a 16383 x 16383 lossy WebP (sharp's default pixel limit, 268 MP): libwebp's
/// scaler decodes it at 1/4 (4096 x 4096) row by row, so the whole build stays far below the 805 MB of one
/// full-size RGB decode. Measured with GNU time like the bad-corpus run (`HostileInputTests`).
///
/// Not covered, because libwebp 1.2.4 (and its newest release) cannot do it: a lossless (VP8L) file of
/// this size, whose decoder holds the whole image as 32-bit ARGB (16383 x 16383 x 4 bytes = 1024 MiB) before
/// it scales a row (measured: peak 1149 MiB for the build, 1117 MiB for `dwebp -scale 4096 4096`), and a
/// lossy file with alpha, whose alpha plane is kept at full size (256 MiB; measured: peak 422 MiB for the
/// build, 389 MiB for `dwebp`).
@Suite struct LargeWebPMemoryTests {
    static let side = 16383

    /// An RGB8 `side` x `side` picture of two gentle ramps (a level per 256 pixels): few bits per
    /// macroblock, so partition 0 of the VP8 bitstream stays under libwebp's 512 KiB limit at this size
    /// (a ramp of a level per 64 pixels, or method 0, overflows it).
    static func picture() -> Image {
        let side = Self.side
        var samples = [UInt8](repeating: 128, count: side * side * 3)
        samples.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<side {
                let row = y * side * 3, green = UInt8(60 + (y >> 8))
                for x in 0..<side {
                    buffer[row + x * 3] = UInt8(60 + (x >> 8))
                    buffer[row + x * 3 + 1] = green
                }
            }
        }
        return Image(width: side, height: side, layout: .rgb, samples: samples)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: HostileInputTests.gnuTime), "GNU time (/usr/bin/time) is missing: make test installs it"))
    func aLossyWebPAtThePixelLimitBuildsInUnder400Megabytes() throws {
        let tmp = try TemporaryDirectory("large-webp")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        // Encoded here and the picture released before the build is measured (only the build's RSS counts).
        let bytes = try Codecs.encode(Self.picture(), as: .webp(WebPEncodeOptions(quality: 50, method: 4)))
        try Data(bytes).write(to: URL(fileURLWithPath: input + "/huge.webp"))
        let info = try Codecs.probe(bytes)
        try #require(info.size == PixelSize(width: Self.side, height: Self.side))
        #expect(info.details.contains("lossy"), "\(info.details)")

        let out = tmp.path + "/out"
        let run = try HostileInputTests.runMeasuringPeakRSS(["build", input, "--out", out, "--quiet"], stderrPath: tmp.path + "/stderr.txt")
        print("fullbleed build of a \(Self.side)x\(Self.side) lossy WebP (\(bytes.count) bytes): peak RSS \(run.peakKiB / 1024) MB")
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.peakKiB < 400 * 1024, "peak RSS \(run.peakKiB) KiB")
        let asset = try #require((try BuildFixtures.manifest(in: out)["assets"] as? [[String: Any]])?.first)
        let decode = try #require(asset["decode"] as? [String: Any])
        #expect(decode["loadScale"] as? Double == 0.25, "\(decode)")
        #expect(decode["width"] as? Int == 4096 && decode["height"] as? Int == 4096, "\(decode)")
    }
}
