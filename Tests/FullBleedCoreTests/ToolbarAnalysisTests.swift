import Foundation
import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedColor
@testable import FullBleedCore

/// Synthetic heroes for the toolbar analysis: grey RGB8 images whose relative luminance is a function of
/// the position in points, on the iPhone 17 Pro (402 x 400 pt).
enum ToolbarHeroes {
    static let device = DeviceClass.iPhone17Pro

    /// A `402·scale x 400·scale` RGB8 hero; `luminance(x, y)` takes points and returns linear Y.
    static func grey(scale: Int = 1, _ luminance: (Double, Double) -> Double) -> Image {
        let width = Int(device.widthPoints) * scale, height = Int(device.heroHeightPoints) * scale
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let yValue = luminance((Double(x) + 0.5) / Double(scale), (Double(y) + 0.5) / Double(scale))
                let code = UInt8((SRGBTransfer.encoded(max(0, min(1, yValue))) * 255).rounded())
                for c in 0..<3 { samples[(y * width + x) * 3 + c] = code }
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// A black sky with sparse stars: a `scale x scale` white pixel block in about 1.5 % of the 1-pt cells
    /// (deterministic), like a Hubble field.
    static func starField(scale: Int = 3) -> Image {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var stars = Set<Int>()
        let cells = Int(device.widthPoints) * Int(device.heroHeightPoints)
        for _ in 0..<(cells * 3 / 200) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            stars.insert(Int((state >> 33) % UInt64(cells)))
        }
        return grey(scale: scale) { x, y in stars.contains(Int(y) * Int(device.widthPoints) + Int(x)) ? 1 : 0 }
    }

    /// Overcast: Y about `base` (0.2) with a gentle low-frequency swell of +-0.04.
    static func overcast(_ x: Double, _ y: Double) -> Double { overcast(base: 0.2)(x, y) }

    static func overcast(base: Double) -> (Double, Double) -> Double {
        { x, y in base + 0.04 * sin(2 * Double.pi * x / 150) * cos(2 * Double.pi * y / 130) }
    }

    /// Black and white cells of `cell` points.
    static func checkerboard(cell: Double) -> (Double, Double) -> Double {
        { x, y in (Int(x / cell) + Int(y / cell)) % 2 == 0 ? 0 : 1 }
    }
}

@Suite("Toolbar analysis")
struct ToolbarAnalysisTests {
    static func analyze(_ hero: Image, device: DeviceClass? = ToolbarHeroes.device,
                        parameters: ToolbarAnalysisParameters = ToolbarAnalysisParameters()) -> ToolbarAnalysis {
        ToolbarAnalyzer.analyze(hero: hero, device: device, deliveredPixelSize: nil, parameters: parameters)
    }

    @Test func defaults() {
        let parameters = ToolbarAnalysisParameters()
        #expect(parameters.target == .wcag(ratio: 4.5) && parameters.compositing == .gammaEncoded)
        #expect(parameters.glassSigmaPoints == 10 && parameters.glyphSigmaPoints == 1.5 && parameters.textBoxes.isEmpty)
        #expect(parameters.sigmaPoints(for: .glass) == 10 && parameters.sigmaPoints(for: .photo) == 1.5)
        let metrics = ToolbarAnalysisParameters(target: .apca(lc: 75)).regionMetricsParameters(pixelsPerPoint: 1.5)
        #expect(metrics.apcaLc == 75 && metrics.wcagRatio == 4.5 && metrics.pixelsPerPoint == 1.5)
    }

    @Test func whiteSkyGivesDarkGlyphsWithoutScrim() {
        let analysis = Self.analyze(ToolbarHeroes.grey { _, y in y < 200 ? 1 : 0.05 })
        let recommendation = analysis.recommendation
        #expect(recommendation.glyphTone == .black && recommendation.scrim == nil)
        #expect(recommendation.scrollEdgeEffect == .soft && recommendation.busyRegions.isEmpty)
        #expect(analysis.regions.map(\.name) == ["status-bar-leading", "status-bar-trailing", "back-button", "title", "trailing-capsules"])
        for region in analysis.regions where region.region.isAtRest {
            #expect(abs(region.verdict.darkGlyphContrast - 21) < 1e-6 && region.verdict.darkGlyphsPass && !region.verdict.lightGlyphsPass)
        }
    }

    @Test func darkBandGivesLightGlyphsWithoutScrim() {
        let analysis = Self.analyze(ToolbarHeroes.grey { x, y in 0.02 + 0.01 * sin(x / 7) * sin(y / 5) })
        #expect(analysis.recommendation.glyphTone == .white && analysis.recommendation.scrim == nil)
        #expect(analysis.regions.allSatisfy { $0.verdict.lightGlyphContrast > 12 && !$0.verdict.busy })
    }

    /// SPEC 2.7: the stars are sparse specks; with the blur each glyph really sees, white glyphs pass
    /// with no scrim. One small blur over the whole band (0.3 pt) sees the specks and asks for a scrim.
    @Test func starFieldGivesLightGlyphsWithoutScrim() throws {
        let hero = ToolbarHeroes.starField()
        let analysis = Self.analyze(hero)
        #expect(analysis.recommendation.glyphTone == .white && analysis.recommendation.scrim == nil)
        #expect(analysis.regions.allSatisfy { $0.verdict.lightGlyphsPass })
        let glass = try #require(analysis.region(named: "trailing-capsules"))
        #expect(glass.verdict.lightGlyphContrast > 12)

        let oneSmallBlur = Self.analyze(hero, parameters: ToolbarAnalysisParameters(glassSigmaPoints: 0.3, glyphSigmaPoints: 0.3))
        #expect(oneSmallBlur.recommendation.scrim != nil)
        #expect(oneSmallBlur.regions.contains { !$0.verdict.lightGlyphsPass })
    }

    /// SPEC 2.7: a mid-grey overcast band (Y about 0.2) passes with neither colour and needs a scrim; the
    /// baked variant reaches the target.
    @Test func midGreyBandNeedsAScrim() throws {
        let hero = ToolbarHeroes.grey(ToolbarHeroes.overcast)
        let analysis = Self.analyze(hero)
        let scrim = try #require(analysis.recommendation.scrim)
        #expect(analysis.regions.contains { $0.verdict.polarityConflict })
        #expect(scrim.color == (analysis.recommendation.glyphTone == .white ? .black : .white))
        #expect(scrim.opacity > 0 && scrim.opacity < 0.3 && scrim.edge == .top)
        // The margin, rounded up to the stops' precision (1e-4).
        #expect(scrim.opacity - scrim.minimumOpacity - 0.02 >= -1e-12 && scrim.opacity - scrim.minimumOpacity - 0.02 < 1e-4)
        let baked = ScrimBaker.bake(hero: hero, recommendation: analysis.recommendation, device: ToolbarHeroes.device,
                                    parameters: ToolbarAnalysisParameters())
        #expect(baked.meetsTarget && baked.verification.values.allSatisfy { $0 >= 4.5 })
    }

    /// The inline title appears past the collapse offset (the recipe's default): it is measured over the hero
    /// rows under it then (the hero's bottom), does not size the scrim and is not drawn at rest. A dark hero
    /// with a bright stripe only where the title would sit at rest needs no scrim by default; with the title
    /// at rest it does, for the title.
    @Test func theInlineTitleIsMeasuredWhereItAppears() throws {
        // 402 x 400-pt iPhone 17 Pro hero, band 62 + 54 = 116 pt: title at rest 77...101 pt, x 112...290.
        let hero = ToolbarHeroes.grey { x, y in (77...101).contains(y) && (130...270).contains(x) ? 0.9 : 0.01 }
        let afterCollapse = Self.analyze(hero)
        let title = try #require(afterCollapse.region(named: "title"))
        #expect(title.region.scrollOffsetPoints == 284 && title.region.y == 77 + 284 && !title.region.isAtRest)
        #expect(title.metrics.highLuminance < 0.02, "measured over the dark bottom rows: \(title.metrics)")
        #expect(afterCollapse.recommendation.scrim == nil && afterCollapse.recommendation.glyphTone == .white)
        #expect(!afterCollapse.recommendation.regionNames.contains("title"))
        #expect(afterCollapse.glyphExtentPoints(from: .top) == 100)   // the glass controls' glyphs' foot, not the title's

        let atRest = Self.analyze(hero, parameters: ToolbarAnalysisParameters(inlineTitle: .atRest))
        let restingTitle = try #require(atRest.region(named: "title"))
        #expect(restingTitle.region.isAtRest && restingTitle.region.y == 77 && restingTitle.metrics.highLuminance > 0.5)
        let scrim = try #require(atRest.recommendation.scrim)
        #expect(scrim.regionNames.contains("title") && scrim.opacity > 0.3)
        // The baker verifies only the regions on screen at rest.
        let baked = ScrimBaker.bake(hero: hero, recommendation: afterCollapse.recommendation, device: ToolbarHeroes.device,
                                    parameters: ToolbarAnalysisParameters())
        #expect(baked.meetsTarget && baked.verification["title"] == nil)
    }

    @Test func highContrastCheckerboardIsBusy() throws {
        let analysis = Self.analyze(ToolbarHeroes.grey(ToolbarHeroes.checkerboard(cell: 8)))
        let recommendation = analysis.recommendation
        let title = try #require(analysis.region(named: "title"))
        let statusBar = try #require(analysis.region(named: "status-bar-leading"))
        for region in [title, statusBar] {
            #expect(region.verdict.busy && region.verdict.textured && region.verdict.polarityConflict)
            #expect(region.metrics.rmsContrast > 20 && region.metrics.edgeDensity > 0.5, "\(region.name): \(region.metrics)")
        }
        // The title, after collapse, is reported busy but is not among the band's regions at rest.
        #expect(!recommendation.busyRegions.contains("title") && recommendation.busyRegions.contains("status-bar-leading"))
        // The hard edge hides the clutter; the black-and-white cells would need a gradient far from subtle, so
        // the bars' glyphs are left to the edge with none.
        #expect(recommendation.scrim == nil && recommendation.scrollEdgeEffect == .hard)
        #expect(recommendation.scrollEdgeEffectReason == .clutteredBand)
        let everyGradient = Self.analyze(ToolbarHeroes.grey(ToolbarHeroes.checkerboard(cell: 8)),
                                         parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: 100)).recommendation
        #expect(everyGradient.scrim != nil && everyGradient.scrollEdgeEffectReason == .clutteredBand)
        // The glass blurs 8-pt cells into an even grey: no texture behind the capsules.
        let capsules = try #require(analysis.region(named: "trailing-capsules"))
        #expect(!capsules.verdict.textured && capsules.metrics.highLuminance - capsules.metrics.lowLuminance < 0.1)
    }

    /// Where no scrim stays subtle the band gets the hard edge and says why, and the bars' glyphs are left
    /// to it: no top scrim is recommended (so none is baked). A band black on the left half and white on the
    /// right is not cluttered (one edge) but needs a strong scrim with either tone; its L* change over the
    /// band (measured on the hero as the baked file's is) decides against `hardEdgeLightnessChange` on either
    /// side of it. A pipeline text box in the top group keeps its gradient (the edge does not back it). A dim
    /// overcast band needs a light touch and stays soft at the default 10 L*.
    @Test func noSubtleScrimPrefersTheHardEdge() throws {
        let hero = ToolbarHeroes.grey { x, _ in x < ToolbarHeroes.device.widthPoints / 2 ? 0 : 1 }
        let split = Self.analyze(hero, parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: 100))
        let scrim = try #require(split.recommendation.scrim)
        #expect(!split.regions.contains { $0.metrics.edgeDensity > $0.metrics.parameters.edgeDensityThreshold })
        let extent = try #require(split.glyphExtentPoints(from: .top))
        let band = try #require(ScrimBandPreview(hero: hero, heroPixelsPerPoint: split.pixelsPerPoint, edge: .top, extentPoints: extent))
        let change = band.change(scrim)
        #expect(change > 5, "L* change \(change)")
        let strict = Self.analyze(hero, parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: change - 1)).recommendation
        #expect(strict.scrollEdgeEffect == .hard && strict.scrollEdgeEffectReason == .noSubtleScrim)
        #expect(strict.scrim == nil && strict.glyphTone == split.recommendation.glyphTone)
        let lenient = Self.analyze(hero, parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: change + 1)).recommendation
        #expect(lenient.scrollEdgeEffect == .soft && lenient.scrollEdgeEffectReason == nil && lenient.scrim == scrim)

        let kicker = TextBox(name: "kicker", x: 0.1, y: 0.3, width: 0.5, height: 0.08)
        let boxed = Self.analyze(hero, parameters: ToolbarAnalysisParameters(textBoxes: [kicker], hardEdgeLightnessChange: 0))
        #expect(!boxed.topGroupIsSystemBars && boxed.recommendation.regionNames.contains("kicker"))
        #expect(boxed.recommendation.scrollEdgeEffect == .hard && boxed.recommendation.scrim != nil)
        // Judged again on a baked gradient's measured change: the bars alone lose the scrim above the threshold.
        #expect(split.topGroupIsSystemBars)
        let measured = ToolbarAnalysis(regions: split.regions, recommendation: split.recommendation, layout: split.layout,
                                       deviceID: split.deviceID, heroPixelSize: split.heroPixelSize, pixelsPerPoint: split.pixelsPerPoint,
                                       heroHeightPoints: split.heroHeightPoints, analysisPixelsPerPoint: split.analysisPixelsPerPoint,
                                       parameters: ToolbarAnalysisParameters(hardEdgeLightnessChange: 20))
        #expect(measured.judgingScrim(onMeasuredChange: 20).recommendation.scrim == scrim)
        let unsubtle = measured.judgingScrim(onMeasuredChange: 20.01).recommendation
        #expect(unsubtle.scrim == nil && unsubtle.scrollEdgeEffect == .hard && unsubtle.scrollEdgeEffectReason == .noSubtleScrim)

        let overcast = Self.analyze(ToolbarHeroes.grey(ToolbarHeroes.overcast)).recommendation
        #expect(overcast.scrim != nil && overcast.scrollEdgeEffect == .soft && overcast.scrollEdgeEffectReason == nil)
    }

    /// Restraint is judged on the band's pixels, not on the regions' mean luminances. A dark band with large
    /// light squares (16 pt of every 24, Y 0.6 on 0.01: a navy flag with white stars) has a mean luminance
    /// that a dark veil seems to pull down a long way in L*, so the uniform-scrim estimate of the regions'
    /// means picks black glyphs and a white veil; per pixel the dark majority barely changes under the dark
    /// gradient and rises steeply under a white one, so the band measure (as the baked file's
    /// `bandLightnessChange` is measured) picks white glyphs. The chosen tone's gradient changes the band no
    /// more than the other's, and the baked hero's band change is the one the analysis measured. (Every
    /// gradient is kept, however strong: the test is of the tone, not of the hard edge.)
    @Test func restraintIsMeasuredOnTheBandPixels() throws {
        let hero = ToolbarHeroes.grey { x, y in
            x.truncatingRemainder(dividingBy: 24) < 16 && y.truncatingRemainder(dividingBy: 24) < 16 ? 0.6 : 0.01
        }
        let parameters = ToolbarAnalysisParameters(hardEdgeLightnessChange: 100)
        let analysis = Self.analyze(hero, parameters: parameters)
        let top = analysis.regions.filter { $0.region.scrimEdge == .top && $0.region.isAtRest }
        let extent = try #require(analysis.glyphExtentPoints(from: .top))
        let band = try #require(ScrimBandPreview(hero: hero, heroPixelsPerPoint: analysis.pixelsPerPoint, edge: .top, extentPoints: extent))
        func candidate(_ tone: GlyphTone) throws -> ScrimRecommendation {
            let required = top.map { $0.verdict.scrimOpacity(for: tone) ?? 1 }.max() ?? 0
            return try #require(ToolbarRecommender.scrim(for: tone, required: required, reports: top, edge: .top,
                                                         heroHeightPoints: analysis.heroHeightPoints, clearance: nil, parameters: parameters))
        }
        // The estimate the tone choice used before 2026-12-04: a uniform veil at the gradient's opacity over each
        // region's mean luminance (sRGB-encoded compositing), the L* changes weighted by region area.
        func uniform(_ scrim: ScrimRecommendation) -> Double {
            let veil = scrim.color == .black ? 0.0 : 1.0
            var total = 0.0, area = 0.0
            for report in top {
                let y = report.metrics.meanLuminance
                let after = SRGBTransfer.linear((1 - scrim.opacity) * SRGBTransfer.encoded(y) + scrim.opacity * veil)
                total += report.region.width * report.region.height * abs(CIELightness.of(after) - CIELightness.of(y))
                area += report.region.width * report.region.height
            }
            return total / area
        }
        let (white, black) = (try candidate(.white), try candidate(.black))
        #expect(uniform(white) > uniform(black) + 5, "uniform estimate: white glyphs \(uniform(white)), black \(uniform(black)) L*")
        #expect(band.change(white) < band.change(black), "band: white glyphs \(band.change(white)), black \(band.change(black)) L*")
        let chosen = analysis.recommendation
        #expect(chosen.glyphTone == .white && chosen.scrim?.color == .black)
        let scrim = try #require(chosen.scrim)
        let baked = ScrimBaker.bake(hero: hero, recommendation: chosen, device: ToolbarHeroes.device, parameters: parameters)
        let delivered = BandLightnessChange.mean(plain: hero, baked: baked.image,
                                                 heightPixels: Int((extent * analysis.pixelsPerPoint).rounded(.up)))
        if baked.opacity == scrim.opacity {
            #expect(abs(delivered - band.change(scrim)) < 0.5, "delivered \(delivered) vs measured \(band.change(scrim)) L*")
        }
        #expect(delivered < band.change(black), "delivered \(delivered) L*")
    }

    @Test func apcaTarget() throws {
        let parameters = ToolbarAnalysisParameters(target: .apca(lc: 60))
        let dark = Self.analyze(ToolbarHeroes.grey { _, _ in 0.03 }, parameters: parameters)
        #expect(dark.recommendation.glyphTone == .white && dark.recommendation.scrim == nil)
        #expect(dark.regions.allSatisfy { $0.verdict.lightGlyphContrast >= 60 && $0.metrics.parameters.apcaLc == 60 })
        // APCA's conflict band for Lc 60 is Y of about 0.31...0.42 (SPEC 2.4): an overcast of 0.36.
        let hero = ToolbarHeroes.grey(ToolbarHeroes.overcast(base: 0.36))
        let overcast = Self.analyze(hero, parameters: parameters)
        #expect(overcast.regions.allSatisfy { $0.verdict.polarityConflict })
        let scrim = try #require(overcast.recommendation.scrim)
        #expect(scrim.target == .apca(lc: 60))
        let baked = ScrimBaker.bake(hero: hero, recommendation: overcast.recommendation, device: ToolbarHeroes.device, parameters: parameters)
        #expect(baked.meetsTarget && baked.verification.values.allSatisfy { $0 >= 60 })
    }

    /// A checkerboard of black and Y 0.3 cells of 12 pt: both tones fail. In linear light a black scrim must be much
    /// stronger than in gamma space and a white one weaker (SPEC 2.5: the compositing space matters);
    /// either way the baked hero reaches the target.
    @Test func compositingSpaceChangesTheOpacity() throws {
        let hero = ToolbarHeroes.grey { x, y in (Int(x / 12) + Int(y / 12)) % 2 == 0 ? 0 : 0.3 }
        let gammaParameters = ToolbarAnalysisParameters(glassSigmaPoints: 1.5)
        let linearParameters = ToolbarAnalysisParameters(compositing: .linearLight, glassSigmaPoints: 1.5)
        let gamma = Self.analyze(hero, parameters: gammaParameters)
        let linear = Self.analyze(hero, parameters: linearParameters)
        let g = try #require(gamma.region(named: "status-bar-leading")).verdict, l = try #require(linear.region(named: "status-bar-leading")).verdict
        #expect(g.polarityConflict && l.polarityConflict)
        #expect(try #require(l.blackScrimOpacity) > #require(g.blackScrimOpacity) + 0.1)
        #expect(try #require(l.whiteScrimOpacity) < #require(g.whiteScrimOpacity) - 0.1)
        #expect(try #require(linear.recommendation.scrim).compositing == .linearLight)
        #expect(try #require(gamma.recommendation.scrim).compositing == .gammaEncoded)
        for (analysis, parameters) in [(gamma, gammaParameters), (linear, linearParameters)] {
            let baked = ScrimBaker.bake(hero: hero, recommendation: analysis.recommendation, device: ToolbarHeroes.device, parameters: parameters)
            #expect(baked.meetsTarget)
        }
    }

    /// A web hero has no toolbar: only the text boxes are measured, a low box gets a bottom scrim or tone
    /// of its own, and there is no layout.
    @Test func webHeroMeasuresOnlyTextBoxes() throws {
        let hero = ToolbarHeroes.grey { _, y in y > 300 ? 0.9 : 0.02 }
        let boxes = [TextBox(name: "hero-title", x: 0.05, y: 0.8, width: 0.6, height: 0.12),
                     TextBox(name: "kicker", x: 0.05, y: 0.05, width: 0.3, height: 0.06)]
        let parameters = ToolbarAnalysisParameters(textBoxes: boxes)
        let analysis = Self.analyze(hero, device: nil, parameters: parameters)
        #expect(analysis.layout == nil && analysis.deviceID == nil)
        #expect(analysis.regions.map(\.name) == ["hero-title", "kicker"])
        #expect(analysis.regions.allSatisfy { $0.kind == .textBox && $0.surface == .photo })
        #expect(analysis.recommendation.regionNames == ["kicker"] && analysis.recommendation.glyphTone == .white)
        let lower = try #require(analysis.recommendation.lowerText)
        #expect(lower.regionNames == ["hero-title"] && lower.glyphTone == .black && lower.scrim == nil)
        // 402 px shown 430 pt wide (webWidthPoints).
        #expect(abs(analysis.pixelsPerPoint - 402.0 / 430) < 1e-12)

        // The same boxes with a device come after the five toolbar regions.
        let withDevice = Self.analyze(hero, parameters: parameters)
        #expect(withDevice.regions.map(\.name) == ["status-bar-leading", "status-bar-trailing", "back-button", "title", "trailing-capsules", "hero-title", "kicker"])
        #expect(withDevice.layout != nil)
    }

    /// A low text box over a mixed background gets a bottom gradient; the baker composites both scrims.
    @Test func lowerTextBoxGetsABottomScrim() throws {
        let hero = ToolbarHeroes.grey { x, y in y > 300 ? ToolbarHeroes.overcast(x, y) : 0.02 }
        let parameters = ToolbarAnalysisParameters(textBoxes: [TextBox(name: "hero-title", x: 0.05, y: 0.8, width: 0.6, height: 0.12)])
        let analysis = Self.analyze(hero, parameters: parameters)
        #expect(analysis.recommendation.scrim == nil)
        let scrim = try #require(analysis.recommendation.lowerText?.scrim)
        #expect(scrim.edge == .bottom && scrim.regionNames == ["hero-title"])
        // The box's top is 80 % down: the plateau reaches 80 pt from the bottom edge, then eases.
        #expect(scrim.heightPoints > 80 && scrim.heightPoints <= 80 + parameters.scrimFadePoints + 1e-9)
        let baked = ScrimBaker.bake(hero: hero, recommendation: analysis.recommendation, device: ToolbarHeroes.device, parameters: parameters)
        #expect(baked.meetsTarget && baked.opacity == 0 && (baked.lowerOpacity ?? 0) >= scrim.opacity)
        // Rows above the bottom scrim are untouched.
        let top = PixelRect(x: 0, y: 0, width: hero.width, height: 400 - Int(scrim.heightPoints.rounded(.up)) - 1)
        #expect(baked.image.cropped(to: top) == hero.cropped(to: top))
    }

    /// The analysis is in points: the @1x and @3x versions of a smooth hero agree, and repeated runs are identical.
    @Test func tiersAgreeAndRunsRepeat() throws {
        func sky(_ x: Double, _ y: Double) -> Double { 0.35 + 0.3 * sin(x / 60) * cos(y / 45) }
        // Every gradient kept (the threshold above any change), so that the two scrims can be compared.
        let parameters = ToolbarAnalysisParameters(hardEdgeLightnessChange: 100)
        let small = Self.analyze(ToolbarHeroes.grey(scale: 1, sky), parameters: parameters)
        let large = Self.analyze(ToolbarHeroes.grey(scale: 3, sky), parameters: parameters)
        #expect(small.recommendation.glyphTone == large.recommendation.glyphTone)
        let a = try #require(small.recommendation.scrim), b = try #require(large.recommendation.scrim)
        #expect(abs(a.opacity - b.opacity) < 0.02 && a.heightPoints == b.heightPoints)
        #expect(small.analysisPixelsPerPoint == 1 && large.analysisPixelsPerPoint == 1 && large.pixelsPerPoint == 3)
        #expect(large.regions[0].rect == PixelRect(x: 48, y: 57, width: 360, height: 72))
        #expect(large.regions[0].blurSigmaPixels == 4.5 && large.regions[2].blurSigmaPixels == 30)
        #expect(large.regions[0].metrics.rect == PixelRect(x: 16, y: 19, width: 120, height: 24))
        #expect(Self.analyze(ToolbarHeroes.grey(scale: 3, sky), parameters: parameters) == large)
    }

    @Test func analysisIsCodable() throws {
        let parameters = ToolbarAnalysisParameters(target: .apca(lc: 75), textBoxes: [TextBox(name: "t", x: 0.1, y: 0.7, width: 0.5, height: 0.1)])
        let analysis = Self.analyze(ToolbarHeroes.grey(ToolbarHeroes.overcast), parameters: parameters)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(analysis)
        #expect(try JSONDecoder().decode(ToolbarAnalysis.self, from: data) == analysis)
        #expect(try encoder.encode(Self.analyze(ToolbarHeroes.grey(ToolbarHeroes.overcast), parameters: parameters)) == data)
    }

    /// Alpha is ignored and other layouts measure the same luminance; an unreadable ICC profile is read as sRGB.
    @Test func layoutsAndSampleTypesAgree() {
        let rgb = ToolbarHeroes.grey(ToolbarHeroes.overcast)
        let reference = Self.analyze(rgb)
        var unreadableProfile = rgb
        unreadableProfile.colorSpace = ColorSpace(family: .other, icc: ICCProfile(bytes: [1, 2, 3], name: "junk", dataColorSpace: "RGB"))
        for variant in [rgb.converted(toLayout: .rgba), rgb.converted(toLayout: .gray), rgb.linearPremultiplied(),
                        rgb.converted(to: PixelFormat(layout: .rgb, sampleType: .uint16)), unreadableProfile] {
            let analysis = Self.analyze(variant)
            #expect(analysis.recommendation.glyphTone == reference.recommendation.glyphTone)
            #expect(abs((analysis.recommendation.scrim?.opacity ?? 0) - (reference.recommendation.scrim?.opacity ?? 0)) < 1e-3, "\(variant)")
        }
    }

    /// The manifest form: with a toolbar group, glyphColor with its toolbarColorScheme; a web hero whose only
    /// text is low gets that text's colour and scrim at the top level and no toolbarColorScheme; both read back.
    @Test func manifestFormNamesTheGlyphColourAndPutsLowTextOnTop() throws {
        let scrim = ScrimRecommendation(color: .white, edge: .bottom, opacity: 0.3, minimumOpacity: 0.28, heightPoints: 120, heightFraction: 0.5,
                                        stops: [ScrimStop(location: 0, opacity: 0.3), ScrimStop(location: 1, opacity: 0)],
                                        compositing: .gammaEncoded, target: .wcag(ratio: 4.5), regionNames: ["hero-title"])
        let low = LowerTextRecommendation(glyphTone: .black, scrim: scrim, regionNames: ["hero-title"], busyRegions: [])
        let web = ToolbarRecommendation(glyphTone: .white, scrim: nil, scrollEdgeEffect: .soft, regionNames: [], busyRegions: [], lowerText: low)
        let device = ToolbarRecommendation(glyphTone: .white, scrim: nil, scrollEdgeEffect: .soft, regionNames: ["status-bar"], busyRegions: [], lowerText: low)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let webJSON = try #require(try JSONSerialization.jsonObject(with: encoder.encode(web)) as? [String: Any])
        #expect(webJSON["glyphColor"] as? String == "black" && webJSON["toolbarColorScheme"] == nil && webJSON["lowerText"] == nil)
        #expect((webJSON["scrim"] as? [String: Any])?["edge"] as? String == "bottom" && webJSON["regionNames"] as? [String] == ["hero-title"])
        let deviceJSON = try #require(try JSONSerialization.jsonObject(with: encoder.encode(device)) as? [String: Any])
        #expect(deviceJSON["glyphColor"] as? String == "white" && deviceJSON["toolbarColorScheme"] as? String == "dark")
        #expect((deviceJSON["lowerText"] as? [String: Any])?["glyphColor"] as? String == "black")
        #expect(try JSONDecoder().decode(ToolbarRecommendation.self, from: encoder.encode(web)) == web)
        #expect(try JSONDecoder().decode(ToolbarRecommendation.self, from: encoder.encode(device)) == device)
    }
}
