import FullBleedImage
/// The CIE xy chromaticities of an RGB colour space's primaries and white point.
public struct RGBPrimaries: Sendable, Hashable, Codable {
    public var red: SIMD2<Double>
    public var green: SIMD2<Double>
    public var blue: SIMD2<Double>
    public var white: SIMD2<Double>

    public init(red: SIMD2<Double>, green: SIMD2<Double>, blue: SIMD2<Double>, white: SIMD2<Double>) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
    }

    /// D65 as sRGB, Display P3 and Adobe RGB (1998) specify it.
    public static let d65 = SIMD2(0.3127, 0.3290)
    /// sRGB / Rec. 709 (IEC 61966-2-1).
    public static let sRGB = RGBPrimaries(red: SIMD2(0.64, 0.33), green: SIMD2(0.30, 0.60), blue: SIMD2(0.15, 0.06), white: d65)
    /// Display P3 (DCI-P3 primaries, D65 white).
    public static let displayP3 = RGBPrimaries(red: SIMD2(0.680, 0.320), green: SIMD2(0.265, 0.690), blue: SIMD2(0.150, 0.060), white: d65)
    /// Adobe RGB (1998) (Adobe RGB (1998) Color Image Encoding, v2005-05).
    public static let adobeRGB = RGBPrimaries(red: SIMD2(0.64, 0.33), green: SIMD2(0.21, 0.71), blue: SIMD2(0.15, 0.06), white: d65)

    /// The ICC profile connection space's illuminant, D50 (ICC.1:2010 7.2.16: X 0.9642, Y 1, Z 0.8249).
    public static let iccD50XYZ = SIMD3(0.9642, 1.0, 0.8249)

    /// The Bradford cone-response matrix (ICC.1:2010 Annex E).
    static let bradford = ColorMatrix3(x: SIMD3(0.8951, 0.2664, -0.1614), y: SIMD3(-0.7502, 1.7135, 0.0367), z: SIMD3(0.0389, -0.0685, 1.0296))

    /// The linear RGB -> XYZ matrix adapted to the ICC's D50 with Bradford: its columns are the `rXYZ`,
    /// `gXYZ`, `bXYZ` colorant tags a matrix-shaper ICC profile of these primaries stores.
    public func iccColorants() -> ColorMatrix3 {
        func xyz(_ c: SIMD2<Double>) -> SIMD3<Double> { SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y) }
        let source = Self.bradford.applied(to: xyz(white)), destination = Self.bradford.applied(to: Self.iccD50XYZ)
        let scale = ColorMatrix3(x: SIMD3(destination.x / source.x, 0, 0), y: SIMD3(0, destination.y / source.y, 0),
                                 z: SIMD3(0, 0, destination.z / source.z))
        let adaptation = Self.bradford.inverse.multiplied(by: scale).multiplied(by: Self.bradford)
        return adaptation.multiplied(by: rgbToXYZ())
    }

    /// The linear RGB -> XYZ matrix, scaled so that RGB (1, 1, 1) maps to the white point with Y = 1.
    public func rgbToXYZ() -> ColorMatrix3 {
        func xyz(_ c: SIMD2<Double>) -> SIMD3<Double> { SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y) }
        let r = xyz(red), g = xyz(green), b = xyz(blue)
        let unscaled = ColorMatrix3(x: SIMD3(r.x, g.x, b.x), y: SIMD3(r.y, g.y, b.y), z: SIMD3(r.z, g.z, b.z))
        let s = unscaled.inverse.applied(to: xyz(white))
        return ColorMatrix3(x: unscaled.x * s, y: unscaled.y * s, z: unscaled.z * s)
    }
}

/// A 3x3 matrix stored by rows, applied to column vectors: `(x·v, y·v, z·v)`.
public struct ColorMatrix3: Sendable, Hashable, Codable {
    public var x: SIMD3<Double>
    public var y: SIMD3<Double>
    public var z: SIMD3<Double>

    public init(x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let identity = ColorMatrix3(x: SIMD3(1, 0, 0), y: SIMD3(0, 1, 0), z: SIMD3(0, 0, 1))

    /// `M · v`.
    @inlinable
    public func applied(to v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((x * v).sum(), (y * v).sum(), (z * v).sum())
    }

    /// `self · other`.
    public func multiplied(by other: ColorMatrix3) -> ColorMatrix3 {
        let c0 = SIMD3(other.x.x, other.y.x, other.z.x)
        let c1 = SIMD3(other.x.y, other.y.y, other.z.y)
        let c2 = SIMD3(other.x.z, other.y.z, other.z.z)
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { SIMD3((r * c0).sum(), (r * c1).sum(), (r * c2).sum()) }
        return ColorMatrix3(x: row(x), y: row(y), z: row(z))
    }

    /// The inverse (by cofactors). The matrix must be invertible.
    public var inverse: ColorMatrix3 {
        let (a, b, c) = (x.x, x.y, x.z)
        let (d, e, f) = (y.x, y.y, y.z)
        let (g, h, i) = (z.x, z.y, z.z)
        let c00 = e * i - f * h, c01 = c * h - b * i, c02 = b * f - c * e
        let c10 = f * g - d * i, c11 = a * i - c * g, c12 = c * d - a * f
        let c20 = d * h - e * g, c21 = b * g - a * h, c22 = a * e - b * d
        let determinant = a * c00 + b * c10 + c * c20
        precondition(determinant != 0, "colour matrix is singular")
        let k = 1 / determinant
        return ColorMatrix3(x: SIMD3(c00, c01, c02) * k, y: SIMD3(c10, c11, c12) * k, z: SIMD3(c20, c21, c22) * k)
    }
}
