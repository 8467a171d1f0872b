import CLCMS2
import Foundation
@testable import FullBleedColor
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Profiles, colours and conversions shared by the colour-management tests.
enum ColorFixtures {
    /// ROMM RGB / ProPhoto: D50 white (ISO 22028-2).
    static let proPhoto = RGBPrimaries(red: SIMD2(0.7347, 0.2653), green: SIMD2(0.1596, 0.8404), blue: SIMD2(0.0366, 0.0001),
                                       white: SIMD2(0.3457, 0.3585))
    /// ITU-R BT.2020: D65 white.
    static let rec2020 = RGBPrimaries(red: SIMD2(0.708, 0.292), green: SIMD2(0.170, 0.797), blue: SIMD2(0.131, 0.046),
                                      white: RGBPrimaries.d65)

    /// ICC bytes written by lcms2 for a matrix-shaper profile.
    static func rgbProfile(_ primaries: RGBPrimaries, curve: LuminanceModel.Curve) throws -> ICCProfile {
        let context = try LCMSContext()
        return ICCInspector.inspect(try ColorProfile.rgb(primaries: primaries, curve: curve, context: context).serialized())
    }

    /// ICC bytes written by lcms2 for a gray profile (D65 white).
    static func grayProfile(curve: LuminanceModel.Curve) throws -> ICCProfile {
        let context = try LCMSContext()
        return ICCInspector.inspect(try ColorProfile.gray(curve: curve, context: context).serialized())
    }

    /// lcms2's own sRGB profile as ICC bytes.
    static func sRGBProfile() throws -> ICCProfile {
        ICCInspector.inspect(try ColorProfile.sRGB(context: try LCMSContext()).serialized())
    }

    /// The ICC profile embedded in a corpus file.
    static func corpusProfile(_ relative: String) throws -> ICCProfile {
        let decoded = try Codecs.decode(try TestPaths.bytes(TestPaths.corpusFile(relative)))
        guard let icc = decoded.image.colorSpace.icc else { throw MissingProfile(file: relative) }
        return icc
    }

    /// A corpus file expected to carry an ICC profile has none.
    struct MissingProfile: Error { let file: String }

    /// Every combination of the levels 0, 64, 128, 192, 255 on R, G, B (125 pixels, 25x5), encoded 8-bit.
    static let colorCube: Image = {
        let levels: [UInt8] = [0, 64, 128, 192, 255]
        var samples: [UInt8] = []
        for r in levels { for g in levels { for b in levels { samples += [r, g, b] } } }
        return Image(width: 25, height: 5, layout: .rgb, samples: samples)
    }()

    /// `image` (8- or 16-bit RGB/RGBA, encoded) converted from sRGB into `destination` with lcms2
    /// (relative colorimetric, unoptimised, alpha copied), tagged `tag`: a wide-gamut copy of an sRGB picture.
    static func fromSRGB(_ image: Image, into destination: ICCProfile, tag: ColorSpace) throws -> Image {
        let context = try LCMSContext()
        let format = LCMSPixelFormat(layout: image.layout, sampleType: image.format.sampleType)
        let flags = cmsUInt32Number(cmsFLAGS_NOOPTIMIZE) | (image.hasAlpha ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0)
        let transform = try ColorProfileTransform(from: try ColorProfile.sRGB(context: context), format,
                                                  to: try ColorProfile(iccBytes: destination.bytes, context: context), format,
                                                  intent: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags: flags)
        var out = Image(width: image.width, height: image.height, format: image.format, colorSpace: tag)
        transform.apply(image, into: &out)
        return out
    }

    /// A 16-bit RGBA picture with smooth colours and an alpha ramp (deterministic).
    static func photoLike16(width: Int, height: Int) -> Image {
        var samples = [UInt16](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let fx = Double(x) / Double(max(1, width - 1)), fy = Double(y) / Double(max(1, height - 1))
                samples[i] = UInt16((fx * 65535).rounded())
                samples[i + 1] = UInt16(((0.5 + 0.5 * sin(Double(x + 3 * y) * 0.11)) * 65535).rounded())
                samples[i + 2] = UInt16((fy * 65535).rounded())
                samples[i + 3] = UInt16(((fx + fy) / 2 * 65535).rounded())
            }
        }
        return Image(width: width, height: height, layout: .rgba, samples16: samples)
    }

    /// A large deterministic RGB8 image filled fast (row tiles of a smooth pattern): for timings.
    static func largeRGB8(width: Int, height: Int, colorSpace: ColorSpace) -> Image {
        var image = Image(width: width, height: height, format: .rgb8, colorSpace: colorSpace)
        let tile = SyntheticImages.photoLike(width: width, height: 64).samples8
        image.withUnsafeMutableBytes { dst in
            tile.withUnsafeBytes { src in
                var offset = 0
                while offset < dst.count {
                    let count = min(src.count, dst.count - offset)
                    (dst.baseAddress! + offset).copyMemory(from: src.baseAddress!, byteCount: count)
                    offset += count
                }
            }
        }
        return image
    }

    /// Seconds of one run of `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let elapsed = try ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}
