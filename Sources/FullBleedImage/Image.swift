/// A raster image: a value type over a reference-counted pixel buffer, copied on write.
///
/// Rows are stored top to bottom, tightly packed (`bytesPerRow == width * format.bytesPerPixel`),
/// samples interleaved in `format.layout` order. 16-bit and float samples are in native byte order.
/// The pixel buffer is only reachable through the `withUnsafe...` closures; do not let the pointers escape.
public struct Image: Sendable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// What the sample values mean (sRGB, Display P3, or an embedded profile).
    public var colorSpace: ColorSpace

    @usableFromInline var storage: PixelStorage

    /// A zero-filled image (transparent black where there is alpha).
    ///
    /// - Precondition: width and height are positive and the byte count fits in `Int`.
    ///   Decoders check sizes against their pixel limit before calling this.
    public init(width: Int, height: Int, format: PixelFormat, colorSpace: ColorSpace = .sRGB) {
        precondition(width > 0 && height > 0, "image dimensions must be positive, got \(width)x\(height)")
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: format.bytesPerPixel)
        precondition(!o1 && !o2, "image byte count overflows: \(width)x\(height)")
        self.width = width
        self.height = height
        self.format = format
        self.colorSpace = colorSpace
        self.storage = PixelStorage(byteCount: bytes)
    }

    /// An image whose samples are given as 8-bit values (row-major, interleaved).
    public init(width: Int, height: Int, layout: ChannelLayout, samples: [UInt8], colorSpace: ColorSpace = .sRGB) {
        self.init(width: width, height: height, format: PixelFormat(layout: layout, sampleType: .uint8), colorSpace: colorSpace)
        precondition(samples.count == byteCount, "expected \(byteCount) samples, got \(samples.count)")
        withUnsafeMutableBytes { dst in samples.withUnsafeBytes { dst.copyMemory(from: $0) } }
    }

    /// An image whose samples are given as 16-bit values (row-major, interleaved).
    public init(width: Int, height: Int, layout: ChannelLayout, samples16: [UInt16], colorSpace: ColorSpace = .sRGB) {
        self.init(width: width, height: height, format: PixelFormat(layout: layout, sampleType: .uint16), colorSpace: colorSpace)
        precondition(samples16.count * 2 == byteCount, "expected \(byteCount / 2) samples, got \(samples16.count)")
        withUnsafeMutableBytes { dst in samples16.withUnsafeBytes { dst.copyMemory(from: $0) } }
    }

    /// An image whose samples are given as floats (row-major, interleaved).
    public init(width: Int, height: Int, format: PixelFormat, floatSamples: [Float], colorSpace: ColorSpace = .sRGB) {
        precondition(format.sampleType == .float32)
        self.init(width: width, height: height, format: format, colorSpace: colorSpace)
        precondition(floatSamples.count * 4 == byteCount, "expected \(byteCount / 4) samples, got \(floatSamples.count)")
        withUnsafeMutableBytes { dst in floatSamples.withUnsafeBytes { dst.copyMemory(from: $0) } }
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var layout: ChannelLayout { format.layout }
    public var channelCount: Int { format.layout.channelCount }
    public var hasAlpha: Bool { format.layout.hasAlpha }
    public var bytesPerRow: Int { width * format.bytesPerPixel }
    public var byteCount: Int { bytesPerRow * height }
    /// Samples per row (`width * channelCount`).
    public var samplesPerRow: Int { width * channelCount }

    /// Lends the pixel bytes read-only. Do not escape the pointer.
    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.byteCount))
    }

    /// Lends the pixel bytes for writing, copying the buffer first if it is shared. Do not escape the pointer.
    @inlinable
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return try body(UnsafeMutableRawBufferPointer(start: storage.base, count: storage.byteCount))
    }

    /// Lends the samples typed as `T` (UInt8, UInt16 or Float, matching `format.sampleType`). Do not escape the pointer.
    @inlinable
    public func withUnsafeSamples<T, R>(as type: T.Type, _ body: (UnsafeBufferPointer<T>) throws -> R) rethrows -> R {
        precondition(MemoryLayout<T>.size == format.sampleType.byteCount, "sample type mismatch: \(T.self) for \(format.sampleType)")
        return try withUnsafeBytes { raw in try body(raw.bindMemory(to: T.self)) }
    }

    /// Lends the samples typed as `T` for writing. Do not escape the pointer.
    @inlinable
    public mutating func withUnsafeMutableSamples<T, R>(as type: T.Type, _ body: (UnsafeMutableBufferPointer<T>) throws -> R) rethrows -> R {
        precondition(MemoryLayout<T>.size == format.sampleType.byteCount, "sample type mismatch: \(T.self) for \(format.sampleType)")
        return try withUnsafeMutableBytes { raw in try body(raw.bindMemory(to: T.self)) }
    }

    /// All samples as 8-bit values (only for `.uint8` images): convenient for tests and small images.
    public var samples8: [UInt8] { withUnsafeSamples(as: UInt8.self) { Array($0) } }
    /// All samples as 16-bit values (only for `.uint16` images).
    public var samples16: [UInt16] { withUnsafeSamples(as: UInt16.self) { Array($0) } }
    /// All samples as floats (only for `.float32` images).
    public var floatSamples: [Float] { withUnsafeSamples(as: Float.self) { Array($0) } }

    /// A copy that shares pixels but carries another format tag. Only for re-tagging with the same
    /// memory layout (for example marking a buffer premultiplied after premultiplying it in place).
    public func retagged(_ newFormat: PixelFormat) -> Image {
        precondition(newFormat.bytesPerPixel == format.bytesPerPixel && newFormat.layout == format.layout)
        return Image(width: width, height: height, format: newFormat, colorSpace: colorSpace, storage: storage)
    }

    @usableFromInline
    init(width: Int, height: Int, format: PixelFormat, colorSpace: ColorSpace, storage: PixelStorage) {
        self.width = width
        self.height = height
        self.format = format
        self.colorSpace = colorSpace
        self.storage = storage
    }
}

extension Image: Equatable {
    /// Images are equal when size, format, colour space and every byte are equal.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.format == rhs.format,
              lhs.colorSpace == rhs.colorSpace else { return false }
        if lhs.storage === rhs.storage { return true }
        return lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in a.elementsEqual(b) } }
    }
}

extension Image: CustomStringConvertible {
    public var description: String { "Image(\(width)x\(height), \(format), \(colorSpace))" }
}

/// The heap buffer behind `Image`: 64-byte aligned, zero-filled on creation, freed in `deinit`.
@usableFromInline
final class PixelStorage: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline let byteCount: Int

    init(byteCount: Int) {
        self.byteCount = byteCount
        self.base = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    @usableFromInline
    func copy() -> PixelStorage {
        let other = PixelStorage(uninitializedByteCount: byteCount)
        other.base.copyMemory(from: base, byteCount: byteCount)
        return other
    }

    private init(uninitializedByteCount byteCount: Int) {
        self.byteCount = byteCount
        self.base = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 64)
    }

    deinit { base.deallocate() }
}
