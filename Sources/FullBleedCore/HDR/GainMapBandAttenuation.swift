import Foundation
import FullBleedImage

/// Where a hero's gain map must not lift the picture: under the glyph regions (the status bar, toolbar
/// and title, or a pipeline's text boxes), whose glyphs are drawn at SDR white. An HDR highlight there is
/// up to the photo's headroom times brighter than the glyphs, so a check on the SDR rendition would pass
/// while the HDR screen fails.
///
/// For each scrim edge (top, bottom) with glyph regions: the gain map is removed completely (gain 1, the
/// HDR rendition equals the SDR one) from the edge to the far side of the farthest region, then comes
/// back along the edge's recommended scrim gradient (its own height and stops, normalised to 1 at that
/// far side) or, when the edge needs no scrim, along the analysis's scrim fade (`scrimFadePoints`, eased
/// with `1 - smootherstep` like the scrims). Distances are in **points** of the hero.
public struct GainMapBandAttenuation: Sendable, Hashable {
    struct Edge: Sendable, Hashable {
        /// Points from the edge to the far side of the farthest glyph region served from it.
        var extentPoints: Double
        var scrim: ScrimRecommendation?
        var fadePoints: Double

        /// 1 within the extent, then the scrim's (or the eased fade's) shape, 0 beyond.
        func attenuation(atDistancePoints d: Double) -> Double {
            if d <= extentPoints { return 1 }
            if let scrim, scrim.heightPoints > extentPoints {
                let atExtent = scrim.opacity(atDistancePoints: extentPoints)
                if atExtent > 0 { return min(1, scrim.opacity(atDistancePoints: d) / atExtent) }
            }
            return ScrimProfile.ease(fadePoints > 0 ? (d - extentPoints) / fadePoints : 1)
        }
    }

    var top: Edge?
    var bottom: Edge?
    /// The hero's height in points.
    public let heroHeightPoints: Double

    /// The attenuation for `analysis`'s glyph regions and recommendation. Empty (nothing attenuated) when
    /// the analysis has no region.
    public init(analysis: ToolbarAnalysis) {
        heroHeightPoints = analysis.heroHeightPoints
        let fade = analysis.parameters.scrimFadePoints
        if let extent = analysis.glyphExtentPoints(from: .top) {
            top = Edge(extentPoints: extent, scrim: analysis.recommendation.scrim, fadePoints: fade)
        }
        if let extent = analysis.glyphExtentPoints(from: .bottom) {
            bottom = Edge(extentPoints: extent, scrim: analysis.recommendation.lowerText?.scrim, fadePoints: fade)
        }
    }

    /// Whether any part of the hero is attenuated.
    public var isEmpty: Bool { top == nil && bottom == nil }

    /// Points from the top edge within which the map is removed completely (0 without top regions).
    public var topExtentPoints: Double { top?.extentPoints ?? 0 }

    /// Points from the bottom edge within which the map is removed completely (low text boxes); nil
    /// without regions served from the bottom.
    public var bottomExtentPoints: Double? { bottom?.extentPoints }

    /// The attenuation (0 keeps the gain map, 1 removes it) at `y` points from the hero's top.
    public func attenuation(atPoints y: Double) -> Double {
        max(top?.attenuation(atDistancePoints: y) ?? 0, bottom?.attenuation(atDistancePoints: heroHeightPoints - y) ?? 0)
    }

    /// One attenuation per row of a gain map `mapHeight` rows high over the hero. A decoder samples the map
    /// bilinearly at each picture pixel's centre, so map row `r` is read by picture pixels from `r - 0.5`
    /// to `r + 1.5` map rows down: each row takes the strongest attenuation over that span (evaluated at
    /// both ends, the profile being monotone from each edge), so every picture row inside a completely
    /// attenuated extent reads only completely attenuated map rows.
    public func rowAttenuation(mapHeight: Int) -> [Double] {
        let pointsPerRow = heroHeightPoints / Double(mapHeight)
        return (0..<mapHeight).map { r in
            let upper = max(0, (Double(r) - 0.5) * pointsPerRow)
            let lower = min(heroHeightPoints, (Double(r) + 1.5) * pointsPerRow)
            return max(attenuation(atPoints: upper), attenuation(atPoints: lower))
        }
    }
}
