import CFullBleedFaces
import FullBleedImage
import FullBleedColor

#if canImport(Glibc)
import Glibc
#endif

/// Finds human faces with dlib 19.24's HOG frontal-face detector (Debian `libdlib-dev`), chosen by
/// measurement over OpenCV 4.6's cascades (docs/subjects.md, "Face detection").
///
/// `detect(in:)` reduces the image to `workingLongSide` pixels on its long side (dlib's pyramid filter,
/// then bilinear; never enlarged), doubles it `upsample` times for the scan, and maps the boxes back to
/// the input image's pixels. The model is loaded once per process; concurrent calls each borrow their
/// own copy of it, so any number of threads may detect at once. Deterministic: the same image and
/// settings give the same faces in the same order (best first), on any thread.
public struct FaceDetector: Sendable, Hashable {
    /// Where the detector's model comes from.
    public enum Model: Sendable, Hashable {
        /// The frontal-face model compiled into dlib (`frontal_face_detector.h`): no file to find.
        case builtinFrontal
        /// A dlib `object_detector<scan_fhog_pyramid<pyramid_down<6>>>` written by `dlib::serialize`,
        /// read from `path` on first use.
        case file(path: String)
    }

    /// The working size the measurements in docs/subjects.md were made at: long side 960 px.
    public static let defaultWorkingLongSide = 960
    /// The default minimum SVM margin (see `threshold`).
    public static let defaultThreshold = 0.3

    public let model: Model
    /// Long side of the image the detector scans, in pixels (64...8192); larger inputs are reduced.
    public let workingLongSide: Int
    /// Doublings of the working image before the scan (0...2). dlib's window is 80x80 px, so the default
    /// 1 finds faces from about 40 px of the working image (about 4% of its long side).
    public let upsample: Int
    /// Minimum SVM margin of a kept detection (-1...3). 0 is dlib's own threshold; the default 0.3 is the
    /// measured choice: it removed every false positive of the evaluation (a mission patch on the
    /// astronaut's suit scores 0.12) for 2.4 points of recall (91.5% -> 89.1%).
    public let threshold: Double

    /// Checks every setting now: a bad one throws `.invalidOption` naming it.
    public init(model: Model = .builtinFrontal, workingLongSide: Int = FaceDetector.defaultWorkingLongSide,
                upsample: Int = 1, threshold: Double = FaceDetector.defaultThreshold) throws(FaceDetectionError) {
        guard (64...8192).contains(workingLongSide) else {
            throw .invalidOption("workingLongSide must be 64...8192 px, got \(workingLongSide)")
        }
        guard (0...2).contains(upsample) else { throw .invalidOption("upsample must be 0...2, got \(upsample)") }
        guard threshold >= -1 && threshold <= 3 else { throw .invalidOption("threshold must be -1...3, got \(threshold)") }
        if case .file(let path) = model, path.isEmpty || path.utf8.contains(0) {
            throw .invalidOption("model path must be a non-empty path without NUL bytes")
        }
        self.model = model
        self.workingLongSide = workingLongSide
        self.upsample = upsample
        self.threshold = threshold
    }

    /// The default detector: built-in model, long side 960 px, one doubling, threshold 0.3.
    public static let standard: FaceDetector = try! FaceDetector()

    /// Capacity of the result buffer: more faces than this in one photo are dropped (worst first).
    static let capacity = 1024

    /// The faces in `image`, best first, boxes in `image`'s pixels.
    ///
    /// Any pixel format is accepted: 16-bit and float images are encoded to 8 bits with their transfer
    /// curve, alpha is composited over white (`converted(toLayout:)`), and the detector reads the encoded
    /// values whatever the colour space. Images too small to hold a face give `[]`.
    public func detect(in image: Image) throws(FaceDetectionError) -> [DetectedFace] {
        var pixels = image.encoded(as: .uint8)
        switch pixels.layout {
        case .rgba: pixels = pixels.converted(toLayout: .rgb)
        case .grayAlpha: pixels = pixels.converted(toLayout: .gray)
        case .rgb, .gray: break
        }
        guard let width = Int32(exactly: pixels.width), let height = Int32(exactly: pixels.height) else {
            throw .invalidOption("image \(pixels.width)x\(pixels.height) is too large for the detector")
        }
        let channels = Int32(pixels.channelCount)
        var faces = [fbf_face](repeating: fbf_face(), count: Self.capacity)
        var count: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(FBF_MESSAGE_CAPACITY))
        let modelPath: String? = if case .file(let path) = model { path } else { nil }
        let status: Int32 = pixels.withUnsafeBytes { raw in
            withOptionalCString(modelPath) { path in
                var options = fbf_options(model_path: path, working_long_side: Int32(workingLongSide),
                                          upsample: Int32(upsample), threshold: threshold)
                return fbf_detect_faces(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width, height,
                                        pixels.bytesPerRow, channels, &options, &faces, Int32(Self.capacity),
                                        &count, &message)
            }
        }
        guard status == Int32(FBF_OK.rawValue) else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch UInt32(status) {
            case FBF_ERROR_MODEL_NOT_FOUND.rawValue: throw .modelNotFound(path: modelPath ?? "", message: text)
            case FBF_ERROR_MODEL_UNREADABLE.rawValue: throw .modelUnreadable(path: modelPath ?? "", message: text)
            case FBF_ERROR_MEMORY.rawValue: throw .outOfMemory
            case FBF_ERROR_ARGUMENT.rawValue: throw .invalidOption(text)
            default: throw .library(text)
            }
        }
        return faces.prefix(min(Int(count), Self.capacity)).map { face in
            DetectedFace(rect: PixelRect(x: Int(face.x), y: Int(face.y), width: Int(face.width), height: Int(face.height)),
                         confidence: 1 - exp(-max(0, face.score)),
                         kind: .human)
        }
    }
}

/// Calls `body` with a C string for `string`, or with nil.
private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
