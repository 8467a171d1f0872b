import FullBleedImage

/// A copy of a hero's glyph band (the analyzer keeps the hero's own pixels, so the change it measures is the
/// one the largest baked tier's `bandLightnessChange` reports), on which a candidate gradient's change as
/// seen is measured the way the baked file's is (`BandLightnessChange`): the gradient composited over the
/// copy (`ScrimCompositor`, the baker's compositing), then the mean absolute CIE L* difference per pixel,
/// full width, from the edge to the far side of the glyph regions. The restraint rule compares the two
/// tones with it, so the tone chosen is the one whose delivered band changes least, not the one a uniform
/// scrim over the regions' mean luminances would suggest (L* is not linear: a white veil over a dark,
/// textured band changes it more than its mean says).
struct ScrimBandPreview {
    /// The band, from `edge` to `extentPoints` away from it, resampled to about `pixelsPerPoint`.
    let band: Image
    let edge: ScrimEdge
    /// Pixels per point of `band` (its width over the hero's width in points).
    let pixelsPerPoint: Double

    /// Copies the band of `hero` (`heroPixelsPerPoint` pixels per point) from `edge` to `extentPoints` away
    /// from it, resampled to about `pixelsPerPoint` (never enlarged). nil when the band is empty.
    init?(hero: Image, heroPixelsPerPoint: Double, edge: ScrimEdge, extentPoints: Double, pixelsPerPoint target: Double = 1) {
        precondition(heroPixelsPerPoint > 0 && target > 0)
        let rows = min(hero.height, Int((extentPoints * heroPixelsPerPoint).rounded(.up)))
        guard rows > 0, hero.width > 0 else { return nil }
        let source = PixelRect(x: 0, y: edge == .top ? 0 : hero.height - rows, width: hero.width, height: rows)
        let scale = min(1, target / heroPixelsPerPoint)
        let size = PixelSize(width: max(1, Int((Double(hero.width) * scale).rounded())),
                             height: max(1, Int((Double(rows) * scale).rounded())))
        band = size == source.size ? hero.cropped(to: source) : hero.resized(to: size, from: source)
        self.edge = edge
        pixelsPerPoint = heroPixelsPerPoint * Double(size.width) / Double(hero.width)
    }

    /// The mean CIE L* change (0-100) `scrim` makes over the band, from the band's pixels; 0 for a scrim of
    /// the other edge.
    func change(_ scrim: ScrimRecommendation) -> Double {
        guard scrim.edge == edge else { return 0 }
        // The band's far side is its height in points from the edge: for a bottom scrim the compositor's
        // distance (hero height - row centre) is then measured from the band's (the hero's) bottom edge.
        let heightPoints = Double(band.height) / pixelsPerPoint
        let baked = ScrimCompositor.composite(band, scrims: [scrim], pixelsPerPoint: pixelsPerPoint, heroHeightPoints: heightPoints)
        return BandLightnessChange.mean(plain: band, baked: baked, heightPixels: band.height)
    }
}
