import Foundation
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
import Testing

/// External subject detectors through the built `fullbleed` binary, with the test detector
/// `Tests/Fixtures/detectors/bright-square.py` (it decodes the PNG it is sent and boxes the bright pixels).
/// The photos are dark with one white square (what the detector finds) and a larger red block (a figure
/// the built-in salient detector would box too), so the box the crops judge says who decided.
@Suite(.serialized) struct SubjectDetectorCLITests {
    static let script = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/detectors/bright-square.py").path

    /// A dark picture with a red block and a white square (displayed pixels).
    static func photo(width: Int, height: Int, square: PixelRect, block: PixelRect) -> Image {
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let inSquare = square.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                let inBlock = block.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                let rgb: [UInt8] = inSquare ? [250, 250, 250] : inBlock ? [200, 30, 30] : [20, 20, 25]
                samples.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: rgb)
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// `jpeg` with an EXIF APP1 segment holding only `orientation`, right after its SOI marker.
    static func withEXIFOrientation(_ jpeg: [UInt8], _ orientation: UInt16) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        let tiff: [UInt8] = Array("II".utf8) + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg.dropFirst(2))
    }

    /// `square.png` (900x600, the square at 100,350 150x150) and `rotated.jpg` (EXIF orientation 6: stored
    /// 900x600, displayed 600x900 with the square at 60,600 150x150): their expected boxes, displayed pixels.
    static func writePhotos(to folder: String) throws -> [String: PixelRect] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let landscape = photo(width: 900, height: 600, square: PixelRect(x: 100, y: 350, width: 150, height: 150),
                              block: PixelRect(x: 500, y: 50, width: 350, height: 250))
        try Data(try Codecs.encode(landscape, as: .png(PNGEncodeOptions()))).write(to: URL(fileURLWithPath: folder + "/square.png"))
        let displayed = photo(width: 600, height: 900, square: PixelRect(x: 60, y: 600, width: 150, height: 150),
                              block: PixelRect(x: 300, y: 80, width: 250, height: 300))
        let stored = displayed.applyingOrientation(.left)
        try #require(stored.applyingOrientation(.right).samples8 == displayed.samples8 && stored.width == 900)
        let jpeg = withEXIFOrientation(try Codecs.encode(stored, as: .jpeg(JPEGEncodeOptions(quality: 95))), 6)
        try Data(jpeg).write(to: URL(fileURLWithPath: folder + "/rotated.jpg"))
        return ["square.png": PixelRect(x: 100, y: 350, width: 150, height: 150), "rotated.jpg": PixelRect(x: 60, y: 600, width: 150, height: 150)]
    }

    /// A pipeline (two device tiers at @1x and a web width) whose `subjects.detector` is `command`.
    static func writePipeline(_ path: String, command: [String], timeoutSeconds: Double = 30, maxSidePixels: Int = 300) throws {
        let pipeline: [String: Any] = [
            "name": "detector-test",
            "targets": [["device": "iphone-17-pro", "scales": [1]], ["web": "web", "widths": [320], "aspect": "16:9"]],
            "outputs": [["format": "jpeg", "quality": 80]],
            "subjects": ["detector": ["name": "bright", "command": command, "timeoutSeconds": timeoutSeconds, "maxSidePixels": maxSidePixels]],
        ]
        try JSONSerialization.data(withJSONObject: pipeline, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    static func runs(_ countFile: String) -> Int {
        ((try? String(contentsOfFile: countFile, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Every file of the output folder but its lock.
    static func outputs(_ folder: String) throws -> [String: Data] {
        try BuildFixtures.snapshot(folder).filter { $0.key != ".fullbleed.lock" }
    }

    @Test func theDetectorsBoxesDecideTheCropAreRecordedAndABuildWithoutTheDetectorGivesTheSameBytes() throws {
        let tmp = try TemporaryDirectory("detector")
        defer { tmp.remove() }
        let expected = try Self.writePhotos(to: tmp.path + "/in")
        let detector = tmp.path + "/bin/bright-square.py", count = tmp.path + "/runs.txt"
        try FileManager.default.createDirectory(atPath: tmp.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.script, toPath: detector)
        try Self.writePipeline(tmp.path + "/p.json", command: ["python3", detector, "--count", count, "--kind", "animal"])
        let out = tmp.path + "/out"
        let build = ["build", tmp.path + "/in", "--pipeline", tmp.path + "/p.json", "--out", out, "--quiet", "--report"]

        let first = try CLIRunner.run(build)
        try #require(first.exitCode == 0, "\(first.stderr)")
        #expect(Self.runs(count) == 2)
        let manifest = try BuildFixtures.manifest(in: out)
        let manifestSchema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/manifest.schema.json"))
        #expect(manifestSchema.validate(manifest) == [])
        let analysisSchema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/analysis.schema.json"))
        let assets = manifest["assets"] as! [[String: Any]]
        #expect(assets.count == 2)
        for asset in assets {
            let path = (asset["source"] as! [String: Any])["path"] as! String
            let truth = try #require(expected[path])
            let source = asset["source"] as! [String: Any]
            let (width, height) = (Double(source["width"] as! Int), Double(source["height"] as! Int))
            // The answer, as recorded: the detector saw the upright pixels (the rotated JPEG's square is
            // where the displayed photo has it).
            let detection = try #require(asset["subjectDetection"] as? [String: Any], "\(path)")
            #expect(detection["detector"] as? String == "bright")
            #expect(detection["detectorVersion"] as? String == "bright-square 1")
            #expect(detection["maxSidePixels"] as? Int == 300)
            let boxes = detection["boxes"] as! [[String: Any]]
            try #require(boxes.count == 1, "\(path): \(boxes)")
            #expect(boxes[0]["kind"] as? String == "animal" && boxes[0]["confidence"] as? Double == 0.9)
            let fractions = ["x": Double(truth.x) / width, "y": Double(truth.y) / height,
                             "width": Double(truth.width) / width, "height": Double(truth.height) / height]
            for (key, value) in fractions {
                #expect(abs((boxes[0][key] as! Double) - value) < 0.02, "\(path) \(key): \(boxes[0][key]!) vs \(value)")
            }
            // The crops judge that box (the red block is not the subject) and keep it whole.
            let box = try #require(asset["subjectBox"] as? [String: Int], "\(path)")
            for (key, value) in ["x": truth.x, "y": truth.y, "width": truth.width, "height": truth.height] {
                #expect(abs(box[key]! - value) <= 8, "\(path) subjectBox \(key): \(box[key]!) vs \(value)")
            }
            for target in asset["targets"] as! [[String: Any]] {
                let crop = target["crop"] as! [String: Any]
                let (x, y, w, h) = (crop["x"] as! Int, crop["y"] as! Int, crop["width"] as! Int, crop["height"] as! Int)
                #expect(box["x"]! >= x && box["y"]! >= y && box["x"]! + box["width"]! <= x + w && box["y"]! + box["height"]! <= y + h,
                        "\(path): crop \(crop) cuts \(box)")
            }
            // The analysis report names the detector and its kind.
            let report = asset["report"] as! [String: Any]
            let analysis = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/" + BuildFixtures.path(of: report, in: asset)))) as! [String: Any]
            #expect(analysisSchema.validate(analysis) == [])
            let subjects = analysis["subjects"] as! [[String: Any]]
            #expect(subjects.contains { $0["kind"] as? String == "animal" && $0["detector"] as? String == "bright" }, "\(subjects)")
            #expect(!subjects.contains { $0["kind"] as? String == "salient" }, "the detector's boxes replace the built-in salient region: \(subjects)")
        }
        let built = try Self.outputs(out)

        // A forced rebuild reuses the recorded answers: the detector does not run again.
        let forced = try CLIRunner.run(build + ["--force"])
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(Self.runs(count) == 2)
        #expect(try Self.outputs(out) == built)

        // Without the detector (a machine that does not have it), the committed folder builds the same bytes.
        try FileManager.default.removeItem(atPath: detector)
        let without = try CLIRunner.run(build + ["--force"])
        #expect(without.exitCode == 0, "\(without.stderr)")
        #expect(try Self.outputs(out) == built)
        let check = try CLIRunner.run(build + ["--check"])
        #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")
        #expect(Self.runs(count) == 2)
    }

    @Test func theDetectorOptionOverridesThePipelineAndNamesTheDetector() throws {
        let tmp = try TemporaryDirectory("detector-option")
        defer { tmp.remove() }
        _ = try Self.writePhotos(to: tmp.path + "/in")
        try FileManager.default.removeItem(atPath: tmp.path + "/in/rotated.jpg")
        let missing = tmp.path + "/missing-detector"
        try Self.writePipeline(tmp.path + "/p.json", command: [missing])
        let out = tmp.path + "/out"
        // The pipeline's detector does not exist; --detector replaces it (an executable, run without a shell).
        let result = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", tmp.path + "/p.json", "--out", out, "--quiet",
                                        "--detector", Self.script, "--detector-name", "squares"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let asset = (try BuildFixtures.manifest(in: out)["assets"] as! [[String: Any]])[0]
        let detection = try #require(asset["subjectDetection"] as? [String: Any])
        #expect(detection["detector"] as? String == "squares")
        #expect((detection["boxes"] as! [[String: Any]]).map { $0["kind"] as? String } == ["salient"])
        // The name defaults to the executable's file name without its extension.
        let unnamed = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", tmp.path + "/p.json", "--out", out, "--quiet", "--force", "--detector", Self.script])
        #expect(unnamed.exitCode == 0, "\(unnamed.stderr)")
        let renamed = (try BuildFixtures.manifest(in: out)["assets"] as! [[String: Any]])[0]
        #expect((renamed["subjectDetection"] as? [String: Any])?["detector"] as? String == "bright-square")

        let usage = try CLIRunner.run(["build", tmp.path + "/in", "--out", tmp.path + "/never", "--detector-name", "x"])
        #expect(usage.exitCode == 2 && usage.stderr.contains("--detector-name needs --detector"), "\(usage.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/never"))
    }

    /// The verdict allows for the margin a detector's box leaves (docs/review.md): the square's box clears the
    /// iPhone band by 3 px, less than its margin (`(1 - 0.9)` x 20% of its 200-px height: 4 px), so the
    /// crop is not vouched for and the photo needs a look; 60 px lower it is vouched for.
    @Test func aDetectorBoxThatClearsTheBandByLessThanItsMarginNeedsALook() throws {
        let tmp = try TemporaryDirectory("detector-margin")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        // The full-height 603x600 crop puts the band over rows 0..<174 (116 of 400 points); the detector sees
        // the photo unreduced (maxSidePixels 900), so its box is the square's.
        for (name, top) in [("close.png", 177), ("low.png", 237)] {
            let photo = Self.photo(width: 900, height: 600, square: PixelRect(x: 150, y: top, width: 200, height: 200),
                                   block: PixelRect(x: 700, y: 520, width: 20, height: 20))
            try Data(try Codecs.encode(photo, as: .png(PNGEncodeOptions()))).write(to: URL(fileURLWithPath: input + "/" + name))
        }
        try Self.writePipeline(tmp.path + "/p.json", command: ["python3", Self.script], maxSidePixels: 900)
        let out = tmp.path + "/out"
        let result = try CLIRunner.run(["build", input, "--pipeline", tmp.path + "/p.json", "--out", out, "--quiet"])
        try #require(result.exitCode == 0, "\(result.stderr)")
        var assets: [String: [String: Any]] = [:]
        for asset in try BuildFixtures.manifest(in: out)["assets"] as! [[String: Any]] {
            assets[(asset["source"] as! [String: Any])["path"] as! String] = asset
        }
        func phone(_ asset: [String: Any]?) -> [String: Any] {
            ((asset?["targets"] as? [[String: Any]])?.first { $0["name"] as? String == "iphone-17-pro" }?["crop"] as? [String: Any]) ?? [:]
        }
        let close = phone(assets["close.png"]), low = phone(assets["low.png"])
        #expect((assets["close.png"]?["subjectBox"] as? [String: Int])?["y"] == 177, "\(assets["close.png"] ?? [:])")
        #expect(close["y"] as? Int == 0 && close["height"] as? Int == 600, "\(close)")
        #expect(close["subjectClearsToolbar"] as? Bool == false && close["subjectClearsToolbarReason"] as? String == "subject may extend past its box", "\(close)")
        #expect((assets["close.png"]?["review"] as? [String])?.contains("iphone-17-pro: subject may extend past its box") == true,
                "\(assets["close.png"]?["review"] ?? "no review")")
        #expect(low["subjectClearsToolbar"] as? Bool == true, "\(low)")
        #expect(!((assets["low.png"]?["review"] as? [String]) ?? []).contains { $0.contains("subject") }, "\(assets["low.png"]?["review"] ?? "")")
    }

    /// Each way a detector can fail fails its photo alone, with one line naming the photo and the detector.
    @Test(arguments: [
        ("exit", "exited with status 3: model file not found"),
        ("hang", "timed out after 5 s"),
        ("garbage", "gave an invalid answer: $: not valid JSON"),
        ("huge", "answered more than 1048576 bytes"),
        ("outside", "gave an invalid answer: $.boxes[0]: the box must lie inside the image"),
        ("confidence", "gave an invalid answer: $.boxes[0].confidence: expected a number from 0 to 1, found 1.5"),
        ("many", "gave an invalid answer: $.boxes: 101 boxes, over the limit of 100"),
        ("missing", "could not be started: "),
    ])
    func aFailingDetectorFailsItsPhotoAndTheBatchGoesOn(mode: String, reason: String) throws {
        let tmp = try TemporaryDirectory("detector-\(mode)")
        defer { tmp.remove() }
        let input = tmp.path + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        // bad.png has the bright square the detector misbehaves on; good.png has none (an ordinary answer).
        let bad = Self.photo(width: 900, height: 600, square: PixelRect(x: 100, y: 350, width: 150, height: 150),
                             block: PixelRect(x: 500, y: 50, width: 350, height: 250))
        let good = Self.photo(width: 900, height: 600, square: PixelRect(x: 0, y: 0, width: 0, height: 0),
                              block: PixelRect(x: 300, y: 150, width: 300, height: 250))
        try Data(try Codecs.encode(bad, as: .png(PNGEncodeOptions()))).write(to: URL(fileURLWithPath: input + "/bad.png"))
        try Data(try Codecs.encode(good, as: .png(PNGEncodeOptions()))).write(to: URL(fileURLWithPath: input + "/good.png"))
        let pids = tmp.path + "/pids.txt"
        let command = mode == "missing" ? [tmp.path + "/no-such-detector"] : ["python3", Self.script, "--mode", mode, "--pids", pids]
        if mode == "missing" {
            // A sidecar subject overrides every detector: good.png needs none.
            try Data(#"{"subject": {"x": 0.3, "y": 0.25, "width": 0.35, "height": 0.4}}"#.utf8).write(to: URL(fileURLWithPath: input + "/good.png.fullbleed.json"))
        }
        // The smallest copy keeps the test detector fast, so that only the hanging run meets the short timeout;
        // 5 s leaves a loaded machine time to start Python and decode the photo before the detector hangs (and
        // writes the ids of its processes, which are checked below).
        try Self.writePipeline(tmp.path + "/p.json", command: command, timeoutSeconds: mode == "hang" ? 5 : 30, maxSidePixels: 64)
        let out = tmp.path + "/out"
        let result = try CLIRunner.run(["build", input, "--pipeline", tmp.path + "/p.json", "--out", out, "--quiet", "--jobs", "1"])
        #expect(result.exitCode == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 && lines[0].hasPrefix("bad.png: subject detector 'bright' \(reason)"), "\(result.stderr)")
        if mode == "missing" { #expect(lines.first?.hasSuffix("/no-such-detector: No such file or directory") == true, "\(result.stderr)") }
        let assets = try BuildFixtures.manifest(in: out)["assets"] as! [[String: Any]]
        #expect(assets.map { ($0["source"] as! [String: Any])["path"] as! String } == ["good.png"])
        #expect(FileManager.default.fileExists(atPath: out + "/good-png"))
        if mode == "hang" {
            // The hanging detector and the child it forked were killed with their process group: nothing
            // is left running (a killed process may stay a zombie until its new parent reaps it).
            let ids = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(ids.count == 2)
            for id in ids {
                var running = true
                for _ in 0..<100 where running {
                    let stat = (try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8)) ?? ""
                    running = !stat.isEmpty && !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
                    if running { usleep(50_000) }
                }
                #expect(!running, "process \(id) still runs")
            }
        }
        let failures = try BuildFixtures.manifest(in: out)["failures"] as! [[String: Any]]
        #expect(failures.contains { $0["source"] as? String == "bad.png" && $0["stage"] as? String == "detect" })
        // Nothing of the failed photo, and nothing half-written.
        let files = tmp.allFiles().filter { $0.hasPrefix("out/") }
        #expect(!files.contains { $0.contains("bad") }, "\(files)")
        #expect(files.allSatisfy { $0.hasPrefix("out/good-png/") || ["out/manifest.json", "out/.fullbleed-state.json", "out/.fullbleed.lock"].contains($0) }, "\(files)")
    }
}
