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
                for derivative in BuildFixtures.pictures(of: target) {
                    for file in try #require(derivative["files"] as? [[String: Any]]) {
                        let path = BuildFixtures.path(of: file, in: asset)
                        let probe = try CLIRunner.run(["probe", out + "/" + path])
                        let carries = file["gainMap"] != nil
                        #expect(carries == (!hostile && file["mimeType"] as? String == "image/jpeg"), "\(path)")
                        #expect(probe.stdout.contains("gain map") == carries, "\(path): \(probe.stdout)")
                    }
                }
            }
            if hostile {
                #expect((asset["warnings"] as? [String])?.contains { $0.contains("gain map") } == true)
            } else {
                #expect(source["gainMap"] != nil && (asset["targets"] as? [[String: Any]])?.allSatisfy { $0["hdr"] != nil } == true)
            }
        }
    }

    /// With `--emit`, the catalog holds the SDR rendition of each Ultra HDR hero (its own bytes without the
    /// gain map), the emit folder's `HDR` folder holds the Ultra HDR file of each device target (the
    /// largest plain tier, gain map kept), the Swift names it, `--check` finds everything current, and an
    /// SDR rebuild removes the `HDR` folder.
    @Test func emittedCatalogIsSDRAndTheHDRHeroesSitBesideIt() throws {
        let tmp = try TemporaryDirectory("hdr-emit")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: HDRFixtures.folder.appendingPathComponent("uhdr_gray_p3.jpg").path, toPath: input + "/uhdr_gray_p3.jpg")
        func pipeline(_ hdr: String) throws -> String {
            let path = tmp.path + "/\(hdr).json"
            try Data("""
            { "name": "hdr-emit", "targets": [{ "device": "iphone-17-pro", "scales": [1, 2] }],
              "tiers": { "stretchHeadroom": 1, "upscale": "upscale" },
              "outputs": [{ "format": "jpeg", "quality": 90 }], "hdr": "\(hdr)", "emit": { "xcassets": true, "swift": true } }
            """.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let out = tmp.path + "/out"
        let built = try CLIRunner.run(["build", input, "--pipeline", try pipeline("keep"), "--out", out, "--quiet"])
        #expect(built.exitCode == 0, "\(built.stderr)")
        let set = out + "/Xcode/Heroes.xcassets/uhdr_gray_p3-jpg.imageset"
        let slots = try FileManager.default.contentsOfDirectory(atPath: set).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(!slots.isEmpty)
        for slot in slots {
            let probe = try CLIRunner.run(["probe", set + "/" + slot])
            #expect(probe.exitCode == 0 && !probe.stdout.contains("gain map"), "\(slot): \(probe.stdout)")
        }
        let hdrFile = out + "/Xcode/HDR/uhdr_gray_p3-jpg-iphone-17-pro.jpg"
        let probe = try CLIRunner.run(["probe", hdrFile])
        #expect(probe.stdout.contains("gain map"), "\(probe.stdout)")
        // The HDR file is the @2x plain hero; the catalog's @2x slot is the same picture without the gain map.
        let largest = try Data(contentsOf: URL(fileURLWithPath: hdrFile))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/uhdr_gray_p3-jpg").contains { name in
            name.contains("@2x") && (try? Data(contentsOf: URL(fileURLWithPath: out + "/uhdr_gray_p3-jpg/" + name))) == largest
        })
        let swift = try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8)
        #expect(swift.contains(#"hdrResourceName: "uhdr_gray_p3-jpg-iphone-17-pro.jpg""#) && swift.contains(".allowedDynamicRange(.constrainedHigh)"))
        let folder = try FileManager.default.contentsOfDirectory(atPath: out + "/Xcode").sorted()
        #expect(folder == ["HDR", "Heroes.swift", "Heroes.xcassets"])

        let check = try CLIRunner.run(["build", input, "--pipeline", try pipeline("keep"), "--out", out, "--check"])
        #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")

        let sdr = try CLIRunner.run(["build", input, "--pipeline", try pipeline("sdr"), "--out", out, "--quiet"])
        #expect(sdr.exitCode == 0, "\(sdr.stderr)")
        #expect(!FileManager.default.fileExists(atPath: hdrFile))
        let sdrSwift = try String(contentsOfFile: out + "/Xcode/Heroes.swift", encoding: .utf8)
        #expect(sdrSwift.contains("hdrResourceName: nil") && !sdrSwift.contains("hdrResourceName: \""))
    }
}
