import Foundation
import Testing
import FullBleedImage
import FullBleedTestSupport
import FullBleedCore

/// Measurements of the blur's impulse response.
enum ImpulseResponse {
    enum Axis: String, CaseIterable, Sendable { case horizontal, vertical }

    /// The effective sigma in pixels of `blurred(sigma:)` along `axis`: the square root of the response's
    /// second moment about the impulse position, averaged over the `reductionFactor` phases of the
    /// reduced grid (so the shift of a reduced-resolution blur counts as blur, as it does on real images).
    static func effectiveSigma(sigma: Double, axis: Axis, allowsReduction: Bool = true) -> (sigma: Double, mass: Double) {
        let plan = GaussianBlurPlan(sigma: sigma, allowsReduction: allowsReduction)
        let half = Int((6 * sigma).rounded(.up)) + 4
        let length = 2 * half + plan.reductionFactor + 1
        let format = PixelFormat(layout: .gray, sampleType: .float32, transfer: .linear)
        var moment = 0.0, mass = 0.0
        for phase in 0..<plan.reductionFactor {
            let position = half + phase
            var samples = [Float](repeating: 0, count: length)
            samples[position] = 1
            let (w, h) = axis == .horizontal ? (length, 1) : (1, length)
            let image = Image(width: w, height: h, format: format, floatSamples: samples)
            let response = image.blurred(sigma: sigma, options: GaussianBlurOptions(allowsReducedResolution: allowsReduction)).floatSamples
            var m = 0.0, s = 0.0
            for (x, v) in response.enumerated() {
                let d = Double(x - position)
                m += Double(v)
                s += Double(v) * d * d
            }
            moment += s / m
            mass += m
        }
        let phases = Double(plan.reductionFactor)
        return ((moment / phases).squareRoot(), mass / phases)
    }
}

@Suite struct BlurTests {
    @Test(arguments: [2.0, 8, 24, 48, 64], ImpulseResponse.Axis.allCases)
    func impulseResponseHasTheRequestedVariance(sigma: Double, axis: ImpulseResponse.Axis) {
        let measured = ImpulseResponse.effectiveSigma(sigma: sigma, axis: axis)
        #expect(abs(measured.mass - 1) < 1e-4, "impulse mass \(measured.mass)")
        #expect(abs(measured.sigma / sigma - 1) < 0.03, "sigma \(sigma): effective \(measured.sigma)")
        // The design is exact; float rounding is all that remains.
        #expect(abs(measured.sigma / sigma - 1) < 0.002, "sigma \(sigma): effective \(measured.sigma)")
    }

    @Test func reducedResolutionWouldMissTheVarianceWithoutTheCorrection() {
        // Guards the correction term: blurring the reduced grid with sigma / k instead of
        // sqrt((sigma / k)^2 - 1/4) would add (k^2/4) px^2, i.e. 1 px^2 at sigma 48 (k = 2).
        let plan = GaussianBlurPlan(sigma: 48)
        #expect(plan.reductionFactor == 2)
        let uncorrected = (plan.sigma * plan.sigma + Double(plan.reductionFactor * plan.reductionFactor) / 4).squareRoot()
        let measured = ImpulseResponse.effectiveSigma(sigma: 48, axis: .horizontal).sigma
        #expect(abs(measured - 48) < abs(uncorrected - 48) / 4)
    }

    @Test func twoDimensionalImpulseSpreadsEquallyAlongBothAxes() {
        let size = 61, centre = 30, sigma = 5.0
        var samples = [Float](repeating: 0, count: size * size)
        samples[centre * size + centre] = 1
        let format = PixelFormat(layout: .gray, sampleType: .float32, transfer: .linear)
        let response = Image(width: size, height: size, format: format, floatSamples: samples).blurred(sigma: sigma).floatSamples
        var total = 0.0, vx = 0.0, vy = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let v = Double(response[y * size + x])
                total += v
                vx += v * Double((x - centre) * (x - centre))
                vy += v * Double((y - centre) * (y - centre))
            }
        }
        #expect(abs(total - 1) < 1e-4)
        #expect(abs((vx / total).squareRoot() - sigma) < 0.01)
        #expect(abs((vy / total).squareRoot() - sigma) < 0.01)
    }

    @Test(arguments: [0.7, 5, 40, 70])
    func constantImageStaysConstant(sigma: Double) {
        let opaque = SyntheticImages.rgba8(width: 23, height: 17) { _, _, c in [200, 100, 50, 255][c] }
        #expect(opaque.blurred(sigma: sigma) == opaque)
        let translucent = SyntheticImages.rgba8(width: 9, height: 30) { _, _, c in [10, 250, 128, 77][c] }
        #expect(translucent.blurred(sigma: sigma) == translucent)
        let gray16 = Image(width: 5, height: 4, layout: .gray, samples16: [UInt16](repeating: 40_000, count: 20))
        #expect(gray16.blurred(sigma: sigma) == gray16)
    }

    @Test(arguments: [3.0, 40])
    func blurringCommutesWithMirroring(sigma: Double) {
        let image = SyntheticImages.photoLike(width: 41, height: 31)
        for orientation in [Orientation.upMirrored, .downMirrored] {
            let mirroredFirst = image.applyingOrientation(orientation).linearBlurred(sigma: sigma)
            let mirroredAfter = image.linearBlurred(sigma: sigma).applyingOrientation(orientation)
            let difference = ImageComparison.maxAbsoluteDifference(mirroredFirst, mirroredAfter)
            #expect(difference < 0.01, "\(orientation): max difference \(difference) / 255")
        }
    }

    @Test func borderPixelsDoNotDarken() {
        // A bright image with a dark centre: with zero padding the corners would lose half their light.
        let image = SyntheticImages.rgb8(width: 40, height: 40) { x, y, _ in (15...24).contains(x) && (15...24).contains(y) ? 0 : 220 }
        let blurred = image.blurred(sigma: 3)
        #expect(Array(blurred.samples8.prefix(3)) == [220, 220, 220])
    }

    @Test func onePixelImagesStayTheSame() {
        let dot = Image(width: 1, height: 1, layout: .rgba, samples: [12, 34, 56, 78])
        #expect(dot.blurred(sigma: 50) == dot)
        let column = SyntheticImages.rgb8(width: 1, height: 9) { _, y, _ in UInt8(y * 20) }
        let blurred = column.blurred(sigma: 2)
        #expect(blurred.size == column.size)
        #expect(blurred.samples8.first! > column.samples8.first! && blurred.samples8.last! < column.samples8.last!)
    }

    @Test func transparentGreenPixelsLeaveNoFringe() {
        // Opaque orange square on a fully transparent border whose colour samples are pure green.
        let image = SyntheticImages.rgba8(width: 32, height: 32) { x, y, c in
            let inside = (8..<24).contains(x) && (8..<24).contains(y)
            return inside ? [230, 120, 30, 255][c] : [0, 255, 0, 0][c]
        }
        let blurred = image.blurred(sigma: 4).samples8
        for pixel in stride(from: 0, to: blurred.count, by: 4) where blurred[pixel + 3] > 0 {
            #expect(abs(Int(blurred[pixel]) - 230) <= 1 && abs(Int(blurred[pixel + 1]) - 120) <= 1 && abs(Int(blurred[pixel + 2]) - 30) <= 1,
                    "pixel \(pixel / 4): \(blurred[pixel..<pixel + 4])")
        }
    }

    @Test func storedSamplesAreFilteredWithoutLinearising() {
        // An encoded float step 0 | 1: stored-sample blurring meets at 0.5; linear-light blurring is brighter.
        let format = PixelFormat(layout: .gray, sampleType: .float32, transfer: .encoded)
        let step = Image(width: 40, height: 1, format: format, floatSamples: (0..<40).map { $0 < 20 ? 0 : 1 })
        let stored = step.blurred(sigma: 4, options: GaussianBlurOptions(workingSpace: .storedSamples)).floatSamples
        let linear = step.blurred(sigma: 4).floatSamples
        let seam = (stored[19] + stored[20]) / 2
        #expect(abs(seam - 0.5) < 1e-4)
        #expect((linear[19] + linear[20]) / 2 > 0.6)
    }

    @Test func zeroSigmaIsTheIdentity() {
        let image = SyntheticImages.photoLike(width: 8, height: 5)
        #expect(image.blurred(sigma: 0) == image)
    }

    @Test func sameInputGivesTheSameBytes() {
        let image = SyntheticImages.photoLike(width: 300, height: 200)
        #expect(image.blurred(sigma: 36) == image.blurred(sigma: 36))
        #expect(image.blurred(sigma: 6) == image.blurred(sigma: 6))
    }
}

@Suite struct BoxBlurKernelTests {
    @Test(arguments: [(8.0, 7, 0.46875), (16, 15, 0.48438), (32, 31, 0.49219)])
    func extendedBoxMatchesTheSpecExamples(sigma: Double, radius: Int, alpha: Double) {
        let kernel = BoxBlurKernel(sigma: sigma)
        #expect(kernel.radius == radius)
        #expect(abs(kernel.alpha - alpha) < 5e-6)
    }

    @Test(arguments: [0.3, 1, 2, 7.5, 16, 31.9])
    func threePassesHaveExactlyTheRequestedVariance(sigma: Double) {
        let kernel = BoxBlurKernel(sigma: sigma)
        #expect(abs(kernel.effectiveSigma - sigma) < 1e-9)
        #expect(abs(2 * kernel.outerWeight + Double(2 * kernel.radius + 1) * kernel.innerWeight - 1) < 1e-12)
    }

    @Test(arguments: [(2.0, 1), (31.9, 1), (32, 2), (48, 2), (63.9, 2), (64, 4), (100, 4), (128, 8)])
    func largeSigmasRunAtReducedResolution(sigma: Double, factor: Int) {
        let plan = GaussianBlurPlan(sigma: sigma)
        #expect(plan.reductionFactor == factor)
        if factor > 1 { #expect(plan.reducedSigma >= 8) }
        #expect(abs(plan.effectiveSigma - sigma) < 1e-9)
        #expect(GaussianBlurPlan(sigma: sigma, allowsReduction: false).reductionFactor == 1)
    }
}
