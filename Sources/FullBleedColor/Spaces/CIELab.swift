/// CIE 1976 L*a*b* of sRGB colours, relative to D65 white: L* 0...100, a* and b* roughly -128...127.
/// The XYZ matrix is IEC 61966-2-1's (four decimals, as printed in the standard, not the one
/// `RGBPrimaries.sRGB.rgbToXYZ()` derives from the chromaticities: the saliency map's figure masks were
/// measured with it); L*'s cube root is `CIELightness.cubeRoot`.
public enum CIELab {
    /// L*, a*, b* of an encoded sRGB colour (components 0...1).
    public static func fromEncodedSRGB(red: Double, green: Double, blue: Double) -> SIMD3<Double> {
        let r = SRGBTransfer.linear(red), g = SRGBTransfer.linear(green), b = SRGBTransfer.linear(blue)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? CIELightness.cubeRoot(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
