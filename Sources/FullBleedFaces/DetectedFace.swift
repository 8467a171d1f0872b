import FullBleedImage

/// One face found in an image.
public struct DetectedFace: Sendable, Codable, Hashable {
    /// What kind of face. Only human faces are detected: no Debian-packaged detector finds pet faces
    /// reliably enough (docs/subjects.md has the measurements).
    public enum Kind: String, Sendable, Codable, Hashable {
        /// A human face, roughly frontal (dlib's HOG model covers up to about 30 degrees of yaw).
        case human
    }

    /// The face box in the pixels of the image passed to `FaceDetector.detect(in:)` (top-left origin),
    /// clipped to the image. It spans about brows to chin and cheek to cheek: dlib's box convention.
    public var rect: PixelRect
    /// 0...1, increasing with the detector's SVM margin `m` above dlib's own threshold: `1 - exp(-m)`
    /// (0 at m = 0, 0.26 at the default cut m = 0.3, 0.63 at m = 1, 0.86 at m = 2). A ranking, not a
    /// calibrated probability.
    public var confidence: Double
    public var kind: Kind

    public init(rect: PixelRect, confidence: Double, kind: Kind) {
        self.rect = rect
        self.confidence = confidence
        self.kind = kind
    }
}
