import Foundation
import FullBleedColor
import FullBleedImage

/// The colour of a uniform scrim laid over a background under glyphs.
public enum ScrimColor: String, Sendable, Hashable, Codable {
    /// Black scrim, darkening the background under white (light) glyphs.
    case black
    /// White scrim, lightening the background under black (dark) glyphs.
    case white

    /// The glyph tone the scrim serves: white glyphs for a black scrim, black glyphs for a white one.
    public var glyphTone: GlyphTone { self == .black ? .white : .black }
}

/// Where a scrim of opacity `α` is composited over the background.
public enum ScrimCompositing: String, Sendable, Hashable, Codable {
    /// In linear light: `Y' = (1-α)·Y + α·Y_scrim` (a scrim baked into a linear Float32 image).
    case linearLight = "linear"
    /// On gamma-encoded values: `c' = (1-α)·c + α·c_scrim` (Core Animation / SwiftUI overlays on 8-bit
    /// sRGB or P3 surfaces, CSS, APCA's `alphaBlend`).
    case gammaEncoded = "gamma"
}

/// The minimum scrim opacity that makes glyphs reach a target, and how it was found.
public struct ScrimSolution: Sendable, Hashable, Codable {
    /// How the opacity was obtained.
    public enum Method: String, Sendable, Hashable, Codable {
        /// The background already passes: opacity 0.
        case notNeeded = "not-needed"
        /// A closed form (SPEC 2.5), exact for the input it was given.
        case closedForm = "closed-form"
        /// Bisection on the monotone composited contrast (40 steps: within 1e-12, never below the answer).
        case bisection
        /// Even an opaque scrim does not reach the target: `opacity` is nil.
        case unreachable
    }

    public var scrim: ScrimColor
    public var compositing: ScrimCompositing
    public var target: LegibilityTarget
    /// Minimum opacity 0...1; nil when unreachable.
    public var opacity: Double?
    public var method: Method

    public init(scrim: ScrimColor, compositing: ScrimCompositing, target: LegibilityTarget, opacity: Double?, method: Method) {
        self.scrim = scrim
        self.compositing = compositing
        self.target = target
        self.opacity = opacity
        self.method = method
    }
}

/// Minimum opacity of a black scrim under white glyphs, or of a white scrim under black glyphs, for
/// a WCAG ratio or an APCA `Lc` (SPEC 2.4 thresholds, 2.5 closed forms). Glyphs are pure white / black.
///
/// Three entry points:
/// - `minimumOpacity(..., background:)` for one encoded background colour: exact. Closed forms where
///   the composited contrast is linear in a power of `α` (linear light + WCAG; gamma space + APCA +
///   black scrim), bisection otherwise.
/// - `minimumOpacity(..., backgroundColors:)`: the exact maximum over many colours (every pixel passes).
/// - `minimumOpacity(..., backgroundLuminance:)` for a relative luminance from a luminance plane
///   (`Y_max` for a black scrim, `Y_min` for a white one): the background is taken as the neutral grey
///   of that luminance, where every case has a closed form. For black scrims in gamma space with WCAG this
///   is SPEC 2.5's conservative "grey-equivalent" form (measured never below the exact colour answer,
///   at most +0.0144 above); for white scrims in gamma space it can under-estimate saturated colours (by
///   up to 0.19): use `backgroundIndependentWhiteScrimOpacity` or the colour entry points there.
public enum ScrimSolver {
    /// The minimum opacity for one background colour, encoded (0...1) in `family`'s colour space
    /// (WCAG uses `LuminanceModel(family:)`, APCA its own coefficients for the family).
    public static func minimumOpacity(scrim: ScrimColor, target: LegibilityTarget, compositing: ScrimCompositing,
                                      background: SIMD3<Double>, family: ColorSpace.Family = .sRGB) -> ScrimSolution {
        let problem = ScrimProblem(scrim: scrim, target: target, compositing: compositing, family: family)
        let (opacity, method) = problem.solve(background)
        return ScrimSolution(scrim: scrim, compositing: compositing, target: target, opacity: opacity, method: method)
    }

    /// The minimum opacity for one sRGB colour (alpha ignored).
    public static func minimumOpacity(scrim: ScrimColor, target: LegibilityTarget, compositing: ScrimCompositing,
                                      background: SRGBColor) -> ScrimSolution {
        minimumOpacity(scrim: scrim, target: target, compositing: compositing,
                       background: SIMD3(background.red, background.green, background.blue))
    }

    /// The smallest opacity with which every colour in `backgroundColors` (encoded, in `family`) passes.
    /// Colours that already pass at the running maximum are checked with one evaluation.
    public static func minimumOpacity(scrim: ScrimColor, target: LegibilityTarget, compositing: ScrimCompositing,
                                      backgroundColors: [SIMD3<Double>], family: ColorSpace.Family = .sRGB) -> ScrimSolution {
        let problem = ScrimProblem(scrim: scrim, target: target, compositing: compositing, family: family)
        func solution(_ opacity: Double?, _ method: ScrimSolution.Method) -> ScrimSolution {
            ScrimSolution(scrim: scrim, compositing: compositing, target: target, opacity: opacity, method: method)
        }
        guard problem.threshold != nil else { return solution(nil, .unreachable) }
        var best = 0.0, method = ScrimSolution.Method.notNeeded
        for color in backgroundColors where !problem.passes(color, opacity: best) {
            let (opacity, colorMethod) = problem.solve(color)
            guard let opacity else { return solution(nil, .unreachable) }
            if opacity > best { best = opacity; method = colorMethod }
        }
        return solution(best, method)
    }

    /// The minimum opacity for a neutral grey background of relative luminance `backgroundLuminance`
    /// (linear, 0...1; its encoded value is `enc(Y)` with the sRGB curve). Closed forms throughout:
    /// with `Y_thr` / `g_thr` the threshold as luminance / encoded grey,
    /// black scrim `1 - Y_thr/Y` (linear) or `1 - g_thr/g` (gamma);
    /// white scrim `(Y_thr - Y)/(1 - Y)` (linear) or `(g_thr - g)/(1 - g)` (gamma).
    public static func minimumOpacity(scrim: ScrimColor, target: LegibilityTarget, compositing: ScrimCompositing,
                                      backgroundLuminance: Double) -> ScrimSolution {
        let problem = ScrimProblem(scrim: scrim, target: target, compositing: compositing, family: .sRGB)
        func solution(_ opacity: Double?, _ method: ScrimSolution.Method) -> ScrimSolution {
            ScrimSolution(scrim: scrim, compositing: compositing, target: target, opacity: opacity, method: method)
        }
        guard let grey = problem.greyThreshold else { return solution(nil, .unreachable) }
        let y = max(0, min(1, backgroundLuminance))
        let g = SRGBTransfer.encoded(y)
        let (value, limit) = compositing == .linearLight ? (y, grey.luminance) : (g, grey.encoded)
        switch scrim {
        case .black:
            if value <= limit { return solution(0, .notNeeded) }
            return solution(min(1, 1 - limit / value), .closedForm)
        case .white:
            if value >= limit { return solution(0, .notNeeded) }
            return solution(min(1, (limit - value) / (1 - value)), .closedForm)
        }
    }

    /// An opacity of white scrim that suffices over any background (SPEC 2.5): every channel ends at
    /// least at `α` (gamma space) or `α` of linear white (linear light). For WCAG 4.5:1 in gamma space
    /// this is `enc(Y_k) = 0.4553`. Nil when unreachable.
    public static func backgroundIndependentWhiteScrimOpacity(target: LegibilityTarget, compositing: ScrimCompositing,
                                                             family: ColorSpace.Family = .sRGB) -> Double? {
        let problem = ScrimProblem(scrim: .white, target: target, compositing: compositing, family: family)
        guard let threshold = problem.threshold else { return nil }
        // The weakest background is black; the composited colour is then the grey `α` (or linear `α`).
        let grey: Double
        switch target {
        case .wcag:
            let linearGrey = threshold / problem.model.luminanceRow.sum()
            grey = compositing == .linearLight ? linearGrey : problem.model.curve.encoded(linearGrey)
        case .apca:
            let encodedGrey = pow(threshold / problem.apcaSpace.coefficients.sum(), 1 / problem.apcaSpace.exponent)
            grey = compositing == .linearLight ? problem.model.curve.linear(encodedGrey) : encodedGrey
        }
        return max(0, min(1, grey))
    }
}

/// One scrim problem: the threshold the composited background must meet, and its evaluation.
struct ScrimProblem {
    let scrim: ScrimColor
    let target: LegibilityTarget
    let compositing: ScrimCompositing
    let model: LuminanceModel
    let apcaSpace: APCA.Space
    /// The limit on the composited background's luminance (relative Y for WCAG, APCA Y for APCA):
    /// an upper bound for a black scrim, a lower bound for a white one. Nil when unreachable.
    let threshold: Double?

    init(scrim: ScrimColor, target: LegibilityTarget, compositing: ScrimCompositing, family: ColorSpace.Family) {
        self.scrim = scrim
        self.target = target
        self.compositing = compositing
        self.model = LuminanceModel(family: family) ?? .wcagSRGB
        self.apcaSpace = APCA.Space(family: family)
        switch (target, scrim) {
        case (.wcag(let ratio), .black):
            precondition(ratio >= 1, "WCAG ratio must be at least 1, got \(ratio)")
            let y = WCAG.maximumBackgroundLuminance(ratio: ratio)
            threshold = y >= 0 ? y : nil
        case (.wcag(let ratio), .white):
            precondition(ratio >= 1, "WCAG ratio must be at least 1, got \(ratio)")
            let y = WCAG.minimumBackgroundLuminance(ratio: ratio)
            threshold = y <= 1 ? y : nil
        case (.apca(let lc), .black):
            precondition(lc >= 0, "APCA Lc target must be non-negative, got \(lc)")
            threshold = APCA.maximumBackgroundLuminanceForWhiteText(lc: lc)
        case (.apca(let lc), .white):
            precondition(lc >= 0, "APCA Lc target must be non-negative, got \(lc)")
            threshold = APCA.minimumBackgroundLuminanceForBlackText(lc: lc)
        }
    }

    /// The threshold for a neutral grey, as linear luminance and as encoded (sRGB curve) value.
    var greyThreshold: (luminance: Double, encoded: Double)? {
        guard let threshold else { return nil }
        switch target {
        case .wcag:
            return (threshold, SRGBTransfer.encoded(threshold))
        case .apca:
            let space = APCA.Space.sRGB
            let encoded = min(1, pow(threshold / space.coefficients.sum(), 1 / space.exponent))
            return (SRGBTransfer.linear(encoded), encoded)
        }
    }

    /// The luminance the target is measured on (relative Y or APCA Y) of `background` under `opacity`.
    func compositedLuminance(_ background: SIMD3<Double>, opacity: Double) -> Double {
        let scrimValue: Double = scrim == .black ? 0 : 1
        let keep = 1 - opacity
        let curve = model.curve
        switch compositing {
        case .gammaEncoded:
            let encoded = background * keep + SIMD3(repeating: opacity * scrimValue)
            switch target {
            case .wcag: return model.luminance(encodedRed: encoded.x, green: encoded.y, blue: encoded.z)
            case .apca: return APCA.luminance(red: encoded.x, green: encoded.y, blue: encoded.z, space: apcaSpace)
            }
        case .linearLight:
            let linear = SIMD3(curve.linear(background.x), curve.linear(background.y), curve.linear(background.z)) * keep
                + SIMD3(repeating: opacity * scrimValue)
            switch target {
            case .wcag: return model.luminance(linear: linear)
            case .apca:
                return APCA.luminance(red: curve.encoded(linear.x), green: curve.encoded(linear.y),
                                      blue: curve.encoded(linear.z), space: apcaSpace)
            }
        }
    }

    func passes(_ background: SIMD3<Double>, opacity: Double) -> Bool {
        guard let threshold else { return false }
        let y = compositedLuminance(background, opacity: opacity)
        return scrim == .black ? y <= threshold : y >= threshold
    }

    /// The minimum opacity for one colour.
    func solve(_ background: SIMD3<Double>) -> (Double?, ScrimSolution.Method) {
        guard let threshold else { return (nil, .unreachable) }
        if passes(background, opacity: 0) { return (0, .notNeeded) }
        if !passes(background, opacity: 1) { return (nil, .unreachable) }
        let y = compositedLuminance(background, opacity: 0)
        switch (compositing, target, scrim) {
        case (.linearLight, .wcag, .black):
            return (1 - threshold / y, .closedForm)
        case (.linearLight, .wcag, .white):
            return ((threshold - y) / (1 - y), .closedForm)
        case (.gammaEncoded, .apca, .black):
            // APCA luminance is a pure power of the encoded values, so it scales by (1-α)^exponent.
            return (1 - pow(threshold / y, 1 / apcaSpace.exponent), .closedForm)
        default:
            var low = 0.0, high = 1.0
            for _ in 0..<40 {
                let mid = (low + high) / 2
                if passes(background, opacity: mid) { high = mid } else { low = mid }
            }
            return (high, .bisection)
        }
    }
}
