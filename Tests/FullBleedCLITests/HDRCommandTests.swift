import Foundation
import Testing
import FullBleedTestSupport

/// `fullbleed build` with `"hdr": "keep"` over the HDR fixtures (good and hostile) through the binary.
@Suite struct HDRCommandTests {
    @Test func ultraHDRAndAppleHEICSourcesBuildUltraHDRHeroes() throws {
        let tmp = try TemporaryDirectory("hdr")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        let names = ["uhdr_gray_p3.jpg", "uhdr_orient6.jpg", "apple_gainmap.heic", "bad_truncated_mpf.jpg"]
        for name in names {
            try FileManager.default.copyItem(atPath: HDRFixtures.folder.appendingPathComponent(name).path, toPath: input + "/" + name)
        }
        let pipeline = tmp.path + "/hdr.json"
        try Data("""
        { "name": "hdr-cli", "targets": [{ "device": "iphone-17-pro", "scales": [1] }, { "web": "hero", "widths": [320], "aspect": "16:9" }],
          "tiers": { "stretchHeadroom": 1, "upscale": "upscale" }, "legibility": { "bakeGradient": true },
          "outputs": [{ "format": "jpeg", "quality": 90 }, { "format": "webp", "quality": 80 }], "hdr": "keep" }
        """.utf8).write(to: URL(fileURLWithPath: pipeline))
        let out = tmp.path + "/out"
        let result = try CLIRunner.run(["build", input, "--pipeline", pipeline, "--out", out, "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try BuildFixtures.manifest(in: out)
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/manifest.schema.json"))
        #expect(schema.validate(manifest) == [])
        let assets = try #require(manifest["assets"] as? [[String: Any]])
        #expect(assets.count == names.count)
        for asset in assets {
            let source = try #require(asset["source"] as? [String: Any])
            let hostile = (source["path"] as? String)?.hasPrefix("bad_") == true
            let targets = try #require(asset["targets"] as? [[String: Any]])
            for target in targets {
                for derivative in try #require(target["derivatives"] as? [[String: Any]]) {
                    for file in try #require(derivative["files"] as? [[String: Any]]) {
                        let path = try #require(file["path"] as? String)
                        let probe = try CLIRunner.run(["probe", out + "/" + path])
                        let carries = file["gainMap"] != nil
                        #expect(carries == (!hostile && file["format"] as? String == "jpeg"), "\(path)")
                        #expect(probe.stdout.contains("gain map") == carries, "\(path): \(probe.stdout)")
                    }
                }
            }
            if hostile {
                #expect((asset["warnings"] as? [String])?.contains { $0.contains("gain map") } == true)
            } else {
                #expect(source["gainMap"] != nil && (asset["steps"] as? [String])?.contains("gain-map") == true)
            }
        }
    }
}
