import Testing
import FullBleedColor

/// `CIELab` against published sRGB values (D65): white, black and the primaries (Bruce Lindbloom's
/// calculator, rounded to two decimals; the four-decimal IEC matrix keeps them within 0.05).
struct CIELabTests {
    @Test(arguments: [
        ([1.0, 1, 1], [100.0, 0, 0]),
        ([0.0, 0, 0], [0.0, 0, 0]),
        ([1.0, 0, 0], [53.24, 80.09, 67.20]),
        ([0.0, 1, 0], [87.73, -86.18, 83.18]),
        ([0.0, 0, 1], [32.30, 79.19, -107.86]),
    ])
    func knownColours(rgb: [Double], lab: [Double]) {
        let c = CIELab.fromEncodedSRGB(red: rgb[0], green: rgb[1], blue: rgb[2])
        #expect(abs(c.x - lab[0]) < 0.05 && abs(c.y - lab[1]) < 0.05 && abs(c.z - lab[2]) < 0.05, "\(rgb): \(c)")
    }
}
