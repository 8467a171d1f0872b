import Foundation

/// The sRGB transfer curve (IEC 61966-2-1), shared by sRGB and Display P3. Values in 0...1.
/// Its lookup tables live in `SRGBTables`, the one place they are built.
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
}
