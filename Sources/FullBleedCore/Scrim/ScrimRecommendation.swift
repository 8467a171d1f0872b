/// One stop of a scrim gradient: `location` 0...1 along the scrim's height from its anchored edge, and the
/// scrim colour's opacity there (absolute, 0...1). Between stops the opacity is interpolated linearly, as
/// SwiftUI `LinearGradient(stops:)` and CSS `linear-gradient` do.
public struct ScrimStop: Sendable, Hashable, Codable {
    public var location: Double
    public var opacity: Double

    public init(location: Double, opacity: Double) {
        self.location = location
        self.opacity = opacity
    }

    /// The resolution stops and scrim opacities are given at (1e-4: 0.04 pt of a 400-pt hero, a fortieth
    /// of one 8-bit step of opacity).
    public static let precision = 1e-4
    static let steps = 1e4

    /// The opacity of a gradient of `stops` (sorted by location) at `location`: linear between stops, the
    /// first stop's before it, 0 beyond the last.
    public static func opacity(of stops: [ScrimStop], at location: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if location <= first.location { return first.opacity }
        if location > last.location { return 0 }
        var low = 0, high = stops.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if stops[mid].location < location { low = mid } else { high = mid }
        }
        return interpolate(stops[low], stops[high], at: location)
    }

    /// Linear interpolation between two stops at `location`.
    static func interpolate(_ a: ScrimStop, _ b: ScrimStop, at location: Double) -> Double {
        let span = b.location - a.location
        return span > 0 ? a.opacity + (b.opacity - a.opacity) * (location - a.location) / span : b.opacity
    }

    /// `value` rounded to the nearest multiple of `precision` (the double nearest that decimal).
    public static func rounded(_ value: Double) -> Double { (value * steps).rounded() / steps }

    /// `value` rounded up to a multiple of `precision`, in 0...1 (an opacity never weaker than computed; a
    /// location never nearer the edge, which keeps a non-increasing gradient at least as strong everywhere).
    public static func roundedUp(_ value: Double) -> Double {
        let up = (value * steps - 1e-6).rounded(.up) / steps
        return up <= 0 ? 0 : min(1, up)
    }
}

/// A black or white gradient to lay over the hero so that glyphs reach the target contrast.
///
/// The gradient is anchored to `edge` (the top for the toolbar), holds its strongest opacity over every
/// region that needs it, and eases to 0 with smootherstep over `ToolbarAnalysisParameters.scrimFadePoints`
/// beyond each region (SPEC 2.5 "gradient scrim profile"), or less where the crop's subject starts
/// sooner (the fade ends at the subject box's top edge, `ScrimProfile`), sampled as linear `stops`. Draw it as
/// `color.opacity(stop.opacity)` stops over `heightPoints`, composited as `compositing` says (gamma-encoded
/// by default: a plain SwiftUI/UIKit/CSS overlay).
public struct ScrimRecommendation: Sendable, Hashable, Codable {
    /// Black under light glyphs, white under dark glyphs.
    public var color: ScrimColor
    /// The edge the gradient starts from.
    public var edge: ScrimEdge
    /// The strongest opacity (0...1): `minimumOpacity + margin`, capped at 1, rounded up to
    /// `ScrimStop.precision`; in a build that bakes the gradient, raised to the strongest opacity any tier
    /// was baked with (so live and baked agree).
    public var opacity: Double
    /// The closed-form minimum (SPEC 2.5) of the most demanding region, without margin.
    public var minimumOpacity: Double
    /// Height of the gradient from its edge, points (rounded up to `ScrimStop.precision`).
    public var heightPoints: Double
    /// The same height as a fraction of the hero's height.
    public var heightFraction: Double
    /// The gradient's stops, from the anchored edge (location 0) to the far end (location 1, opacity 0
    /// unless the hero ends first).
    public var stops: [ScrimStop]
    public var compositing: ScrimCompositing
    public var target: LegibilityTarget
    /// The regions that need the scrim (their plain glyphs miss the target).
    public var regionNames: [String]

    public init(color: ScrimColor, edge: ScrimEdge, opacity: Double, minimumOpacity: Double, heightPoints: Double,
                heightFraction: Double, stops: [ScrimStop], compositing: ScrimCompositing, target: LegibilityTarget,
                regionNames: [String]) {
        self.color = color
        self.edge = edge
        self.opacity = ScrimStop.roundedUp(opacity)
        self.minimumOpacity = minimumOpacity
        // Rounded up: a longer gradient of the same stops is nowhere weaker (the opacity never increases
        // away from the edge).
        self.heightPoints = (heightPoints * ScrimStop.steps - 1e-6).rounded(.up) / ScrimStop.steps
        self.heightFraction = ScrimStop.rounded(heightFraction)
        self.stops = stops
        self.compositing = compositing
        self.target = target
        self.regionNames = regionNames
    }

    /// The opacity at `distance` points from the anchored edge: the stops interpolated linearly, 0 beyond
    /// the gradient.
    public func opacity(atDistancePoints distance: Double) -> Double {
        heightPoints > 0 ? ScrimStop.opacity(of: stops, at: distance / heightPoints) : 0
    }

    /// The same gradient with its strongest opacity set to `newOpacity` (every stop scaled by
    /// `newOpacity / opacity`, capped at 1).
    public func scaled(toOpacity newOpacity: Double) -> ScrimRecommendation {
        var copy = self
        let target = min(1, max(0, newOpacity))
        let factor = opacity > 0 ? target / opacity : 0
        copy.stops = stops.map { ScrimStop(location: $0.location, opacity: ScrimStop.roundedUp($0.opacity * factor)) }
        copy.opacity = ScrimStop.roundedUp(target)
        return copy
    }
}
