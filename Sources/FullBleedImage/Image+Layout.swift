/// Channel layout changes: gray <-> RGB, adding and removing alpha.
extension Image {
    /// Converts to another channel layout with the same sample type.
    ///
    /// - gray -> RGB replicates the gray sample; RGB -> gray uses Rec. 709 weights on the stored values.
    /// - Adding alpha sets it to opaque.
    /// - Removing alpha composites straight-alpha colour over `background` (encoded 0...1 values, one per
    ///   colour channel of the *target*; default white), in the image's own transfer (what browsers do).
    public func converted(toLayout target: ChannelLayout, background: [Double] = [1, 1, 1]) -> Image {
        if target == layout { return self }
        precondition(format.alphaMode == .straight, "convert layouts on straight-alpha images")
        let src = self.toFloatSamples()
        let srcChannels = channelCount, dstChannels = target.channelCount
        let pixels = width * height
        var dst = [Float](repeating: 0, count: pixels * dstChannels)
        let bg = (0..<3).map { Float(background[min($0, background.count - 1)]) }
        for i in 0..<pixels {
            let s = i * srcChannels, d = i * dstChannels
            var r: Float, g: Float, b: Float, a: Float = 1
            if layout.isColor { r = src[s]; g = src[s + 1]; b = src[s + 2] } else { r = src[s]; g = r; b = r }
            if layout.hasAlpha { a = src[s + srcChannels - 1] }
            if !target.hasAlpha && layout.hasAlpha {
                r = r * a + bg[0] * (1 - a)
                g = g * a + bg[1] * (1 - a)
                b = b * a + bg[2] * (1 - a)
            }
            if target.isColor {
                dst[d] = r; dst[d + 1] = g; dst[d + 2] = b
            } else {
                dst[d] = layout.isColor ? 0.2126 * r + 0.7152 * g + 0.0722 * b : r
            }
            if target.hasAlpha { dst[d + dstChannels - 1] = a }
        }
        return Image.fromFloatSamples(dst, width: width, height: height,
                                      format: PixelFormat(layout: target, sampleType: format.sampleType, alphaMode: .straight, transfer: format.transfer),
                                      colorSpace: colorSpace)
    }

    /// Whether every alpha sample is fully opaque (true for images without alpha).
    public var isOpaque: Bool {
        guard hasAlpha else { return true }
        let channels = channelCount, pixels = width * height
        switch format.sampleType {
        case .uint8:
            return withUnsafeSamples(as: UInt8.self) { p in !(0..<pixels).contains { p[$0 * channels + channels - 1] != 255 } }
        case .uint16:
            return withUnsafeSamples(as: UInt16.self) { p in !(0..<pixels).contains { p[$0 * channels + channels - 1] != 65535 } }
        case .float32:
            return withUnsafeSamples(as: Float.self) { p in !(0..<pixels).contains { p[$0 * channels + channels - 1] < 1 } }
        }
    }

    /// Samples as floats in 0...1 (integer samples divided by their maximum), no transfer change.
    func toFloatSamples() -> [Float] {
        let count = width * height * channelCount
        switch format.sampleType {
        case .uint8: return withUnsafeSamples(as: UInt8.self) { p in (0..<count).map { Float(p[$0]) * (1 / 255) } }
        case .uint16: return withUnsafeSamples(as: UInt16.self) { p in (0..<count).map { Float(p[$0]) * (1 / 65535) } }
        case .float32: return floatSamples
        }
    }

    /// Builds an image of `format` from floats in 0...1, rounding to integer types.
    static func fromFloatSamples(_ values: [Float], width: Int, height: Int, format: PixelFormat, colorSpace: ColorSpace) -> Image {
        var out = Image(width: width, height: height, format: format, colorSpace: colorSpace)
        switch format.sampleType {
        case .uint8:
            out.withUnsafeMutableSamples(as: UInt8.self) { p in for i in values.indices { p[i] = UInt8(max(0, min(255, values[i] * 255 + 0.5))) } }
        case .uint16:
            out.withUnsafeMutableSamples(as: UInt16.self) { p in for i in values.indices { p[i] = UInt16(max(0, min(65535, values[i] * 65535 + 0.5))) } }
        case .float32:
            out.withUnsafeMutableSamples(as: Float.self) { p in for i in values.indices { p[i] = values[i] } }
        }
        return out
    }
}
