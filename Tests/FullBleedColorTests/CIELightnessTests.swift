import Foundation
import Testing
import FullBleedColor

/// CIE L* and the cube root it uses instead of libm's `cbrt` (`CIELightness`).
@Suite struct CIELightnessTests {
    /// A deterministic spread of values: every relative luminance an 8- or 16-bit picture gives and
    /// powers of ten across the range the estimate covers.
    static let samples: [Double] = (0...65535).map { Double($0) / 65535 }
        + (-200...200).flatMap { e in [1.0, 2.2, 3.7, 6.9].map { $0 * pow(10, Double(e)) } }.filter { $0 <= 1e200 && $0 >= 1e-200 }

    @Test func cubeRootAgreesWithLibm() {
        var worst = 0.0
        for x in Self.samples where x > 0 {
            let reference = cbrt(x)
            worst = max(worst, abs(CIELightness.cubeRoot(x) - reference) / reference)
        }
        #expect(worst < 1e-13, "largest relative error \(worst)")
    }

    @Test func cubeRootOutsideTheEstimatesRangeIsLibms() {
        for x in [0.0, -8, 1e-250, 5e-324, 1e250, .greatestFiniteMagnitude, .infinity] {
            #expect(CIELightness.cubeRoot(x) == cbrt(x), "\(x)")
        }
        #expect(CIELightness.cubeRoot(.nan).isNaN)
    }

    @Test func lightnessOfKnownLuminances() {
        #expect(CIELightness.of(0.0) == 0)
        #expect(abs(CIELightness.of(1.0) - 100) < 1e-12)
        // Middle grey: Y 0.18 is L* 49.496.
        #expect(abs(CIELightness.of(0.18) - 49.4961) < 1e-4)
        // The two pieces meet at (6/29)^3, L* 8.
        let knee = 216.0 / 24389
        #expect(abs(CIELightness.of(knee) - 8) < 1e-12)
        #expect(abs(CIELightness.of(knee.nextUp) - 8) < 1e-9)
    }

    @Test func floatLightnessMatchesTheDoubleOne() {
        var worst: Float = 0
        for x in Self.samples where x <= 1 {
            let y = Float(x)
            let reference = y > 216 / 24389 ? Float(116 * cbrt(Double(y)) - 16) : y * (24389 / 27)
            worst = max(worst, abs(CIELightness.of(y) - reference))
        }
        #expect(worst <= 1e-5, "largest difference \(worst) L*")
    }
}
