import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedTestSupport

/// The naming template's `{hash}`: the first 8 hex digits of each file's SHA-256, so a file's name changes
/// exactly when its bytes do, an unchanged rebuild keeps (and does not touch) every file, and the file
/// under an old name is removed once the new manifest is in place.
@Suite struct NamingHashTests {
    static func pipeline(jpegQuality: Int) -> String {
        #"""
        {
          "name": "hashed",
          "targets": [{ "web": "hero", "widths": [160, 96] }],
          "placeholders": { "thumbhash": false, "blurhash": false, "averageColor": true, "palette": 0 },
          "outputs": [{ "format": "jpeg", "quality": \#(jpegQuality) }, { "format": "webp", "quality": 70, "method": 0 }],
          "naming": "{asset}/{variant}.{hash}.{ext}"
        }
        """#
    }

    static func build(_ json: String, input: String, out: String) throws -> BuildSummary {
        try BuildRunner.run(spec: try PipelineLoader.parse(Data(json.utf8)), options: BuildOptions(inputs: [input], outputPath: out, jobs: 2)) { _ in }
    }

    static func manifest(_ out: String) throws -> Manifest {
        try Manifest.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))))
    }

    /// The image files on disk below `out` (no manifest, state or lock), relative and sorted.
    static func images(_ out: String) -> [String] {
        (FileManager.default.subpaths(atPath: out) ?? []).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".webp") }.sorted()
    }

    /// Each file's inode and modification time: unchanged when nothing rewrote it.
    static func stamps(_ out: String) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for path in images(out) {
            let attributes = try FileManager.default.attributesOfItem(atPath: out + "/" + path)
            result[path] = ["\(attributes[.systemFileNumber] ?? 0)", "\(attributes[.modificationDate] ?? 0)"]
        }
        return result
    }

    @Test func everyNameCarriesTheFirstEightHexDigitsOfItsBytesSHA256() throws {
        let tmp = try TemporaryDirectory("naming-hash")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        #expect(try Self.build(Self.pipeline(jpegQuality: 80), input: tmp.path + "/in", out: tmp.path + "/out").built == 1)
        let files = try Self.manifest(tmp.path + "/out").assets.flatMap { $0.targets.flatMap { $0.derivatives.flatMap(\.files) } }
        #expect(files.count == 4)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/out/" + file.path)))
            #expect(bytes.count == file.bytes)
            let ext = file.imageFormat?.fileExtension ?? "?"
            #expect(file.path.hasSuffix(".\(SHA256.hex(bytes).prefix(8)).\(ext)"), "\(file.path)")
        }
        #expect(Self.images(tmp.path + "/out") == files.map(\.path).sorted())
    }

    @Test func namesChangeExactlyWhenTheBytesChange() throws {
        let tmp = try TemporaryDirectory("naming-hash-change")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        let out = tmp.path + "/out"
        _ = try Self.build(Self.pipeline(jpegQuality: 80), input: tmp.path + "/in", out: out)
        let first = Self.images(out)
        let stamps = try Self.stamps(out)

        // A no-op rebuild: the same names, nothing written.
        let again = try Self.build(Self.pipeline(jpegQuality: 80), input: tmp.path + "/in", out: out)
        #expect(again.built == 0 && again.unchanged == 1 && again.removed == 0)
        #expect(try Self.stamps(out) == stamps)

        // A JPEG quality change: new bytes and names for the JPEGs, the old ones gone; the WebPs keep theirs.
        let changed = try Self.build(Self.pipeline(jpegQuality: 60), input: tmp.path + "/in", out: out)
        #expect(changed.built == 1 && changed.removed == 2)
        let second = Self.images(out)
        #expect(second.filter { $0.hasSuffix(".webp") } == first.filter { $0.hasSuffix(".webp") })
        let oldJPEGs = Set(first.filter { $0.hasSuffix(".jpg") }), newJPEGs = Set(second.filter { $0.hasSuffix(".jpg") })
        #expect(newJPEGs.count == 2 && oldJPEGs.isDisjoint(with: newJPEGs))
        #expect(second == (try Self.manifest(out)).allOutputPaths, "only the files the manifest lists stay")
        #expect((FileManager.default.subpaths(atPath: out) ?? []).allSatisfy { !$0.contains(".fullbleed-tmp") })
    }

    @Test func hashedNamesAreDeterministic() throws {
        let tmp = try TemporaryDirectory("naming-hash-determinism")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg", "sk_chelsea.png"], to: tmp.path + "/in")
        _ = try Self.build(Self.pipeline(jpegQuality: 80), input: tmp.path + "/in", out: tmp.path + "/a")
        _ = try Self.build(Self.pipeline(jpegQuality: 80), input: tmp.path + "/in", out: tmp.path + "/b")
        #expect(Self.images(tmp.path + "/a") == Self.images(tmp.path + "/b"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/a/manifest.json")) == Data(contentsOf: URL(fileURLWithPath: tmp.path + "/b/manifest.json")))
    }

    @Test func theTemplateTakesHashAndNamesTheAllowedPlaceholders() throws {
        var spec = try PipelineLoader.load(path: "web-hero")
        spec.naming = "{asset}/{variant}-{hash}.{ext}"
        #expect(spec.outputPath(asset: "a-jpg", variant: "hero-96w", fileExtension: "webp", sha256: "0123456789abcdef") == "a-jpg/hero-96w-01234567.webp")
        try PipelineLoader.validateNaming("{hash}/{asset}/{variant}.{ext}", at: "$.naming")
        let error = try #require(throws: ConfigError.self) { try PipelineLoader.validateNaming("{asset}/{variant}.{hsh}.{ext}", at: "$.naming") }
        #expect(error.message == "unknown placeholder (allowed: {asset}, {variant}, {ext}, {hash})")
        #expect(throws: ConfigError.self) { try PipelineLoader.validateNaming("{asset}/{hash}.{ext}", at: "$.naming") }
    }
}
