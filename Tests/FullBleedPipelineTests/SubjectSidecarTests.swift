import Foundation
import Testing
import FullBleedCore
@testable import FullBleedPipeline

/// The sidecar `subject` box and the pipeline's `crop.faces` / `crop.maxZoom` keys.
@Suite struct SubjectSidecarTests {
    @Test func subjectBoxImpliesAttention() throws {
        let sidecar = try Sidecar.parse(Data(#"{"subject": {"x": 0.4, "y": 0.1, "width": 0.2, "height": 0.3}}"#.utf8))
        #expect(sidecar.cropMode == .attention)
        let box = try #require(sidecar.subject)
        #expect(box.x == 0.4 && box.y == 0.1 && box.width == 0.2 && box.height == 0.3)
    }

    @Test(arguments: [
        #"{"subject": {"x": 0.4, "y": 0.1, "width": 0.2, "height": 0.3}, "focus": [0.5, 0.5]}"#,
        #"{"subject": {"x": 0.4, "y": 0.1, "width": 0.2, "height": 0.3}, "crop": "center"}"#,
        #"{"subject": {"x": 0.9, "y": 0.1, "width": 0.2, "height": 0.3}}"#,
        #"{"subject": {"x": 0.4, "y": 0.1, "width": 0.2}}"#,
    ])
    func badSubjectsAreRejected(json: String) {
        #expect(throws: ConfigError.self) { try Sidecar.parse(Data(json.utf8)) }
    }

    @Test func pipelineCropKeys() throws {
        let base = #"{"name": "t", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "jpeg"}], "crop": CROP}"#
        let spec = try PipelineLoader.parse(Data(base.replacingOccurrences(of: "CROP", with: #"{"faces": false, "maxZoom": 2}"#).utf8))
        #expect(!spec.cropFaces && spec.maximumZoom == 2)
        let defaults = try PipelineLoader.parse(Data(base.replacingOccurrences(of: "CROP", with: "{}").utf8))
        #expect(defaults.cropFaces && defaults.maximumZoom == 1.5)
        #expect(throws: ConfigError.self) {
            try PipelineLoader.parse(Data(base.replacingOccurrences(of: "CROP", with: #"{"maxZoom": 0.5}"#).utf8))
        }
    }
}
