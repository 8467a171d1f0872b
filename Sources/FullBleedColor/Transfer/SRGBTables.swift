/// Every lookup table of the sRGB transfer curve (`SRGBTransfer`), built once, lazily, on first use and
/// shared by the format conversions, the resampler's row converters, the luminance and colour readers and
/// the placeholders. Nothing else in FullBleed tabulates the curve.
public enum SRGBTables {
    // MARK: Encoded integer codes -> linear light

    /// Linear value of each 8-bit encoded code, `linear(code / 255)`, as Float.
    public static let linearFromCode8: [Float] = (0..<256).map { Float(SRGBTransfer.linear(Double($0) / 255)) }

    /// Linear value of each 16-bit encoded code, `linear(code / 65535)`, as Float.
    public static let linearFromCode16: [Float] = (0..<65536).map { Float(SRGBTransfer.linear(Double($0) / 65535)) }

    /// Linear value of each 8-bit encoded code in Double precision (BlurHash's DCT sums).
    public static let linearDoubleFromCode8: [Double] = (0..<256).map { SRGBTransfer.linear(Double($0) / 255) }

    // MARK: Linear integer codes -> encoded

    /// Encoded value of each 8-bit linear-light code, `encoded(code / 255)` (integer images tagged `.linear`).
    public static let encodedFromLinearCode8: [Float] = (0..<256).map { Float(SRGBTransfer.encoded(Double($0) / 255)) }

    /// Encoded value of each 16-bit linear-light code, `encoded(code / 65535)`.
    public static let encodedFromLinearCode16: [Float] = (0..<65536).map { Float(SRGBTransfer.encoded(Double($0) / 65535)) }

    // MARK: Linear float -> encoded codes

    /// Scale of `encodedCode16FromLinear`'s index: `Int(v * encodeTableScale + 0.5)` for linear `v` in 0...1.
    public static let encodeTableScale: Float = 65535

    /// Encoded 16-bit code of linear values quantised to `1 / encodeTableScale`, rounded.
    public static let encodedCode16FromLinear: [UInt16] = (0..<65536).map {
        UInt16((SRGBTransfer.encoded(Double($0) / 65535) * 65535).rounded())
    }

    /// Steps of the interpolation tables below: entry `i` is the curve at `i / interpolationSteps`.
    public static let interpolationSteps = 65536

    /// 8-bit encoded code of linear-light value `i / interpolationSteps` (i = 0...interpolationSteps), rounded:
    /// the fused clamp + curve + round of the common photo case. Within 0.03 code of the exact curve before
    /// rounding (the curve's steepest slope, 12.92, times half a step), so a sample differs from the exact
    /// result only when it lies that close to a rounding boundary.
    public static let code8FromLinear: [UInt8] = (0...interpolationSteps).map {
        UInt8((SRGBTransfer.encoded(Double($0) / Double(interpolationSteps)) * 255).rounded())
    }

    // MARK: Float <-> float, interpolated

    /// `SRGBTransfer.encoded` sampled at `i / interpolationSteps`, i = 0...interpolationSteps.
    public static let encodedFromLinear: [Float] = (0...interpolationSteps).map {
        Float(SRGBTransfer.encoded(Double($0) / Double(interpolationSteps)))
    }

    /// `SRGBTransfer.linear` sampled at `i / interpolationSteps`, i = 0...interpolationSteps.
    public static let linearFromEncoded: [Float] = (0...interpolationSteps).map {
        Float(SRGBTransfer.linear(Double($0) / Double(interpolationSteps)))
    }
}
