import FullBleedImage

/// The legibility analysis of a hero's glyph regions and what follows from it, ready to be written into a
/// manifest: every region's measurements, the recommendation and, with a device, the layout numbers.
public struct ToolbarAnalysis: Sendable, Hashable, Codable {
    /// Status bar, back button, title and trailing capsules (with a device), then the text boxes.
    public var regions: [GlyphRegionReport]
    public var recommendation: ToolbarRecommendation
    /// Nil without device geometry (web targets).
    public var layout: HeroLayout?
    /// The device class the regions were placed for (nil for web targets).
    public var deviceID: String?
    /// Size of the analysed hero, pixels.
    public var heroPixelSize: PixelSize
    /// Hero pixels per point: hero width / device width (or `webWidthPoints`).
    public var pixelsPerPoint: Double
    /// Hero height in points at that scale.
    public var heroHeightPoints: Double
    /// Resolution of the luminance plane the metrics were measured on, pixels per point.
    public var analysisPixelsPerPoint: Double
    public var parameters: ToolbarAnalysisParameters

    public init(regions: [GlyphRegionReport], recommendation: ToolbarRecommendation, layout: HeroLayout?, deviceID: String?,
                heroPixelSize: PixelSize, pixelsPerPoint: Double, heroHeightPoints: Double, analysisPixelsPerPoint: Double,
                parameters: ToolbarAnalysisParameters) {
        self.regions = regions
        self.recommendation = recommendation
        self.layout = layout
        self.deviceID = deviceID
        self.heroPixelSize = heroPixelSize
        self.pixelsPerPoint = pixelsPerPoint
        self.heroHeightPoints = heroHeightPoints
        self.analysisPixelsPerPoint = analysisPixelsPerPoint
        self.parameters = parameters
    }

    /// Whether the top group (the regions at rest served from the top edge) is the system's bars alone:
    /// status bar, glass controls and an inline title, no pipeline text box. Only those glyphs can be left to
    /// the hard scroll edge (`ToolbarRecommendation.scrim`).
    public var topGroupIsSystemBars: Bool { ToolbarRecommender.topGroupIsSystemBars(regions) }

    /// The analysis with the no-subtle-scrim rule judged on the baked top gradient's measured band change
    /// (`ToolbarRecommendation.judgingScrim(onMeasuredChange:parameters:)`), and, where that change leaves the
    /// system bars' glyphs to the hard scroll edge, no top scrim: the baked tiers are then not delivered.
    public func judgingScrim(onMeasuredChange change: Double) -> ToolbarAnalysis {
        var judged = self
        judged.recommendation = recommendation.judgingScrim(onMeasuredChange: change, parameters: parameters)
        if ToolbarRecommender.leavesGlyphsToHardEdge(change: change, topGroupIsSystemBars: topGroupIsSystemBars, parameters: parameters) {
            judged.recommendation.scrim = nil
        }
        return judged
    }

    /// The report of the region named `name`, if any.
    public func region(named name: String) -> GlyphRegionReport? { regions.first { $0.name == name } }

    /// Points from `edge` to the far side of the farthest glyph region its scrim serves (the band the
    /// glyphs sit in); nil when no region is served from that edge.
    public func glyphExtentPoints(from edge: ScrimEdge) -> Double? {
        Self.glyphExtentPoints(of: regions.map(\.region), from: edge, heroHeightPoints: heroHeightPoints)
    }

    /// `glyphExtentPoints(from:)` of `regions` on a hero `heroHeightPoints` tall.
    static func glyphExtentPoints(of regions: [GlyphRegion], from edge: ScrimEdge, heroHeightPoints: Double) -> Double? {
        let served = regions.filter { $0.scrimEdge == edge && $0.isAtRest }
        let extent = edge == .top ? served.map(\.maxY).max() : served.map { heroHeightPoints - $0.y }.max()
        return extent.map { max(0, $0) }
    }
}

/// How a hero maps to points and where its glyph regions are: shared by the analyzer and the baker.
struct HeroGlyphLayout {
    let pixelsPerPoint: Double
    let heroHeightPoints: Double
    let regions: [GlyphRegion]

    /// The hero is shown `device.widthPoints` wide (or `webWidthPoints` without a device), top at the
    /// screen's top; regions are the device's toolbar regions, then the text boxes.
    init(hero: Image, device: DeviceClass?, parameters: ToolbarAnalysisParameters) {
        let widthPoints = device?.widthPoints ?? parameters.webWidthPoints
        let pixelsPerPoint = Double(hero.width) / widthPoints
        let heightPoints = Double(hero.height) / pixelsPerPoint
        // The title that appears past the collapse offset is measured on the hero rows under it then.
        // (HeroLayout.collapseOffsetPoints, on the analysed hero's own height in points.)
        let collapseOffset = device.map { max(0, heightPoints - $0.toolbarBandPoints) } ?? 0
        let toolbar = (device.map { parameters.geometry.regions(for: $0) } ?? []).map { region in
            region.kind == .title && parameters.inlineTitle == .afterCollapse ? region.scrolled(by: collapseOffset) : region
        }
        let boxes = parameters.textBoxes.map {
            GlyphRegion(textBox: $0, heroWidthPoints: widthPoints, heroHeightPoints: heightPoints)
        }
        self.pixelsPerPoint = pixelsPerPoint
        heroHeightPoints = heightPoints
        regions = toolbar + boxes
    }
}
