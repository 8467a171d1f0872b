import Foundation
import Testing
import FullBleedCodecs
@testable import FullBleedPipeline
import FullBleedTestSupport

@Suite struct AssetCatalogEmitterTests {
    /// Every folder of the catalog, relative to it ("" for the catalog itself), with its `Contents.json`.
    static func folders(of catalog: String) throws -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? catalog : catalog + "/" + relative
            let data = try Data(contentsOf: URL(fileURLWithPath: path + "/Contents.json"))
            result[relative] = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(relative)/Contents.json")
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory), isDirectory.boolValue {
                    pending.append(relative.isEmpty ? name : relative + "/" + name)
                }
            }
        }
        return result
    }

    static func images(_ contents: [String: Any]) -> [[String: String]] {
        (contents["images"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
    }

    @Test func everyContentsJSONParsesAndListsExactlyTheFilesPresent() throws {
        let fixture = try EmitFixture("xcassets")
        defer { fixture.remove() }
        try fixture.build()
        let manifest = try fixture.manifest()
        let folders = try Self.folders(of: fixture.catalog)

        // The JPEG outputs of device targets, by bytes: every catalog image must be one of them.
        var deviceJPEGs: [Data: String] = [:]
        for asset in manifest.assets {
            for target in asset.targets where target.kind == .device {
                let files = target.derivatives.flatMap(\.files) + (target.extensions ?? []).filter { $0.part == .canvas }.flatMap(\.files)
                for file in files where file.imageFormat?.rawValue == "jpeg" {
                    deviceJPEGs[try Data(contentsOf: URL(fileURLWithPath: fixture.out + "/" + file.path))] = file.path
                }
            }
        }
        var catalogImages = 0
        for (folder, contents) in folders {
            let info = try #require(contents["info"] as? [String: Any], "\(folder)")
            #expect(info["author"] as? String == "xcode" && info["version"] as? Int == 1, "\(folder)")
            let path = folder.isEmpty ? fixture.catalog : fixture.catalog + "/" + folder
            let present = Set(try FileManager.default.contentsOfDirectory(atPath: path).filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
            })
            if folder.hasSuffix(".imageset") {
                let listed = Set(Self.images(contents).compactMap { $0["filename"] })
                #expect(!listed.isEmpty, "\(folder) lists no image")
                #expect(listed == present.subtracting(["Contents.json"]), "\(folder): listed \(listed.sorted()), present \(present.sorted())")
                for name in listed {
                    let bytes = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
                    #expect(deviceJPEGs[bytes] != nil, "\(folder)/\(name) is not one of the build's JPEG outputs")
                    catalogImages += 1
                }
                for image in Self.images(contents) {
                    #expect(["universal", "iphone", "ipad"].contains(image["idiom"]), "\(folder)")
                    #expect(["1x", "2x", "3x"].contains(image["scale"]), "\(folder)")
                }
                // Every set, scrim and extended ones included, finds an image on any device.
                #expect(Self.images(contents).contains { $0["idiom"] == "universal" && $0["filename"] != nil }, "\(folder) has no universal image")
            } else {
                #expect(present == ["Contents.json"], "\(folder) holds \(present.sorted())")
            }
        }
        // Each device JPEG (hero, scrim, canvas) appears exactly once; strips and web widths stay out.
        #expect(catalogImages == deviceJPEGs.count)

        // The layout rules, on the retina photo (key sk_retina-jpg) and the photo in trip/.
        let hero = try #require(folders["sk_retina-jpg.imageset"])
        let slots = Self.images(hero).map { "\($0["idiom"]!) \($0["scale"]!) \($0["filename"] ?? "-")" }
        #expect(slots == ["universal 1x iphone-17-pro@1x.jpg", "universal 2x -", "universal 3x -",
                          "iphone 1x iphone-17-pro@1x.jpg", "iphone 2x -", "iphone 3x -", "ipad 1x ipad-mini@1x.jpg", "ipad 2x -"])
        let second = try #require(folders["sk_retina-jpg-iphone-se.imageset"])
        #expect(Self.images(second).compactMap { $0["filename"] } == ["iphone-se@1x.jpg", "iphone-se@1x.jpg"])
        let extended = try #require(folders["sk_retina-jpg-extended.imageset"])
        #expect(Self.images(extended).map { "\($0["idiom"]!) \($0["scale"]!) \($0["filename"] ?? "-")" }
                == ["universal 1x ipad-mini@1x-extended.jpg", "universal 2x -", "universal 3x -", "ipad 1x ipad-mini@1x-extended.jpg", "ipad 2x -"])
        let group = try #require(folders["trip"])
        #expect((group["properties"] as? [String: Any])?["provides-namespace"] as? Bool == true)
        #expect(folders["trip/sk_chelsea-png.imageset"] != nil)
        #expect(!folders.keys.contains { $0.contains("strip") || $0.contains("web") })
        // Scrim sets exist exactly for the targets whose derivatives have a baked scrim.
        let scrimTargets = manifest.assets.flatMap { asset in
            asset.targets.filter { $0.derivatives.contains { $0.kind == .scrim } }.map { asset.key + "/" + $0.name }
        }
        let scrimSets = folders.keys.filter { $0.hasSuffix("-scrim.imageset") }
        #expect(scrimSets.isEmpty == scrimTargets.isEmpty, "scrim sets \(scrimSets), scrim targets \(scrimTargets)")

        // Images are hard links to the build's outputs.
        var info = stat()
        #expect(lstat(fixture.catalog + "/sk_retina-jpg.imageset/iphone-17-pro@1x.jpg", &info) == 0)
        #expect(info.st_nlink >= 2)
    }

    @Test func rebuildsAreByteIdenticalAndCheckFollowsTheCatalog() throws {
        let fixture = try EmitFixture("xcassets-incremental")
        defer { fixture.remove() }
        try fixture.build()
        var first = try BuildFixtures.snapshot(fixture.out)
        first[".fullbleed-state.json"] = nil
        #expect(first.keys.contains { $0.hasPrefix("Xcode/Test Heroes.xcassets/") } && first["Xcode/TestHeroes.swift"] != nil)

        // A no-op rebuild writes nothing and reports nothing emitted.
        let again = try fixture.build()
        #expect(again.summary.built == 0)
        #expect(!again.notes.contains { $0.contains("written") }, "\(again.notes)")
        var second = try BuildFixtures.snapshot(fixture.out)
        second[".fullbleed-state.json"] = nil
        #expect(first == second)
        #expect(try fixture.build(check: true).summary.stale == [])

        // Drift in the catalog is reported by --check and repaired by the next build.
        let contents = fixture.catalog + "/sk_retina-jpg.imageset/Contents.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: contents))
        try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.catalog + "/sk_retina-jpg.imageset/extra.png"))
        try FileManager.default.removeItem(atPath: fixture.out + "/Xcode/TestHeroes.swift")
        let stale = try fixture.build(check: true).summary.stale.map(\.description)
        #expect(stale == ["Xcode/Test Heroes.xcassets/sk_retina-jpg.imageset/Contents.json: stale",
                          "Xcode/Test Heroes.xcassets/sk_retina-jpg.imageset/extra.png: no longer emitted",
                          "Xcode/TestHeroes.swift: missing"])
        let repaired = try fixture.build()
        #expect(repaired.summary.built == 0)
        var third = try BuildFixtures.snapshot(fixture.out)
        third[".fullbleed-state.json"] = nil
        #expect(third == first)

        // A deleted photo's image sets (and its now empty group) go.
        try FileManager.default.removeItem(atPath: fixture.input + "/trip/sk_chelsea.png")
        try fixture.build()
        #expect(!FileManager.default.fileExists(atPath: fixture.catalog + "/trip"))
        #expect(FileManager.default.fileExists(atPath: fixture.catalog + "/sk_retina-jpg.imageset/Contents.json"))
        #expect(try fixture.build(check: true).summary.stale == [])
    }

    @Test func emitSettingsChangeNoPixel() throws {
        let fixture = try EmitFixture("xcassets-hash")
        defer { fixture.remove() }
        var plain = fixture.spec
        plain.emit = .default
        try fixture.build(spec: plain)
        #expect(!FileManager.default.fileExists(atPath: fixture.catalog))
        // The same pipeline with emit on reuses every image and only adds the emitted files.
        let withEmit = try fixture.build()
        #expect(withEmit.summary.built == 0 && withEmit.summary.unchanged == 2)
        #expect(FileManager.default.fileExists(atPath: fixture.catalog + "/Contents.json"))
        let reparsed = try PipelineLoader.parse(Data(EmitFixture.pipelineJSON.replacingOccurrences(of: #""xcassets": true, "bakedSets": true, "swift": true, "#, with: "").utf8))
        #expect(reparsed.contentHash == fixture.spec.contentHash)
        #expect(!reparsed.emit.xcassets && !reparsed.emit.swift && reparsed.emit.catalogName == "Test Heroes.xcassets")
    }

    @Test func displayP3SourcesFillBothGamutSlots() throws {
        let fixture = try EmitFixture("xcassets-p3")
        defer { fixture.remove() }
        try fixture.build()
        var manifest = try fixture.manifest()
        manifest.assets[0].source.colorSpace = "display-p3"
        let plan = try AssetCatalogEmitter.plan(manifest: manifest, spec: fixture.spec)
        let file = try #require(plan.files.first { $0.path == "Xcode/Test Heroes.xcassets/sk_retina-jpg.imageset/Contents.json" })
        guard case .bytes(let bytes) = file.content else { Issue.record("Contents.json is not bytes"); return }
        let contents = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let slots = Self.images(contents).map { "\($0["idiom"]!) \($0["scale"]!) \($0["display-gamut"] ?? "any") \($0["filename"] ?? "-")" }
        #expect(slots.prefix(2) == ["universal 1x sRGB iphone-17-pro@1x.jpg", "universal 1x display-P3 iphone-17-pro@1x.jpg"])
        #expect(slots.count == 16)
        // With "color": "srgb" the derivatives are sRGB whatever the source: the "Any" gamut.
        var srgb = fixture.spec
        srgb.colorOutput = .sRGB
        let srgbPlan = try AssetCatalogEmitter.plan(manifest: manifest, spec: srgb)
        guard case .bytes(let srgbBytes) = try #require(srgbPlan.files.first { $0.path == file.path }).content else { return }
        #expect(!String(decoding: srgbBytes, as: UTF8.self).contains("display-gamut"))
    }

    @Test func contentsJSONIsWrittenAsXcodeWritesIt() {
        let set = AssetCatalogLayout.ImageSet(name: "a", slots: [
            .init(idiom: "iphone", scale: 1, gamut: nil, source: "a/x.jpg", fileName: "x.jpg"),
            .init(idiom: "iphone", scale: 2, gamut: nil, source: nil, fileName: nil),
        ])
        let text = String(decoding: AssetCatalogEmitter.contents(of: set).bytes, as: UTF8.self)
        #expect(text == """
        {
          "images" : [
            {
              "filename" : "x.jpg",
              "idiom" : "iphone",
              "scale" : "1x"
            },
            {
              "idiom" : "iphone",
              "scale" : "2x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """)
    }

    @Test func pipelinesThatCannotMakeACatalogAreRefused() throws {
        let webpOnly = #"{"name": "x", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "webp"}], "emit": {"xcassets": true}}"#
        #expect(throws: ConfigError.self) { try PipelineLoader.parse(Data(webpOnly.utf8)) }
        do {
            _ = try PipelineLoader.parse(Data(webpOnly.utf8))
        } catch let error as ConfigError {
            #expect(error.location == "$.emit.xcassets")
            #expect(error.message.contains("\"jpeg\", \"heic\" or \"png\""))
        }
        let webOnly = #"{"name": "x", "targets": [{"web": "w", "widths": [100]}], "outputs": [{"format": "jpeg"}], "emit": {"xcassets": true}}"#
        #expect(throws: ConfigError.self) { try PipelineLoader.parse(Data(webOnly.utf8)) }
        // The Swift file alone needs neither.
        let swiftOnly = try PipelineLoader.parse(Data(webpOnly.replacingOccurrences(of: "xcassets", with: "swift").utf8))
        #expect(swiftOnly.emit.swift && !swiftOnly.emit.xcassets)

        // Turned on later (as --emit does), the build refuses before writing anything.
        var spec = try PipelineLoader.parse(Data(webpOnly.replacingOccurrences(of: #", "emit": {"xcassets": true}"#, with: "").utf8))
        spec.emit.enable([.xcassets])
        let tmp = try TemporaryDirectory("xcassets-refused")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_chelsea.png"], to: tmp.path + "/in")
        #expect(throws: ConfigError.self) {
            try BuildRunner.run(spec: spec, options: BuildOptions(inputs: [tmp.path + "/in"], outputPath: tmp.path + "/out")) { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"))
    }

    @Test(arguments: [
        (#"{"xcassets": "yes"}"#, "$.emit.xcassets"),
        (#"{"catalogName": "Heroes"}"#, "$.emit.catalogName"),
        (#"{"catalogName": "../x.xcassets"}"#, "$.emit.catalogName"),
        (#"{"swiftTypeName": "class"}"#, "$.emit.swiftTypeName"),
        (#"{"swiftTypeName": "9Lives"}"#, "$.emit.swiftTypeName"),
        (#"{"xcasets": true}"#, "$.emit.xcasets"),
        (#"{"folder": "../up"}"#, "$.emit.folder"),
        (#"{"folder": "/abs"}"#, "$.emit.folder"),
        (#"{"folder": "a//b"}"#, "$.emit.folder"),
        (#"{"folder": ""}"#, "$.emit.folder"),
    ])
    func badEmitSettingsNameTheField(emit: String, location: String) throws {
        let json = #"{"name": "x", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "jpeg"}], "emit": "# + emit + "}"
        do {
            _ = try PipelineLoader.parse(Data(json.utf8))
            Issue.record("accepted \(emit)")
        } catch let error as ConfigError {
            #expect(error.location == location, "\(error)")
        }
    }

    @Test func theEmitObjectMatchesThePipelineSchema() throws {
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/pipeline.schema.json"))
        #expect(schema.validate(try JSONSerialization.jsonObject(with: Data(EmitFixture.pipelineJSON.utf8))) == [])
        let bad = EmitFixture.pipelineJSON.replacingOccurrences(of: "Test Heroes.xcassets", with: "Heroes")
        #expect(schema.validate(try JSONSerialization.jsonObject(with: Data(bad.utf8))) != [])
    }

    @Test func emitKindsParseFromTheCommandLineForm() throws {
        #expect(try EmitSpec.kinds(parsing: "xcassets,swift") == [.xcassets, .swift])
        #expect(try EmitSpec.kinds(parsing: "swift") == [.swift])
        #expect(throws: ConfigError.self) { try EmitSpec.kinds(parsing: "xcassets,") }
        #expect(throws: ConfigError.self) { try EmitSpec.kinds(parsing: "assets") }
    }

    /// The emit folder holds the catalog and the Swift file and nothing else: no derivative, manifest or
    /// preview, so adding it to an Xcode project bundles nothing Xcode should not.
    @Test func theEmitFolderHoldsOnlyTheCatalogAndTheSwiftFile() throws {
        let fixture = try EmitFixture("emit-folder")
        defer { fixture.remove() }
        try fixture.build()
        let folder = fixture.out + "/" + EmitSpec.defaultFolder
        #expect(fixture.spec.emit.folder == "Xcode")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Test Heroes.xcassets", "TestHeroes.swift"])
        // Inside the catalog: only Contents.json and the JPEG images (hard links), no WebP.
        let inside = try BuildFixtures.snapshot(fixture.catalog).keys
        #expect(!inside.isEmpty && inside.allSatisfy { $0.hasSuffix("/Contents.json") || $0 == "Contents.json" || $0.hasSuffix(".jpg") }, "\(inside.sorted())")
        // Nothing the catalog or Swift file holds is left at the top of the output folder.
        let top = try FileManager.default.contentsOfDirectory(atPath: fixture.out)
        #expect(!top.contains { $0.hasSuffix(".xcassets") || $0.hasSuffix(".swift") }, "\(top)")

        // Another folder, nested: the same files there; a built image inside it is refused.
        var nested = fixture.spec
        try nested.emit.setFolder("App/Generated/", at: "--emit-dir")
        #expect(nested.emit.catalogPath == "App/Generated/Test Heroes.xcassets" && nested.emit.swiftFileName == "App/Generated/TestHeroes.swift")
        try fixture.build(spec: nested)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out + "/App/Generated").sorted() == ["Test Heroes.xcassets", "TestHeroes.swift"])
        var clash = fixture.spec
        try clash.emit.setFolder("sk_retina-jpg", at: "--emit-dir")
        #expect(throws: ConfigError.self) { try EmitPlan.plans(manifest: try fixture.manifest(), spec: clash) }
        for bad in ["..", "a/../b", "/tmp/x", "", "a\\b", "manifest.json"] {
            var spec = fixture.spec
            let accepted = (try? spec.emit.setFolder(bad, at: "--emit-dir")) != nil
            if bad == "manifest.json" {
                #expect(accepted)
                #expect(throws: ConfigError.self) { try EmitPlan.plans(manifest: try fixture.manifest(), spec: spec) }
            } else {
                #expect(!accepted, "accepted --emit-dir \(bad)")
            }
        }
    }

    /// With a HEIC output the catalog takes the HEIC files (Xcode image sets accept them; that Display P3
    /// stays P3 in them is `HEIFEncodeTests.heicOutputKeepsDisplayP3AndIsDeterministic`).
    @Test func aHEICOutputFillsTheCatalog() throws {
        let json = EmitFixture.pipelineJSON.replacingOccurrences(of: #"{ "format": "jpeg", "quality": 80 }"#,
                                                                 with: #"{ "format": "jpeg", "quality": 80 }, { "format": "heic", "quality": 50 }"#)
        let spec = try PipelineLoader.parse(Data(json.utf8))
        #expect(AssetCatalogEmitter.imageFormat(of: spec) == .heic)
        #expect(AssetCatalogEmitter.imageFormat(of: try PipelineLoader.parse(Data(EmitFixture.pipelineJSON.utf8))) == .jpeg)
        let fixture = try EmitFixture("xcassets-heic")
        defer { fixture.remove() }
        try fixture.build(spec: spec)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.catalog + "/sk_retina-jpg.imageset").sorted()
        #expect(names == ["Contents.json", "ipad-mini@1x.heic", "iphone-17-pro@1x.heic"], "\(names)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.catalog + "/sk_retina-jpg.imageset/iphone-17-pro@1x.heic")))
        #expect(try Codecs.probe(bytes).format == .heic)
    }
}
