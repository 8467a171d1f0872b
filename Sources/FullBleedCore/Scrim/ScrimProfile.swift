/// The opacity profile of a scrim gradient along the distance from its anchored edge (SPEC 2.5):
/// `α(d) = max_i α_i · ramp_i(d)`, where `ramp_i` is 1 from the edge to the far side of region `i`
/// (`d_i`) and then eases to 0 over `f_i` points with `1 - smootherstep`, `smootherstep(t) = 6t⁵ - 15t⁴ + 10t³`.
/// `f_i` is `fade`, shortened so the ease ends at `clearance` (where the hero's subject starts) when that
/// lies beyond `d_i`: a subject below the glyphs is left as it is. Monotone non-increasing away from the edge.
struct ScrimProfile {
    /// `(d_i, α_i, f_i)`: far side of each region from the edge (points), the opacity it needs (> 0), and
    /// its ease length (points; 0 gives a hard step).
    let levels: [(extent: Double, opacity: Double, fade: Double)]

    /// - Parameters:
    ///   - fade: ease length, points.
    ///   - clearance: distance from the edge, points, where the subject starts; nil for none. A region
    ///     whose far side is at or past it (the subject is under the glyphs) keeps the full `fade`.
    init(levels: [(extent: Double, opacity: Double)], fade: Double, clearance: Double? = nil) {
        let fade = max(0, fade)
        self.levels = levels.filter { $0.opacity > 0 }.map { level in
            guard let clearance, clearance > level.extent else { return (level.extent, level.opacity, fade) }
            return (level.extent, level.opacity, min(fade, clearance - level.extent))
        }
    }

    /// `α(d)`, exact.
    func opacity(at distance: Double) -> Double {
        var best = 0.0
        for level in levels {
            let t = level.fade > 0 ? (distance - level.extent) / level.fade : (distance > level.extent ? 1 : 0)
            best = max(best, level.opacity * Self.ease(t))
        }
        return best
    }

    /// `1 - smootherstep(t)` for `t` in 0...1; 1 before, 0 after.
    static func ease(_ t: Double) -> Double {
        if t <= 0 { return 1 }
        if t >= 1 { return 0 }
        return 1 - t * t * t * (t * (6 * t - 15) + 10)
    }

    /// The gradient's height (where the last ramp ends, at most `limit`) and its stops: at the edge, at
    /// every `d_i` (so each region is covered by stops of at least its opacity, and linear interpolation
    /// between them never dips below it: the profile is non-increasing; a `d_i` inside another region's
    /// flat hold is dropped, as the line is unchanged), and `stopCount` samples along each fade, of which a
    /// sample is dropped when the line between its kept neighbours stays within `stopTolerance` of the
    /// exact profile at every dropped sample. Locations and opacities are rounded up to
    /// `ScrimStop.precision`: stops move away from the edge and up, so the gradient is nowhere weaker than
    /// the profile's stops. Empty when no level needs a scrim.
    func stops(stopCount: Int, limit: Double) -> (height: Double, stops: [ScrimStop]) {
        guard let farthest = levels.map({ $0.extent + $0.fade }).max(), limit > 0 else { return (0, []) }
        let height = min(limit, max(farthest, levels.map(\.extent).max() ?? 0))
        guard height > 0 else { return (0, []) }
        var distances = [0.0, height]
        for level in levels {
            distances.append(level.extent)
            for k in 1...max(1, stopCount) { distances.append(level.extent + level.fade * Double(k) / Double(max(1, stopCount))) }
        }
        let sorted = distances.filter { $0 >= 0 && $0 <= height }.sorted()
        var unique: [Double] = []
        for d in sorted where unique.last.map({ d - $0 > 1e-9 }) ?? true { unique.append(d) }
        let anchors = Set(levels.map(\.extent))
        let samples = unique.map { ScrimStop(location: $0 / height, opacity: opacity(at: $0)) }
        var stops: [ScrimStop] = []
        var dropped: [ScrimStop] = []
        for (i, sample) in samples.enumerated() {
            if i > 0, i < samples.count - 1, let previous = stops.last {
                let next = samples[i + 1]
                // A region's far side stays unless it lies on a straight run (then coverage is unchanged).
                let tolerance = anchors.contains(unique[i]) ? 1e-12 : Self.stopTolerance
                let fits = (dropped + [sample]).allSatisfy {
                    abs(ScrimStop.interpolate(previous, next, at: $0.location) - $0.opacity) <= tolerance
                }
                if fits { dropped.append(sample); continue }
            }
            stops.append(sample)
            dropped = []
        }
        return (height, stops.map { ScrimStop(location: ScrimStop.roundedUp($0.location), opacity: ScrimStop.roundedUp($0.opacity)) })
    }

    /// Largest opacity error allowed where a fade sample is dropped (0.004: about one 8-bit step).
    static let stopTolerance = 0.004
}
