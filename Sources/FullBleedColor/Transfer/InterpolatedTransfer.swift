import FullBleedImage

/// The sRGB transfer curve for float row conversions: 65,537-entry tables with linear interpolation on
/// 0...1 (largest error about 1e-7, far below a 16-bit code), the exact curve outside 0...1
/// (extended-range float images), mirrored for negative values.
enum InterpolatedTransfer {
    /// Which way a conversion goes.
    enum Direction {
        /// Encoded -> linear light (`SRGBTransfer.linear`).
        case toLinear
        /// Linear light -> encoded (`SRGBTransfer.encoded`).
        case toEncoded

        /// The direction that turns samples stored with `from` into samples with `to`, nil if equal.
        init?(from: Transfer, to: Transfer) {
            if from == to { return nil }
            self = to == .linear ? .toLinear : .toEncoded
        }

        var table: [Float] { self == .toLinear ? SRGBTables.linearFromEncoded : SRGBTables.encodedFromLinear }

        func exact(_ value: Double) -> Double {
            self == .toLinear ? SRGBTransfer.linear(value) : SRGBTransfer.encoded(value)
        }
    }

    static let tableSteps = SRGBTables.interpolationSteps

    /// The tabulated curve at `value`, which must lie in 0...1.
    @inline(__always)
    static func interpolate(_ value: Float, table: UnsafePointer<Float>) -> Float {
        let position = value * Float(tableSteps)
        let index = min(Int(position), tableSteps - 1)
        let lower = table[index]
        return lower + (table[index + 1] - lower) * (position - Float(index))
    }

    /// The curve of `direction`, whose table is `table`, evaluated at `value`.
    @inline(__always)
    static func apply(_ value: Float, _ direction: Direction, table: UnsafePointer<Float>) -> Float {
        if value >= 0 && value <= 1 { return interpolate(value, table: table) }
        if value < 0 { return -Float(direction.exact(-Double(value))) }
        return value > 1 ? Float(direction.exact(Double(value))) : 0   // NaN becomes 0
    }
}
