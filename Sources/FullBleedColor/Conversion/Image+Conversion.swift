import FullBleedImage
/// Format conversions: sample type, transfer (encoded <-> linear), premultiplication, channel layout.
/// All are deterministic and keep the colour space tag.
extension Image {
    /// This image as 32-bit float samples in linear light with premultiplied alpha: the working
    /// format of resampling and blurring. Decoding uses the sRGB curve (correct for sRGB and Display P3).
    public func linearPremultiplied() -> Image {
        let target = PixelFormat(layout: layout, sampleType: .float32, alphaMode: .premultiplied, transfer: .linear)
        if format == target { return self }
        var out = self.converted(to: PixelFormat(layout: layout, sampleType: .float32, alphaMode: .straight, transfer: .linear))
        if out.hasAlpha { out = out.premultiplied() }
        return out
    }

    /// Converts sample type and transfer; alpha mode must match or be changed with `premultiplied()` /
    /// `unpremultiplied()` (encoding a premultiplied image unpremultiplies it first).
    ///
    /// Integer -> integer conversions round to nearest (16 -> 8 bit: `round(v / 257)`).
    /// Float -> integer conversions clamp to 0...1 and round to nearest.
    public func converted(to target: PixelFormat) -> Image {
        precondition(target.layout == layout, "use converted(toLayout:) to change channels")
        if target == format { return self }
        var source = self
        if format.alphaMode == .premultiplied && target.alphaMode == .straight { source = source.unpremultiplied() }
        if source.format.sampleType == target.sampleType && source.format.transfer == target.transfer {
            var result = source.retagged(PixelFormat(layout: layout, sampleType: target.sampleType, alphaMode: source.format.alphaMode, transfer: target.transfer))
            if target.alphaMode == .premultiplied && result.format.alphaMode == .straight { result = result.premultiplied() }
            return result
        }
        // Go through float, then to the target type.
        let asFloat = source.toFloat(linear: target.transfer == .linear, exactEncode: target.sampleType != .uint8)
        var result: Image
        switch target.sampleType {
        case .float32: result = asFloat
        case .uint8, .uint16: result = asFloat.quantized(to: target.sampleType)
        }
        if target.alphaMode == .premultiplied && result.format.alphaMode == .straight { result = result.premultiplied() }
        return result
    }

    /// Float samples; colour samples linearised with the sRGB curve when `linear` and the source is encoded,
    /// encoded when the source is linear and `linear` is false. Alpha is always linear coverage.
    /// Encoding uses a 65536-entry table (error < 0.03 of an 8-bit code) unless `exactEncode`, which
    /// evaluates the curve per sample (for 16-bit and float results, where the table is too coarse near black).
    private func toFloat(linear: Bool, exactEncode: Bool) -> Image {
        let fmt = PixelFormat(layout: layout, sampleType: .float32, alphaMode: format.alphaMode, transfer: linear ? .linear : .encoded)
        var out = Image(width: width, height: height, format: fmt, colorSpace: colorSpace)
        let channels = channelCount
        let alphaIndex = hasAlpha ? channels - 1 : -1
        let count = width * height * channels
        let linearise = linear && format.transfer == .encoded
        let encode = !linear && format.transfer == .linear
        out.withUnsafeMutableSamples(as: Float.self) { dst in
            // Per pixel: colour samples through the table (or scaled), then alpha scaled; no per-sample modulo.
            let colorChannels = hasAlpha ? channels - 1 : channels
            let pixels = width * height
            func convert<S: BinaryInteger>(_ src: UnsafeBufferPointer<S>, table: UnsafeBufferPointer<Float>, scale: Float) {
                if linearise {
                    for p in 0..<pixels {
                        let base = p * channels
                        for c in 0..<colorChannels { dst[base + c] = table[Int(src[base + c])] }
                        if alphaIndex >= 0 { dst[base + alphaIndex] = Float(src[base + alphaIndex]) * scale }
                    }
                } else {
                    for i in 0..<count { dst[i] = Float(src[i]) * scale }
                }
            }
            switch format.sampleType {
            case .uint8:
                withUnsafeSamples(as: UInt8.self) { src in
                    SRGBTables.linearFromCode8.withUnsafeBufferPointer { convert(src, table: $0, scale: 1 / 255) }
                }
            case .uint16:
                withUnsafeSamples(as: UInt16.self) { src in
                    SRGBTables.linearFromCode16.withUnsafeBufferPointer { convert(src, table: $0, scale: 1 / 65535) }
                }
            case .float32:
                withUnsafeSamples(as: Float.self) { src in
                    for i in 0..<count { dst[i] = src[i] }
                    if linearise {   // encoded float -> linear: exact curve (rare path, no table)
                        for p in 0..<pixels {
                            for c in 0..<colorChannels { dst[p * channels + c] = Float(SRGBTransfer.linear(Double(src[p * channels + c]))) }
                        }
                    }
                }
            }
            if encode && exactEncode {
                for p in 0..<pixels {
                    let base = p * channels
                    for c in 0..<colorChannels { dst[base + c] = Float(SRGBTransfer.encoded(Double(max(0, min(1, dst[base + c]))))) }
                }
            } else if encode {
                SRGBTables.encodedCode16FromLinear.withUnsafeBufferPointer { lut in
                    for p in 0..<pixels {
                        let base = p * channels
                        for c in 0..<colorChannels {
                            let index = Int(max(0, min(1, dst[base + c])) * SRGBTables.encodeTableScale + 0.5)
                            dst[base + c] = Float(lut[index]) * (1 / 65535)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Float (encoded or linear) -> integer samples of the same transfer, clamped and rounded.
    private func quantized(to sampleType: SampleType) -> Image {
        precondition(format.sampleType == .float32)
        let fmt = PixelFormat(layout: layout, sampleType: sampleType, alphaMode: format.alphaMode, transfer: format.transfer)
        var out = Image(width: width, height: height, format: fmt, colorSpace: colorSpace)
        let count = width * height * channelCount
        withUnsafeSamples(as: Float.self) { src in
            if sampleType == .uint8 {
                out.withUnsafeMutableSamples(as: UInt8.self) { dst in
                    for i in 0..<count { dst[i] = UInt8(max(0, min(255, src[i] * 255 + 0.5))) }
                }
            } else {
                out.withUnsafeMutableSamples(as: UInt16.self) { dst in
                    for i in 0..<count { dst[i] = UInt16(max(0, min(65535, src[i] * 65535 + 0.5))) }
                }
            }
        }
        return out
    }

    /// This image encoded with the sRGB curve into `sampleType` samples with straight alpha: what encoders take.
    /// Linear float input is clamped to 0...1 and encoded through a 16-bit table; integer input is rescaled.
    public func encoded(as sampleType: SampleType) -> Image {
        converted(to: PixelFormat(layout: layout, sampleType: sampleType, alphaMode: .straight, transfer: .encoded))
    }

    /// Colour samples multiplied by alpha. Only for float images (integer premultiplication loses precision).
    public func premultiplied() -> Image {
        guard hasAlpha, format.alphaMode == .straight else { return self }
        precondition(format.sampleType == .float32, "premultiply float images (use linearPremultiplied())")
        var out = self.retagged(PixelFormat(layout: layout, sampleType: .float32, alphaMode: .premultiplied, transfer: format.transfer))
        let channels = channelCount, pixels = width * height
        out.withUnsafeMutableSamples(as: Float.self) { p in
            for i in 0..<pixels {
                let base = i * channels
                let a = p[base + channels - 1]
                for c in 0..<(channels - 1) { p[base + c] *= a }
            }
        }
        return out
    }

    /// Colour samples divided by alpha (zero where alpha is zero). Only for float images.
    public func unpremultiplied() -> Image {
        guard hasAlpha, format.alphaMode == .premultiplied else { return self }
        precondition(format.sampleType == .float32, "premultiplied images are float")
        var out = self.retagged(PixelFormat(layout: layout, sampleType: .float32, alphaMode: .straight, transfer: format.transfer))
        let channels = channelCount, pixels = width * height
        out.withUnsafeMutableSamples(as: Float.self) { p in
            for i in 0..<pixels {
                let base = i * channels
                let a = p[base + channels - 1]
                let inv: Float = a > 0 ? 1 / a : 0
                for c in 0..<(channels - 1) { p[base + c] = min(1, p[base + c] * inv) }
            }
        }
        return out
    }
}
