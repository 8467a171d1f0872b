import Foundation
import Testing
import FullBleedTestSupport

/// `fullbleed probe` on Ultra HDR files: the gain map's size and headroom, in the line and in the JSON.
@Suite struct ProbeGainMapTests {
    @Test func probeReportsTheGainMapSizeAndHeadroom() throws {
        let file = "Tests/Fixtures/hdr/uhdr_gray_p3.jpg"
        let result = try CLIRunner.run(["probe", file, "Samples/sk_retina.jpg"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(file): jpeg 384x256, ycbcr 8-bit, display-p3 (ICC 'Display P3 Gamut with sRGB Transfer'), opaque, "
            + "orientation 1, baseline 4:4:4, gain map 96x64 (iso21496), headroom 4.00x (2.00 stops)", "\(lines)")
        #expect(lines.last?.contains("gain map") == false)

        let json = try CLIRunner.run(["probe", "--json", file, "Samples/sk_retina.jpg"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let gainMap = try #require(array[0]["gainMap"] as? [String: Any])
        #expect(gainMap["width"] as? Int == 96 && gainMap["height"] as? Int == 64 && gainMap["source"] as? String == "iso21496")
        #expect((gainMap["headroom"] as? Double).map { abs($0 - 4) < 1e-9 } == true)
        #expect((gainMap["headroomStops"] as? Double).map { abs($0 - 2) < 1e-9 } == true)
        #expect(array[1]["gainMap"] == nil)
    }

    @Test func hostileGainMapsProbeWithoutOne() throws {
        let result = try CLIRunner.run(["probe", "Tests/Fixtures/hdr/bad_truncated_mpf.jpg"])
        #expect(result.exitCode == 0 && !result.stdout.contains("gain map"))
    }
}
