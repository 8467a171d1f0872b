import Foundation
import Testing
import FullBleedPipeline
import FullBleedTestSupport

/// `publicPath` / `--public-url`: validated, normalised to a trailing `/`, recorded in the manifest, and not
/// part of the content hash (it changes no image byte).
@Suite struct PublicURLTests {
    @Test(arguments: [
        ("https://cdn.example.com/heroes", "https://cdn.example.com/heroes/"),
        ("https://cdn.example.com/heroes/", "https://cdn.example.com/heroes/"),
        ("HTTP://localhost:8080", "HTTP://localhost:8080/"),
        ("/heroes", "/heroes/"),
        ("/", "/"),
        ("/a%20b/", "/a%20b/"),
    ])
    func goodValuesAreNormalised(_ text: String, _ expected: String) throws {
        #expect(try PublicPath.normalised(text, at: "--public-url") == expected)
    }

    @Test(arguments: [
        ("heroes/", "a relative path"),
        ("ftp://example.com/", "only http and https URLs"),
        ("https://", "no host"),
        ("//cdn.example.com/", "a scheme-relative URL; give the scheme"),
        ("https://cdn.example.com/?v=1", "'?' is not allowed (percent-encode it; no query or fragment)"),
        ("/a b/", "U+0020 is not allowed (percent-encode it; no query or fragment)"),
        ("/h\u{e9}ros/", "U+00E9 is not allowed (percent-encode it; no query or fragment)"),
        ("/\"x", "'\"' is not allowed (percent-encode it; no query or fragment)"),
        ("", "a relative path"),
    ])
    func badValuesAreOneLineErrors(_ text: String, _ why: String) throws {
        let error = try #require(throws: ConfigError.self) { try PublicPath.normalised(text, at: "--public-url") }
        #expect(error.location == "--public-url")
        #expect(error.message.hasPrefix("expects an http(s) URL or a path starting with '/' (e.g. https://cdn.example.com/heroes/ or /heroes/): \(why), found \""),
                "\(error.message)")
        #expect(!error.description.contains("\n"))
    }

    @Test func thePipelineKeyIsValidatedAndLeftOutOfTheContentHash() throws {
        let base = #"{"name": "p", "targets": [{"web": "hero", "widths": [320]}], "outputs": [{"format": "jpeg"}]"#
        let plain = try PipelineLoader.parse(Data((base + "}").utf8))
        let prefixed = try PipelineLoader.parse(Data((base + #", "publicPath": "/static/heroes"}"#).utf8))
        #expect(plain.publicPath == nil && prefixed.publicPath == "/static/heroes/")
        #expect(plain.contentHash == prefixed.contentHash)
        let error = try #require(throws: ConfigError.self) { try PipelineLoader.parse(Data((base + #", "publicPath": "static"}"#).utf8)) }
        #expect(error.location == "$.publicPath")
    }

    @Test func theManifestRecordsItOnlyWhenGiven() throws {
        var spec = try PipelineLoader.parse(Data(#"{"name": "p", "targets": [{"web": "hero", "widths": [320]}], "outputs": [{"format": "jpeg"}]}"#.utf8))
        let without = String(decoding: try Manifest(pipeline: spec, assets: [], failures: [], shard: nil).encoded(), as: UTF8.self)
        #expect(!without.contains("publicPath"))
        spec.publicPath = "https://cdn.example.com/heroes/"
        let manifest = Manifest(pipeline: spec, assets: [], failures: [], shard: nil)
        let with = String(decoding: try manifest.encoded(), as: UTF8.self)
        #expect(with.contains(#""publicPath" : "https://cdn.example.com/heroes/""#))
        #expect(try Manifest.decode(try manifest.encoded()) == manifest)
    }

    @Test func thePipelineSchemaTakesTheWebKeysAndRefusesWhatTheLoaderRefuses() throws {
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/pipeline.schema.json"))
        func pipeline(_ publicPath: String) -> [String: Any] {
            ["name": "p", "targets": [["web": "hero", "widths": [320]]], "outputs": [["format": "jpeg"]],
             "naming": "{asset}/{variant}.{hash}.{ext}", "publicPath": publicPath, "emit": ["html": true, "htmlFolder": "web/snippets"]]
        }
        for good in ["https://cdn.example.com/heroes/", "/heroes", "/"] {
            #expect(schema.validate(pipeline(good)) == [], "\(good)")
            #expect(throws: Never.self) { try PublicPath.normalised(good, at: "$.publicPath") }
        }
        for bad in ["heroes/", "//cdn.example.com/", "https://cdn.example.com/?v=1", "/a b/", "ftp://x/"] {
            #expect(!schema.validate(pipeline(bad)).isEmpty, "\(bad)")
            #expect(throws: ConfigError.self) { try PublicPath.normalised(bad, at: "$.publicPath") }
        }
    }
}
