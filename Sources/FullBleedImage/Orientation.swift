/// EXIF / TIFF orientation (tag 0x0112): how stored pixels must be transformed to display upright.
///
/// The raw values follow the TIFF 6.0 definition of where row 0 and column 0 of the stored image lie.
public enum Orientation: Int, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Row 0 top, column 0 left: already upright.
    case up = 1
    /// Mirrored horizontally.
    case upMirrored = 2
    /// Rotated 180 degrees.
    case down = 3
    /// Mirrored vertically.
    case downMirrored = 4
    /// Mirrored horizontally, then rotated 270 degrees clockwise (transpose).
    case leftMirrored = 5
    /// Must be rotated 90 degrees clockwise to display.
    case right = 6
    /// Mirrored horizontally, then rotated 90 degrees clockwise (transverse).
    case rightMirrored = 7
    /// Must be rotated 270 degrees clockwise (90 counter-clockwise) to display.
    case left = 8

    /// Whether displaying swaps width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The displayed size of stored pixels of `stored` size.
    public func displaySize(ofStored stored: PixelSize) -> PixelSize {
        swapsDimensions ? stored.transposed : stored
    }

    /// Maps a displayed pixel `(dx, dy)` to the stored pixel it shows, for a stored image of `stored` size.
    @inlinable
    public func storedCoordinate(displayX dx: Int, displayY dy: Int, stored: PixelSize) -> (x: Int, y: Int) {
        let w = stored.width, h = stored.height
        switch self {
        case .up: return (dx, dy)
        case .upMirrored: return (w - 1 - dx, dy)
        case .down: return (w - 1 - dx, h - 1 - dy)
        case .downMirrored: return (dx, h - 1 - dy)
        case .leftMirrored: return (dy, dx)
        case .right: return (dy, h - 1 - dx)
        case .rightMirrored: return (w - 1 - dy, h - 1 - dx)
        case .left: return (w - 1 - dy, dx)
        }
    }

    public var description: String {
        switch self {
        case .up: return "1 (normal)"
        case .upMirrored: return "2 (mirror horizontal)"
        case .down: return "3 (rotate 180)"
        case .downMirrored: return "4 (mirror vertical)"
        case .leftMirrored: return "5 (mirror horizontal, rotate 270 CW)"
        case .right: return "6 (rotate 90 CW)"
        case .rightMirrored: return "7 (mirror horizontal, rotate 90 CW)"
        case .left: return "8 (rotate 270 CW)"
        }
    }
}
