import Foundation
import Testing
import FullBleedImage
@testable import FullBleedColor
@testable import FullBleedCore

/// The measurement Gaussian (`SampledGaussian`, SPEC 2.7): an exact sampled Gaussian, not the extended box.
@Suite struct GlyphRegionGaussianTests {
    @Test func kernelIsNormalisedAndReachesFourSigma() {
        for sigma in [0.4, 1.5, 1.875, 10, 12.5] {
            let taps = SampledGaussian.kernel(sigma: sigma)
            #expect(taps.count == 2 * Int((4 * sigma).rounded(.up)) + 1)
            #expect(abs(taps.reduce(0, +) - 1) < 1e-12)
            #expect(taps == taps.reversed())
        }
        #expect(SampledGaussian.kernel(sigma: 0) == [1])
    }

    /// An impulse far from the edges comes out as the outer product of the sampled kernel, to float precision;
    /// the extended box misses it by several percent of the peak (SPEC 4.4).
    @Test func impulseGivesTheSampledGaussian() {
        let size = 81, centre = 40, sigma = 5.0
        var values = [Float](repeating: 0, count: size * size)
        values[centre * size + centre] = 1
        let blurred = SampledGaussian.blurred(LuminancePlane(width: size, height: size, values: values), sigma: sigma)
        let taps = SampledGaussian.kernel(sigma: sigma), radius = taps.count / 2
        var worst = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let dx = x - centre, dy = y - centre
                let expected = abs(dx) <= radius && abs(dy) <= radius ? taps[dx + radius] * taps[dy + radius] : 0
                worst = max(worst, abs(Double(blurred[x, y]) - expected))
            }
        }
        #expect(worst < 1e-7, "max error \(worst) (peak \(taps[radius] * taps[radius]))")
        let box = GlyphRegionMeasurerBox.blurred(LuminancePlane(width: size, height: size, values: values), sigma: sigma)
        #expect(abs(Double(box[centre, centre]) - taps[radius] * taps[radius]) > 1e-4)
    }

    /// Half-sample symmetric edges: a plane and its mirror image blur to mirror images; a constant stays constant,
    /// even when the kernel is wider than the plane.
    @Test func mirroredEdges() {
        let width = 7, height = 5
        let values = (0..<(width * height)).map { Float(($0 * 37) % 11) / 10 }
        let plane = LuminancePlane(width: width, height: height, values: values)
        let flipped = LuminancePlane(width: width, height: height, values: (0..<(width * height)).map { i in
            values[(i / width) * width + (width - 1 - i % width)]
        })
        let a = SampledGaussian.blurred(plane, sigma: 3), b = SampledGaussian.blurred(flipped, sigma: 3)
        for y in 0..<height { for x in 0..<width { #expect(abs(a[x, y] - b[width - 1 - x, y]) < 1e-6) } }
        let flat = SampledGaussian.blurred(LuminancePlane(width: width, height: height, values: .init(repeating: 0.3, count: width * height)), sigma: 6)
        #expect(flat.values.allSatisfy { abs($0 - 0.3) < 1e-6 })
    }
}

/// The decorative extended box, for comparison only.
private enum GlyphRegionMeasurerBox {
    static func blurred(_ plane: LuminancePlane, sigma: Double) -> LuminancePlane {
        let image = plane.image.blurred(sigma: sigma, options: GaussianBlurOptions(workingSpace: .storedSamples))
        return LuminancePlane(width: plane.width, height: plane.height, values: image.floatSamples)
    }
}
