import Foundation
import FullBleedColor
import FullBleedImage

/// Luminance of a picture's renditions where glyphs sit: the numbers behind "the band stays legible on an
/// HDR screen" (glyphs are drawn at SDR white, luminance 1).
public enum HDRLuminance {
    /// The largest relative luminance (linear light, SDR white = 1) of `picture` inside any of `rects`
    /// (picture pixels): of its SDR rendition when `gainMap` is nil, else of its HDR rendition with the map
    /// applied completely (a display with the map's full headroom, `hdrCapacityMax`), as a decoder
    /// reconstructs it (`GainMap.rendition`). Luminance uses the picture's colour-space family
    /// (`LuminanceModel(family:)`, WCAG's sRGB row for other profiles). 0 without rects.
    public static func peak(of picture: Image, gainMap: GainMap?, in rects: [PixelRect]) -> Double {
        guard !rects.isEmpty else { return 0 }
        // Only the rows the rects span are converted and rendered (the band is a strip of the picture).
        let top = rects.map(\.y).min()!, bottom = rects.map(\.maxY).max()!
        guard bottom > top else { return 0 }
        let band = picture.cropped(to: PixelRect(x: 0, y: top, width: picture.width, height: bottom - top))
        var rgb = band.layout.isColor ? band : band.converted(toLayout: .rgb)
        rgb = rgb.converted(to: PixelFormat(layout: rgb.layout.hasAlpha ? .rgba : .rgb, sampleType: .float32, transfer: .linear))
        if let gainMap {
            rgb = gainMap.rendition(ofLinear: rgb, displayHeadroomLog2: gainMap.metadata.hdrCapacityMax, firstRow: top, baseHeight: picture.height)
        }
        let row = (LuminanceModel(family: picture.colorSpace.family) ?? .wcagSRGB).luminanceRow
        let channels = rgb.channelCount, width = rgb.width
        var peak = 0.0
        rgb.withUnsafeSamples(as: Float.self) { samples in
            for rect in rects {
                for y in (rect.y - top)..<(rect.maxY - top) {
                    for x in rect.x..<rect.maxX {
                        let i = (y * width + x) * channels
                        let luminance = row.x * Double(samples[i]) + row.y * Double(samples[i + 1]) + row.z * Double(samples[i + 2])
                        peak = max(peak, luminance)
                    }
                }
            }
        }
        return peak
    }
}
