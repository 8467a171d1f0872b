import FullBleedImage
import Foundation

/// The sRGB transfer curve (IEC 61966-2-1), shared by sRGB and Display P3. Values in 0...1.
public enum SRGBTransfer {
    /// Encoded -> linear light (the EOTF): `c/12.92` below 0.04045, else `((c+0.055)/1.055)^2.4`.
    @inlinable
    public static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light -> encoded (the inverse EOTF): `12.92 v` below 0.0031308, else `1.055 v^(1/2.4) - 0.055`.
    @inlinable
    public static func encoded(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1.0 / 2.4) - 0.055
    }

    /// Linear value of each 8-bit code, as Float.
    public static let linearFromCode8: [Float] = (0..<256).map { Float(linear(Double($0) / 255)) }

    /// Linear value of each 16-bit code, as Float.
    public static let linearFromCode16: [Float] = (0..<65536).map { Float(linear(Double($0) / 65535)) }

    /// Encoded 16-bit code for linear values quantised to `1/encodeTableScale`.
    /// Index `Int(v * encodeTableScale + 0.5)` for `v` in 0...1.
    public static let encodeTableScale: Float = 65535
    public static let encodedCode16FromLinear: [UInt16] = (0..<65536).map {
        UInt16((encoded(Double($0) / 65535) * 65535).rounded())
    }
}
