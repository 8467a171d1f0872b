import Testing
import FullBleedImage
@testable import FullBleedCore

@Suite("Glyph regions")
struct GlyphRegionsTests {
    /// The documented table of `ToolbarGeometry` on a 402-pt iPhone 17 Pro under a 62-pt status area.
    @Test func iPhone17ProRegions() {
        let regions = ToolbarGeometry.iOS26.regions(for: .iPhone17Pro)
        let table = regions.map { [$0.x, $0.maxX, $0.y, $0.maxY] }
        #expect(regions.map(\.name) == ["status-bar-leading", "status-bar-trailing", "back-button", "title", "trailing-capsules"])
        #expect(table == [[16, 136, 19, 43], [266, 386, 19, 43], [27, 49, 78, 100], [112, 290, 77, 101], [309, 375, 78, 100]])
        #expect(regions.map(\.surface) == [.photo, .photo, .glass, .photo, .glass])
        #expect(regions.allSatisfy { $0.scrimEdge == .top })
        // Everything lies inside the 116-pt toolbar band.
        #expect(regions.allSatisfy { $0.maxY <= DeviceClass.iPhone17Pro.toolbarBandPoints })
    }

    /// On an iPad the bar is wide: the title is capped at 320 pt and stays centred, and the status glyphs are
    /// two clusters at the ends of the bar, not the width between them.
    @Test func iPadTitleIsCapped() throws {
        let device = DeviceClass.iPadAir11
        let regions = ToolbarGeometry.iOS26.regions(for: device)
        let title = try #require(regions.first { $0.kind == .title })
        #expect(title.width == 320 && title.x + title.width / 2 == device.widthPoints / 2)
        let status = regions.filter { $0.kind == .statusBar }
        #expect(status.count == 2 && status.allSatisfy { $0.y == 0 && $0.height == 24 && $0.width == 120 })
        #expect(status[0].x == 16 && status[1].maxX == device.widthPoints - 16)
    }

    /// On the SE (20-pt status bar) the bar sits higher, and a narrow device keeps a symmetric title.
    @Test func geometryFollowsTheDevice() {
        let se = ToolbarGeometry.iOS26.regions(for: .iPhoneSE)
        #expect(se[2].y == 20 + 27 - 22 + 11 && se[0].y == 0 && se[0].height == 20)
        let cramped = ToolbarGeometry(trailingCapsuleWidthPoints: 200).regions(for: .iPhoneSE)
        #expect(cramped[3].width == 0 && cramped[3].x == 375.0 / 2)
        // Clusters wider than half the bar meet in the middle; an inset larger than a capsule leaves its centre line.
        let wide = ToolbarGeometry(statusClusterWidthPoints: 400, glassGlyphInsetPoints: 30).regions(for: .iPhoneSE)
        #expect(wide[0].maxX == 375.0 / 2 && wide[1].x == 375.0 / 2)
        #expect(wide[2].width == 0 && wide[2].height == 0 && wide[2].x == 16 + 22)
    }

    /// The status glyphs are drawn beside the Dynamic Island, not behind it: a bright patch there does not
    /// size the scrim (over the whole width between the margins it asked for one).
    @Test func brightPhotoBehindTheIslandDoesNotSizeTheScrim() {
        let hero = ToolbarHeroes.grey { x, y in x > 150 && x < 252 && y < 60 ? 1 : 0.05 }
        let analysis = ToolbarAnalyzer.analyze(hero: hero, device: .iPhone17Pro, deliveredPixelSize: nil, parameters: ToolbarAnalysisParameters())
        #expect(analysis.recommendation.glyphTone == .white && analysis.recommendation.scrim == nil)
        // Every gradient kept, however strong: the test is of what sizes the scrim, not of the hard edge.
        let wholeWidth = ToolbarAnalysisParameters(hardEdgeLightnessChange: 100, geometry: ToolbarGeometry(statusClusterWidthPoints: 200))
        #expect(ToolbarAnalyzer.analyze(hero: hero, device: .iPhone17Pro, deliveredPixelSize: nil, parameters: wholeWidth).recommendation.scrim != nil)
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
        #expect(analysis.regions.count == 5 && analysis.regions.allSatisfy { $0.rect == PixelRect(x: 0, y: 0, width: 1, height: 1) })
        #expect(analysis.recommendation.glyphTone == .black && analysis.recommendation.scrim == nil)
    }
}
