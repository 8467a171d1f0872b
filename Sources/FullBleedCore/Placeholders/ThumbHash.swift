import Foundation
import FullBleedColor
import FullBleedImage

/// A ThumbHash placeholder (evanw/thumbhash, SPEC 3.2): at most 25 bytes describing a tiny
/// gamma-encoded preview with aspect ratio and alpha.
///
/// Encoding follows the reference Swift implementation's Float32 arithmetic operation by operation,
/// so hashes are byte-identical to it (and to the JS reference on inputs without exact 7.5 ties).
/// Encoded to JSON as a base64 string.
public struct ThumbHash: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The largest width and height the encoder accepts.
    public static let maximumDimension = 100

    /// The hash bytes.
    public let bytes: [UInt8]

    /// Wraps existing hash bytes after checking that they are long enough for their own header.
    public init(bytes: [UInt8]) throws {
        guard bytes.count >= 5 else { throw PlaceholderError.invalidHash("ThumbHash needs at least 5 bytes, got \(bytes.count)") }
        let header = ThumbHashHeader(bytes)
        guard header.aspectRatio.isFinite, header.aspectRatio > 0 else {
            throw PlaceholderError.invalidHash("ThumbHash header has a zero luminance grid size")
        }
        guard bytes.count >= header.byteCount else {
            throw PlaceholderError.invalidHash("ThumbHash header announces \(header.byteCount) bytes, got \(bytes.count)")
        }
        self.bytes = bytes
    }

    /// Encodes straight (not premultiplied) RGBA8 samples, gamma-encoded as stored (no linearisation),
    /// of an image of at most 100x100 pixels.
    public init(rgba: [UInt8], width: Int, height: Int) throws {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw PlaceholderError.invalidHash("expected \(width)x\(height)x4 RGBA samples, got \(rgba.count)")
        }
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw PlaceholderError.imageTooLarge(width: width, height: height, limit: Self.maximumDimension)
        }
        bytes = rgba.withUnsafeBufferPointer { ThumbHashEncoder(rgba: $0, width: width, height: height).encode() }
    }

    /// Encodes an image of at most 100x100 pixels. Its samples are taken as stored, gamma-encoded in the
    /// image's own colour space (convert Display P3 to sRGB first if an sRGB hash is wanted); linear and
    /// premultiplied images are encoded and unpremultiplied first, gray is replicated, missing alpha is opaque.
    public init(image: Image) throws {
        guard image.width <= Self.maximumDimension, image.height <= Self.maximumDimension else {
            throw PlaceholderError.imageTooLarge(width: image.width, height: image.height, limit: Self.maximumDimension)
        }
        let rgba = image.encoded(as: .uint8).converted(toLayout: .rgba)
        try self.init(rgba: rgba.samples8, width: image.width, height: image.height)
    }

    /// The preview: long side 32 px, RGBA8, straight alpha, gamma-encoded (tagged sRGB).
    public func decoded() -> Image { ThumbHashDecoder(header: ThumbHashHeader(bytes), bytes: bytes).decode() }

    /// The average colour stored in the header (encoded values, straight alpha).
    public var averageColor: SRGBColor {
        let header = ThumbHashHeader(bytes)
        let (r, g, b) = header.rgb(l: header.lDC, p: header.pDC, q: header.qDC)
        return SRGBColor(red: Double(max(0, min(1, r))), green: Double(max(0, min(1, g))), blue: Double(max(0, min(1, b))),
                         alpha: Double(header.aDC))
    }

    /// Width / height of the original image as the hash records it (coarse: `lx / ly`).
    public var approximateAspectRatio: Double { Double(ThumbHashHeader(bytes).aspectRatio) }

    /// The hash as standard base64 (how web clients receive it).
    public var base64: String { Data(bytes).base64EncodedString() }

    /// The hash as lower-case hexadecimal.
    public var hex: String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    public var description: String { base64 }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let data = Data(base64Encoded: text) else { throw PlaceholderError.invalidHash("ThumbHash is not base64: \(text)") }
        try self.init(bytes: [UInt8](data))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}

/// The encoder, Float32 throughout, in the reference's operation order.
private struct ThumbHashEncoder {
    let rgba: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    func encode() -> [UInt8] {
        let w = width, h = height, n = w * h
        // Average colour, weighted by alpha.
        var avgR: Float = 0, avgG: Float = 0, avgB: Float = 0, avgA: Float = 0
        for i in 0..<n {
            let alpha = Float(rgba[i * 4 + 3]) / 255
            avgR += alpha / 255 * Float(rgba[i * 4])
            avgG += alpha / 255 * Float(rgba[i * 4 + 1])
            avgB += alpha / 255 * Float(rgba[i * 4 + 2])
            avgA += alpha
        }
        if avgA > 0 { avgR /= avgA; avgG /= avgA; avgB /= avgA }
        let hasAlpha = avgA < Float(n)
        let luminanceLimit = hasAlpha ? 5 : 7
        let longSide = Float(max(w, h))
        let lx = max(1, Int((Float(luminanceLimit * w) / longSide).rounded()))
        let ly = max(1, Int((Float(luminanceLimit * h) / longSide).rounded()))

        // LPQA planes, each pixel composited over the average colour.
        var l = [Float](repeating: 0, count: n), p = l, q = l, a = l
        for i in 0..<n {
            let alpha = Float(rgba[i * 4 + 3]) / 255
            let r = avgR * (1 - alpha) + alpha / 255 * Float(rgba[i * 4])
            let g = avgG * (1 - alpha) + alpha / 255 * Float(rgba[i * 4 + 1])
            let b = avgB * (1 - alpha) + alpha / 255 * Float(rgba[i * 4 + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }

        let lChannel = encodeChannel(l, nx: max(3, lx), ny: max(3, ly))
        let pChannel = encodeChannel(p, nx: 3, ny: 3)
        let qChannel = encodeChannel(q, nx: 3, ny: 3)
        let aChannel = hasAlpha ? encodeChannel(a, nx: 5, ny: 5) : (dc: 1, ac: [], scale: 1)

        let isLandscape = w > h
        let header24 = UInt32((63 * lChannel.dc).rounded())
            | UInt32((31.5 + 31.5 * pChannel.dc).rounded()) << 6
            | UInt32((31.5 + 31.5 * qChannel.dc).rounded()) << 12
            | UInt32((31 * lChannel.scale).rounded()) << 18
            | (hasAlpha ? 1 : 0) << 23
        let header16 = UInt16(isLandscape ? ly : lx)
            | UInt16((63 * pChannel.scale).rounded()) << 3
            | UInt16((63 * qChannel.scale).rounded()) << 9
            | (isLandscape ? 1 : 0) << 15
        var hash: [UInt8] = [UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(header24 >> 16),
                             UInt8(header16 & 255), UInt8(header16 >> 8)]
        if hasAlpha {
            hash.append(UInt8((15 * aChannel.dc).rounded()) | UInt8((15 * aChannel.scale).rounded()) << 4)
        }
        var isOdd = false
        for ac in [lChannel.ac, pChannel.ac, qChannel.ac, aChannel.ac] {
            for f in ac {
                let nibble = UInt8((15 * f).rounded())
                if isOdd { hash[hash.count - 1] |= nibble << 4 } else { hash.append(nibble) }
                isOdd.toggle()
            }
        }
        return hash
    }

    /// DCT-II with pixel centres over the triangle `cx * ny < nx * (ny - cy)`; AC normalised to 0...1.
    private func encodeChannel(_ channel: [Float], nx: Int, ny: Int) -> (dc: Float, ac: [Float], scale: Float) {
        let w = width, h = height
        // Cosine tables, the same expressions as evaluated per coefficient by the reference.
        let fw = Float(w), fh = Float(h)
        var cosX = [Float](repeating: 0, count: nx * w), cosY = [Float](repeating: 0, count: ny * h)
        for cx in 0..<nx { for x in 0..<w { cosX[cx * w + x] = cos(Float.pi / fw * Float(cx) * (Float(x) + 0.5)) } }
        for cy in 0..<ny { for y in 0..<h { cosY[cy * h + y] = cos(Float.pi / fh * Float(cy) * (Float(y) + 0.5)) } }
        var dc: Float = 0, scale: Float = 0
        var ac: [Float] = []
        channel.withUnsafeBufferPointer { values in
            for cy in 0..<ny {
                var cx = 0
                while cx * ny < nx * (ny - cy) {
                    var f: Float = 0
                    for y in 0..<h {
                        let fy = cosY[cy * h + y]
                        let row = y * w, table = cx * w
                        for x in 0..<w { f += values[row + x] * cosX[table + x] * fy }
                    }
                    f /= Float(w * h)
                    if cx > 0 || cy > 0 {
                        ac.append(f)
                        scale = max(scale, abs(f))
                    } else {
                        dc = f
                    }
                    cx += 1
                }
            }
        }
        if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
        return (dc, ac, scale)
    }
}

/// The fixed fields of a ThumbHash.
private struct ThumbHashHeader {
    let lDC: Float, pDC: Float, qDC: Float, lScale: Float, pScale: Float, qScale: Float
    let aDC: Float, aScale: Float
    let hasAlpha: Bool, isLandscape: Bool
    /// Luminance coefficient grid (at least 3x3).
    let lx: Int, ly: Int
    /// `lx / ly` before the minimum of 3 (the reference's aspect ratio).
    let aspectRatio: Float

    init(_ hash: [UInt8]) {
        let header24 = UInt32(hash[0]) | UInt32(hash[1]) << 8 | UInt32(hash[2]) << 16
        let header16 = UInt16(hash[3]) | UInt16(hash[4]) << 8
        lDC = Float(header24 & 63) / 63
        pDC = Float((header24 >> 6) & 63) / 31.5 - 1
        qDC = Float((header24 >> 12) & 63) / 31.5 - 1
        lScale = Float((header24 >> 18) & 31) / 31
        hasAlpha = (header24 >> 23) != 0
        pScale = Float((header16 >> 3) & 63) / 63
        qScale = Float((header16 >> 9) & 63) / 63
        isLandscape = (header16 >> 15) != 0
        let stored = Int(header16 & 7), long = hasAlpha ? 5 : 7
        lx = max(3, isLandscape ? long : stored)
        ly = max(3, isLandscape ? stored : long)
        aspectRatio = Float(isLandscape ? long : stored) / Float(isLandscape ? stored : long)
        if hasAlpha && hash.count > 5 {
            aDC = Float(hash[5] & 15) / 15
            aScale = Float(hash[5] >> 4) / 15
        } else {
            aDC = 1
            aScale = 1
        }
    }

    /// Number of AC coefficients in the triangle of an `nx` x `ny` grid.
    static func acCount(nx: Int, ny: Int) -> Int {
        var count = 0
        for cy in 0..<ny { var cx = cy > 0 ? 0 : 1; while cx * ny < nx * (ny - cy) { count += 1; cx += 1 } }
        return count
    }

    /// The full length the header implies.
    var byteCount: Int {
        let nibbles = Self.acCount(nx: lx, ny: ly) + 10 + (hasAlpha ? 14 : 0)
        return (hasAlpha ? 6 : 5) + (nibbles + 1) / 2
    }

    /// L, P, Q -> gamma-encoded R, G, B (unclamped).
    func rgb(l: Float, p: Float, q: Float) -> (Float, Float, Float) {
        let b = l - 2 / 3 * p
        let r = (3 * l - b + q) / 2
        return (r, r - q, b)
    }
}

/// The decoder, Float32 in the reference's operation order (P and Q boosted by 1.25).
private struct ThumbHashDecoder {
    let header: ThumbHashHeader
    let bytes: [UInt8]

    func decode() -> Image {
        let acStart = header.hasAlpha ? 6 : 5
        var acIndex = 0
        func readChannel(nx: Int, ny: Int, scale: Float) -> [Float] {
            var ac: [Float] = []
            for cy in 0..<ny {
                var cx = cy > 0 ? 0 : 1
                while cx * ny < nx * (ny - cy) {
                    let nibble = (bytes[acStart + (acIndex >> 1)] >> ((acIndex & 1) << 2)) & 15
                    ac.append((Float(nibble) / 7.5 - 1) * scale)
                    acIndex += 1
                    cx += 1
                }
            }
            return ac
        }
        let lx = header.lx, ly = header.ly, hasAlpha = header.hasAlpha
        let lAC = readChannel(nx: lx, ny: ly, scale: header.lScale)
        let pAC = readChannel(nx: 3, ny: 3, scale: header.pScale * 1.25)
        let qAC = readChannel(nx: 3, ny: 3, scale: header.qScale * 1.25)
        let aAC = hasAlpha ? readChannel(nx: 5, ny: 5, scale: header.aScale) : []

        let ratio = header.aspectRatio
        let w = Int((ratio > 1 ? 32 : 32 * ratio).rounded())
        let h = Int((ratio > 1 ? 32 / ratio : 32).rounded())
        let cxStop = max(lx, hasAlpha ? 5 : 3), cyStop = max(ly, hasAlpha ? 5 : 3)
        var fx = [Float](repeating: 0, count: cxStop), fy = [Float](repeating: 0, count: cyStop)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var l = header.lDC, p = header.pDC, q = header.qDC, a = header.aDC
                for cx in 0..<cxStop { fx[cx] = cos(Float.pi / Float(w) * (Float(x) + 0.5) * Float(cx)) }
                for cy in 0..<cyStop { fy[cy] = cos(Float.pi / Float(h) * (Float(y) + 0.5) * Float(cy)) }
                var j = 0
                for cy in 0..<ly {
                    var cx = cy > 0 ? 0 : 1
                    let fy2 = fy[cy] * 2
                    while cx * ly < lx * (ly - cy) { l += lAC[j] * fx[cx] * fy2; j += 1; cx += 1 }
                }
                j = 0
                for cy in 0..<3 {
                    var cx = cy > 0 ? 0 : 1
                    let fy2 = fy[cy] * 2
                    while cx < 3 - cy {
                        let f = fx[cx] * fy2
                        p += pAC[j] * f
                        q += qAC[j] * f
                        j += 1
                        cx += 1
                    }
                }
                if hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        var cx = cy > 0 ? 0 : 1
                        let fy2 = fy[cy] * 2
                        while cx < 5 - cy { a += aAC[j] * fx[cx] * fy2; j += 1; cx += 1 }
                    }
                }
                let (r, g, b) = header.rgb(l: l, p: p, q: q)
                let o = (y * w + x) * 4
                rgba[o] = UInt8(max(0, 255 * min(1, r)))
                rgba[o + 1] = UInt8(max(0, 255 * min(1, g)))
                rgba[o + 2] = UInt8(max(0, 255 * min(1, b)))
                rgba[o + 3] = UInt8(max(0, 255 * min(1, a)))
            }
        }
        return Image(width: w, height: h, layout: .rgba, samples: rgba)
    }
}
