import CFullBleedFaces
import Foundation
import FullBleedImage
import FullBleedTestSupport
import Testing
@testable import FullBleedFaces

/// Inputs and settings the detector must refuse with a typed error, or survive with no face.
@Suite struct FaceDetectorErrorTests {
    /// Images far below the 40-px minimum face: no face, no crash.
    @Test(arguments: [(1, 1, ChannelLayout.rgb), (3, 2, .rgb), (2, 1, .gray), (40, 40, .rgba), (1, 4000, .gray), (4000, 1, .rgb)])
    func tinyImagesGiveNoFace(width: Int, height: Int, layout: ChannelLayout) throws {
        let image = Image(width: width, height: height, layout: layout,
                          samples: (0..<(width * height * layout.channelCount)).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        #expect(try FaceDetector.standard.detect(in: image).isEmpty)
    }

    /// An empty buffer (which `Image` cannot hold) is refused by the shim with an argument error.
    @Test func emptyBufferIsRefusedByTheShim() {
        var options = fbf_options(model_path: nil, working_long_side: 960, upsample: 1, threshold: 0)
        var faces = [fbf_face](repeating: fbf_face(), count: 4)
        var count: Int32 = -1
        var message = [CChar](repeating: 0, count: Int(FBF_MESSAGE_CAPACITY))
        let pixel: [UInt8] = [0, 0, 0]
        let status = fbf_detect_faces(pixel, 0, 0, 0, 3, &options, &faces, 4, &count, &message)
        #expect(status == Int32(FBF_ERROR_ARGUMENT.rawValue))
        #expect(count == 0)
        #expect(String(cString: message).contains("empty"))
    }

    @Test func absentModelFileIsATypedError() throws {
        let detector = try FaceDetector(model: .file(path: "/nonexistent/fullbleed-faces.svm"))
        #expect(throws: FaceDetectionError.modelNotFound(path: "/nonexistent/fullbleed-faces.svm", message: "No such file or directory")) {
            try detector.detect(in: Image(width: 64, height: 64, format: .rgb8))
        }
    }

    @Test func garbageModelFileIsATypedError() throws {
        let dir = try TemporaryDirectory("faces")
        defer { dir.remove() }
        let path = try dir.write("garbage.svm", Array("this is not a dlib model\n".utf8))
        let detector = try FaceDetector(model: .file(path: path))
        do {
            _ = try detector.detect(in: Image(width: 64, height: 64, format: .rgb8))
            Issue.record("a garbage model loaded")
        } catch {
            guard case .modelUnreadable(let p, let message) = error else { Issue.record("\(error)"); return }
            #expect(p == path && message.contains("not a dlib HOG detector"), "\(error)")
        }
    }

    /// The built-in model written to a file loads back through `.file` and detects the same faces.
    @Test(.requiresCorpus) func modelFileRoundTrip() throws {
        let dir = try TemporaryDirectory("faces")
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("frontal.svm").path
        var message = [CChar](repeating: 0, count: Int(FBF_MESSAGE_CAPACITY))
        #expect(fbf_write_builtin_model(path, &message) == Int32(FBF_OK.rawValue))
        let image = try FaceFixtures.decode("photos/sk_astronaut.png")
        let fromFile = try FaceDetector(model: .file(path: path)).detect(in: image)
        #expect(fromFile == (try FaceDetector.standard.detect(in: image)))
        #expect(fromFile.count == 1)
    }

    @Test func invalidSettingsAreRefusedWhenSet() {
        #expect(throws: FaceDetectionError.self) { try FaceDetector(workingLongSide: 10) }
        #expect(throws: FaceDetectionError.self) { try FaceDetector(upsample: 3) }
        #expect(throws: FaceDetectionError.self) { try FaceDetector(threshold: .nan) }
        #expect(throws: FaceDetectionError.self) { try FaceDetector(model: .file(path: "")) }
    }

    @Test func errorsRenderAsOneLine() {
        let error = FaceDetectionError.modelNotFound(path: "/x.svm", message: "No such file or directory")
        #expect(error.description == "face detection: model not found: /x.svm: No such file or directory")
    }

    @Test func detectedFaceIsCodable() throws {
        let face = DetectedFace(rect: PixelRect(x: 1, y: 2, width: 30, height: 40), confidence: 0.75, kind: .human)
        let data = try JSONEncoder().encode(face)
        #expect(try JSONDecoder().decode(DetectedFace.self, from: data) == face)
    }
}
