// A stub of the Vision declarations Tools/detectors/vision-subjects.swift uses, each signature as Apple
// documents it (macOS 12 SDK: each request's `results` typed to its observations). `perform` fills every
// request with canned observations (`VNImageRequestHandler.cannedBoxes`), so the tool's conversion from
// Vision's boxes to the protocol's can be run on Linux.
@_exported import CoreGraphics
import ImageIO

/// `typealias VNConfidence = Float`
public typealias VNConfidence = Float

/// `struct VNImageOption: Hashable, RawRepresentable`
public struct VNImageOption: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// `class VNObservation: NSObject`
open class VNObservation: NSObject {
    /// `var confidence: VNConfidence { get }`
    open var confidence: VNConfidence { stubConfidence }
    let stubConfidence: VNConfidence
    init(confidence: VNConfidence) { stubConfidence = confidence }
}

/// `class VNDetectedObjectObservation: VNObservation`
open class VNDetectedObjectObservation: VNObservation {
    /// `var boundingBox: CGRect { get }`: normalised coordinates, origin at the lower left.
    open var boundingBox: CGRect { stubBox }
    let stubBox: CGRect
    init(box: CGRect, confidence: VNConfidence) {
        stubBox = box
        super.init(confidence: confidence)
    }
}

/// `class VNRectangleObservation: VNDetectedObjectObservation`
open class VNRectangleObservation: VNDetectedObjectObservation {}
/// `class VNFaceObservation: VNDetectedObjectObservation`
open class VNFaceObservation: VNDetectedObjectObservation {}
/// `class VNHumanObservation: VNDetectedObjectObservation` (macOS 12)
open class VNHumanObservation: VNDetectedObjectObservation {}

/// `class VNClassificationObservation: VNObservation`
open class VNClassificationObservation: VNObservation {
    /// `var identifier: String { get }`
    open var identifier: String { stubIdentifier }
    let stubIdentifier: String
    init(identifier: String, confidence: VNConfidence) {
        stubIdentifier = identifier
        super.init(confidence: confidence)
    }
}

/// `class VNRecognizedObjectObservation: VNDetectedObjectObservation`
open class VNRecognizedObjectObservation: VNDetectedObjectObservation {
    /// `var labels: [VNClassificationObservation] { get }`
    open var labels: [VNClassificationObservation] { stubLabels }
    let stubLabels: [VNClassificationObservation]
    init(box: CGRect, confidence: VNConfidence, labels: [VNClassificationObservation]) {
        stubLabels = labels
        super.init(box: box, confidence: confidence)
    }
}

/// `class VNPixelBufferObservation: VNObservation`
open class VNPixelBufferObservation: VNObservation {}

/// `class VNSaliencyImageObservation: VNPixelBufferObservation`
open class VNSaliencyImageObservation: VNPixelBufferObservation {
    /// `var salientObjects: [VNRectangleObservation]? { get }`
    open var salientObjects: [VNRectangleObservation]? { stubObjects }
    let stubObjects: [VNRectangleObservation]
    init(objects: [VNRectangleObservation]) {
        stubObjects = objects
        super.init(confidence: 1)
    }
}

/// `class VNRequest: NSObject`
open class VNRequest: NSObject {
    var stubResults: [VNObservation] = []
    public override init() {}
}

/// `class VNImageBasedRequest: VNRequest`
open class VNImageBasedRequest: VNRequest {}

/// `class VNDetectFaceRectanglesRequest: VNImageBasedRequest`
open class VNDetectFaceRectanglesRequest: VNImageBasedRequest {
    /// `var results: [VNFaceObservation]? { get }`
    open var results: [VNFaceObservation]? { stubResults.compactMap { $0 as? VNFaceObservation } }
}

/// `class VNDetectHumanRectanglesRequest: VNImageBasedRequest` (macOS 11)
open class VNDetectHumanRectanglesRequest: VNImageBasedRequest {
    /// `var upperBodyOnly: Bool` (macOS 12)
    open var upperBodyOnly: Bool = true
    /// `var results: [VNHumanObservation]? { get }`
    open var results: [VNHumanObservation]? { stubResults.compactMap { $0 as? VNHumanObservation } }
}

/// `class VNRecognizeAnimalsRequest: VNImageBasedRequest` (macOS 10.15)
open class VNRecognizeAnimalsRequest: VNImageBasedRequest {
    /// `var results: [VNRecognizedObjectObservation]? { get }`
    open var results: [VNRecognizedObjectObservation]? { stubResults.compactMap { $0 as? VNRecognizedObjectObservation } }
}

/// `class VNGenerateObjectnessBasedSaliencyImageRequest: VNImageBasedRequest` (macOS 10.15)
open class VNGenerateObjectnessBasedSaliencyImageRequest: VNImageBasedRequest {
    /// `var results: [VNSaliencyImageObservation]? { get }`
    open var results: [VNSaliencyImageObservation]? { stubResults.compactMap { $0 as? VNSaliencyImageObservation } }
}

/// `class VNImageRequestHandler: NSObject`
open class VNImageRequestHandler: NSObject {
    /// `init(cgImage: CGImage, orientation: CGImagePropertyOrientation, options: [VNImageOption : Any] = [:])`
    public init(cgImage image: CGImage, orientation: CGImagePropertyOrientation, options: [VNImageOption: Any] = [:]) {}

    /// `func perform(_ requests: [VNRequest]) throws`: here, canned observations in Vision's coordinates.
    open func perform(_ requests: [VNRequest]) throws {
        for request in requests {
            switch request {
            case is VNDetectFaceRectanglesRequest:
                request.stubResults = [VNFaceObservation(box: CGRect(x: 0.1, y: 0.6, width: 0.2, height: 0.3), confidence: 0.9)]
            case let humans as VNDetectHumanRectanglesRequest:
                // Whole bodies only when the tool asks for them.
                request.stubResults = humans.upperBodyOnly ? [] : [VNHumanObservation(box: CGRect(x: 0.05, y: 0, width: 0.5, height: 0.95), confidence: 0.7)]
            case is VNRecognizeAnimalsRequest:
                request.stubResults = [VNRecognizedObjectObservation(box: CGRect(x: 0.6, y: 0.1, width: 0.3, height: 0.3), confidence: 1,
                                                                     labels: [VNClassificationObservation(identifier: "Cat", confidence: 0.8)])]
            case is VNGenerateObjectnessBasedSaliencyImageRequest:
                request.stubResults = [VNSaliencyImageObservation(objects: [
                    VNRectangleObservation(box: CGRect(x: 0.5, y: 0.5, width: 0.6, height: 0.6), confidence: 1),
                    VNRectangleObservation(box: CGRect(x: 1.2, y: 0, width: 0.1, height: 0.1), confidence: 1),
                ])]
            default:
                break
            }
        }
    }
}
