import Testing
import FullBleedImage
import FullBleedCore

@Suite("Hero layout")
struct HeroLayoutTests {
    /// SPEC 6 on the iPhone 17 Pro (402 x 400 pt @3x): 1809 x 1800 px supports a 1.5x stretch.
    @Test func iPhone17Pro() {
        let layout = HeroLayout(device: .iPhone17Pro, deliveredPixelSize: PixelSize(width: 1809, height: 1800))
        #expect(layout.collapseOffsetPoints == 284 && layout.toolbarBandPoints == 116 && layout.heroHeightPoints == 400)
        #expect(layout.maximumStretch == 1.5 && layout.maximumOverscrollPoints == 200)
        #expect(layout.deviceID == "iphone-17-pro" && layout.scale == 3 && layout.heroWidthPoints == 402)
    }

    /// The tightest side limits the stretch; an asset at the tier's own size supports none.
    @Test func stretchIsLimitedByTheTighterSide() {
        let exact = HeroLayout(device: .iPhone17Pro, deliveredPixelSize: PixelSize(width: 1206, height: 1200))
        #expect(exact.maximumStretch == 1 && exact.maximumOverscrollPoints == 0)
        let wide = HeroLayout(device: .iPhone17Pro, deliveredPixelSize: PixelSize(width: 2412, height: 1500))
        #expect(wide.maximumStretch == 1.25 && wide.maximumOverscrollPoints == 100)
        let small = HeroLayout(device: .iPhone17Pro, deliveredPixelSize: PixelSize(width: 603, height: 600))
        #expect(small.maximumStretch == 0.5 && small.maximumOverscrollPoints == 0)
    }

    @Test(arguments: DeviceClass.catalogue)
    func everyDeviceClass(device: DeviceClass) {
        let tier = HeroTarget.device(device).tiers.last!.pixelSize(headroom: 1.25)
        let layout = HeroLayout(device: device, deliveredPixelSize: tier)
        #expect(layout.collapseOffsetPoints == device.heroHeightPoints - device.toolbarBandPoints)
        #expect(abs(layout.maximumStretch - 1.25) < 0.002)
        #expect(abs(layout.maximumOverscrollPoints - (layout.maximumStretch - 1) * device.heroHeightPoints) < 1e-9)
    }

    /// The analysis carries the layout for a device (from the delivered size, or the hero's own), none for the web.
    @Test func analysisLayout() throws {
        let hero = Image(width: 402, height: 400, layout: .gray, samples: [UInt8](repeating: 40, count: 402 * 400))
        let parameters = ToolbarAnalysisParameters()
        let delivered = ToolbarAnalyzer.analyze(hero: hero, device: .iPhone17Pro, deliveredPixelSize: PixelSize(width: 1809, height: 1800),
                                                parameters: parameters)
        #expect(try #require(delivered.layout).maximumStretch == 1.5)
        let own = ToolbarAnalyzer.analyze(hero: hero, device: .iPhone17Pro, deliveredPixelSize: nil, parameters: parameters)
        #expect(abs(try #require(own.layout).maximumStretch - 1.0 / 3) < 1e-12)
        #expect(ToolbarAnalyzer.analyze(hero: hero, device: nil, deliveredPixelSize: nil, parameters: parameters).layout == nil)
    }
}
