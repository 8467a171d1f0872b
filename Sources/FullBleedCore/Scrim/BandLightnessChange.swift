import Foundation
import FullBleedColor
import FullBleedImage

/// How much a baked scrim changes the photo as seen: the mean absolute difference in CIE L* (0-100)
/// between the plain and the baked picture over the band from the top edge down to `heightPixels`, full
/// width, from each picture's relative luminance (`LuminancePlane`, the picture's colour space).
public enum BandLightnessChange {
    /// `plain` and `baked` must have the same size; `heightPixels` is clamped to the picture.
    public static func mean(plain: Image, baked: Image, heightPixels: Int) -> Double {
        precondition(plain.size == baked.size, "plain \(plain.size) and baked \(baked.size) differ in size")
        let rows = min(max(heightPixels, 0), plain.height)
        guard rows > 0 else { return 0 }
        let band = PixelRect(x: 0, y: 0, width: plain.width, height: rows)
        let before = LuminancePlane(image: plain.cropped(to: band)).values
        let after = LuminancePlane(image: baked.cropped(to: band)).values
        var total = 0.0
        for i in before.indices {
            total += abs(CIELightness.of(Double(after[i])) - CIELightness.of(Double(before[i])))
        }
        return total / Double(before.count)
    }
}
