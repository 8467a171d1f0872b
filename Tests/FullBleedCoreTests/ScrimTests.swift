import Foundation
import Testing
@testable import FullBleedColor
@testable import FullBleedCore
import FullBleedImage

@Suite("Scrim solver")
struct ScrimTests {
    struct WorkedRow: Sendable, CustomTestStringConvertible {
        let hex: String
        let luminance: Double
        /// (T, L, G) for T = 3, 4.5, 7.
        let wcag: [(Double, Double, Double)]
        /// Lc 45, 60, 75, 90 in gamma space.
        let apca: [Double]
        var testDescription: String { hex }
    }

    /// SPEC 2.5 worked values, black scrim under white text.
    static let rows = [
        WorkedRow(hex: "#FFFFFF", luminance: 1.000, wcag: [(3, 0.700, 0.416), (4.5, 0.817, 0.535), (7, 0.900, 0.651)], apca: [0.294, 0.401, 0.520, 0.659]),
        WorkedRow(hex: "#FFD700", luminance: 0.699, wcag: [(3, 0.571, 0.315), (4.5, 0.738, 0.454), (7, 0.857, 0.590)], apca: [0.174, 0.299, 0.439, 0.601]),
        WorkedRow(hex: "#87CEEB", luminance: 0.553, wcag: [(3, 0.457, 0.241), (4.5, 0.668, 0.395), (7, 0.819, 0.546)], apca: [0.083, 0.222, 0.376, 0.557]),
        WorkedRow(hex: "#C0C0C0", luminance: 0.527, wcag: [(3, 0.431, 0.225), (4.5, 0.652, 0.382), (7, 0.810, 0.536)], apca: [0.062, 0.204, 0.362, 0.547]),
    ]

    /// Half a unit of the printed third decimal, plus room for the SPEC's double rounding: #87CEEB at
    /// Lc 45 is 0.0824997 exactly, printed 0.083 (via 0.0825).
    static let printed = 0.00055

    @Test(arguments: rows)
    func workedRow(row: WorkedRow) throws {
        let color = try #require(SRGBColor(hex: row.hex))
        #expect(abs(color.relativeLuminance - row.luminance) < 0.0005)
        for (ratio, linearExpected, gammaExpected) in row.wcag {
            let linear = ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: ratio), compositing: .linearLight, background: color)
            let gamma = ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: ratio), compositing: .gammaEncoded, background: color)
            #expect(linear.method == .closedForm && gamma.method == .bisection)
            #expect(abs(try #require(linear.opacity) - linearExpected) < Self.printed, "\(row.hex) T=\(ratio) L")
            #expect(abs(try #require(gamma.opacity) - gammaExpected) < Self.printed, "\(row.hex) T=\(ratio) G")
            // SPEC's grey-equivalent closed form is conservative: never below the exact answer, within 0.0144.
            let grey = try #require(ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: ratio), compositing: .gammaEncoded,
                                                              backgroundLuminance: color.relativeLuminance).opacity)
            let exact = try #require(gamma.opacity)
            #expect(grey >= exact - 1e-9 && grey <= exact + 0.0144)
        }
        for (lc, expected) in zip([45.0, 60, 75, 90], row.apca) {
            let solution = ScrimSolver.minimumOpacity(scrim: .black, target: .apca(lc: lc), compositing: .gammaEncoded, background: color)
            #expect(solution.method == .closedForm)
            let opacity = try #require(solution.opacity)
            #expect(abs(opacity - expected) < Self.printed, "\(row.hex) Lc \(lc)")
            // SPEC: after compositing, Lc is exactly the target.
            let shown = SRGBColor(red: color.red * (1 - opacity), green: color.green * (1 - opacity), blue: color.blue * (1 - opacity))
            #expect(abs(APCA.contrast(textLuminance: 1, backgroundLuminance: APCA.luminance(shown)) + lc) < 1e-9)
        }
    }

    /// Every solution reaches the target and a slightly weaker scrim does not.
    @Test(arguments: [ScrimColor.black, .white], [ScrimCompositing.linearLight, .gammaEncoded])
    func solutionsAreMinimal(scrim: ScrimColor, compositing: ScrimCompositing) throws {
        let backgrounds: [SIMD3<Double>] = [SIMD3(1, 0.84, 0), SIMD3(0.2, 0.3, 0.9), SIMD3(0.05, 0.5, 0.1), SIMD3(0.5, 0.5, 0.5), SIMD3(0.9, 0.1, 0.4)]
        for target in [LegibilityTarget.wcag(ratio: 4.5), .wcag(ratio: 7), .apca(lc: 60), .apca(lc: 75)] {
            for background in backgrounds {
                let problem = ScrimProblem(scrim: scrim, target: target, compositing: compositing, family: .sRGB)
                let solution = ScrimSolver.minimumOpacity(scrim: scrim, target: target, compositing: compositing, background: background)
                let opacity = try #require(solution.opacity)
                if solution.method == .notNeeded {
                    #expect(opacity == 0 && problem.passes(background, opacity: 0))
                    continue
                }
                #expect(problem.passes(background, opacity: min(1, opacity + 1e-9)), "\(scrim) \(compositing) \(target) \(background)")
                #expect(!problem.passes(background, opacity: opacity - 1e-6), "\(scrim) \(compositing) \(target) \(background)")
            }
        }
    }

    @Test func whiteScrimLinearClosedFormAndBound() throws {
        // (L) exact: α = (Y_thr - Y_min) / (1 - Y_min); black background at 4.5:1 needs Y_k = 0.175.
        let black = ScrimSolver.minimumOpacity(scrim: .white, target: .wcag(ratio: 4.5), compositing: .linearLight, background: SIMD3(0, 0, 0))
        #expect(black.method == .closedForm)
        #expect(abs(try #require(black.opacity) - 0.175) < 1e-12)
        // SPEC: the background-independent bound in gamma space is enc(Y_k) = 0.4553 for 4.5:1 ...
        let bound = try #require(ScrimSolver.backgroundIndependentWhiteScrimOpacity(target: .wcag(ratio: 4.5), compositing: .gammaEncoded))
        #expect(abs(bound - 0.45533) < 0.00001)
        // ... and it suffices for saturated colours where the grey form under-estimates.
        let saturated: [SIMD3<Double>] = [SIMD3(0, 0, 1), SIMD3(1, 0, 0), SIMD3(0, 0.3, 0), SIMD3(0.1, 0, 0.6)]
        let exact = ScrimSolver.minimumOpacity(scrim: .white, target: .wcag(ratio: 4.5), compositing: .gammaEncoded, backgroundColors: saturated)
        #expect(try #require(exact.opacity) <= bound)
        let blue = ScrimSolver.minimumOpacity(scrim: .white, target: .wcag(ratio: 4.5), compositing: .gammaEncoded, background: SIMD3(0, 0, 1))
        let greyForm = try #require(ScrimSolver.minimumOpacity(scrim: .white, target: .wcag(ratio: 4.5), compositing: .gammaEncoded,
                                                               backgroundLuminance: 0.0722).opacity)
        let blueExact = try #require(blue.opacity)
        #expect(greyForm < blueExact - 0.1)
        for target in [LegibilityTarget.apca(lc: 60), .wcag(ratio: 7)] {
            for compositing in [ScrimCompositing.linearLight, .gammaEncoded] {
                let b = try #require(ScrimSolver.backgroundIndependentWhiteScrimOpacity(target: target, compositing: compositing))
                #expect(ScrimProblem(scrim: .white, target: target, compositing: compositing, family: .sRGB).passes(SIMD3(0, 0, 0), opacity: b + 1e-12))
            }
        }
    }

    @Test func manyColoursTakeTheWorst() throws {
        let colors: [SIMD3<Double>] = [SIMD3(0.1, 0.1, 0.1), SIMD3(1, 1, 1), SIMD3(1, 0.843, 0)]
        let all = ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: 4.5), compositing: .gammaEncoded, backgroundColors: colors)
        let white = ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: 4.5), compositing: .gammaEncoded, background: SIMD3(1, 1, 1))
        #expect(all.opacity == white.opacity)
        let dark = ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: 4.5), compositing: .gammaEncoded,
                                              backgroundColors: [SIMD3(0.1, 0.1, 0.1)])
        #expect(dark.method == .notNeeded && dark.opacity == 0)
    }

    @Test func greyLuminanceClosedFormsAgreeWithColourSolutions() throws {
        for y in [0.02, 0.2, 0.5, 0.9] {
            let g = SRGBTransfer.encoded(y)
            for scrim in [ScrimColor.black, .white] {
                for compositing in [ScrimCompositing.linearLight, .gammaEncoded] {
                    for target in [LegibilityTarget.wcag(ratio: 4.5), .apca(lc: 60)] {
                        let fromY = ScrimSolver.minimumOpacity(scrim: scrim, target: target, compositing: compositing, backgroundLuminance: y)
                        let fromColour = ScrimSolver.minimumOpacity(scrim: scrim, target: target, compositing: compositing, background: SIMD3(g, g, g))
                        // The colour path uses WCAG's row (sum 1) and APCA's (sum 1.0000001): equal to 1e-6.
                        #expect(abs(try #require(fromY.opacity) - (try #require(fromColour.opacity))) < 1e-6,
                                "Y=\(y) \(scrim) \(compositing) \(target)")
                    }
                }
            }
        }
    }

    @Test func unreachableTargets() {
        let tooHigh = ScrimSolver.minimumOpacity(scrim: .black, target: .apca(lc: 110), compositing: .gammaEncoded, background: SIMD3(1, 1, 1))
        #expect(tooHigh.method == .unreachable && tooHigh.opacity == nil)
        let ratio = ScrimSolver.minimumOpacity(scrim: .white, target: .wcag(ratio: 22), compositing: .linearLight, backgroundLuminance: 0)
        #expect(ratio.method == .unreachable)
        let solution = ScrimSolver.minimumOpacity(scrim: .black, target: .wcag(ratio: 4.5), compositing: .gammaEncoded, background: SIMD3(1, 1, 1))
        let json = try? JSONEncoder().encode(solution)
        #expect(json.flatMap { try? JSONDecoder().decode(ScrimSolution.self, from: $0) } == solution)
    }

    /// `ScrimBandPreview` measures a gradient's change on a one-pixel-per-point copy of the band: on a @3x hero
    /// with texture finer than a point (1-px stripes) it agrees with the change measured on the full-resolution
    /// baked pixels within 1 L*, for a top and for a bottom gradient, and rows outside its band are not its
    /// concern (a gradient of the other edge changes nothing).
    @Test func bandPreviewAgreesWithTheFullResolutionBake() throws {
        let hero = ToolbarHeroes.grey(scale: 3) { x, y in
            (0.15 + 0.5 * (x / 402)) * ((x * 3).rounded(.down).truncatingRemainder(dividingBy: 2) == 0 ? 1 : 0.3) + 0.02 * y / 400
        }
        let ppp = 3.0
        func stops(_ opacity: Double) -> [ScrimStop] {
            [ScrimStop(location: 0, opacity: opacity), ScrimStop(location: 0.2, opacity: opacity), ScrimStop(location: 0.3, opacity: 0)]
        }
        for (edge, color) in [(ScrimEdge.top, ScrimColor.black), (.bottom, .white)] {
            let scrim = ScrimRecommendation(color: color, edge: edge, opacity: 0.4, minimumOpacity: 0.4, heightPoints: 120, heightFraction: 0.3,
                                            stops: stops(0.4), compositing: .gammaEncoded, target: .wcag(ratio: 4.5), regionNames: ["r"])
            let extent = 100.0
            let preview = try #require(ScrimBandPreview(hero: hero, heroPixelsPerPoint: ppp, edge: edge, extentPoints: extent))
            #expect(preview.band.width == 402 && preview.band.height == 100 && preview.pixelsPerPoint == 1)
            let baked = ScrimCompositor.composite(hero, scrims: [scrim], pixelsPerPoint: ppp, heroHeightPoints: 400)
            let rows = PixelRect(x: 0, y: edge == .top ? 0 : hero.height - 300, width: hero.width, height: 300)
            let full = BandLightnessChange.mean(plain: hero.cropped(to: rows), baked: baked.cropped(to: rows), heightPixels: 300)
            #expect(full > 5 && abs(preview.change(scrim) - full) < 1, "\(edge): preview \(preview.change(scrim)) vs full \(full) L*")
            var other = scrim
            other.edge = edge == .top ? .bottom : .top
            #expect(preview.change(other) == 0)
        }
    }
}
