import Foundation
import Testing
import FullBleedCodecs
import FullBleedCore
import FullBleedImage
@testable import FullBleedPipeline
import FullBleedTestSupport

/// Photos too small for some tiers (the default `"upscale": "skip"`): the generated views still draw an
/// image on every device, the minimum photo size per tier comes from the build's own geometry, and the
/// catalog holds the baked sets only when asked.
@Suite struct PartialTiersTests {
    /// `ios-hero` with the Swift file on.
    static func iosHero() throws -> PipelineSpec {
        var spec = try PipelineLoader.load(path: BuildFixtures.defaultPipeline)
        spec.emit.swift = true
        return spec
    }

    /// A synthetic photo of `width` x `height` as a JPEG in `folder`.
    static func writePhoto(_ name: String, width: Int, height: Int, to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let jpeg = try Codecs.encode(SyntheticImages.photoLike(width: width, height: height), as: .jpeg(JPEGEncodeOptions(quality: 85)))
        try Data(jpeg).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// Every width a hero is shown at, per idiom: each preset device's width, and on iPad the content column
    /// beside the sidebar (`ios-hero`'s iPad target, 1056 points).
    static let widthsByIdiom: [(idiom: String, widths: [Double])] = [
        ("iphone", DeviceClass.catalogue.filter { !$0.id.hasPrefix("ipad") }.map(\.widthPoints)),
        ("ipad", DeviceClass.catalogue.filter { $0.id.hasPrefix("ipad") }.map(\.widthPoints) + [1056]),
    ]

    /// The generated Swift compiled and run over a build of two small photos: `mid.jpg` (1365x1074: only the iPhone 17 Pro Max @2x tier is made, no iPad tier) and `wide.jpg` (2200x840:
    /// no iPhone 17 Pro tier, the iPad one with less headroom). Every device width of both idioms gets an
    /// image name, and a target without its own image says whose it draws.
    @Test func everyDeviceWidthOfEveryIdiomDrawsAnImage() throws {
        let tmp = try TemporaryDirectory("partial-swift")
        defer { tmp.remove() }
        try Self.writePhoto("mid.jpg", width: 1365, height: 1074, to: tmp.path + "/in")
        try Self.writePhoto("wide.jpg", width: 2200, height: 840, to: tmp.path + "/in")
        let spec = try Self.iosHero()
        let summary = try BuildRunner.run(spec: spec, options: BuildOptions(inputs: [tmp.path + "/in"], outputPath: tmp.path + "/out", jobs: 2)) { _ in }
        #expect(summary.built == 2 && summary.partial == 2 && summary.skipped == 0, "\(summary)")
        let manifest = try Manifest.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: tmp.path + "/out/manifest.json"))))
        let mid = try #require(manifest.assets.first { $0.key == "mid-jpg" })
        #expect(mid.targetsWithoutImage == ["iphone-17-pro", "ipad-pro-13-landscape"])
        let wide = try #require(manifest.assets.first { $0.key == "wide-jpg" })
        #expect(wide.targetsWithoutImage == ["iphone-17-pro"])

        let source = SwiftSourceEmitter.source(manifest: manifest, spec: spec)
        let work = tmp.path + "/swiftc"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: URL(fileURLWithPath: work + "/Heroes.swift"))
        let widths = Self.widthsByIdiom.map { "(Heroes.Idiom.\($0.idiom), \($0.widths) as [Double])" }.joined(separator: ", ")
        let main = """
            for hero in Heroes.all {
                for (idiom, widths) in [\(widths)] {
                    for width in widths {
                        let target = hero.target(for: idiom, widthPoints: width)
                        print("\\(hero.id) \\(idiom.rawValue) \\(width) \\(target?.deviceID ?? "-") own=\\(target?.imageName ?? "nil") drawn=\\(target?.drawnImageName ?? "nil") from=\\(target?.fallbackDeviceID ?? "-") fallback=\\(target?.drawsFallbackImage ?? false) scheme=\\(target?.toolbar?.colorScheme.rawValue ?? "nil")")
                    }
                }
            }
            """
        try Data(main.utf8).write(to: URL(fileURLWithPath: work + "/main.swift"))
        let compile = try SwiftSourceEmitterTests.run(try SwiftSourceEmitterTests.swiftc(),
                                                      ["-swift-version", "6", "-warnings-as-errors", "-o", work + "/heroes", "Heroes.swift", "main.swift"], in: work)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
        let run = try SwiftSourceEmitterTests.run(work + "/heroes", [], in: work)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 * Self.widthsByIdiom.reduce(0) { $0 + $1.widths.count })
        for line in lines { #expect(!line.contains("drawn=nil") && !line.contains("scheme=nil"), "\(line)") }
        // Without the fallback these draw nothing: the iPhone 17 Pro (402 pt) and every iPad width of mid.jpg.
        #expect(lines.contains("mid-jpg iphone 402.0 iphone-17-pro own=nil drawn=mid-jpg from=iphone-17-pro-max fallback=true scheme=light")
                || lines.contains("mid-jpg iphone 402.0 iphone-17-pro own=nil drawn=mid-jpg from=iphone-17-pro-max fallback=true scheme=dark"), "\(run.output)")
        #expect(lines.filter { $0.hasPrefix("mid-jpg ipad ") }.allSatisfy { $0.contains(" ipad-pro-13-landscape own=nil drawn=mid-jpg from=iphone-17-pro-max fallback=true") },
                "\(run.output)")
        // wide.jpg has its own iPad image; its iPhone 17 Pro falls back to the nearest iPhone target with one.
        #expect(lines.filter { $0.hasPrefix("wide-jpg ipad ") }.allSatisfy { $0.contains(" own=wide-jpg drawn=wide-jpg from=- fallback=false") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("wide-jpg iphone 402.0 iphone-17-pro own=nil drawn=wide-jpg from=iphone-17-pro-max fallback=true") }, "\(run.output)")
    }

    /// The fallback order: the nearest target of the same idiom by width (the first in pipeline order on a
    /// tie), then the target whose image fills the hero's set (its universal slot), then the first with one.
    @Test func theFallbackIsTheNearestTargetOfTheIdiomThenTheUniversalImage() {
        func images(_ id: String, _ idiom: String, _ hero: String?) -> AssetCatalogLayout.TargetImages {
            AssetCatalogLayout.TargetImages(targetName: id, deviceID: id, idiom: idiom, hero: hero)
        }
        let targets = [images("a", "iphone", "k"), images("b", "iphone", nil), images("c", "iphone", "k-c"),
                       images("d", "ipad", nil), images("e", "ipad", "k-e"), images("f", "ipad", nil)]
        // b (400) is 40 from a (440) and 25 from c (375); d and f fall back to e, the only iPad with an image.
        #expect(SwiftSourceEmitter.drawnImages(targets, widthsPoints: [440, 400, 375, 744, 1056, 820], heroSet: "k") == [0, 2, 2, 4, 4, 4])
        // A tie goes to the first in pipeline order.
        #expect(SwiftSourceEmitter.drawnImages(targets, widthsPoints: [440, 400, 360, 744, 1056, 820], heroSet: "k")[1] == 0)
        // No iPad image: the hero's universal image (the target that fills the set "k").
        let phonesOnly = [images("a", "iphone", nil), images("c", "iphone", "k"), images("d", "ipad", nil)]
        #expect(SwiftSourceEmitter.drawnImages(phonesOnly, widthsPoints: [440, 375, 744], heroSet: "k") == [1, 1, 1])
        #expect(SwiftSourceEmitter.drawnImages([images("a", "iphone", nil)], widthsPoints: [440], heroSet: nil) == [nil])
    }

    /// The minimum sizes `fullbleed pipeline show` prints are the build's: at the minimum the tier is made,
    /// one pixel narrower or shorter it is skipped; with full headroom at the second size, not one pixel less.
    @Test(arguments: ["ios-hero", "web-hero"]) func theMinimumPhotoSizesAreTheBuildsThresholds(name: String) throws {
        let spec = try PipelineLoader.load(path: BuildFixtures.defaultPipeline.replacingOccurrences(of: "ios-hero", with: name))
        let rows = try spec.minimumSourceSizes()
        #expect(rows.count == spec.targets.reduce(0) { $0 + $1.target.tiers.count })
        func status(_ row: MinimumSourceSize, _ size: PixelSize) throws -> Derivative.Status {
            let target = try #require(spec.targets.first { AssetPlan.effectiveTarget($0).name == row.target })
            let plan = try AssetPlan.plan(target, sourceSize: size, spec: spec, path: name)
            return try #require(plan.derivatives.derivatives.first { $0.tier.label == row.tier }).status
        }
        for row in rows {
            #expect(try status(row, row.minimum) != .skipped, "\(row)")
            #expect(try status(row, PixelSize(width: row.minimum.width - 1, height: 100_000)) == .skipped, "\(row)")
            #expect(try status(row, PixelSize(width: 100_000, height: row.minimum.height - 1)) == .skipped, "\(row)")
            #expect(try status(row, row.fullHeadroom) == .exact, "\(row)")
            #expect(try status(row, PixelSize(width: row.fullHeadroom.width - 1, height: 100_000)) != .exact, "\(row)")
        }
        if name == "ios-hero" {
            // About 1320x1200 for the iPhone tiers, 2112 wide for the iPad one.
            #expect(rows.map { "\($0.target) \($0.tier) \($0.minimum)" } == [
                "iphone-17-pro-max @2x 880x800", "iphone-17-pro-max @3x 1320x1200", "iphone-17-pro @3x 1206x1200", "ipad-pro-13-landscape @2x 2112x800",
            ])
        }
    }

    /// `--upscale` and `--naming` are written into the pipeline before it is validated: the same content hash
    /// as a copy of the file with those fields, so such a build reuses the copy's outputs.
    @Test func overridesAreTheSameAsEditingThePipelineFile() throws {
        let text = try String(contentsOfFile: BuildFixtures.defaultPipeline, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""upscale": "skip""#, with: #""upscale": "upscale""#)
            .replacingOccurrences(of: #""naming": "{asset}/{variant}.{ext}""#, with: #""naming": "{asset}/{variant}.{hash}.{ext}""#)
        #expect(edited != text)
        let copy = try PipelineLoader.parse(Data(edited.utf8))
        let overridden = try PipelineLoader.parse(Data(text.utf8), overrides: PipelineOverrides(
            upscale: try PipelineOverrides.upscale(parsing: "upscale"), naming: try PipelineOverrides.naming(parsing: "hashed")))
        #expect(overridden.upscale == .upscale && overridden.naming == "{asset}/{variant}.{hash}.{ext}")
        #expect(overridden.contentHash == copy.contentHash)
        #expect(overridden.contentHash != (try PipelineLoader.parse(Data(text.utf8))).contentHash)
        // A pipeline without a "tiers" object gets one.
        let small = try PipelineLoader.load(path: BuildFixtures.smallPipeline, overrides: PipelineOverrides(upscale: .upscale))
        #expect(small.upscale == .upscale)
        #expect(try PipelineOverrides.naming(parsing: "plain") == "{asset}/{variant}.{ext}")
        #expect(try PipelineOverrides.naming(parsing: "h/{asset}-{variant}.{ext}") == "h/{asset}-{variant}.{ext}")
    }

    @Test func overrideAndBakedSetErrorsAreOneLineEach() throws {
        #expect(throws: ConfigError.self) { try PipelineOverrides.upscale(parsing: "yes") }
        do { _ = try PipelineOverrides.upscale(parsing: "yes") } catch {
            #expect("\(error)" == #"--upscale: expects skip (leave out a tier larger than the crop, the default) or upscale (enlarge it, with a warning), found "yes""#)
        }
        do { _ = try PipelineOverrides.naming(parsing: "{asset}.{ext}") } catch {
            #expect("\(error)" == #"--naming: expects plain, hashed or a template such as {asset}/{variant}.{hash}.{ext}: the naming template must contain {variant}, found "{asset}.{ext}""#)
        }
        let json = #"{"name": "x", "targets": [{"device": "iphone-17-pro"}], "outputs": [{"format": "jpeg"}], "emit": {"bakedSets": true}}"#
        do { _ = try PipelineLoader.parse(Data(json.utf8)); Issue.record("bakedSets without xcassets was accepted") } catch {
            #expect("\(error)" == "$.emit.bakedSets: baked-sets needs xcassets (the baked -scrim and -extended image sets go into the asset catalog)")
        }
    }

    /// By default the catalog holds the heroes only: no `-scrim` or `-extended` set, and the generated Swift
    /// names none (it would name images that are not there); the derivatives and the manifest are the same
    /// bytes with `bakedSets` on or off.
    @Test func theBakedSetsAreInTheCatalogOnlyWhenAsked() throws {
        let fixture = try EmitFixture("baked-sets-off", pipelineJSON: EmitFixture.pipelineJSON.replacingOccurrences(of: #""bakedSets": true, "#, with: ""))
        defer { fixture.remove() }
        #expect(!fixture.spec.emit.bakedSets)
        try fixture.build()
        let sets = try FileManager.default.contentsOfDirectory(atPath: fixture.catalog)
        #expect(sets.contains("sk_retina-jpg.imageset") && sets.contains("sk_retina-jpg-iphone-se.imageset"), "\(sets)")
        #expect(!sets.contains { $0.hasSuffix("-scrim.imageset") || $0.hasSuffix("-extended.imageset") }, "\(sets)")
        let swift = try String(contentsOfFile: fixture.out + "/" + fixture.spec.emit.swiftFileName, encoding: .utf8)
        #expect(!swift.contains("-scrim\"") && !swift.contains("-extended\""))
        let manifestBytes = try Data(contentsOf: URL(fileURLWithPath: fixture.out + "/manifest.json"))
        let before = try BuildFixtures.snapshot(fixture.out).filter { !$0.key.hasPrefix("Xcode") && !$0.key.hasPrefix(".fullbleed") }

        var spec = fixture.spec
        spec.emit.bakedSets = true
        try fixture.build(spec: spec)
        let withBaked = try FileManager.default.contentsOfDirectory(atPath: fixture.catalog)
        #expect(withBaked.contains("sk_retina-jpg-scrim.imageset") && withBaked.contains("sk_retina-jpg-extended.imageset"), "\(withBaked)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.out + "/manifest.json")) == manifestBytes)
        let after = try BuildFixtures.snapshot(fixture.out).filter { !$0.key.hasPrefix("Xcode") && !$0.key.hasPrefix(".fullbleed") }
        #expect(after == before)
    }
}
