import Foundation
import FullBleedColor
import FullBleedImage

/// The average colour of an image: the alpha-weighted mean in linear light, `Σ α·c_lin / Σ α`,
/// converted to sRGB primaries and encoded with the sRGB curve (clamped to the sRGB gamut).
public struct AverageColor: Sendable, Hashable, Codable {
    /// The mean colour as encoded sRGB (opaque; see `coverage` for alpha).
    public var color: SRGBColor
    /// Relative luminance of the mean colour (linear, in the image's own primaries' Y).
    public var relativeLuminance: Double
    /// Mean alpha over all pixels, 0...1 (1 for opaque images).
    public var coverage: Double

    /// Averages every pixel of `image`. `model` defaults to the standard model of the image's colour
    /// space family (sRGB for profiles not interpreted here). Fully transparent images give black with
    /// coverage 0. Sums run in Double in row order: the result is deterministic.
    public init(image: Image, model: LuminanceModel? = nil) {
        let model = model ?? LuminanceModel(family: image.colorSpace.family) ?? .wcagSRGB
        var sum = SIMD3<Double>(repeating: 0), alphaSum = 0.0
        LinearColorReader(image: image, curve: model.curve).forEachRow { _, row in
            var rowSum = SIMD3<Double>(repeating: 0), rowAlpha = 0.0
            for x in 0..<image.width {
                let a = Double(row[x * 4 + 3])
                rowSum += SIMD3(Double(row[x * 4]), Double(row[x * 4 + 1]), Double(row[x * 4 + 2])) * a
                rowAlpha += a
            }
            sum += rowSum
            alphaSum += rowAlpha
        }
        let mean = alphaSum > 0 ? sum / alphaSum : .zero
        let srgb = model.linearSRGB(fromLinear: mean)
        color = SRGBColor(linearRed: srgb.x, linearGreen: srgb.y, linearBlue: srgb.z)
        relativeLuminance = model.luminance(linear: mean)
        coverage = alphaSum / Double(image.width * image.height)
    }
}
