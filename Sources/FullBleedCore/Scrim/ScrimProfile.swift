/// The opacity profile of a scrim gradient along the distance from its anchored edge (SPEC 2.5):
/// `α(d) = max_i α_i · ramp_i(d)`, where `ramp_i` is 1 from the edge to the far side of region `i`
/// (`d_i`) and then eases to 0 over `fade` points with `1 - smootherstep`, `smootherstep(t) = 6t⁵ - 15t⁴ + 10t³`.
/// Monotone non-increasing away from the edge.
struct ScrimProfile {
    /// `(d_i, α_i)`: far side of each region from the edge (points) and the opacity it needs (> 0).
    let levels: [(extent: Double, opacity: Double)]
    /// Ease length, points (0 gives a hard step).
    let fade: Double

    init(levels: [(extent: Double, opacity: Double)], fade: Double) {
        self.levels = levels.filter { $0.opacity > 0 }
        self.fade = max(0, fade)
    }

    /// `α(d)`, exact.
    func opacity(at distance: Double) -> Double {
        var best = 0.0
        for level in levels {
            let t = fade > 0 ? (distance - level.extent) / fade : (distance > level.extent ? 1 : 0)
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
    /// between them never dips below it), and `stopCount` samples along each fade. Stops whose opacity
    /// equals both neighbours' are dropped. Empty when no level needs a scrim.
    func stops(stopCount: Int, limit: Double) -> (height: Double, stops: [ScrimStop]) {
        guard let farthest = levels.map({ $0.extent + fade }).max(), limit > 0 else { return (0, []) }
        let height = min(limit, max(farthest, levels.map(\.extent).max() ?? 0))
        guard height > 0 else { return (0, []) }
        var distances = [0.0, height]
        for level in levels {
            distances.append(level.extent)
            for k in 1...max(1, stopCount) { distances.append(level.extent + fade * Double(k) / Double(max(1, stopCount))) }
        }
        let sorted = distances.filter { $0 >= 0 && $0 <= height }.sorted()
        var unique: [Double] = []
        for d in sorted where unique.last.map({ d - $0 > 1e-9 }) ?? true { unique.append(d) }
        let samples = unique.map { (location: $0 / height, opacity: opacity(at: $0)) }
        var stops: [ScrimStop] = []
        for (i, sample) in samples.enumerated() {
            let interior = i > 0 && i < samples.count - 1
            if interior && samples[i - 1].opacity == sample.opacity && samples[i + 1].opacity == sample.opacity { continue }
            stops.append(ScrimStop(location: sample.location, opacity: sample.opacity))
        }
        return (height, stops)
    }
}
