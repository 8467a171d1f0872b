import Foundation
import Testing
import FullBleedTestSupport

/// End-to-end builds through the `fullbleed` binary.
@Suite struct BuildCommandTests {
    @Test func samplesWithTheDefaultPipelineMatchTheManifestAndSchema() throws {
        let tmp = try TemporaryDirectory("build")
        defer { tmp.remove() }
        let out = tmp.path + "/heroes"
        let result = try CLIRunner.run(["build", "Samples", "--pipeline", BuildFixtures.defaultPipeline, "--out", out, "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try BuildFixtures.manifest(in: out)
        let schema = try JSONSchemaValidator(schemaAt: TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/manifest.schema.json"))
        #expect(schema.validate(manifest) == [])
        let assets = manifest["assets"] as! [[String: Any]]
        #expect(assets.count == 6)
        #expect((manifest["failures"] as! [Any]).isEmpty)

        var listed: Set<String> = []
        for asset in assets {
            for target in (asset["targets"] as? [[String: Any]]) ?? [] {
                var records = BuildFixtures.pictures(of: target)
                records += (target["extensions"] as? [[String: Any]]) ?? []
                for record in records {
                    for file in record["files"] as! [[String: Any]] {
                        let path = BuildFixtures.path(of: file, in: asset)
                        listed.insert(path)
                        let bytes = try TestPaths.bytes(URL(fileURLWithPath: out + "/" + path))
                        #expect(bytes.count == file["bytes"] as! Int, "\(path)")
                        #expect(file["sha256"] == nil, "\(path): the manifest carries no digests (the journal does)")
                        let probe = try CLIRunner.run(["probe", "--json", out + "/" + path])
                        let info = try #require(try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [[String: Any]]).first!
                        #expect(info["width"] as? Int == record["width"] as? Int, "\(path)")
                        #expect(info["height"] as? Int == record["height"] as? Int, "\(path)")
                    }
                }
            }
        }
        // Every file in the folder is listed (plus the manifest, the build state and the folder lock), nothing else.
        let present = Set(try BuildFixtures.snapshot(out).keys)
        #expect(present.subtracting(listed) == ["manifest.json", ".fullbleed-state.json", ".fullbleed.lock"])
        #expect(listed.subtracting(present).isEmpty)

        // Tier sizes implied by ios-hero: iPhone 17 Pro Max @3x is 440x400 pt x 3 x 1.25 headroom.
        let bridge = try #require(assets.first { ($0["source"] as! [String: Any])["path"] as! String == "lomiri_Bridge_by_Sander_Klootwijk.jpg" })
        let phone = (bridge["targets"] as! [[String: Any]]).first { $0["name"] as! String == "iphone-17-pro-max" }!
        let at3x = (phone["derivatives"] as! [[String: Any]]).first { $0["tier"] as! String == "@3x" }!
        #expect(at3x["width"] as? Int == 1650)
        #expect(at3x["height"] as? Int == 1500)
        let ipad = (bridge["targets"] as! [[String: Any]]).first { $0["name"] as! String == "ipad-pro-13-landscape" }!
        let canvas = (ipad["extensions"] as! [[String: Any]]).first { $0["part"] as! String == "canvas" }!
        // The iPad hero covers the 1056-pt content column; the canvas adds the 320-pt sidebar (x 2 x 1.25).
        #expect(canvas["width"] as? Int == 2640 + 800)
    }

    @Test func jobsOneAndFourAreByteIdentical() throws {
        let tmp = try TemporaryDirectory("determinism")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(BuildFixtures.sampleNames, to: tmp.path + "/in")
        for jobs in ["1", "4"] {
            let result = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out\(jobs)", "--jobs", jobs, "--quiet"])
            #expect(result.exitCode == 0, "\(result.stderr)")
        }
        var one = try BuildFixtures.snapshot(tmp.path + "/out1"), four = try BuildFixtures.snapshot(tmp.path + "/out4")
        // The build state holds modification times, not outputs.
        one[".fullbleed-state.json"] = nil
        four[".fullbleed-state.json"] = nil
        #expect(one.count > 20)
        #expect(one.keys.sorted() == four.keys.sorted())
        for (path, data) in one { #expect(four[path] == data, "\(path) differs between --jobs 1 and --jobs 4") }
    }

    @Test func fourShardsMergeIntoTheSingleRunManifest() throws {
        let tmp = try TemporaryDirectory("shards")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(BuildFixtures.sampleNames, to: tmp.path + "/in")
        let single = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/single", "--quiet"])
        #expect(single.exitCode == 0)
        var partials: [String] = []
        for i in 1...4 {
            let r = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/sharded", "--shard", "\(i)/4", "--quiet"])
            #expect(r.exitCode == 0, "\(r.stderr)")
            partials.append(tmp.path + "/sharded/manifest.partial-\(i)-of-4.json")
        }
        // Kubernetes Indexed Job form: 0-based JOB_COMPLETION_INDEX with --shards.
        let k8s = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/k8s", "--shards", "4", "--quiet"],
                                    environment: ["JOB_COMPLETION_INDEX": "2"])
        #expect(k8s.exitCode == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/k8s/manifest.partial-3-of-4.json"))
                == Data(contentsOf: URL(fileURLWithPath: partials[2])))
        // AWS Batch array job form: 0-based AWS_BATCH_JOB_ARRAY_INDEX with --shards.
        let aws = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/aws", "--shards", "4", "--quiet"],
                                    environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0"])
        #expect(aws.exitCode == 0, "\(aws.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/aws/manifest.partial-1-of-4.json"))
                == Data(contentsOf: URL(fileURLWithPath: partials[0])))
        let outOfRange = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/aws", "--shards", "4"],
                                           environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "4"])
        #expect(outOfRange.exitCode == 2)
        #expect(outOfRange.stderr.contains("AWS_BATCH_JOB_ARRAY_INDEX: expected a whole number from 0 to 3 for --shards 4, got '4'"), "\(outOfRange.stderr)")

        let merged = try CLIRunner.run(["merge"] + partials + ["--out", tmp.path + "/merged.json"])
        #expect(merged.exitCode == 0, "\(merged.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path + "/merged.json")) == Data(contentsOf: URL(fileURLWithPath: tmp.path + "/single/manifest.json")))
        // A missing shard is refused.
        let incomplete = try CLIRunner.run(["merge"] + partials.dropLast() + ["--out", tmp.path + "/bad.json"])
        #expect(incomplete.exitCode == 2)
        #expect(incomplete.stderr.contains("missing shard(s) 4/4"))
    }

    @Test func incrementalBuildsRebuildOnlyWhatChanged() throws {
        let tmp = try TemporaryDirectory("incremental")
        defer { tmp.remove() }
        let input = tmp.path + "/in", out = tmp.path + "/out"
        try BuildFixtures.copySamples(BuildFixtures.sampleNames, to: input)
        let args = ["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--json"]
        func summary(_ r: CLIRunner.Result) throws -> [String: Any] {
            let last = try #require(r.stdout.split(separator: "\n").last)
            return try JSONSerialization.jsonObject(with: Data(last.utf8)) as! [String: Any]
        }
        let first = try CLIRunner.run(args)
        #expect(try summary(first)["built"] as? Int == 4)
        let manifestBefore = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))

        let second = try CLIRunner.run(args)
        #expect(try summary(second)["built"] as? Int == 0)
        #expect(try summary(second)["unchanged"] as? Int == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifestBefore)
        #expect(try CLIRunner.run(args + ["--check"]).exitCode == 0)

        // Touching a file without changing its bytes is confirmed by the hash: nothing rebuilt.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: input + "/sk_retina.jpg")
        #expect(try summary(try CLIRunner.run(args))["built"] as? Int == 0)

        // Changing one photo: --check names it and exits 1 without writing; the build rebuilds exactly it.
        try FileManager.default.removeItem(atPath: input + "/sk_retina.jpg")
        try FileManager.default.copyItem(atPath: TestPaths.samples.appendingPathComponent("lomiri_Bridge_by_Sander_Klootwijk.jpg").path, toPath: input + "/sk_retina.jpg")
        let check = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out, "--check"])
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("sk_retina.jpg: stale"))
        let third = try CLIRunner.run(args)
        #expect(try summary(third)["built"] as? Int == 1)
        #expect(try summary(third)["unchanged"] as? Int == 3)

        // Deleting a photo removes its outputs.
        let before = try BuildFixtures.snapshot(out).keys.filter { $0.hasPrefix("sk_chelsea-png/") }
        #expect(!before.isEmpty)
        try FileManager.default.removeItem(atPath: input + "/sk_chelsea.png")
        let fourth = try CLIRunner.run(args)
        #expect(try summary(fourth)["removed"] as? Int == before.count)
        #expect(try BuildFixtures.snapshot(out).keys.filter { $0.hasPrefix("sk_chelsea-png") }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out + "/sk_chelsea-png"))

        // --force rebuilds everything.
        #expect(try summary(try CLIRunner.run(args + ["--force"]))["built"] as? Int == 3)
    }

    @Test(.requiresCorpus) func badFilesFailCleanlyWhileGoodOnesBuild() throws {
        let tmp = try TemporaryDirectory("bad")
        defer { tmp.remove() }
        let input = tmp.path + "/in", out = tmp.path + "/out"
        try BuildFixtures.copySamples(["sk_retina.jpg", "lomiri_Picture_0B_by_freespace.jpg"], to: input)
        let bad = TestPaths.corpusFiles("bad")
        for name in bad { try FileManager.default.copyItem(atPath: TestPaths.corpusFile("bad/" + name).path, toPath: input + "/" + name) }
        let result = try CLIRunner.run(["build", input, "--pipeline", BuildFixtures.smallPipeline, "--out", out])
        #expect(result.exitCode == 1)
        let manifest = try BuildFixtures.manifest(in: out)
        let failures = manifest["failures"] as! [[String: String]]
        #expect(failures.map { $0["source"]! } == bad.sorted())
        for failure in failures {
            #expect(failure["error"]!.hasPrefix(failure["source"]! + ": "), "\(failure)")
            #expect(result.stderr.contains(failure["error"]!))
        }
        #expect((manifest["assets"] as! [Any]).count == 2)
        // Nothing for the bad files, no temporary debris.
        let files = try BuildFixtures.snapshot(out).keys
        for name in bad { #expect(!files.contains { $0.hasPrefix(name.replacingOccurrences(of: ".", with: "-")) }) }
        #expect(!files.contains { $0.contains(".fullbleed-tmp-") })
        #expect(failures.first { $0["source"] == "bomb_header_100000x100000.png" }?["error"]?.contains("over the limit of 268402689 pixels") == true)
        #expect(failures.first { $0["source"] == "truncated_half.jpg" }?["error"] == "truncated_half.jpg: decode failed (jpeg): Premature end of JPEG file")
    }

    @Test func badPipelinesExitTwoWritingNothingAndABadSidecarFailsItsPhotoOnly() throws {
        let tmp = try TemporaryDirectory("badconfig")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_chelsea.png"], to: tmp.path + "/in")
        let pipeline = try tmp.write("typo.json", Array(#"{"name": "t", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "jpeg", "qualty": 80}]}"#.utf8))
        let r1 = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", pipeline, "--out", tmp.path + "/out"])
        #expect(r1.exitCode == 2)
        #expect(r1.stderr.contains("\(pipeline): $.outputs[0].qualty: unknown field"))
        let unknownDevice = try tmp.write("device.json", Array(#"{"name": "t", "targets": [{"device": "iphone-99"}], "outputs": [{"format": "jpeg"}]}"#.utf8))
        let r2 = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", unknownDevice, "--out", tmp.path + "/out"])
        #expect(r2.exitCode == 2)
        #expect(r2.stderr.contains("$.targets[0].device: unknown device \"iphone-99\""))

        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out"))

        // A bad sidecar fails its own photo only (exit 1, one line naming the sidecar and the field); the
        // rest of the batch builds and nothing is written for that photo.
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        try tmp.write("in/sk_chelsea.png.fullbleed.json", Array(#"{"focus": [1.5, 0.2]}"#.utf8))
        let r3 = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out"])
        #expect(r3.exitCode == 1)
        let failure = r3.stderr.split(separator: "\n").filter { $0.contains("fullbleed.json") }
        #expect(failure.count == 1 && failure[0].contains("sk_chelsea.png.fullbleed.json: $.focus: expected [x, y] with each from 0 to 1"), "\(r3.stderr)")
        let manifest = try BuildFixtures.manifest(in: tmp.path + "/out")
        #expect((manifest["failures"] as! [[String: Any]]).map { $0["stage"] as! String } == ["sidecar"])
        #expect((manifest["assets"] as! [[String: Any]]).map { $0["key"] as! String } == ["sk_retina-jpg"])
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/out/sk_chelsea-png"))

        let missing = try CLIRunner.run(["build", tmp.path + "/nope", "--out", tmp.path + "/out"])
        #expect(missing.exitCode == 2)
    }

    @Test func sidecarOverridesCropAndPassesAltText() throws {
        let tmp = try TemporaryDirectory("sidecar")
        defer { tmp.remove() }
        try BuildFixtures.copySamples(["sk_retina.jpg"], to: tmp.path + "/in")
        try tmp.write("in/sk_retina.jpg.fullbleed.json", Array(#"{"focus": [0.5, 0.95], "alt": "A retina"}"#.utf8))
        let r = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/out", "--quiet"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let asset = (try BuildFixtures.manifest(in: tmp.path + "/out")["assets"] as! [[String: Any]])[0]
        #expect(asset["altText"] as? String == "A retina")
        let web = (asset["targets"] as! [[String: Any]]).first { $0["name"] as! String == "web" }!
        let crop = web["crop"] as! [String: Any]
        #expect(crop["mode"] as? String == "focal(0.5, 0.95)")
        // A 16:9 crop of a square photo, pushed to the bottom by the focal point.
        #expect((crop["y"] as! Int) + (crop["height"] as! Int) == 1411)
    }
}

@Suite struct BuildColorTests {
    @Test(.requiresCorpus) func displayP3StaysP3ByDefaultAndConvertsWithColorSRGB() throws {
        let tmp = try TemporaryDirectory("color")
        defer { tmp.remove() }
        try FileManager.default.createDirectory(atPath: tmp.path + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.corpusFile("edge/p3_v4.jpg").path, toPath: tmp.path + "/in/p3.jpg")
        let keep = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.smallPipeline, "--out", tmp.path + "/keep", "--quiet"])
        #expect(keep.exitCode == 0, "\(keep.stderr)")
        var srgbPipeline = try String(contentsOfFile: BuildFixtures.smallPipeline, encoding: .utf8)
        srgbPipeline = srgbPipeline.replacingOccurrences(of: "\"name\": \"small\",", with: "\"name\": \"small-srgb\", \"color\": \"srgb\",")
        let pipeline = try tmp.write("srgb.json", Array(srgbPipeline.utf8))
        let convert = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", pipeline, "--out", tmp.path + "/srgb", "--quiet"])
        #expect(convert.exitCode == 0, "\(convert.stderr)")
        for (folder, expected) in [("keep", "display-p3"), ("srgb", "srgb")] {
            for ext in ["jpg", "webp"] {
                let probe = try CLIRunner.run(["probe", "--json", "\(tmp.path)/\(folder)/p3-jpg/web-320w.\(ext)"])
                let info = try #require(try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [[String: Any]]).first!
                #expect(info["colorSpace"] as? String == expected, "\(folder) \(ext)")
            }
        }
    }
}

@Suite struct BuildHEIFTests {
    @Test func heicAndAVIFSourcesBuildIntoAVIFOutputs() throws {
        let tmp = try TemporaryDirectory("heif")
        defer { tmp.remove() }
        for name in ["p3_orient6.heic", "p3_orient6.avif", "nclx_p3_10bit.heic"] {
            try FileManager.default.createDirectory(atPath: tmp.path + "/in", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/heif/" + name).path,
                                             toPath: tmp.path + "/in/" + name)
        }
        let pipeline = try tmp.write("avif.json", Array(#"""
            {"name": "avif", "targets": [{"web": "w", "widths": [32], "aspect": "1:1"}],
             "outputs": [{"format": "avif", "quality": 70, "speed": 8}, {"format": "jpeg"}]}
            """#.utf8))
        let result = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", pipeline, "--out", tmp.path + "/out", "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let manifest = try BuildFixtures.manifest(in: tmp.path + "/out")
        let sources = (manifest["assets"] as! [[String: Any]]).map { ($0["source"] as! [String: Any])["format"] as! String }
        #expect(sources.sorted() == ["avif", "heic", "heic"])
        let probe = try CLIRunner.run(["probe", "--json", tmp.path + "/out/p3_orient6-heic/w-32w.avif"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [[String: Any]]).first!
        #expect(info["format"] as? String == "avif")
        #expect(info["width"] as? Int == 32)
        #expect(info["colorSpace"] as? String == "display-p3")
    }
}
