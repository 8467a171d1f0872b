import Foundation
import FullBleedImage

/// A slow, double-precision Lanczos3 resize written from the formulas in SPEC 5.1-5.3, independently
/// of the engine: the oracle for the accuracy tests. 8-bit RGB / RGBA in, 8-bit out, rounded.
enum ReferenceResize {
    static func sinc(_ x: Double) -> Double {
        x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
    }

    static func lanczos3(_ x: Double) -> Double {
        abs(x) < 3 ? sinc(x) * sinc(x / 3) : 0
    }

    /// Pillow-style taps for output `i`: first input index and normalised weights.
    static func taps(_ i: Int, inputSize: Int, outputSize: Int) -> (Int, [Double]) {
        let scale = Double(inputSize) / Double(outputSize)
        let stretch = max(scale, 1)
        let support = 3 * stretch
        let center = (Double(i) + 0.5) * scale
        let first = max(0, Int(floor(center - support + 0.5)))
        let end = min(inputSize, Int(floor(center + support + 0.5)))
        var w = (first..<end).map { lanczos3((Double($0) - center + 0.5) / stretch) }
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        return (first, w)
    }

    static func srgbToLinear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func linearToSRGB(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    static func resize(_ image: Image, to size: PixelSize, linear: Bool = true) -> Image {
        precondition(image.format.sampleType == .uint8 && image.layout.isColor)
        let ch = image.channelCount, hasAlpha = image.hasAlpha
        let w = image.width, h = image.height
        let decodeTable = (0..<256).map { linear ? srgbToLinear(Double($0) / 255) : Double($0) / 255 }
        let src = image.samples8
        var plane = [Double](repeating: 0, count: w * h * ch)
        for p in 0..<(w * h) {
            let alpha = hasAlpha ? Double(src[p * ch + ch - 1]) / 255 : 1
            for c in 0..<ch {
                let isAlpha = hasAlpha && c == ch - 1
                plane[p * ch + c] = isAlpha ? alpha : decodeTable[Int(src[p * ch + c])] * alpha
            }
        }
        let ow = size.width, oh = size.height
        var horizontal = [Double](repeating: 0, count: ow * h * ch)
        for x in 0..<ow {
            let (first, weights) = taps(x, inputSize: w, outputSize: ow)
            for y in 0..<h {
                for c in 0..<ch {
                    var sum = 0.0
                    for (k, weight) in weights.enumerated() { sum += weight * plane[(y * w + first + k) * ch + c] }
                    horizontal[(y * ow + x) * ch + c] = sum
                }
            }
        }
        var out = [UInt8](repeating: 0, count: ow * oh * ch)
        var px = [Double](repeating: 0, count: ch)
        for y in 0..<oh {
            let (first, weights) = taps(y, inputSize: h, outputSize: oh)
            for x in 0..<ow {
                for c in 0..<ch {
                    px[c] = 0
                    for (k, weight) in weights.enumerated() { px[c] += weight * horizontal[((first + k) * ow + x) * ch + c] }
                }
                let alpha = hasAlpha ? min(1, max(0, px[ch - 1])) : 1
                for c in 0..<ch {
                    var value: Double
                    if hasAlpha && c == ch - 1 {
                        value = alpha
                    } else {
                        value = alpha > 0 ? min(1, max(0, px[c] / alpha)) : 0
                        if hasAlpha && px[c] > alpha { value = 1 }
                        if linear { value = linearToSRGB(value) }
                    }
                    out[(y * ow + x) * ch + c] = UInt8((value * 255).rounded())
                }
            }
        }
        return Image(width: ow, height: oh, layout: image.layout, samples: out, colorSpace: image.colorSpace)
    }
}
