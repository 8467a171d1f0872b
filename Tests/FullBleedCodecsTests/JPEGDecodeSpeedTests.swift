import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Timing harness for the 48 Mpx corpus JPEG. It prints decode speed; it asserts sizes only, never times.
@Suite(.timingOnly, .requiresCorpus) struct JPEGDecodeSpeedTests {
    @Test func largeJPEGDecodeSpeed() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("edge/large_8000x6000.jpg"))
        let megapixels = 48.0
        let cases: [(String, PixelSize?, PixelSize)] = [
            ("full size", nil, PixelSize(width: 8000, height: 6000)),
            ("scale 1/4", PixelSize(width: 2000, height: 1500), PixelSize(width: 2000, height: 1500)),
        ]
        for (name, minimum, expected) in cases {
            var best = Duration.seconds(1000)
            for _ in 0..<2 {
                let clock = ContinuousClock()
                var size = PixelSize(width: 0, height: 0)
                let elapsed = try clock.measure {
                    size = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: minimum)).image.size
                }
                #expect(size == expected)
                best = min(best, elapsed)
            }
            let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
            print(String(format: "JPEG decode large_8000x6000.jpg %@: %.3f s, %.1f source MP/s", name, seconds, megapixels / seconds))
        }
    }
}
