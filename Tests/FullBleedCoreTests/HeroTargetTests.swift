import Testing
import FullBleedImage
@testable import FullBleedCore

@Suite struct HeroTargetTests {
    @Test func deviceTiersFollowPointsTimesScale() {
        // SPEC 1.5 worked numbers, hero 400 pt: 402@3x -> 1206x1200 (1809x1800 at k = 1.5).
        let target = HeroTarget.device(.iPhone17Pro)
        #expect(target.tiers.map(\.label) == ["@1x", "@2x", "@3x"])
        #expect(target.tiers.map { $0.pixelSize() } == [PixelSize(width: 402, height: 400), PixelSize(width: 804, height: 800), PixelSize(width: 1206, height: 1200)])
        #expect(target.tiers[2].pixelSize(headroom: 1.5) == PixelSize(width: 1809, height: 1800))
        #expect(HeroTarget.device(.iPhone17ProMax).tiers[2].pixelSize(headroom: 1.5) == PixelSize(width: 1980, height: 1800))
        #expect(HeroTarget.device(.iPhone16).tiers[2].pixelSize() == PixelSize(width: 1179, height: 1200))
        #expect(HeroTarget.device(.iPhone11).tiers.last!.pixelSize() == PixelSize(width: 828, height: 800))
        #expect(HeroTarget.device(.iPadPro13Landscape).tiers.last!.pixelSize().width == 2752)
        // 62 + 54 pt of a 400-pt hero are under the bars.
        #expect(abs(target.toolbarBandFraction - 116.0 / 400) < 1e-12)
        #expect(abs(target.aspectRatio - 402.0 / 400) < 1e-12)
    }

    @Test func sixteenByNineHeroMatchesTheCorpusJob() {
        // The corpus hero job: 1290x726 / 860x484 / 430x242 = a 430-pt 16:9 hero at @3x/@2x/@1x.
        let device = DeviceClass.iPhone16Plus.withHeroHeight(points: 430 * 9.0 / 16)
        let sizes = HeroTarget.device(device).tiers.map { $0.pixelSize() }
        #expect(sizes == [PixelSize(width: 430, height: 242), PixelSize(width: 860, height: 484), PixelSize(width: 1290, height: 726)])
        #expect(HeroTarget.web16x9.tiers.map { $0.pixelSize() } == sizes)
        #expect(HeroTarget.web16x9.toolbarBandFraction == 0)
    }

    @Test func catalogueIsConsistent() {
        #expect(Set(DeviceClass.catalogue.map(\.id)).count == DeviceClass.catalogue.count)
        for device in DeviceClass.catalogue {
            #expect(DeviceClass.named(device.id) == device)
            #expect(device.scale == 2 || device.scale == 3)
            #expect(device.navigationBarPoints == 54)
            #expect(device.provenance.contains("["), "\(device.id) lacks evidence tags")
        }
        #expect(DeviceClass.named("iphone-17-pro")?.toolbarBandPoints == 116)
        #expect(DeviceClass.named("nokia-3310") == nil)
    }

    @Test(arguments: [
        // (source, crop) pairs from corpus/CATALOG.tsv, column hero_crop_16x9.
        (PixelSize(width: 512, height: 512), PixelSize(width: 512, height: 288)),
        (PixelSize(width: 451, height: 300), PixelSize(width: 451, height: 254)),
        (PixelSize(width: 1411, height: 1411), PixelSize(width: 1411, height: 794)),
        (PixelSize(width: 4224, height: 3168), PixelSize(width: 4224, height: 2376)),
        (PixelSize(width: 4352, height: 2448), PixelSize(width: 4352, height: 2448)),
        (PixelSize(width: 960, height: 1440), PixelSize(width: 960, height: 540)),
        (PixelSize(width: 4000, height: 200), PixelSize(width: 356, height: 200)),
        (PixelSize(width: 200, height: 4000), PixelSize(width: 200, height: 113)),
        (PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 1)),
        (PixelSize(width: 3, height: 2), PixelSize(width: 3, height: 2)),
    ])
    func cropSizesMatchTheCatalogue(source: PixelSize, crop: PixelSize) {
        #expect(CropPlanner.cropSize(for: source, aspectRatio: 16.0 / 9) == crop)
    }

    @Test func derivativesAreExactWhenTheSourceIsLargeEnough() throws {
        let plan = try DerivativePlan(target: .device(.iPhone17Pro), cropSize: PixelSize(width: 2436, height: 2424))
        #expect(plan.headroom == 1.25)
        #expect(plan.derivatives.allSatisfy { $0.status == .exact })
        #expect(plan.derivatives.map(\.pixelSize) == [PixelSize(width: 503, height: 500), PixelSize(width: 1005, height: 1000),
                                                      PixelSize(width: 1508, height: 1500)])
        #expect(plan.notes.isEmpty)
    }

    @Test func headroomIsReducedBeforeATierIsDropped() throws {
        // The crop covers @3x (1206x1200) but not @3x x 1.25 (1508x1500).
        let plan = try DerivativePlan(target: .device(.iPhone17Pro), cropSize: PixelSize(width: 1300, height: 1294))
        let top = plan.derivatives[2]
        #expect(top.status == .reducedHeadroom)
        #expect(top.pixelSize.width <= 1300 && top.pixelSize.height <= 1294 && top.pixelSize.width >= 1206)
        #expect(top.headroom > 1 && top.headroom < 1.25)
        #expect(plan.derivatives[0].status == .exact && plan.derivatives[1].status == .exact)
        #expect(plan.notes.count == 1)
    }

    @Test func smallSourcesAreSkippedOrUpscaledWithAWarning() throws {
        // sk_astronaut.png: a 512x288 16:9 crop for the 1290/860/430 job.
        let crop = PixelSize(width: 512, height: 288)
        let skip = try DerivativePlan(target: .web16x9, cropSize: crop, policy: .skip)
        #expect(skip.derivatives.map(\.status) == [.exact, .skipped, .skipped])
        #expect(skip.produced.map(\.pixelSize) == [PixelSize(width: 430, height: 242)])
        #expect(skip.notes.count == 2 && skip.notes[0].contains("skipped"))

        let upscale = try DerivativePlan(target: .web16x9, cropSize: crop, policy: .upscale)
        #expect(upscale.produced.count == 3)
        guard case .upscaled(let factor) = upscale.derivatives[2].status else {
            Issue.record("expected an upscale")
            return
        }
        #expect(abs(factor - max(1290.0 / 512, 726.0 / 288)) < 1e-9)
        #expect(upscale.notes.count == 2 && upscale.notes[1].contains("upscaled"))

        // tiny_1x1: nothing but warnings.
        let tiny = try DerivativePlan(target: .web16x9, cropSize: PixelSize(width: 1, height: 1))
        #expect(tiny.produced.isEmpty && tiny.notes.count == 3)
        #expect(tiny.minimumDecodeSize(sourceSize: PixelSize(width: 1, height: 1)) == nil)
    }

    @Test func headroomIsValidated() {
        #expect(throws: HeadroomOutOfRange.self) { try DerivativePlan(target: .device(.iPhone17Pro), cropSize: PixelSize(width: 9, height: 9), headroom: 1.6) }
        #expect(throws: HeadroomOutOfRange.self) { try DerivativePlan(target: .device(.iPhone17Pro), cropSize: PixelSize(width: 9, height: 9), headroom: 0.9) }
        #expect(throws: HeadroomOutOfRange.self) { try DerivativePlan(target: .web16x9, cropSize: PixelSize(width: 9, height: 9), headroom: 1.25) }
        #expect(throws: Never.self) { try DerivativePlan(target: .device(.iPhone17Pro), cropSize: PixelSize(width: 9, height: 9), headroom: 1.5) }
    }

    @Test func minimumDecodeSizeCoversTheLargestDerivative() throws {
        // large_8000x6000.jpg: 8000x4500 crop -> 1290x726 needs at least 1291/8000 of the source.
        let source = PixelSize(width: 8000, height: 6000)
        let plan = try DerivativePlan(target: .web16x9, cropSize: PixelSize(width: 8000, height: 4500))
        let minimum = try #require(plan.minimumDecodeSize(sourceSize: source, margin: 1))
        #expect(minimum == PixelSize(width: 1293, height: 970))   // ceil(8000 * 727/4500), ceil(6000 * 727/4500)
        // The default 1.5x margin: the decode is at least 1.5 times the output.
        let margin = try #require(plan.minimumDecodeSize(sourceSize: source))
        #expect(margin == PixelSize(width: 1939, height: 1454) || margin == PixelSize(width: 1939, height: 1455))
        // libvips' 2x shrink gap, for comparison.
        #expect(plan.minimumDecodeSize(sourceSize: source, margin: 2) == PixelSize(width: 2585, height: 1939))
        // A source that is only just large enough needs the full size.
        let tight = try DerivativePlan(target: .web16x9, cropSize: PixelSize(width: 1290, height: 726))
        #expect(tight.minimumDecodeSize(sourceSize: PixelSize(width: 1290, height: 726)) == nil)
    }
}
