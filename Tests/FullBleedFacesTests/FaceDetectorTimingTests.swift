import Foundation
import FullBleedImage
import FullBleedTestSupport
import Testing
@testable import FullBleedFaces

/// How long `detect(in:)` takes on decoded corpus photos at their full size (the reduction to 960 px
/// included): printed, never asserted. `make bench-timings`, or
/// `FULLBLEED_TIMING=1 swift test -c release --filter FaceDetectorTimingTests`.
@Suite(.serialized, .timingOnly, .requiresCorpus)
struct FaceDetectorTimingTests {
    @Test(arguments: ["photos/sk_astronaut.png", "photos/lomiri_Bridge_by_Sander_Klootwijk.jpg", "photos/plasma_BytheWater.jpg",
                      "photos/lomiri_Picture_1A_by_freespace.jpg"])
    func detectionTime(file: String) throws {
        let image = try FaceFixtures.decode(file)
        _ = try FaceDetector.standard.detect(in: image)   // first call loads the model
        var best = Double.infinity
        var faces: [DetectedFace] = []
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            faces = try FaceDetector.standard.detect(in: image)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print(String(format: "face detection timing: %@ %@: %.1f ms (best of 3), %d face(s)", file, image.size.description, best, faces.count))
    }
}
