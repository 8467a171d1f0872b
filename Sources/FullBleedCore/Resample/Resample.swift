import FullBleedImage

/// Resizing: separable filtering (Lanczos3 by default) with support scaling when reducing,
/// renormalised weights, premultiplied alpha and, by default, linear light. SPEC section 5.
extension Image {
    /// This image (or the `sourceRect` part of it) resampled to `size` pixels.
    ///
    /// - Accepts any format; returns the same layout, sample type, alpha mode, transfer and colour space.
    /// - Samples are averaged as Float in `options.space` (linear light by default: the sRGB curve is
    ///   removed first and applied again at the end), with colour premultiplied by alpha, so transparent
    ///   pixels lend no colour to their neighbours (no dark or bright fringes).
    /// - Integer outputs are clamped to 0...1 (colour to 0...alpha before unpremultiplying) and rounded,
    ///   or dithered per `options.quantization`. Float outputs are clamped below at 0 (and colour to
    ///   alpha when there is alpha) and not quantised.
    /// - A constant image stays exactly constant for 8- and 16-bit outputs (to Float rounding for float).
    /// - Cropping through `sourceRect` (source pixels) avoids copying the crop first.
    /// - Deterministic: the same input gives the same bytes with or without `options.parallel`.
    public func resized(to size: PixelSize, from sourceRect: PixelRect? = nil, options: ResampleOptions = ResampleOptions()) -> Image {
        let region = sourceRect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        return resized(horizontal: ResampleWeights(inputSize: region.width, outputSize: size.width, filter: options.filter),
                       vertical: ResampleWeights(inputSize: region.height, outputSize: size.height, filter: options.filter),
                       from: region, options: options)
    }

    /// Resamples with weights built beforehand (reuse them across images of the same geometry).
    /// `horizontal.inputSize` and `vertical.inputSize` must equal the region's width and height;
    /// the output is `horizontal.outputSize x vertical.outputSize`; `options.filter` is not used.
    public func resized(horizontal: ResampleWeights, vertical: ResampleWeights, from sourceRect: PixelRect? = nil,
                        options: ResampleOptions = ResampleOptions()) -> Image {
        resampled(horizontal: horizontal, vertical: vertical, from: sourceRect, outputFormat: format, options: options)
    }

    /// The float path for chaining: this image (any format) resampled to `size` and returned as
    /// 32-bit float, linear light, premultiplied alpha (the format of `linearPremultiplied()`), without
    /// quantising. Values are clamped below at 0; colour to alpha where there is alpha.
    public func linearPremultipliedResized(to size: PixelSize, from sourceRect: PixelRect? = nil,
                                           filter: ResampleFilter = .lanczos3, parallel: Bool = true) -> Image {
        let region = sourceRect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let target = PixelFormat(layout: layout, sampleType: .float32, alphaMode: .premultiplied, transfer: .linear)
        return resampled(horizontal: ResampleWeights(inputSize: region.width, outputSize: size.width, filter: filter),
                         vertical: ResampleWeights(inputSize: region.height, outputSize: size.height, filter: filter),
                         from: region, outputFormat: target,
                         options: ResampleOptions(filter: filter, space: .linear, parallel: parallel))
    }

    /// `resized(to:from:options:)` on a chosen build of the filter loops (tests compare them).
    func resized(to size: PixelSize, from sourceRect: PixelRect? = nil, options: ResampleOptions = ResampleOptions(),
                 kernel: ResampleKernel) -> Image {
        let region = sourceRect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        return resampled(horizontal: ResampleWeights(inputSize: region.width, outputSize: size.width, filter: options.filter),
                         vertical: ResampleWeights(inputSize: region.height, outputSize: size.height, filter: options.filter),
                         from: region, outputFormat: format, options: options, kernel: kernel)
    }

    private func resampled(horizontal: ResampleWeights, vertical: ResampleWeights, from sourceRect: PixelRect?,
                           outputFormat: PixelFormat, options: ResampleOptions, kernel: ResampleKernel = .best) -> Image {
        let region = sourceRect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        precondition(!region.isEmpty && PixelRect(x: 0, y: 0, width: width, height: height).contains(region),
                     "resample region \(region) outside image \(width)x\(height)")
        precondition(horizontal.inputSize == region.width && vertical.inputSize == region.height,
                     "weights for \(horizontal.inputSize)x\(vertical.inputSize) do not match region \(region)")
        let engine = Resampler(horizontal: horizontal, vertical: vertical, region: region, space: options.space,
                               outputFormat: outputFormat, quantization: options.quantization, parallel: options.parallel,
                               kernel: kernel)
        return engine.resample(self)
    }
}
