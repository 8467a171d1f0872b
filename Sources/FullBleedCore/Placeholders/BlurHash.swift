import Foundation
import FullBleedColor
import FullBleedImage

/// A BlurHash placeholder (woltapp/blurhash, SPEC 3.1): `x` by `y` cosine components of the image in
/// linear light, packed into `4 + 2·x·y` base-83 characters.
///
/// The encoder follows the reference C encoder (`blurHashForPixels`): no half-pixel offset in the
/// basis, maximum AC quantised in 1/166 steps, DC as 8-bit encoded sRGB. It computes in Double; the
/// reference's Float results agree on every SPEC vector. Encoded to JSON as the plain string.
public struct BlurHash: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The hash string.
    public let string: String
    /// Horizontal components, 1...9.
    public let xComponents: Int
    /// Vertical components, 1...9.
    public let yComponents: Int

    /// Validates a hash string: base-83 characters and the length its size flag implies.
    public init(_ string: String) throws {
        let digits = Array(string.utf8)
        guard digits.count >= 6 else { throw PlaceholderError.invalidHash("BlurHash needs at least 6 characters, got \(digits.count)") }
        guard digits.allSatisfy({ Base83.value(of: $0) != nil }) else {
            throw PlaceholderError.invalidHash("BlurHash contains a character outside base 83: \(string)")
        }
        let sizeFlag = Base83.decode(digits[0..<1])
        let x = sizeFlag % 9 + 1, y = sizeFlag / 9 + 1
        guard digits.count == 4 + 2 * x * y else {
            throw PlaceholderError.invalidHash("BlurHash of \(x)x\(y) components needs \(4 + 2 * x * y) characters, got \(digits.count)")
        }
        self.string = string
        self.xComponents = x
        self.yComponents = y
    }

    /// Encodes `image` with `xComponents` x `yComponents` components (each 1...9).
    ///
    /// Pixels are read as 8-bit encoded samples (other formats are encoded to 8 bits first, the way the
    /// reference receives them), in the image's own colour space; alpha is ignored, as in the reference.
    /// Cost is `O(width · height · components)`: pass a small downscale (SPEC: 64 px or less).
    public init(image: Image, xComponents: Int = 4, yComponents: Int = 3) throws {
        guard (1...9).contains(xComponents), (1...9).contains(yComponents) else {
            throw PlaceholderError.invalidComponentCount(x: xComponents, y: yComponents)
        }
        let rgb = image.format.sampleType == .uint8 && image.format.transfer == .encoded ? image : image.encoded(as: .uint8)
        string = BlurHashEncoder(image: rgb, nx: xComponents, ny: yComponents).encode()
        self.xComponents = xComponents
        self.yComponents = yComponents
    }

    /// Renders the hash at `width` x `height` pixels as opaque RGB8 (tagged sRGB), like the reference
    /// decoders: components summed in linear light without a half-pixel offset, then encoded and rounded.
    /// `punch` scales the AC components (contrast).
    public func decoded(width: Int, height: Int, punch: Double = 1) -> Image {
        precondition(width > 0 && height > 0, "BlurHash decode size must be positive, got \(width)x\(height)")
        let components = self.components(punch: punch)
        let nx = xComponents, ny = yComponents
        var cosX = [Double](repeating: 0, count: nx * width), cosY = [Double](repeating: 0, count: ny * height)
        for i in 0..<nx { for x in 0..<width { cosX[i * width + x] = cos(Double.pi * Double(x) * Double(i) / Double(width)) } }
        for j in 0..<ny { for y in 0..<height { cosY[j * height + y] = cos(Double.pi * Double(y) * Double(j) / Double(height)) } }
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD3<Double>(repeating: 0)
                for j in 0..<ny {
                    let fy = cosY[j * height + y]
                    for i in 0..<nx {
                        let basis = cosX[i * width + x] * fy
                        sum += components[j * nx + i] * basis
                    }
                }
                let o = (y * width + x) * 3
                samples[o] = BlurHashEncoder.sRGB8(sum.x)
                samples[o + 1] = BlurHashEncoder.sRGB8(sum.y)
                samples[o + 2] = BlurHashEncoder.sRGB8(sum.z)
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// The DC term: the image's average colour as the hash stores it (8-bit encoded sRGB).
    public var averageColor: SRGBColor {
        let dc = Base83.decode(Array(string.utf8)[2..<6])
        return SRGBColor(red8: UInt8(dc >> 16), green8: UInt8((dc >> 8) & 255), blue8: UInt8(dc & 255))
    }

    /// The decoded components in linear light, DC first, `i` fastest.
    func components(punch: Double) -> [SIMD3<Double>] {
        let digits = Array(string.utf8)
        let maximumValue = Double(Base83.decode(digits[1..<2]) + 1) / 166 * punch
        var result: [SIMD3<Double>] = [averageColor.linear]
        for k in 1..<(xComponents * yComponents) {
            let value = Base83.decode(digits[(4 + 2 * k)..<(6 + 2 * k)])
            func unquantise(_ q: Int) -> Double {
                let v = Double(q - 9) / 9
                return (v < 0 ? -1 : 1) * v * v * maximumValue
            }
            result.append(SIMD3(unquantise(value / 361), unquantise(value / 19 % 19), unquantise(value % 19)))
        }
        return result
    }

    public var description: String { string }

    public init(from decoder: Decoder) throws {
        try self.init(decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}

/// The BlurHash encoder over an 8-bit encoded image.
private struct BlurHashEncoder {
    let image: Image
    let nx: Int
    let ny: Int

    func encode() -> String {
        let w = image.width, h = image.height, channels = image.channelCount
        let isColor = image.layout.isColor
        let lut = SRGBTables.linearDoubleFromCode8
        var cosX = [Double](repeating: 0, count: nx * w), cosY = [Double](repeating: 0, count: ny * h)
        for i in 0..<nx { for x in 0..<w { cosX[i * w + x] = cos(Double.pi * Double(i) * Double(x) / Double(w)) } }
        for j in 0..<ny { for y in 0..<h { cosY[j * h + y] = cos(Double.pi * Double(j) * Double(y) / Double(h)) } }
        var factors = [SIMD3<Double>](repeating: .zero, count: nx * ny)
        image.withUnsafeSamples(as: UInt8.self) { src in
            for y in 0..<h {
                for x in 0..<w {
                    let s = (y * w + x) * channels
                    let r = lut[Int(src[s])]
                    let pixel = isColor ? SIMD3(r, lut[Int(src[s + 1])], lut[Int(src[s + 2])]) : SIMD3(repeating: r)
                    for j in 0..<ny {
                        let fy = cosY[j * h + y]
                        for i in 0..<nx {
                            let basis = cosX[i * w + x] * fy
                            factors[j * nx + i] += pixel * basis
                        }
                    }
                }
            }
        }
        for k in factors.indices { factors[k] *= (k == 0 ? 1 : 2) / Double(w * h) }

        var text = Base83.encode((nx - 1) + (ny - 1) * 9, length: 1)
        let ac = factors.dropFirst()
        var maximumValue = 1.0
        if ac.isEmpty {
            text += Base83.encode(0, length: 1)
        } else {
            let actualMaximum = ac.reduce(0.0) { max($0, abs($1.x), abs($1.y), abs($1.z)) }
            let quantised = Int(max(0, min(82, (actualMaximum * 166 - 0.5).rounded(.down))))
            maximumValue = Double(quantised + 1) / 166
            text += Base83.encode(quantised, length: 1)
        }
        let dc = factors[0]
        text += Base83.encode(Int(Self.sRGB8(dc.x)) << 16 | Int(Self.sRGB8(dc.y)) << 8 | Int(Self.sRGB8(dc.z)), length: 4)
        for f in ac {
            func quantise(_ v: Double) -> Int {
                let scaled = v / maximumValue
                let root = (scaled < 0 ? -1 : 1) * abs(scaled).squareRoot()
                return Int(max(0, min(18, (root * 9 + 9.5).rounded(.down))))
            }
            text += Base83.encode(quantise(f.x) * 361 + quantise(f.y) * 19 + quantise(f.z), length: 2)
        }
        return text
    }

    /// Linear -> 8-bit encoded sRGB: `Int(enc(clamp(v)) · 255 + 0.5)`.
    static func sRGB8(_ v: Double) -> UInt8 {
        UInt8(SRGBTransfer.encoded(max(0, min(1, v))) * 255 + 0.5)
    }
}

/// BlurHash's base-83 digits, big-endian.
enum Base83 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        return table
    }()

    static func value(of character: UInt8) -> Int? {
        let v = values[Int(character)]
        return v < 0 ? nil : Int(v)
    }

    static func encode(_ value: Int, length: Int) -> String {
        var digits = [UInt8](repeating: 0, count: length)
        var rest = value
        for i in stride(from: length - 1, through: 0, by: -1) {
            digits[i] = alphabet[rest % 83]
            rest /= 83
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// - Precondition: every character is a base-83 digit (checked by `BlurHash.init(_:)`).
    static func decode(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 83 + Int(values[Int($1)]) }
    }
}
