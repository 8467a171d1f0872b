import Foundation
import Testing
import FullBleedTestSupport

@Suite struct ProbeCommandTests {
    /// One line per file, then one `FILE: warning: ...` line per header warning (libpng's benign warning
    /// about the old HP sRGB profile, which is kept).
    @Test func probesSamplesOneLineEach() throws {
        let files = ["Samples/sk_chelsea.png", "Samples/sk_retina.jpg", "Samples/lomiri_friends_by_Aitzol_Berasategi.jpg"]
        let result = try CLIRunner.run(["probe"] + files)
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "Samples/sk_chelsea.png: png 451x300, rgb 8-bit, srgb (ICC 'sRGB IEC61966-2.1'), opaque, orientation 1")
        #expect(lines[1] == "Samples/sk_chelsea.png: warning: iCCP: known incorrect sRGB profile")
        #expect(lines[2].hasPrefix("Samples/sk_retina.jpg: jpeg 1411x1411, ycbcr 8-bit, srgb, opaque, orientation 1"))
        #expect(lines[3].hasPrefix("Samples/lomiri_friends_by_Aitzol_Berasategi.jpg: jpeg 2056x3088"))
        #expect(result.stderr.isEmpty)
    }

    @Test func badFileGetsOneErrorLineAndExitOneWhileOthersStillPrint() throws {
        let tmp = try TemporaryDirectory("probe")
        defer { tmp.remove() }
        let bad = try tmp.write("broken.jpg", Array("definitely not a jpeg".utf8))
        let result = try CLIRunner.run(["probe", bad, "Samples/sk_chelsea.png", tmp.path + "/missing.png"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.split(separator: "\n").count == 2)   // the PNG's line and its warning
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors == [
            "\(bad): probe failed: not a JPEG, PNG, WebP, HEIC or AVIF image (starts with 'definite')",
            "\(tmp.path)/missing.png: read failed: no such file",
        ])
    }

    @Test func jsonOutputIsAnArrayWithErrorsInline() throws {
        let result = try CLIRunner.run(["probe", "--json", "Samples/sk_retina.jpg", "/no/such.jpg"])
        #expect(result.exitCode == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["format"] as? String == "jpeg")
        #expect(array[0]["width"] as? Int == 1411)
        #expect(array[0]["colorSpace"] as? String == "srgb")
        #expect(array[0]["hasAlpha"] as? Bool == false)
        #expect(array[1]["error"] as? String == "/no/such.jpg: read failed: no such file")
    }

    @Test(.requiresCorpus) func corpusEdgeFilesProbeAndBadFilesFailWithReasons() throws {
        let edge = TestPaths.corpusFiles("edge").map { TestPaths.corpusFile("edge/" + $0).path }
        let good = try CLIRunner.run(["probe"] + edge)
        #expect(good.exitCode == 0, "\(good.stderr)")
        #expect(good.stdout.split(separator: "\n").count == edge.count)
        #expect(good.stdout.contains("orient_6_portrait_phone.jpg: jpeg 960x1440"))
        #expect(good.stdout.contains("p3_v4.jpg: jpeg 1600x1000, ycbcr 8-bit, display-p3"))
        #expect(good.stdout.contains("animated_2frames.webp: webp 640x400, rgb 8-bit, srgb, opaque, orientation 1, 2 frames"))

        let bombs = ["bad/bomb_header_100000x100000.png", "bad/bomb_valid_30000x30000_1bit.png", "bad/sof_65500x65500.jpg", "bad/empty.jpg", "bad/text_named.jpg", "bad/bad_crc.png"]
        let result = try CLIRunner.run(["probe"] + bombs.map { TestPaths.corpusFile($0).path })
        #expect(result.exitCode == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == bombs.count)
        #expect(errors[0].hasSuffix("probe failed (png): 100000x100000 is 10000000000 pixels, over the limit of 268402689 pixels"))
        #expect(errors[3].hasSuffix("empty.jpg: probe failed: empty file (0 bytes)"))
        #expect(errors[5].hasSuffix("bad_crc.png: probe failed (png): IHDR: CRC error"))
    }
}
