import Foundation
import Testing
import FullBleedCore
import FullBleedPipeline
import FullBleedTestSupport

@Suite struct PipelineLoaderTests {
    static let shipped = ["ios-hero", "web-hero", "bench-parity"]

    @Test(arguments: shipped)
    func shippedPipelinesLoadAndMatchTheirSchema(name: String) throws {
        let url = TestPaths.packageRoot.appendingPathComponent("Pipelines/\(name).json")
        let spec = try PipelineLoader.parse(try Data(contentsOf: url))
        #expect(spec.name == name)
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/pipeline.schema.json"))
        #expect(schema.validate(try JSONSerialization.jsonObject(with: Data(contentsOf: url))) == [])
    }

    @Test func defaultsFollowTheIssueAndSpec() throws {
        let spec = try PipelineLoader.parse(Data(#"{"name": "x", "targets": [{"device": "ipad-mini", "extension": true}], "outputs": [{"format": "webp"}]}"#.utf8))
        #expect(spec.cropMode == .attention && spec.toolbarAware)
        #expect(spec.resample.space == .linear && spec.resample.filter == .lanczos3)
        #expect(spec.upscale == .skip)
        let ext = try #require(spec.targets[0].backgroundExtension)
        #expect(ext.parameters.edges == [.leading, .trailing])
        #expect(ext.parameters.lengthPoints.leading == 320 && ext.parameters.sigmaPoints == 24)
        #expect(spec.legibility.parameters.target == .wcag(ratio: 4.5))
        #expect(spec.naming == "{asset}/{variant}.{ext}")
    }

    @Test func extensionLengthsCanDifferPerDeviceClass() throws {
        let json = #"""
        {"name": "x", "extension": {"edges": ["leading"], "lengthPoints": 320, "sigmaPoints": 20},
         "targets": [{"device": "ipad-mini", "extension": {"lengthPoints": 280}}, {"device": "ipad-pro-13-landscape", "extension": true},
                     {"device": "iphone-17-pro"}],
         "outputs": [{"format": "jpeg"}]}
        """#
        let spec = try PipelineLoader.parse(Data(json.utf8))
        #expect(spec.targets[0].backgroundExtension?.parameters.lengthPoints.leading == 280)
        #expect(spec.targets[0].backgroundExtension?.parameters.sigmaPoints == 20)
        #expect(spec.targets[0].backgroundExtension?.parameters.edges == [.leading])
        #expect(spec.targets[1].backgroundExtension?.parameters.lengthPoints.leading == 320)
        #expect(spec.targets[2].backgroundExtension == nil)
    }

    @Test func contentHashIgnoresFormattingButNotSettings() throws {
        let a = try PipelineLoader.parse(Data(#"{"name":"x","targets":[{"device":"iphone-16"}],"outputs":[{"format":"jpeg","quality":80}]}"#.utf8))
        let b = try PipelineLoader.parse(Data("{\n  \"outputs\": [ {\"quality\": 80, \"format\": \"jpeg\"} ],\n  \"targets\": [{\"device\": \"iphone-16\"}], \"name\": \"x\"\n}".utf8))
        let c = try PipelineLoader.parse(Data(#"{"name":"x","targets":[{"device":"iphone-16"}],"outputs":[{"format":"jpeg","quality":81}]}"#.utf8))
        #expect(a.contentHash == b.contentHash)
        #expect(a.contentHash != c.contentHash)
    }

    @Test(arguments: [
        (#"{"targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}]}"#, "$.name", "is required"),
        (#"{"name": "x", "targets": [], "outputs": [{"format": "jpeg"}]}"#, "$.targets", "non-empty"),
        (#"{"name": "x", "targets": [{"device": "iphone-16", "scales": [4]}], "outputs": [{"format": "jpeg"}]}"#, "$.targets[0].scales[0]", "expected 1, 2 or 3"),
        (#"{"name": "x", "targets": [{"web": "w"}], "outputs": [{"format": "jpeg"}]}"#, "$.targets[0].widths", "is required"),
        (#"{"name": "x", "targets": [{"web": "w", "widths": [100], "aspect": "wide"}], "outputs": [{"format": "jpeg"}]}"#, "$.targets[0].aspect", "aspect ratio"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "gif"}]}"#, "$.outputs[0].format", "expected one of"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "webp", "method": 9}]}"#, "$.outputs[0].method", "from 0 to 6"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}], "naming": "../{asset}/{variant}.{ext}"}"#, "$.naming", "relative path"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}], "naming": "{asset}.{ext}"}"#, "$.naming", "{variant}"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}], "tiers": {"stretchHeadroom": 2}}"#, "$.tiers.stretchHeadroom", "from 1 to 1.5"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}], "legibility": {"wcag": 4.5, "apcaLc": 60}}"#, "$.legibility.apcaLc", "not both"),
        (#"{"name": "x", "targets": [{"device": "iphone-16", "extension": "yes"}], "outputs": [{"format": "jpeg"}]}"#, "$.targets[0].extension", "expected true, false or an object"),
        (#"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}], "legibility": {"inlineTitle": "always"}}"#, "$.legibility.inlineTitle", "expected one of"),
    ])
    func errorsNameTheFieldAndWhatWasExpected(json: String, location: String, message: String) {
        do {
            _ = try PipelineLoader.parse(Data(json.utf8))
            Issue.record("expected an error at \(location)")
        } catch let error as ConfigError {
            #expect(error.location == location, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The inline title appears after the collapse offset unless the pipeline says it stays at rest.
    @Test func inlineTitlePlacement() throws {
        let base = #"{"name": "x", "targets": [{"device": "iphone-16"}], "outputs": [{"format": "jpeg"}]"#
        #expect(try PipelineLoader.parse(Data((base + "}").utf8)).legibility.parameters.inlineTitle == .afterCollapse)
        let atRest = try PipelineLoader.parse(Data((base + #", "legibility": {"inlineTitle": "at-rest"}}"#).utf8))
        #expect(atRest.legibility.parameters.inlineTitle == .atRest)
    }

    @Test func sidecarsValidateLikePipelines() throws {
        let sidecar = try Sidecar.parse(Data(#"{"focus": [0.2, 0.8], "alt": "x", "title": {"x": 0.1, "y": 0.7, "width": 0.5, "height": 0.2}}"#.utf8))
        #expect(sidecar.cropMode == .focal(x: 0.2, y: 0.8))
        #expect(sidecar.title?.name == "title")
        #expect(throws: ConfigError.self) { try Sidecar.parse(Data(#"{"focus": [0.2]}"#.utf8)) }
        #expect(throws: ConfigError.self) { try Sidecar.parse(Data(#"{"crop": "focal"}"#.utf8)) }
        #expect(throws: ConfigError.self) { try Sidecar.parse(Data(#"{"crop": "center", "focus": [0.5, 0.5]}"#.utf8)) }
        #expect(throws: ConfigError.self) { try Sidecar.parse(Data(#"{"altText": "typo"}"#.utf8)) }
    }
}
