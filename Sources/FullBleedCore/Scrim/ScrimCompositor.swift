import FullBleedColor
import FullBleedImage

/// Composites scrim gradients over an image, row by row, in the image's own format.
///
/// Each row gets each scrim's opacity at the row's centre (`ScrimRecommendation.opacity(atDistancePoints:)`,
/// distance from the scrim's edge in points), applied in order. Gamma compositing blends the encoded values
/// (`c' = (1-α)·c + α·s`), linear compositing blends linear light (`c' = enc((1-α)·lin(c) + α·s)`) with the
/// colour space's curve; `s` is 0 for black and 1 for white, which are the same in every RGB space.
/// Alpha is kept: colour is composited as if the pixel were opaque (premultiplied colour is divided by
/// alpha first). 8-bit samples go through a 256-entry table per row (rounded to nearest); others are
/// computed per sample. Deterministic.
enum ScrimCompositor {
    static func composite(_ image: Image, scrims: [ScrimRecommendation], pixelsPerPoint: Double, heroHeightPoints: Double) -> Image {
        guard !scrims.isEmpty else { return image }
        let curve = (LuminanceModel(family: image.colorSpace.family) ?? .sRGB).curve
        let storedLinear = image.format.transfer == .linear
        var out = image
        let width = image.width, channels = image.channelCount, colorChannels = image.layout.colorChannelCount
        let premultiplied = image.format.alphaMode == .premultiplied && image.hasAlpha

        for y in 0..<image.height {
            let centre = (Double(y) + 0.5) / pixelsPerPoint
            let layers = scrims.map { scrim -> (opacity: Double, value: Double, linear: Bool) in
                let distance = scrim.edge == .top ? centre : heroHeightPoints - centre
                return (scrim.opacity(atDistancePoints: distance), scrim.color == .black ? 0 : 1, scrim.compositing == .linearLight)
            }
            guard layers.contains(where: { $0.opacity > 0 }) else { continue }
            /// Encoded value (0...1) -> encoded value after every layer.
            func transform(_ encoded: Double) -> Double {
                var v = encoded
                for layer in layers where layer.opacity > 0 {
                    let keep = 1 - layer.opacity
                    v = layer.linear ? curve.encoded(keep * curve.linear(v) + layer.opacity * layer.value)
                        : keep * v + layer.opacity * layer.value
                }
                return min(1, max(0, v))
            }
            /// A stored sample (0...1, straight) -> the composited stored sample.
            func mapStored(_ stored: Double) -> Double {
                storedLinear ? curve.linear(transform(curve.encoded(stored))) : transform(stored)
            }
            let rowStart = y * width * channels
            switch image.format.sampleType {
            case .uint8 where !premultiplied:
                let table = (0..<256).map { UInt8((mapStored(Double($0) / 255) * 255).rounded()) }
                table.withUnsafeBufferPointer { lut in
                    out.withUnsafeMutableSamples(as: UInt8.self) { samples in
                        for x in 0..<width {
                            let base = rowStart + x * channels
                            for c in 0..<colorChannels { samples[base + c] = lut[Int(samples[base + c])] }
                        }
                    }
                }
            case .uint8:
                out.withUnsafeMutableSamples(as: UInt8.self) { samples in
                    mapRow(samples, rowStart: rowStart, width: width, channels: channels, colorChannels: colorChannels,
                           scale: 255, premultiplied: premultiplied, map: mapStored)
                }
            case .uint16:
                out.withUnsafeMutableSamples(as: UInt16.self) { samples in
                    mapRow(samples, rowStart: rowStart, width: width, channels: channels, colorChannels: colorChannels,
                           scale: 65535, premultiplied: premultiplied, map: mapStored)
                }
            case .float32:
                out.withUnsafeMutableSamples(as: Float.self) { samples in
                    for x in 0..<width {
                        let base = rowStart + x * channels
                        let alpha = premultiplied ? Double(samples[base + channels - 1]) : 1
                        guard alpha > 0 else { continue }
                        for c in 0..<colorChannels {
                            samples[base + c] = Float(mapStored(Double(samples[base + c]) / alpha) * alpha)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Integer samples of one row through `map` (straight values 0...1), rounded to nearest.
    private static func mapRow<T: FixedWidthInteger>(_ samples: UnsafeMutableBufferPointer<T>, rowStart: Int, width: Int,
                                                     channels: Int, colorChannels: Int, scale: Double, premultiplied: Bool,
                                                     map: (Double) -> Double) {
        for x in 0..<width {
            let base = rowStart + x * channels
            let alpha = premultiplied ? Double(samples[base + channels - 1]) / scale : 1
            guard alpha > 0 else { continue }
            for c in 0..<colorChannels {
                let straight = min(1, Double(samples[base + c]) / scale / alpha)
                samples[base + c] = T((map(straight) * alpha * scale).rounded())
            }
        }
    }
}
