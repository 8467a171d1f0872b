import Testing
import FullBleedImage
import FullBleedTestSupport

@Suite struct OrientationTests {
    /// A 3x2 image whose pixel value encodes its stored position.
    func numbered() -> Image {
        Image(width: 3, height: 2, layout: .gray, samples: [1, 2, 3, 4, 5, 6])
    }

    @Test(arguments: Orientation.allCases)
    func displaySizeSwapsForRotations(orientation: Orientation) {
        let out = numbered().applyingOrientation(orientation)
        #expect(out.size == (orientation.swapsDimensions ? PixelSize(width: 2, height: 3) : PixelSize(width: 3, height: 2)))
    }

    @Test func eachOrientationMapsPixelsAsTIFFDefines() {
        // Stored:  1 2 3 / 4 5 6
        let expected: [Orientation: [UInt8]] = [
            .up: [1, 2, 3, 4, 5, 6],
            .upMirrored: [3, 2, 1, 6, 5, 4],
            .down: [6, 5, 4, 3, 2, 1],
            .downMirrored: [4, 5, 6, 1, 2, 3],
            .leftMirrored: [1, 4, 2, 5, 3, 6],   // transpose
            .right: [4, 1, 5, 2, 6, 3],          // rotate 90 CW
            .rightMirrored: [6, 3, 5, 2, 4, 1],  // transverse
            .left: [3, 6, 2, 5, 1, 4],           // rotate 90 CCW
        ]
        for (orientation, samples) in expected {
            #expect(numbered().applyingOrientation(orientation).samples8 == samples, "orientation \(orientation)")
        }
    }
}
