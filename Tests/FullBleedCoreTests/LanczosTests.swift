import Testing
@testable import FullBleedCore

@Suite struct LanczosTests {
    @Test func lanczos3KernelValues() {
        let f = ResampleFilter.lanczos3
        #expect(f.weight(at: 0) == 1)
        for x in [1.0, 2, 3, -1, -2, -3, 3.5, 10] { #expect(f.weight(at: x) == 0, "L3(\(x))") }
        // sinc(0.5) sinc(1/6) = (2/pi) * (0.5 / (pi/6))
        #expect(abs(f.weight(at: 0.5) - 0.6079271) < 1e-6)
        #expect(f.weight(at: -1.3) == f.weight(at: 1.3))
    }

    @Test func lanczos3LobesMatchSpec() {
        // SPEC 5.1: minimum -0.14727 at |x| = 1.374, second positive lobe 0.0312, integral 0.99706.
        let f = ResampleFilter.lanczos3
        let xs = stride(from: 0.0, through: 3.0, by: 0.0005).map { $0 }
        let minimum = xs.map { ($0, f.weight(at: $0)) }.min { $0.1 < $1.1 }!
        #expect(abs(minimum.1 - -0.14727) < 5e-5)
        #expect(abs(minimum.0 - 1.374) < 2e-3)
        let secondLobe = xs.filter { $0 > 2 }.map { f.weight(at: $0) }.max()!
        #expect(abs(secondLobe - 0.0312) < 5e-4)
        let integral = 2 * xs.dropLast().reduce(0) { $0 + f.weight(at: $1 + 0.00025) * 0.0005 }
        #expect(abs(integral - 0.99706) < 5e-5)
    }

    @Test func otherKernels() {
        #expect(ResampleFilter.lanczos2.weight(at: 0) == 1)
        #expect(ResampleFilter.lanczos2.weight(at: 1) == 0)
        #expect(ResampleFilter.lanczos2.weight(at: 2.2) == 0)
        // Mitchell B = C = 1/3: k(0) = (6 - 2B)/6 = 8/9, k(1) = B/6 = 1/18, k(2) = 0.
        #expect(abs(ResampleFilter.mitchell.weight(at: 0) - 8.0 / 9) < 1e-12)
        #expect(abs(ResampleFilter.mitchell.weight(at: 1) - 1.0 / 18) < 1e-12)
        #expect(abs(ResampleFilter.mitchell.weight(at: 2)) < 1e-12)
        #expect(ResampleFilter.box.weight(at: 0.3) == 1 && ResampleFilter.box.weight(at: 0.7) == 0)
    }

    @Test(arguments: [(4000, 1290), (1290, 860), (860, 430), (100, 33), (7, 3), (3, 7), (1, 1290), (512, 1290), (5, 4)])
    func weightsSumToOne(sizes: (Int, Int)) {
        for filter in ResampleFilter.allCases {
            let axis = ResampleWeights(inputSize: sizes.0, outputSize: sizes.1, filter: filter)
            for i in 0..<axis.outputSize {
                let taps = axis.weights[(i * axis.stride)..<(i * axis.stride + axis.counts[i])]
                let sum = taps.reduce(Float(0), +)
                #expect(abs(sum - 1) < 2e-6, "\(filter) \(sizes) output \(i): sum \(sum)")
                #expect(axis.starts[i] >= 0 && axis.starts[i] + axis.counts[i] <= axis.inputSize)
            }
            let doubles = ResampleWeights.doubleTaps(inputSize: sizes.0, outputSize: sizes.1, filter: filter)
            #expect(doubles.allSatisfy { abs($0.weights.reduce(0, +) - 1) < 1e-12 })
        }
    }

    @Test func supportIsScaledWhenReducing() {
        // Reducing 4x: Lanczos3 spans 3 * 4 input pixels each side: 24 taps in the interior.
        let axis = ResampleWeights(inputSize: 400, outputSize: 100, filter: .lanczos3)
        #expect(axis.counts[50] == 24)
        // Enlarging: the kernel is not shrunk, 6 taps.
        let up = ResampleWeights(inputSize: 100, outputSize: 400, filter: .lanczos3)
        #expect(up.counts[200] == 6)
        // Same size: identity.
        #expect(ResampleWeights(inputSize: 37, outputSize: 37, filter: .lanczos3).isIdentity)
    }
}
