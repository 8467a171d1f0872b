import Foundation
import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedColor
@testable import FullBleedCore

@Suite("Scrim baker")
struct ScrimBakerTests {
    static let device = ToolbarHeroes.device

    /// A top scrim 200 pt high: `opacity` from the edge to `plateau` (fraction of the height), then linear to 0.
    static func flatScrim(color: ScrimColor = .black, compositing: ScrimCompositing = .gammaEncoded, opacity: Double = 0.6,
                          plateau: Double = 0.5) -> ScrimRecommendation {
        ScrimRecommendation(color: color, edge: .top, opacity: opacity, minimumOpacity: opacity, heightPoints: 200, heightFraction: 0.5,
                            stops: [ScrimStop(location: 0, opacity: opacity), ScrimStop(location: plateau, opacity: opacity),
                                    ScrimStop(location: 1, opacity: 0)],
                            compositing: compositing, target: .wcag(ratio: 4.5), regionNames: ["status-bar"])
    }

    static func recommendation(_ scrim: ScrimRecommendation?, tone: GlyphTone = .white) -> ToolbarRecommendation {
        ToolbarRecommendation(glyphTone: tone, scrim: scrim, scrollEdgeEffect: .soft, regionNames: [], busyRegions: [], lowerText: nil)
    }

    /// Gamma compositing of black on 8-bit codes: `round(c · (1 - α(row)))`, with α interpolated between
    /// the stops at each row's centre; rows past the scrim are untouched; 8-bit stays 8-bit.
    @Test func gammaCompositingOnEightBitCodes() {
        let hero = Image(width: 40, height: 400, layout: .rgb, samples: [UInt8](repeating: 200, count: 40 * 400 * 3))
        let scrim = Self.flatScrim()
        let image = ScrimCompositor.composite(hero, scrims: [scrim], pixelsPerPoint: 1, heroHeightPoints: 400)
        #expect(image.format == hero.format)
        let samples = image.samples8
        for row in [0, 50, 99, 120, 150, 175, 199, 200, 399] {
            let alpha = scrim.opacity(atDistancePoints: Double(row) + 0.5)
            #expect(samples[row * 120 + 7] == UInt8((200 * (1 - alpha)).rounded()), "row \(row)")
        }
        #expect(abs(scrim.opacity(atDistancePoints: 150) - 0.3) < 1e-12 && scrim.opacity(atDistancePoints: 250) == 0)
        #expect(samples[0] == 80 && samples[210 * 120] == 200)
    }

    /// Linear compositing of white: `enc((1-α)·lin(c) + α)`; alpha channels are kept; 16-bit and linear
    /// float inputs give the same colours as 8-bit to within rounding.
    @Test func linearCompositingAndFormats() {
        let rgba = SyntheticImages.rgba8(width: 30, height: 300) { x, y, c in c == 3 ? UInt8(128 + x * 4) : UInt8((x * 7 + y + c * 40) % 256) }
        let scrim = Self.flatScrim(color: .white, compositing: .linearLight, opacity: 0.4)
        let baked8 = ScrimCompositor.composite(rgba, scrims: [scrim], pixelsPerPoint: 1, heroHeightPoints: 300)
        let source = rgba.samples8, result = baked8.samples8
        for i in stride(from: 0, to: source.count, by: 37) {
            let pixel = i / 4, row = pixel / 30
            if i % 4 == 3 { #expect(result[i] == source[i]); continue }
            let alpha = scrim.opacity(atDistancePoints: Double(row) + 0.5)
            let expected = SRGBTransfer.encoded((1 - alpha) * SRGBTransfer.linear(Double(source[i]) / 255) + alpha) * 255
            #expect(abs(Double(result[i]) - expected) <= 0.5 + 1e-9)
        }
        let sixteen = rgba.converted(to: PixelFormat(layout: .rgba, sampleType: .uint16))
        let baked16 = ScrimCompositor.composite(sixteen, scrims: [scrim], pixelsPerPoint: 1, heroHeightPoints: 300)
        #expect(baked16.format == sixteen.format)
        #expect(ImageComparison.maxAbsoluteDifference(baked16.converted(to: .rgba8), baked8) <= 1)
        let linear = rgba.linearPremultiplied()
        let bakedLinear = ScrimCompositor.composite(linear, scrims: [scrim], pixelsPerPoint: 1, heroHeightPoints: 300)
        #expect(bakedLinear.format == linear.format)
        #expect(ImageComparison.maxAbsoluteDifference(bakedLinear.converted(to: .rgba8), baked8) <= 1)
    }

    /// With no scrim the hero comes back unchanged and is verified as it is.
    @Test func noScrimLeavesTheHero() {
        let hero = ToolbarHeroes.grey { _, _ in 0.02 }
        let baked = ScrimBaker.bake(hero: hero, recommendation: Self.recommendation(nil), device: Self.device, parameters: ToolbarAnalysisParameters())
        #expect(baked.image == hero && baked.opacity == 0 && baked.scrims.isEmpty && baked.meetsTarget && baked.raiseSteps == 0)
        // The regions on screen at rest (the inline title appears past the collapse offset, unbaked).
        #expect(baked.verification.keys.sorted() == ["back-button", "status-bar-leading", "status-bar-trailing", "trailing-capsules"])
        // Dark glyphs on that band would fail: the verification follows the recommended tone.
        let wrongTone = ScrimBaker.bake(hero: hero, recommendation: Self.recommendation(nil, tone: .black), device: Self.device,
                                        parameters: ToolbarAnalysisParameters())
        #expect(!wrongTone.meetsTarget && wrongTone.image == hero)
    }

    /// A scrim that falls short is raised in 0.01 steps until the composited pixels reach the target.
    @Test func weakScrimIsRaised() throws {
        let hero = ToolbarHeroes.grey { _, _ in 0.6 }
        // White glyphs on Y 0.6 need a black scrim of 1 - enc(0.1833)/enc(0.6) = 0.41 in gamma space.
        let analysis = ToolbarAnalyzer.analyze(hero: hero, device: Self.device, deliveredPixelSize: nil, parameters: ToolbarAnalysisParameters())
        #expect(analysis.recommendation.glyphTone == .black && analysis.recommendation.scrim == nil)
        let needed = 1 - SRGBTransfer.encoded(WCAG.maximumBackgroundLuminance(ratio: 4.5)) / SRGBTransfer.encoded(0.6)
        let weak = Self.flatScrim(opacity: 0.3, plateau: 0.85)
        let baked = ScrimBaker.bake(hero: hero, recommendation: Self.recommendation(weak), device: Self.device, parameters: ToolbarAnalysisParameters())
        #expect(baked.meetsTarget && baked.raiseSteps > 0)
        #expect(baked.opacity >= needed - 0.01 && baked.opacity <= needed + 0.03, "\(baked.opacity) vs \(needed)")
        let stops = try #require(baked.scrims.first).stops.map(\.opacity)
        #expect(stops.count == 3 && abs(stops[0] - baked.opacity) < 1e-12 && abs(stops[1] - baked.opacity) < 1e-12 && stops[2] == 0)
        #expect(baked.verification.values.allSatisfy { $0 >= 4.5 })
    }

    /// The verdict holds on the delivered files: a delivered rendering a little brighter than the composited
    /// pixels (as a codec's loss can make the worst pixels of a region) leaves a gradient fitted to the
    /// composited pixels short, and the baker raises it until the rendering passes too. The verification
    /// reports the lower of the two contrasts.
    @Test func deliveredRenderingsAreVerified() throws {
        let hero = ToolbarHeroes.grey { _, _ in 0.6 }
        let scrim = Self.flatScrim(opacity: 0.3, plateau: 0.85)
        let composited = ScrimBaker.bake(hero: hero, recommendation: Self.recommendation(scrim), device: Self.device,
                                         parameters: ToolbarAnalysisParameters())
        /// Every 8-bit code 3 higher, the loss of a codec in the worst direction.
        func brighter(_ image: Image) -> [Image] {
            [Image(width: image.width, height: image.height, layout: .rgb, samples: image.samples8.map { UInt8(min(255, Int($0) + 3)) })]
        }
        let delivered = ScrimBaker.bake(hero: hero, recommendation: Self.recommendation(scrim), device: Self.device,
                                        parameters: ToolbarAnalysisParameters(), delivered: brighter)
        #expect(composited.meetsTarget && delivered.meetsTarget)
        #expect(delivered.opacity > composited.opacity, "\(delivered.opacity) vs \(composited.opacity)")
        // The composited pixels of the raised gradient, brightened, still pass: the verdict is true of them.
        let check = ScrimBaker.bake(hero: try #require(brighter(delivered.image).first), recommendation: Self.recommendation(nil),
                                    device: Self.device, parameters: ToolbarAnalysisParameters())
        #expect(check.meetsTarget, "\(check.verification)")
        #expect(delivered.verification.values.allSatisfy { $0 >= 4.5 })
    }

    /// An unreachable target is reported, with the scrim at full opacity.
    @Test func unreachableTargetIsReported() {
        let hero = ToolbarHeroes.grey { _, _ in 0.6 }
        let parameters = ToolbarAnalysisParameters(target: .wcag(ratio: 25))
        let baked = ScrimBaker.bake(hero: hero, recommendation: Self.recommendation(Self.flatScrim(opacity: 0.95)), device: Self.device,
                                    parameters: parameters)
        #expect(!baked.meetsTarget && baked.opacity == 1)
    }

    /// The gradient profile: full opacity over each region, easing after it, monotone, ending at 0.
    @Test func profileStops() {
        let profile = ScrimProfile(levels: [(62, 0.5), (111, 0.2), (30, 0)], fade: 48)
        let (height, stops) = profile.stops(stopCount: 8, limit: 400)
        #expect(height == 159 && stops.first == ScrimStop(location: 0, opacity: 0.5) && stops.last?.opacity == 0)
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.location < $1.location && $0.opacity >= $1.opacity })
        let scrim = ScrimRecommendation(color: .black, edge: .top, opacity: 0.5, minimumOpacity: 0.48, heightPoints: height,
                                        heightFraction: height / 400, stops: stops, compositing: .gammaEncoded,
                                        target: .wcag(ratio: 4.5), regionNames: [])
        for d in stride(from: 0.0, through: 62, by: 0.5) { #expect(scrim.opacity(atDistancePoints: d) >= 0.5 - 1e-12) }
        for d in stride(from: 62.0, through: 111, by: 0.5) { #expect(scrim.opacity(atDistancePoints: d) >= 0.2 - 1e-12) }
        // The stops follow smootherstep closely between samples.
        for d in stride(from: 111.0, through: 159, by: 1) { #expect(abs(scrim.opacity(atDistancePoints: d) - profile.opacity(at: d)) < 0.01) }
        #expect(scrim.opacity(atDistancePoints: 200) == 0)
        // Without a fade the scrim is a hard step; a profile with no level has no stops.
        let step = ScrimProfile(levels: [(50, 0.3)], fade: 0).stops(stopCount: 8, limit: 400)
        #expect(step.height == 50 && step.stops == [ScrimStop(location: 0, opacity: 0.3), ScrimStop(location: 1, opacity: 0.3)])
        #expect(ScrimProfile(levels: [(50, 0)], fade: 10).stops(stopCount: 8, limit: 400).stops.isEmpty)
        // The hero's end cuts the gradient.
        #expect(ScrimProfile(levels: [(380, 0.3)], fade: 48).stops(stopCount: 8, limit: 400).height == 400)
    }

    /// A subject below the glyphs ends the fade at its top: each region's ease is shortened to reach 0 there,
    /// so nothing of the gradient lies on the subject; a subject under the glyphs keeps the full fade.
    @Test func theFadeEndsWhereTheSubjectStarts() {
        let profile = ScrimProfile(levels: [(62, 0.5), (111, 0.2)], fade: 48, clearance: 130)
        let (height, stops) = profile.stops(stopCount: 8, limit: 400)
        #expect(height == 130 && stops.last == ScrimStop(location: 1, opacity: 0))
        for d in stride(from: 130.0, through: 400, by: 0.5) { #expect(profile.opacity(at: d) == 0) }
        // Still full opacity over each region; the 62-pt region eases over its full 48 pt (its ease ends at 110,
        // before the subject), the 111-pt one over the 19 pt left to the subject.
        #expect(profile.opacity(at: 62) == 0.5 && profile.opacity(at: 111) >= 0.2)
        #expect(abs(profile.opacity(at: 80) - 0.5 * ScrimProfile.ease(18.0 / 48)) < 1e-12)
        #expect(abs(profile.opacity(at: 120) - 0.2 * ScrimProfile.ease(9.0 / 19)) < 1e-12)
        // A subject that starts above a region's far side does not shorten that region's fade.
        #expect(ScrimProfile(levels: [(111, 0.2)], fade: 48, clearance: 90).stops(stopCount: 8, limit: 400).height == 159)
        // A subject right at the far side leaves a hard step there.
        #expect(ScrimProfile(levels: [(111, 0.2)], fade: 48, clearance: 111.5).opacity(at: 111.5) == 0)
    }
}
