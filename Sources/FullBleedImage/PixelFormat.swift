/// How the samples of one pixel are laid out, in memory order.
public enum ChannelLayout: String, Sendable, Hashable, CaseIterable, Codable {
    /// One luminance sample.
    case gray
    /// Luminance then alpha.
    case grayAlpha
    /// Red, green, blue.
    case rgb
    /// Red, green, blue, alpha.
    case rgba

    /// Samples per pixel.
    @inlinable public var channelCount: Int {
        switch self {
        case .gray: return 1
        case .grayAlpha: return 2
        case .rgb: return 3
        case .rgba: return 4
        }
    }

    /// Whether the last sample of each pixel is alpha.
    @inlinable public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }

    /// Samples per pixel that carry colour (1 for gray, 3 for RGB).
    @inlinable public var colorChannelCount: Int { hasAlpha ? channelCount - 1 : channelCount }

    /// Whether the colour samples are red, green and blue.
    @inlinable public var isColor: Bool { self == .rgb || self == .rgba }

    /// The same colour model with alpha added or removed.
    public func withAlpha(_ alpha: Bool) -> ChannelLayout {
        switch (isColor, alpha) {
        case (true, true): return .rgba
        case (true, false): return .rgb
        case (false, true): return .grayAlpha
        case (false, false): return .gray
        }
    }
}

/// The storage type of one sample.
public enum SampleType: String, Sendable, Hashable, CaseIterable, Codable {
    /// 8-bit unsigned, 0...255 maps to 0...1.
    case uint8
    /// 16-bit unsigned in native byte order, 0...65535 maps to 0...1.
    case uint16
    /// 32-bit float, nominally 0...1 (values outside are allowed in intermediates).
    case float32

    /// Bytes per sample.
    @inlinable public var byteCount: Int {
        switch self {
        case .uint8: return 1
        case .uint16: return 2
        case .float32: return 4
        }
    }

    /// Significant bits per sample as a file format would state them (8, 16, or 32 for float).
    @inlinable public var bitDepth: Int { byteCount * 8 }
}

/// Whether colour samples are multiplied by alpha. Images without an alpha channel are `.straight`.
public enum AlphaMode: String, Sendable, Hashable, Codable {
    /// Colour samples are independent of alpha (PNG, WebP and most files store this).
    case straight
    /// Colour samples are already multiplied by alpha (what filters need to avoid halos).
    case premultiplied
}

/// Whether sample values are transfer-encoded (gamma, what files store) or linear light.
public enum Transfer: String, Sendable, Hashable, Codable {
    /// Encoded with the colour space's transfer curve (the sRGB curve for sRGB and Display P3).
    case encoded
    /// Linear light: proportional to physical intensity. Only meaningful with `.float32` or `.uint16` samples.
    case linear
}

/// The complete description of a pixel buffer's memory format.
public struct PixelFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    public var layout: ChannelLayout
    public var sampleType: SampleType
    public var alphaMode: AlphaMode
    public var transfer: Transfer

    public init(layout: ChannelLayout, sampleType: SampleType, alphaMode: AlphaMode = .straight, transfer: Transfer = .encoded) {
        self.layout = layout
        self.sampleType = sampleType
        self.alphaMode = layout.hasAlpha ? alphaMode : .straight
        self.transfer = transfer
    }

    /// Bytes per pixel.
    @inlinable public var bytesPerPixel: Int { layout.channelCount * sampleType.byteCount }

    public var description: String {
        var text = "\(layout.rawValue) \(sampleType.rawValue)"
        if layout.hasAlpha && alphaMode == .premultiplied { text += " premultiplied" }
        if transfer == .linear { text += " linear" }
        return text
    }

    public static let rgb8 = PixelFormat(layout: .rgb, sampleType: .uint8)
    public static let rgba8 = PixelFormat(layout: .rgba, sampleType: .uint8)
    public static let gray8 = PixelFormat(layout: .gray, sampleType: .uint8)
}
