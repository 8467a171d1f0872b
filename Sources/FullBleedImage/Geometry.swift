/// A size in device pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width * height`, or nil when the product overflows `Int`.
    public var pixelCount: Int? {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : product
    }

    /// The size with width and height exchanged (a 90-degree rotation).
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// Width divided by height (0 for an empty size).
    public var aspectRatio: Double { height == 0 ? 0 : Double(width) / Double(height) }

    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle in device pixels; `x`, `y` is the top-left corner.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin x: Int, _ y: Int, size: PixelSize) {
        self.init(x: x, y: y, width: size.width, height: size.height)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether `other` lies completely inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
