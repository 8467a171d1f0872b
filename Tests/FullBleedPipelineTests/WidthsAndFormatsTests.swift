import Foundation
import Testing
import FullBleedCodecs
import FullBleedPipeline
import FullBleedTestSupport

/// `--widths` and `--formats`: the widths and formats of the pipeline's web targets for one build; device
/// targets keep theirs; both are part of the content hash.
@Suite struct WidthsAndFormatsTests {
    static let json = #"""
    {
      "name": "mixed",
      "targets": [{ "device": "iphone-17-pro", "scales": [1] }, { "web": "hero", "widths": [320, 160] }],
      "placeholders": { "thumbhash": false, "blurhash": false, "averageColor": true, "palette": 0 },
      "outputs": [{ "format": "jpeg", "quality": 77 }, { "format": "webp", "quality": 70, "method": 0 }]
    }
    """#

    @Test func listsAreParsedInOrder() throws {
        #expect(try PipelineSpec.webWidths(parsing: "320, 640,1280") == [320, 640, 1280])
        #expect(try PipelineSpec.webFormats(parsing: "avif,WEBP,jpeg") == [.avif, .webp, .jpeg])
    }

    @Test(arguments: [
        ("0", #"expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found "0""#),
        ("320,abc", #"expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found "abc""#),
        ("320,1.5", #"expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found "1.5""#),
        ("320,,640", #"expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found """#),
        ("99999", #"expects a comma-separated list of pixel widths from 1 to 16384 (e.g. 320,640,1280), found "99999""#),
        ("640,320,640", "lists 640 twice; each width may appear once"),
    ])
    func badWidths(_ text: String, _ message: String) throws {
        let error = try #require(throws: ConfigError.self) { try PipelineSpec.webWidths(parsing: text) }
        #expect(error.location == "--widths" && error.message == message)
    }

    @Test(arguments: [
        ("gif", #"expects a comma-separated list of avif, webp, jpeg, png, found "gif""#),
        ("heic", #"expects a comma-separated list of avif, webp, jpeg, png, found "heic""#),
        ("webp,jpeg,webp", "lists webp twice; each format may appear once"),
    ])
    func badFormats(_ text: String, _ message: String) throws {
        let error = try #require(throws: ConfigError.self) { try PipelineSpec.webFormats(parsing: text) }
        #expect(error.location == "--formats" && error.message == message)
    }

    @Test func overridesChangeOnlyWebTargetsAndTheContentHash() throws {
        let spec = try PipelineLoader.parse(Data(Self.json.utf8))
        var widths = spec, formats = spec
        try widths.overrideWebTargets(widths: [640, 96], formats: nil)
        try formats.overrideWebTargets(widths: nil, formats: [.avif, .jpeg])
        #expect(widths.targets[1].target.tiers.map(\.label) == ["96w", "640w"])
        #expect(widths.targets[0] == spec.targets[0] && formats.targets[0] == spec.targets[0], "device targets keep theirs")
        #expect(formats.targets[1].outputs?.map(\.format) == [.avif, .jpeg])
        #expect(formats.targets[1].outputs?[1] == spec.outputs[0], "a pipeline format keeps the pipeline's settings")
        #expect(formats.targets[1].outputs?[0].options == .avif(AVIFEncodeOptions()), "a new one gets the encoder's defaults")
        #expect(Set([spec.contentHash, widths.contentHash, formats.contentHash]).count == 3)
        var same = spec
        try same.overrideWebTargets(widths: [640, 96], formats: nil)
        #expect(same.contentHash == widths.contentHash)
        var untouched = spec
        try untouched.overrideWebTargets(widths: nil, formats: nil)
        #expect(untouched == spec)
    }

    @Test func aPipelineWithoutWebTargetsRefusesThem() throws {
        var spec = try PipelineLoader.parse(Data(#"{"name": "devices", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "jpeg"}]}"#.utf8))
        let error = try #require(throws: ConfigError.self) { try spec.overrideWebTargets(widths: [320], formats: nil) }
        #expect(error.location == "--widths" && error.message == "applies to web targets, and pipeline devices has none (every target is a device)")
        #expect((try? spec.overrideWebTargets(widths: nil, formats: [.webp])) == nil)
    }

    @Test func aBuildWritesExactlyTheGivenWidthsAndFormatsForWebTargets() throws {
        let tmp = try TemporaryDirectory("widths-formats")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        var spec = try PipelineLoader.parse(Data(Self.json.utf8))
        try spec.overrideWebTargets(widths: [200, 100], formats: [.avif, .jpeg])
        let summary = try BuildRunner.run(spec: spec, options: BuildOptions(inputs: [tmp.path + "/in"], outputPath: tmp.path + "/out", jobs: 2)) { _ in }
        #expect(summary.built == 1)
        let manifest = try Manifest.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: tmp.path + "/out/manifest.json"))))
        #expect(manifest.pipeline.hash == spec.contentHash)
        let targets = try #require(manifest.assets.first?.targets)
        #expect(Set(targets[0].derivatives.flatMap(\.files).compactMap(\.imageFormat?.rawValue)) == ["jpeg", "webp"], "the device target keeps the pipeline's outputs")
        let web = targets[1]
        #expect(web.derivatives.map(\.width) == [100, 200])
        for derivative in web.derivatives {
            #expect(derivative.files.compactMap(\.imageFormat?.rawValue) == ["avif", "jpeg"])
            for file in derivative.files {
                let info = try Codecs.probe([UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/out/" + file.path))))
                #expect(info.format == file.imageFormat && info.size.width == derivative.width)
            }
        }
    }
}
