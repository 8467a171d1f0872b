// vision-subjects: a FullBleed subject detector on Apple's Vision framework (macOS 12 or later).
//
// It speaks FullBleed's subject-detector protocol, version 1 (docs/detectors.md): one JSON request on
// stdin (an upright 8-bit sRGB PNG, base64), one JSON answer on stdout. It runs four Vision requests on
// the image and answers their boxes, best kinds first, at most the request's `maxBoxes`:
//
//   face     VNDetectFaceRectanglesRequest
//   person   VNDetectHumanRectanglesRequest (whole bodies, not only upper bodies)
//   animal   VNRecognizeAnimalsRequest (cats and dogs), the confidence of its best label
//   salient  VNGenerateObjectnessBasedSaliencyImageRequest, each of its salientObjects
//
// Vision's boxes are normalised with the origin at the lower left; the protocol's are fractions with the
// origin at the top left, so y becomes 1 - (y + height). Boxes are clipped to the image; empty ones are
// dropped. `detectorVersion` names this tool and the macOS version (Vision's models change with it).
//
// Build and use:
//   swiftc -O Tools/detectors/vision-subjects.swift -o /usr/local/bin/vision-subjects
//   fullbleed build photos --out Heroes --detector /usr/local/bin/vision-subjects --detector-name vision
//
// Errors go to stderr with a non-zero exit status; FullBleed then fails that photo with the message.

import CoreGraphics
import Foundation
import ImageIO
import Vision

struct DetectorRequest: Decodable {
    struct Payload: Decodable {
        var mediaType: String
        var encoding: String
        var data: String
    }
    var `protocol`: String
    var version: Int
    var width: Int
    var height: Int
    var maxBoxes: Int
    var image: Payload
}

struct DetectorBox: Encodable {
    var kind: String
    var confidence: Double
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

struct DetectorAnswer: Encodable {
    var version: Int
    var detectorVersion: String
    var boxes: [DetectorBox]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("vision-subjects: " + message + "\n").utf8))
    exit(1)
}

/// A Vision box (normalised, lower-left origin) as a protocol box (fractions, top-left origin), clipped to
/// the image; nil when nothing of it is inside.
func protocolBox(kind: String, confidence: Float, visionBox: CGRect) -> DetectorBox? {
    let clipped = visionBox.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
    guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { return nil }
    return DetectorBox(kind: kind, confidence: min(1, max(0, Double(confidence))),
                       x: Double(clipped.minX), y: Double(1 - clipped.maxY),
                       width: Double(clipped.width), height: Double(clipped.height))
}

let input = FileHandle.standardInput.readDataToEndOfFile()
let request: DetectorRequest
do { request = try JSONDecoder().decode(DetectorRequest.self, from: input) } catch { fail("cannot read the request: \(error)") }
guard request.protocol == "fullbleed-subjects", request.version == 1 else {
    fail("unsupported protocol \(request.protocol) version \(request.version) (this tool speaks fullbleed-subjects 1)")
}
guard request.image.mediaType == "image/png", request.image.encoding == "base64", let png = Data(base64Encoded: request.image.data) else {
    fail("expected a base64 PNG image")
}
guard let source = CGImageSourceCreateWithData(png as CFData, nil), let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else {
    fail("cannot decode the PNG")
}
guard image.width == request.width, image.height == request.height else {
    fail("the PNG is \(image.width)x\(image.height), the request says \(request.width)x\(request.height)")
}

let faces = VNDetectFaceRectanglesRequest()
let humans = VNDetectHumanRectanglesRequest()
humans.upperBodyOnly = false
let animals = VNRecognizeAnimalsRequest()
let saliency = VNGenerateObjectnessBasedSaliencyImageRequest()
// The image is already upright: FullBleed applied the EXIF orientation.
let handler = VNImageRequestHandler(cgImage: image, orientation: .up, options: [:])
do { try handler.perform([faces, humans, animals, saliency]) } catch { fail("Vision failed: \(error.localizedDescription)") }

var boxes: [DetectorBox] = []
for face in faces.results ?? [] {
    if let box = protocolBox(kind: "face", confidence: face.confidence, visionBox: face.boundingBox) { boxes.append(box) }
}
for human in humans.results ?? [] {
    if let box = protocolBox(kind: "person", confidence: human.confidence, visionBox: human.boundingBox) { boxes.append(box) }
}
for animal in animals.results ?? [] {
    let confidence = animal.labels.first?.confidence ?? animal.confidence
    if let box = protocolBox(kind: "animal", confidence: confidence, visionBox: animal.boundingBox) { boxes.append(box) }
}
for observation in saliency.results ?? [] {
    for object in observation.salientObjects ?? [] {
        if let box = protocolBox(kind: "salient", confidence: object.confidence, visionBox: object.boundingBox) { boxes.append(box) }
    }
}

let os = ProcessInfo.processInfo.operatingSystemVersion
let answer = DetectorAnswer(version: 1, detectorVersion: "vision-subjects 1 (macOS \(os.majorVersion).\(os.minorVersion).\(os.patchVersion))",
                            boxes: Array(boxes.prefix(max(0, request.maxBoxes))))
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
do { FileHandle.standardOutput.write(try encoder.encode(answer)) } catch { fail("cannot write the answer: \(error)") }
