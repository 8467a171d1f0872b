/// A subject detector's answer for one photo, as the manifest records it (`subjectDetection` on the asset):
/// who answered (the detector's `name` and the `detectorVersion` it reported), the size of the copy it saw,
/// and its boxes. A later build of the same photo content (SHA-256) with the same detector name and
/// `maxSidePixels` reuses it instead of running the detector, so a machine without the detector builds
/// the same bytes from the committed output folder.
public struct DetectionRecord: Sendable, Codable, Equatable {
    /// The detector's name (`subjects.detector.name`, `--detector-name`).
    public var detector: String
    /// The version the detector reported in its answer, if any.
    public var detectorVersion: String?
    /// Long side, pixels, of the copy the detector was given.
    public var maxSidePixels: Int
    /// The boxes in the answer's order, fractions of the upright photo (top-left origin).
    public var boxes: [DetectedBox]

    public init(detector: String, detectorVersion: String?, maxSidePixels: Int, boxes: [DetectedBox]) {
        self.detector = detector
        self.detectorVersion = detectorVersion
        self.maxSidePixels = maxSidePixels
        self.boxes = boxes
    }

    /// Whether this answer may stand for a run of `spec` on a photo with content hash `sha256` (recorded for
    /// a photo whose content hash was `recordedSHA256`).
    func answers(_ spec: SubjectDetectorSpec, recordedSHA256: String, sha256: String) -> Bool {
        recordedSHA256 == sha256 && detector == spec.name && maxSidePixels == spec.maxSidePixels
    }
}
