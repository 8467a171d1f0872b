import FullBleedCodecs
import FullBleedColor
import FullBleedCore
import FullBleedImage

/// The photo's answer from the pipeline's external subject detector: the answer recorded by an earlier build
/// for the same content and detector when there is one (the detector is then not run, and need not be
/// installed), else a run of the detector on a bounded, upright, 8-bit sRGB copy of the decode.
///
/// It applies to `attention` crops without a sidecar `subject` (which overrides every detector). Its boxes
/// replace the built-in salient region; dlib's faces stay (unless `crop.faces` is false).
enum SubjectDetectionStep {
    /// Whether `plan` asks the external detector.
    static func applies(to plan: AssetPlan) -> Bool {
        plan.spec.subjectDetector != nil && plan.cropMode == .attention && plan.sidecar?.subject == nil
    }

    /// The detector's answer for the photo of `bytes` decoded as `image` (upright, any scale of the photo),
    /// nil when no detector applies. Throws `SubjectDetectorError` when the detector fails or answers
    /// badly.
    static func run(_ image: Image, plan: AssetPlan, bytes: [UInt8]) throws -> DetectionRecord? {
        guard applies(to: plan), let spec = plan.spec.subjectDetector else { return nil }
        let sha256 = SHA256.hex(bytes)
        if let recorded = plan.recordedDetection, recorded.record.answers(spec, recordedSHA256: recorded.sha256, sha256: sha256) {
            return recorded.record
        }
        let copy = try detectorCopy(of: image, maxSidePixels: spec.maxSidePixels)
        let png = try Codecs.encode(copy, as: .png(PNGEncodeOptions(bitDepth: 8)))
        let request = DetectorProtocol.request(width: copy.width, height: copy.height, png: png)
        func failure(_ reason: String) -> SubjectDetectorError {
            SubjectDetectorError(path: plan.source.relativePath, detector: spec.name, reason: reason)
        }
        let stdout: [UInt8]
        do {
            stdout = try DetectorProcess.run(spec.command, input: request, timeoutSeconds: spec.timeoutSeconds,
                                             maxOutputBytes: DetectorProtocol.maxAnswerBytes, maxErrorBytes: DetectorProtocol.maxStderrBytes)
        } catch {
            throw failure(SubjectDetectorError.reason(error, timeoutSeconds: spec.timeoutSeconds))
        }
        let answer: DetectorProtocol.Answer
        do { answer = try DetectorProtocol.parseAnswer(stdout) } catch let error as ConfigError {
            throw failure("gave an invalid answer: \(error.location): \(error.message)")
        }
        return DetectionRecord(detector: spec.name, detectorVersion: answer.detectorVersion, maxSidePixels: spec.maxSidePixels, boxes: answer.boxes)
    }

    /// What the detector is given: `image` in sRGB, RGB without alpha (composited on white), 8 bits per
    /// sample once encoded, reduced (Lanczos3, linear light) to `maxSidePixels` on its long side, never enlarged.
    static func detectorCopy(of image: Image, maxSidePixels: Int) throws -> Image {
        var copy = image
        if copy.colorSpace.family != .sRGB { copy = try copy.convertedToSRGB() }
        let size = SourceThumbnail.fittedSize(copy.size, longSidePixels: maxSidePixels)
        if size.width != copy.width || size.height != copy.height { copy = copy.resized(to: size) }
        if copy.layout != .rgb { copy = copy.converted(toLayout: .rgb) }
        return copy
    }

    /// The answer's boxes as subject regions in pixels of an image of `size`: a `face` box as a face (used
    /// as given, not widened like dlib's), every other kind where the salient region would stand, each
    /// labelled with the detector's kind.
    static func regions(_ record: DetectionRecord, in size: PixelSize) -> [SubjectRegion] {
        record.boxes.map { box in
            var region = SubjectRegion.sidecar(x: box.x, y: box.y, width: box.width, height: box.height, in: size)
            region.kind = box.kind == "face" ? .face : .salient
            region.confidence = box.confidence
            region.label = box.kind
            return region
        }
    }
}

/// An answer an earlier build recorded for the photo at the same path, with the content hash of the photo
/// it answered (`AssetPlan.recordedDetection`).
public struct RecordedDetection: Sendable {
    public var sha256: String
    public var record: DetectionRecord

    public init(sha256: String, record: DetectionRecord) {
        self.sha256 = sha256
        self.record = record
    }
}
