import FullBleedImage

/// Converts one row of working samples (Float, premultiplied, working transfer) into the output format:
/// alpha clamped to 0...1, colour clamped to 0...alpha (integer outputs) or to >= 0 (float outputs),
/// unpremultiplied for straight-alpha outputs, transfer-encoded as the output says, then rounded or
/// dithered for integer outputs: the back end of the resampler.
public struct WorkingRowEncoder: Sendable {
    public let format: PixelFormat
    public let working: Transfer
    public let quantization: Quantization

    public init(format: PixelFormat, working: Transfer, quantization: Quantization) {
        self.format = format
        self.working = working
        self.quantization = quantization
    }

    /// 8x8 Bayer thresholds as offsets in -0.5...0.5 code, indexed `(y % 8) * 8 + x % 8`.
    static let bayerOffsets: [Float] = {
        let base: [Int] = [0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
                           12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
                           3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
                           15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21]
        return base.map { (Float($0) + 0.5) / 64 - 0.5 }
    }()

    /// See `SRGBTables.code8FromLinear` (the fused clamp + curve + round table).
    static let linearSteps = SRGBTables.interpolationSteps

    /// Encodes `width` pixels of `row` (modified in place) as output row `y` at `dst`.
    public func encode(_ row: UnsafeMutablePointer<Float>, width: Int, y: Int, into dst: UnsafeMutableRawPointer) {
        let channels = format.layout.channelCount
        let count = width * channels
        if format.sampleType == .uint8, !format.layout.hasAlpha, quantization == .round,
           working == .linear, format.transfer == .encoded {
            let codes = dst.assumingMemoryBound(to: UInt8.self)
            let steps = Float(Self.linearSteps)
            SRGBTables.code8FromLinear.withUnsafeBufferPointer { table in
                let base = table.baseAddress!
                for i in 0..<count {
                    let raw = row[i]
                    let value: Float = raw > 0 ? (raw < 1 ? raw : 1) : 0   // NaN becomes 0
                    // value * steps is in 0...65536 < 2^23: adding 2^23 rounds it to the nearest integer,
                    // which then sits in the low mantissa bits (no trapping Float -> Int conversion).
                    let index = Int((value * steps + 8_388_608).bitPattern & 0x7F_FFFF)
                    codes[i] = base[index]
                }
            }
            return
        }
        normalise(row, count: count, channels: channels)
        switch format.sampleType {
        case .uint8:
            quantise(row, count: count, channels: channels, y: y, maximum: 255, into: dst.assumingMemoryBound(to: UInt8.self))
        case .uint16:
            quantise(row, count: count, channels: channels, y: y, maximum: 65535, into: dst.assumingMemoryBound(to: UInt16.self))
        case .float32:
            dst.assumingMemoryBound(to: Float.self).update(from: row, count: count)
        }
    }

    /// Clamps, unpremultiplies (or keeps premultiplied) and applies the output transfer, in place.
    private func normalise(_ row: UnsafeMutablePointer<Float>, count: Int, channels: Int) {
        let direction = InterpolatedTransfer.Direction(from: working, to: format.transfer)
        let isFloat = format.sampleType == .float32
        guard format.layout.hasAlpha else {
            // No alpha: clamp, then the curve. Integer outputs are within 0...1 after the clamp.
            let ceiling: Float = isFloat ? .infinity : 1
            for i in 0..<count {
                let raw = row[i]
                row[i] = raw > 0 ? (raw < ceiling ? raw : ceiling) : 0
            }
            guard let direction else { return }
            direction.table.withUnsafeBufferPointer { t in
                let table = t.baseAddress!
                if isFloat {
                    for i in 0..<count { row[i] = InterpolatedTransfer.apply(row[i], direction, table: table) }
                } else {
                    for i in 0..<count { row[i] = InterpolatedTransfer.interpolate(row[i], table: table) }
                }
            }
            return
        }
        let colours = channels - 1
        let keepPremultiplied = format.alphaMode == .premultiplied
        (direction?.table ?? []).withUnsafeBufferPointer { t in
            for i in Swift.stride(from: 0, to: count, by: channels) {
                let raw = row[i + colours]
                let alpha: Float = raw > 0 ? (raw < 1 ? raw : 1) : 0
                row[i + colours] = alpha
                let inverse: Float = alpha > 0 ? 1 / alpha : 0
                for c in 0..<colours {
                    let value = row[i + c]
                    // Colour in 0...alpha, then straight.
                    var straight = (value > 0 ? (value < alpha ? value : alpha) : 0) * inverse
                    if direction != nil { straight = InterpolatedTransfer.interpolate(min(straight, 1), table: t.baseAddress!) }
                    row[i + c] = keepPremultiplied ? straight * alpha : straight
                }
            }
        }
    }

    private func quantise<T: FixedWidthInteger & UnsignedInteger>(_ row: UnsafeMutablePointer<Float>, count: Int, channels: Int,
                                                                    y: Int, maximum: Float, into dst: UnsafeMutablePointer<T>) {
        // After clamping to 0...1, value * maximum + 0.5 (+ an offset within +-0.4922) lies in
        // 0.0078...maximum + 0.9922: truncation gives a valid code without further checks.
        guard quantization == .orderedDither else {
            for i in 0..<count {
                let raw = row[i]
                let value: Float = raw > 0 ? (raw < 1 ? raw : 1) : 0
                dst[i] = T(truncatingIfNeeded: Int(value * maximum + 0.5))
            }
            return
        }
        let colours = format.layout.hasAlpha ? channels - 1 : channels
        Self.bayerOffsets.withUnsafeBufferPointer { offsets in
            let ditherRow = (y & 7) * 8
            var i = 0
            for x in 0..<(count / channels) {
                let offset = offsets[ditherRow + (x & 7)]
                for c in 0..<channels {
                    let raw = row[i]
                    let value: Float = raw > 0 ? (raw < 1 ? raw : 1) : 0
                    dst[i] = T(truncatingIfNeeded: Int(value * maximum + 0.5 + (c < colours ? offset : 0)))
                    i += 1
                }
            }
        }
    }
}
