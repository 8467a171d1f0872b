import Foundation
import FullBleedPipeline
import FullBleedTestSupport
import Testing

/// `subjects.detector` in pipeline files, and the detector's answer (docs/detectors.md).
@Suite struct SubjectDetectorSpecTests {
    static let base = #"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}]"#

    static func pipeline(_ detector: String) -> Data { Data((base + #", "subjects": {"detector": "# + detector + "}}").utf8) }

    @Test func theDetectorIsReadWithItsDefaults() throws {
        let spec = try PipelineLoader.parse(Self.pipeline(#"{"name": "vision", "command": ["/usr/local/bin/vision-subjects", "--fast"]}"#))
        let detector = try #require(spec.subjectDetector)
        #expect(detector == SubjectDetectorSpec(name: "vision", command: ["/usr/local/bin/vision-subjects", "--fast"], timeoutSeconds: 30, maxSidePixels: 1024))
        let tuned = try PipelineLoader.parse(Self.pipeline(#"{"name": "v", "command": ["d"], "timeoutSeconds": 1, "maxSidePixels": 256}"#))
        #expect(tuned.subjectDetector?.timeoutSeconds == 1 && tuned.subjectDetector?.maxSidePixels == 256)
        #expect(try PipelineLoader.parse(Data((Self.base + "}").utf8)).subjectDetector == nil)
    }

    /// The name and the copy's size decide the outputs (hashed); the command and the timeout do not.
    @Test func theContentHashFollowsTheDetectorsIdentityNotItsPath() throws {
        func hash(_ detector: String?) throws -> String {
            try PipelineLoader.parse(detector.map(Self.pipeline) ?? Data((Self.base + "}").utf8)).contentHash
        }
        let vision = try hash(#"{"name": "vision", "command": ["/a/vision"]}"#)
        #expect(try hash(#"{"name": "vision", "command": ["/elsewhere/vision"], "timeoutSeconds": 5}"#) == vision)
        #expect(try hash(#"{"name": "other", "command": ["/a/vision"]}"#) != vision)
        #expect(try hash(#"{"name": "vision", "command": ["/a/vision"], "maxSidePixels": 512}"#) != vision)
        #expect(try hash(nil) != vision)
        // Without a detector the hash is what it was before detectors existed (no pipeline rebuilds).
        #expect(try hash(nil) == (try PipelineLoader.parse(Data((Self.base + "}").utf8)).contentHash))
        // --detector gives the same hash as the pipeline key with the same name.
        var overridden = try PipelineLoader.parse(Data((Self.base + "}").utf8))
        overridden.setSubjectDetector(SubjectDetectorSpec(name: "vision", command: ["/b/vision"]))
        #expect(overridden.contentHash == vision)
        overridden.setSubjectDetector(nil)
        #expect(overridden.contentHash == (try hash(nil)))
    }

    @Test(arguments: [
        (#"{"command": ["d"]}"#, "$.subjects.detector.name", "is required"),
        (#"{"name": "has space", "command": ["d"]}"#, "$.subjects.detector.name", "expected 1-64 letters"),
        (#"{"name": "v"}"#, "$.subjects.detector.command", "is required"),
        (#"{"name": "v", "command": []}"#, "$.subjects.detector.command", "is required"),
        (#"{"name": "v", "command": "d --fast"}"#, "$.subjects.detector.command", "expected an array"),
        (#"{"name": "v", "command": ["d", 3]}"#, "$.subjects.detector.command[1]", "expected a non-empty string"),
        (#"{"name": "v", "command": ["d"], "timeoutSeconds": 0}"#, "$.subjects.detector.timeoutSeconds", "from 0.01 to 3600"),
        (#"{"name": "v", "command": ["d"], "timeoutSeconds": "30"}"#, "$.subjects.detector.timeoutSeconds", "expected a number"),
        (#"{"name": "v", "command": ["d"], "maxSidePixels": 32}"#, "$.subjects.detector.maxSidePixels", "from 64 to 8192"),
        (#"{"name": "v", "command": ["d"], "timeout": 3}"#, "$.subjects.detector.timeout", "unknown field"),
    ])
    func detectorErrorsNameTheField(detector: String, location: String, message: String) {
        do {
            _ = try PipelineLoader.parse(Self.pipeline(detector))
            Issue.record("expected an error at \(location)")
        } catch let error as ConfigError {
            #expect(error.location == location && error.message.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func anUnknownSubjectsKeyAndAFileAreNamed() throws {
        let tmp = try TemporaryDirectory("detector-pipeline")
        defer { tmp.remove() }
        let path = try tmp.write("mine.json", Array((Self.base + #", "subjects": {"detecter": {}}}"#).utf8))
        do {
            _ = try PipelineLoader.load(path: path)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(error.description.hasPrefix("\(path): $.subjects.detecter: unknown field"), "\(error)")
        }
    }

    @Test func answersAreValidated() throws {
        let answer = try DetectorProtocol.parseAnswer(Array(#"{"version": 1, "detectorVersion": "m 2", "boxes": [{"kind": "hot dog", "confidence": 0.5, "x": 0.1, "y": 0.2, "width": 0.3, "height": 0.8000004}]}"#.utf8))
        // An overhang of rounding is clipped; values keep six decimals.
        #expect(answer == DetectorProtocol.Answer(detectorVersion: "m 2", boxes: [DetectedBox(kind: "hot dog", confidence: 0.5, x: 0.1, y: 0.2, width: 0.3, height: 0.8)]))
        #expect(try DetectorProtocol.parseAnswer(Array(#"{"version": 1, "boxes": []}"#.utf8)).boxes.isEmpty)
        let bad: [(String, String)] = [
            (#"{"boxes": []}"#, "$.version: is required"),
            (#"{"version": 2, "boxes": []}"#, "$.version: protocol version 2 is not supported"),
            (#"{"version": 1}"#, "$.boxes: is required"),
            (#"{"version": 1, "boxes": [], "extra": 1}"#, "$.extra: unknown field"),
            (#"{"version": 1, "boxes": [{"kind": "", "confidence": 1, "x": 0, "y": 0, "width": 1, "height": 1}]}"#, "$.boxes[0].kind: expected 1-32 printable"),
            (#"{"version": 1, "boxes": [{"kind": "a\u0007", "confidence": 1, "x": 0, "y": 0, "width": 1, "height": 1}]}"#, "$.boxes[0].kind: expected 1-32 printable"),
            (#"{"version": 1, "boxes": [{"kind": "a", "confidence": -0.1, "x": 0, "y": 0, "width": 1, "height": 1}]}"#, "$.boxes[0].confidence: expected a number from 0 to 1"),
            (#"{"version": 1, "boxes": [{"kind": "a", "confidence": 1, "x": 0, "y": 0, "width": 0, "height": 1}]}"#, "$.boxes[0]: the box must have a positive width and height"),
            (#"{"version": 1, "boxes": [{"kind": "a", "confidence": 1, "x": -0.2, "y": 0, "width": 0.5, "height": 1}]}"#, "$.boxes[0]: the box must lie inside the image"),
            (#"{"version": 1, "boxes": [{"kind": "a", "confidence": 1, "x": 5, "y": 0, "width": 0.5, "height": 1}]}"#, "$.boxes[0].x: expected a number from -1 to 2"),
            (#"{"version": 1, "boxes": [{"kind": "a", "confidence": 1, "x": 0, "y": 0.6, "width": 1, "height": 0.5}]}"#, "$.boxes[0]: the box must lie inside the image"),
            (#"{"version": 1, "boxes": [{"kind": "a", "confidence": 1, "x": 0, "y": 0, "width": 1}]}"#, "$.boxes[0].height: is required"),
        ]
        for (json, expected) in bad {
            do {
                _ = try DetectorProtocol.parseAnswer(Array(json.utf8))
                Issue.record("accepted \(json)")
            } catch let error as ConfigError {
                #expect("\(error.location): \(error.message)".hasPrefix(expected), "\(json): \(error)")
            }
        }
    }
}
