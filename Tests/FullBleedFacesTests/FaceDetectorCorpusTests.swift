import FullBleedCore
import FullBleedImage
import FullBleedTestSupport
import Testing
@testable import FullBleedFaces

/// The detector on real photos: the corpus portrait, faces composited into face-free corpus photos
/// (FaceFixtures), and the face-free photos themselves.
@Suite(.requiresCorpus)
struct FaceDetectorCorpusTests {
    @Test func findsTheAstronautsFace() throws {
        let image = try FaceFixtures.decode("photos/sk_astronaut.png")
        let faces = try FaceDetector.standard.detect(in: image)
        try #require(faces.count == 1, "\(faces)")
        let iou = FaceFixtures.iou(faces[0].rect, FaceFixtures.astronautFace)
        #expect(iou >= 0.5, "\(faces[0].rect) vs hand-judged \(FaceFixtures.astronautFace): IoU \(iou)")
        #expect(faces[0].kind == .human)
        #expect(faces[0].confidence > 0.5 && faces[0].confidence <= 1)
    }

    /// Boxes come back in the input's pixels when the detector reduces the image: the astronaut
    /// enlarged to 2048 px (reduced to 960 inside) gives her face box times four.
    @Test func boxesAreInTheInputsPixels() throws {
        let image = try FaceFixtures.decode("photos/sk_astronaut.png").resized(to: PixelSize(width: 2048, height: 2048))
        let faces = try FaceDetector.standard.detect(in: image)
        let expected = PixelRect(x: 174 * 4, y: 76 * 4, width: 96 * 4, height: 104 * 4)
        try #require(faces.count == 1, "\(faces)")
        #expect(FaceFixtures.iou(faces[0].rect, expected) >= 0.5, "\(faces[0].rect) vs \(expected)")
    }

    /// Every pixel format finds the same face: grey, RGBA, 16-bit and linear float versions.
    @Test(arguments: ["gray", "rgba", "rgb16", "float-linear"])
    func everyFormatFindsTheFace(variant: String) throws {
        let rgb = try FaceFixtures.decode("photos/sk_astronaut.png")
        let image: Image
        switch variant {
        case "gray": image = rgb.converted(toLayout: .gray)
        case "rgba": image = rgb.converted(toLayout: .rgba)
        case "rgb16": image = rgb.converted(to: PixelFormat(layout: .rgb, sampleType: .uint16))
        default: image = rgb.linearPremultiplied()
        }
        let faces = try FaceDetector.standard.detect(in: image)
        try #require(faces.count == 1, "\(variant): \(faces)")
        #expect(FaceFixtures.iou(faces[0].rect, FaceFixtures.astronautFace) >= 0.5, "\(variant): \(faces[0].rect)")
    }

    /// The astronaut's face at 48 to 300 px (face box width in a 960-px photo), in three face-free photos.
    @Test(arguments: [
        (48, "photos/plasma_ColdRipple.jpg"), (64, "photos/mate_LadyBird.jpg"), (100, "photos/lomiri_life_by_Aitzol_Berasategi.jpg"),
        (160, "photos/plasma_ColdRipple.jpg"), (300, "photos/mate_LadyBird.jpg"),
    ])
    func findsCompositedFaces(faceWidth: Int, backgroundFile: String) throws {
        let background = try FaceFixtures.background(backgroundFile)
        let origin = (x: background.width / 3, y: background.height / 2 - faceWidth / 2)
        let (image, face) = try FaceFixtures.composite(into: background, faceWidth: faceWidth, faceOrigin: origin)
        let faces = try FaceDetector.standard.detect(in: image)
        let best = faces.map { FaceFixtures.iou($0.rect, face) }.max() ?? 0
        #expect(best >= 0.5, "face \(face) in \(backgroundFile): found \(faces)")
        #expect(faces.count == 1, "\(faces)")
    }

    /// A face whose box starts 4 px below the top edge (its hair cut off by the frame) is found.
    @Test(arguments: [60, 120])
    func findsAFaceAtTheTopEdge(faceWidth: Int) throws {
        let background = try FaceFixtures.background("photos/lomiri_aitzgorri_by_Aitzol_Berasategi.jpg")
        let (image, face) = try FaceFixtures.composite(into: background, faceWidth: faceWidth,
                                                       faceOrigin: (x: background.width / 2, y: 4))
        let faces = try FaceDetector.standard.detect(in: image)
        let best = faces.map { FaceFixtures.iou($0.rect, face) }.max() ?? 0
        #expect(best >= 0.5, "face \(face) at the top edge: found \(faces)")
    }

    /// No face in any face-free corpus photo (at full decoded size: the detector reduces it itself).
    @Test(arguments: FaceFixtures.faceFree)
    func findsNoFaceInFaceFreePhotos(file: String) throws {
        let faces = try FaceDetector.standard.detect(in: FaceFixtures.decode(file))
        #expect(faces.isEmpty, "\(file): \(faces)")
    }

    /// The same image gives the same faces, sequentially and from concurrent tasks (each borrows its
    /// own detector from the pool).
    @Test func isDeterministicAcrossThreads() async throws {
        let background = try FaceFixtures.background("photos/plasma_EveningGlow.jpg")
        let (image, _) = try FaceFixtures.composite(into: background, faceWidth: 80, faceOrigin: (x: 200, y: 150))
        let reference = try FaceDetector.standard.detect(in: image)
        #expect(!reference.isEmpty)
        let results = try await withThrowingTaskGroup(of: [DetectedFace].self) { group in
            for _ in 0..<6 { group.addTask { try FaceDetector.standard.detect(in: image) } }
            var all: [[DetectedFace]] = []
            for try await r in group { all.append(r) }
            return all
        }
        for r in results { #expect(r == reference) }
        #expect(try FaceDetector.standard.detect(in: image) == reference)
    }
}
