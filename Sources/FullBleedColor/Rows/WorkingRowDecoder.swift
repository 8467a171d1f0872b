import FullBleedImage

/// How float working samples become integer codes (8- or 16-bit outputs only).
public enum Quantization: String, Sendable, Hashable, Codable {
    /// Round to nearest: the same input always gives the same code. The default.
    case round
    /// Add an 8x8 ordered (Bayer) threshold of +-0.5 code before truncating: breaks banding in
    /// smooth gradients. Position-based, so still deterministic and independent of threading.
    /// Alpha is always rounded.
    case orderedDither = "ordered-dither"
}

/// Converts one source row into working samples: Float, with the working transfer (linear light or
/// encoded), premultiplied (the resampler's front end) or straight (what luminance and colour readers take)
/// alpha. The one row front end of FullBleed: the resampler, the luminance planes, the average colour and
/// the palettes read pixels through it.
///
/// - 8- and 16-bit samples go through one table lookup per colour sample (`SRGBTables` for the sRGB curve,
///   a table built from `curve` for others); alpha codes are rescaled to 0...1 (alpha is linear coverage).
/// - Float samples are copied; a transfer change uses the interpolated sRGB tables (premultiplied output,
///   unpremultiplying around the curve) or the exact `curve` (straight output, after unpremultiplying).
public struct WorkingRowDecoder: Sendable {
    /// The alpha of the decoded samples.
    public enum Alpha: Sendable, Hashable {
        /// Colour multiplied by alpha (resampling and blurring average premultiplied samples).
        case premultiplied
        /// Colour as seen on an opaque pixel (premultiplied input is divided by alpha, 0 where alpha is 0).
        case straight
    }

    public let format: PixelFormat
    public let working: Transfer
    public let curve: LuminanceModel.Curve
    public let alpha: Alpha
    public let regionX: Int
    public let regionWidth: Int
    public let sourceBytesPerRow: Int
    /// Integer code -> working value (colour samples); alpha is rescaled separately.
    private let codeTable: [Float]
    /// Whether colour still needs a transfer change after the table (float and premultiplied inputs).
    private let convertsTransfer: Bool

    /// - Parameters:
    ///   - working: the transfer of the working samples.
    ///   - curve: the transfer curve of encoded samples (`.sRGB` for sRGB and Display P3).
    ///   - region: the columns read of each row (source pixels).
    ///   - sourceBytesPerRow: the source's row stride in bytes.
    public init(format: PixelFormat, working: Transfer, curve: LuminanceModel.Curve = .sRGB, alpha: Alpha = .premultiplied,
                region: PixelRect, sourceBytesPerRow: Int) {
        self.format = format
        self.working = working
        self.curve = curve
        self.alpha = alpha
        self.regionX = region.x
        self.regionWidth = region.width
        self.sourceBytesPerRow = sourceBytesPerRow
        let needsCurve = format.transfer != working
        // Integer samples are straight; a premultiplied integer image (never made by FullBleed) is scaled,
        // then converted like floats.
        let tableApplies = format.sampleType != .float32 && format.alphaMode == .straight
        switch (format.sampleType, needsCurve && tableApplies, working) {
        case (.uint8, true, .linear): codeTable = curve == .sRGB ? SRGBTables.linearFromCode8 : Self.table(codeCount: 256, curve.linear)
        case (.uint8, true, .encoded): codeTable = curve == .sRGB ? SRGBTables.encodedFromLinearCode8 : Self.table(codeCount: 256, curve.encoded)
        case (.uint8, false, _): codeTable = Self.scaledCode8
        case (.uint16, true, .linear): codeTable = curve == .sRGB ? SRGBTables.linearFromCode16 : Self.table(codeCount: 65536, curve.linear)
        case (.uint16, true, .encoded): codeTable = curve == .sRGB ? SRGBTables.encodedFromLinearCode16 : Self.table(codeCount: 65536, curve.encoded)
        case (.uint16, false, _): codeTable = Self.scaledCode16
        case (.float32, _, _): codeTable = []
        }
        convertsTransfer = needsCurve && !tableApplies
    }

    /// A reader of whole rows of `image` (every column).
    public init(image: Image, working: Transfer, curve: LuminanceModel.Curve = .sRGB, alpha: Alpha) {
        self.init(format: image.format, working: working, curve: curve, alpha: alpha,
                  region: PixelRect(x: 0, y: 0, width: image.width, height: image.height), sourceBytesPerRow: image.bytesPerRow)
    }

    /// Code / maximum code, for samples already in the working transfer.
    private static let scaledCode8: [Float] = (0..<256).map { Float($0) / 255 }
    private static let scaledCode16: [Float] = (0..<65536).map { Float($0) / 65535 }

    /// `transfer(code / (codeCount - 1))` for every code, for curves other than sRGB (whose tables are
    /// `SRGBTables`'; they equal what this builds for `.sRGB`, value for value).
    static func table(codeCount: Int, _ transfer: (Double) -> Double) -> [Float] {
        let scale = 1 / Double(codeCount - 1)
        return (0..<codeCount).map { Float(transfer(Double($0) * scale)) }
    }

    /// Writes `regionWidth * channelCount` working samples of source row `y` (absolute) to `dst`.
    public func decode(row y: Int, from source: UnsafeRawPointer, into dst: UnsafeMutablePointer<Float>) {
        let channels = format.layout.channelCount
        let count = regionWidth * channels
        let rowStart = source + y * sourceBytesPerRow + regionX * format.bytesPerPixel
        switch format.sampleType {
        case .uint8 where !format.layout.hasAlpha:
            // The common case (RGB or grey photos), one table load per sample.
            let codes = rowStart.assumingMemoryBound(to: UInt8.self)
            codeTable.withUnsafeBufferPointer { table in
                let base = table.baseAddress!
                for i in 0..<count { dst[i] = base[Int(codes[i])] }
            }
        case .uint8:
            decodeCodes(rowStart.assumingMemoryBound(to: UInt8.self), count: count, channels: channels, into: dst)
        case .uint16:
            decodeCodes(rowStart.assumingMemoryBound(to: UInt16.self), count: count, channels: channels, into: dst)
        case .float32:
            dst.update(from: rowStart.assumingMemoryBound(to: Float.self), count: count)
        }
        switch alpha {
        case .premultiplied:
            if convertsTransfer { convertTransfer(dst, count: count, channels: channels) }
            if format.layout.hasAlpha && format.alphaMode == .straight {
                for i in Swift.stride(from: 0, to: count, by: channels) {
                    let alpha = dst[i + channels - 1]
                    for c in 0..<(channels - 1) { dst[i + c] *= alpha }
                }
            }
        case .straight:
            if format.layout.hasAlpha && format.alphaMode == .premultiplied { unpremultiply(dst, count: count, channels: channels) }
            if convertsTransfer { applyExactCurve(dst, count: count, channels: channels) }
        }
    }

    /// Colour samples times 1 / alpha (0 where alpha is 0), in place.
    private func unpremultiply(_ dst: UnsafeMutablePointer<Float>, count: Int, channels: Int) {
        for i in Swift.stride(from: 0, to: count, by: channels) {
            let a = dst[i + channels - 1]
            let inverse: Float = a > 0 ? 1 / a : 0
            for c in 0..<(channels - 1) { dst[i + c] *= inverse }
        }
    }

    /// Straight float colour samples through the exact `curve`, towards the working transfer, in place.
    private func applyExactCurve(_ dst: UnsafeMutablePointer<Float>, count: Int, channels: Int) {
        let colours = format.layout.hasAlpha ? channels - 1 : channels
        let toLinear = working == .linear
        for i in Swift.stride(from: 0, to: count, by: channels) {
            for c in 0..<colours {
                let value = Double(dst[i + c])
                dst[i + c] = Float(toLinear ? curve.linear(value) : curve.encoded(value))
            }
        }
    }

    /// Integer codes through `codeTable`; alpha codes rescaled to 0...1 (alpha is linear coverage).
    @inline(__always)
    private func decodeCodes<T: FixedWidthInteger & UnsignedInteger>(_ p: UnsafePointer<T>, count: Int, channels: Int,
                                                                       into dst: UnsafeMutablePointer<Float>) {
        codeTable.withUnsafeBufferPointer { table in
            for i in 0..<count { dst[i] = table[Int(p[i])] }
        }
        if format.layout.hasAlpha {
            let scale = 1 / Float(T.max)
            for i in Swift.stride(from: channels - 1, to: count, by: channels) { dst[i] = Float(p[i]) * scale }
        }
    }

    /// Changes colour samples from the stored transfer to the working one (unpremultiplying around the curve).
    private func convertTransfer(_ dst: UnsafeMutablePointer<Float>, count: Int, channels: Int) {
        let hasAlpha = format.layout.hasAlpha
        let premultiplied = hasAlpha && format.alphaMode == .premultiplied
        let colours = hasAlpha ? channels - 1 : channels
        guard let direction = InterpolatedTransfer.Direction(from: format.transfer, to: working) else { return }
        direction.table.withUnsafeBufferPointer { t in
            for i in Swift.stride(from: 0, to: count, by: channels) {
                let alpha: Float = premultiplied ? dst[i + channels - 1] : 1
                for c in 0..<colours {
                    var value = dst[i + c]
                    if premultiplied { value = alpha > 0 ? value / alpha : 0 }
                    value = InterpolatedTransfer.apply(value, direction, table: t.baseAddress!)
                    dst[i + c] = premultiplied ? value * alpha : value
                }
            }
        }
    }
}

