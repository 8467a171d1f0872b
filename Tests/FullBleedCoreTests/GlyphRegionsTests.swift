import Testing
import FullBleedImage
@testable import FullBleedCore

@Suite("Glyph regions")
struct GlyphRegionsTests {
    /// The documented table of `ToolbarGeometry` on a 402-pt iPhone 17 Pro under a 62-pt status area.
    @Test func iPhone17ProRegions() {
        let regions = ToolbarGeometry.iOS26.regions(for: .iPhone17Pro)
        let table = regions.map { [$0.x, $0.maxX, $0.y, $0.maxY] }
        #expect(regions.map(\.name) == ["status-bar", "back-button", "title", "trailing-capsules"])
        #expect(table == [[16, 386, 19, 43], [16, 60, 67, 111], [112, 290, 77, 101], [298, 386, 67, 111]])
        #expect(regions.map(\.surface) == [.photo, .glass, .photo, .glass])
        #expect(regions.allSatisfy { $0.scrimEdge == .top })
        // Everything lies inside the 116-pt toolbar band.
        #expect(regions.allSatisfy { $0.maxY <= DeviceClass.iPhone17Pro.toolbarBandPoints })
    }

    /// On an iPad the bar is wide: the title is capped at 320 pt and stays centred.
    @Test func iPadTitleIsCapped() throws {
        let device = DeviceClass.iPadAir11
        let title = try #require(ToolbarGeometry.iOS26.regions(for: device).first { $0.kind == .title })
        #expect(title.width == 320 && title.x + title.width / 2 == device.widthPoints / 2)
        let statusBar = try #require(ToolbarGeometry.iOS26.regions(for: device).first { $0.kind == .statusBar })
        #expect(statusBar.y == 0 && statusBar.height == 24 && statusBar.width == device.widthPoints - 32)
    }

    /// On the SE (20-pt status bar) the bar sits higher, and a narrow device keeps a symmetric title.
    @Test func geometryFollowsTheDevice() {
        let se = ToolbarGeometry.iOS26.regions(for: .iPhoneSE)
        #expect(se[1].y == 20 + 27 - 22 && se[0].y == 0 && se[0].height == 20)
        let cramped = ToolbarGeometry(trailingCapsuleWidthPoints: 200).regions(for: .iPhoneSE)
        #expect(cramped[2].width == 0 && cramped[2].x == 375.0 / 2)
    }

    @Test func textBoxesBecomeRegions() {
        let low = GlyphRegion(textBox: TextBox(name: "caption", x: 0.05, y: 0.75, width: 0.5, height: 0.2),
                              heroWidthPoints: 400, heroHeightPoints: 300)
        #expect(abs(low.x - 20) < 1e-9 && abs(low.y - 225) < 1e-9 && abs(low.width - 200) < 1e-9 && abs(low.height - 60) < 1e-9)
        #expect(low.kind == .textBox && low.surface == .photo && low.scrimEdge == .bottom && low.name == "caption")
        let high = GlyphRegion(textBox: TextBox(name: "kicker", x: 0.1, y: 0.1, width: 0.2, height: 0.1),
                               heroWidthPoints: 400, heroHeightPoints: 300)
        #expect(high.scrimEdge == .top)
        // Clamped to the hero.
        let outside = GlyphRegion(textBox: TextBox(name: "x", x: -0.2, y: 0.9, width: 0.5, height: 0.5),
                                  heroWidthPoints: 100, heroHeightPoints: 100)
        #expect(outside.x == 0 && abs(outside.width - 30) < 1e-9 && outside.y == 90 && abs(outside.maxY - 100) < 1e-9)
    }

    /// Pixel rectangles are rounded outwards and clamped, never empty.
    @Test func pixelRectangles() {
        let region = GlyphRegion(name: "r", kind: .title, surface: .photo, x: 10.2, y: 5.5, width: 20.1, height: 3,
                                 scrimEdge: .top)
        #expect(region.pixelRect(pixelsPerPoint: 1, bounds: PixelSize(width: 100, height: 100)) == PixelRect(x: 10, y: 5, width: 21, height: 4))
        #expect(region.pixelRect(pixelsPerPoint: 3, bounds: PixelSize(width: 300, height: 300)) == PixelRect(x: 30, y: 16, width: 61, height: 10))
        #expect(region.pixelRect(pixelsPerPoint: 1, bounds: PixelSize(width: 20, height: 6)) == PixelRect(x: 10, y: 5, width: 10, height: 1))
        #expect(region.pixelRect(pixelsPerPoint: 0.01, bounds: PixelSize(width: 1, height: 1)) == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }

    /// A 1x1 hero still gives a full analysis (every region is its one pixel).
    @Test func tinyHero() {
        let hero = Image(width: 1, height: 1, layout: .rgb, samples: [255, 255, 255])
        let analysis = ToolbarAnalyzer.analyze(hero: hero, device: .iPhone17Pro, deliveredPixelSize: nil, parameters: ToolbarAnalysisParameters())
        #expect(analysis.regions.count == 4 && analysis.regions.allSatisfy { $0.rect == PixelRect(x: 0, y: 0, width: 1, height: 1) })
        #expect(analysis.recommendation.glyphTone == .black && analysis.recommendation.scrim == nil)
    }
}
