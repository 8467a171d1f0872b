import Foundation
import FullBleedImage

/// A colour as encoded sRGB values (0...1, gamma-encoded with the sRGB curve) and straight alpha.
///
/// The 0...1 values keep full precision; `hex` rounds them to 8 bits. Encoded to JSON with all of
/// `hex`, `red`, `green`, `blue` and `alpha` so a manifest reader can use either form.
public struct SRGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Encoded sRGB red, 0...1.
    public var red: Double
    /// Encoded sRGB green, 0...1.
    public var green: Double
    /// Encoded sRGB blue, 0...1.
    public var blue: Double
    /// Straight (not premultiplied) alpha, 0...1.
    public var alpha: Double

    /// A colour from encoded sRGB values (0...1) and straight alpha.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 8-bit encoded sRGB codes; `red = code / 255` exactly as CSS tools compute it.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha: Double = 1) {
        self.init(red: Double(red8) / 255.0, green: Double(green8) / 255.0, blue: Double(blue8) / 255.0, alpha: alpha)
    }

    /// A colour from linear-light sRGB values, clamped to 0...1 and encoded with the sRGB curve.
    public init(linearRed: Double, linearGreen: Double, linearBlue: Double, alpha: Double = 1) {
        func encode(_ v: Double) -> Double { SRGBTransfer.encoded(max(0, min(1, v))) }
        self.init(red: encode(linearRed), green: encode(linearGreen), blue: encode(linearBlue), alpha: alpha)
    }

    /// Parses CSS hex notation: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    /// Alpha is `code / 255` (so `#0006` has alpha 0x66/255 = 0.4).
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded = digits.count <= 4 ? String(digits.flatMap { [$0, $0] }) : String(digits)
        var codes: [UInt8] = []
        var index = expanded.startIndex
        while index < expanded.endIndex {
            let next = expanded.index(index, offsetBy: 2)
            guard let code = UInt8(expanded[index..<next], radix: 16) else { return nil }
            codes.append(code)
            index = next
        }
        self.init(red8: codes[0], green8: codes[1], blue8: codes[2], alpha: codes.count == 4 ? Double(codes[3]) / 255.0 : 1)
    }

    /// `#rrggbb` (lower case) from the values rounded to 8 bits; `#rrggbbaa` when alpha < 1.
    public var hex: String {
        func code(_ v: Double) -> String {
            let c = Int((max(0, min(1, v)) * 255).rounded())
            return (c < 16 ? "0" : "") + String(c, radix: 16)
        }
        return "#" + code(red) + code(green) + code(blue) + (alpha < 1 ? code(alpha) : "")
    }

    /// The 8-bit codes of red, green and blue (rounded to nearest).
    public var codes8: SIMD3<UInt8> {
        func code(_ v: Double) -> UInt8 { UInt8((max(0, min(1, v)) * 255).rounded()) }
        return SIMD3(code(red), code(green), code(blue))
    }

    /// Linear-light sRGB red, green, blue.
    public var linear: SIMD3<Double> {
        SIMD3(SRGBTransfer.linear(red), SRGBTransfer.linear(green), SRGBTransfer.linear(blue))
    }

    /// WCAG relative luminance (WCAG's `0.2126, 0.7152, 0.0722` row on linear values), ignoring alpha.
    public var relativeLuminance: Double { LuminanceModel.wcagSRGB.luminance(linear: linear) }

    public var description: String { hex }

    private enum CodingKeys: String, CodingKey { case hex, red, green, blue, alpha }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(red: try container.decode(Double.self, forKey: .red),
                  green: try container.decode(Double.self, forKey: .green),
                  blue: try container.decode(Double.self, forKey: .blue),
                  alpha: try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hex, forKey: .hex)
        try container.encode(red, forKey: .red)
        try container.encode(green, forKey: .green)
        try container.encode(blue, forKey: .blue)
        try container.encode(alpha, forKey: .alpha)
    }
}
