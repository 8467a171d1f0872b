import CLCMS2
import FullBleedImage

/// Relative luminance read through an ICC profile with lcms2: any RGB or gray profile, matrix-shaper or LUT.
///
/// Each pixel is transformed to CIE XYZ (the D50 PCS, relative colorimetric) as floats; then the
/// chromatic adaptation lcms2 applied is undone (`ColorProfile.adaptationFromPCS`), so `Y` is relative
/// to the profile's own white, exactly like the built-in models' D65 rows (sRGB blue gives 0.0722, not
/// its D50-adapted 0.0606). The profile's white has `Y = 1`.
///
/// lcms2's float pipeline runs about 5-6 Mpx/s per core: meant for analysis-size images.
struct ProfileLuminance {
    private let transform: ColorProfileTransform
    /// `Y` as weights on PCS X, Y, Z.
    private let weights: SIMD3<Double>

    /// A reader for 8- or 16-bit encoded, straight-alpha samples of `layout` tagged `colorSpace`.
    init(colorSpace: ColorSpace, layout: ChannelLayout, sampleType: SampleType) throws(ColorManagementError) {
        precondition(sampleType != .float32, "read floats as 16-bit encoded samples")
        let context = try LCMSContext()
        let source = try ColorProfile.describing(colorSpace, context: context)
        guard source.matches(layout) else {
            throw .profileMismatch(profileColorSpace: source.dataColorSpace, layout: layout)
        }
        transform = try ColorProfileTransform(from: source, LCMSPixelFormat(layout: layout, sampleType: sampleType),
                                              to: try ColorProfile.xyz(context: context), .xyzFloat,
                                              intent: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags: 0)
        weights = source.adaptationFromPCS().y
    }

    /// `Y` of every pixel of `image`, whose samples must match the reader's layout and sample type.
    func plane(of image: Image) -> LuminancePlane {
        let width = image.width, height = image.height, rowBytes = image.bytesPerRow
        let w = weights, transform = self.transform
        var values = [Float](repeating: 0, count: width * height)
        image.withUnsafeBytes { src in
            values.withUnsafeMutableBufferPointer { out in
                let input = ColorProfileTransform.RowPointer(src.baseAddress!)
                let output = ColorProfileTransform.MutableRowPointer(UnsafeMutableRawPointer(out.baseAddress!))
                ColorProfileTransform.RowBands.run(width: width, height: height) { rows in
                    let y = output.pointer.assumingMemoryBound(to: Float.self)
                    var xyz = [Float](repeating: 0, count: width * 3)
                    xyz.withUnsafeMutableBufferPointer { xyz in
                        for row in rows {
                            transform.apply(input.pointer + row * rowBytes, inputRowBytes: rowBytes,
                                            to: UnsafeMutableRawPointer(xyz.baseAddress!), outputRowBytes: width * 12,
                                            width: width, rows: 1)
                            let start = row * width
                            for x in 0..<width {
                                let sum = w.x * Double(xyz[3 * x]) + w.y * Double(xyz[3 * x + 1]) + w.z * Double(xyz[3 * x + 2])
                                y[start + x] = Float(sum)
                            }
                        }
                    }
                }
            }
        }
        return LuminancePlane(width: width, height: height, values: values)
    }
}

extension LuminancePlane {
    /// The luminance of every pixel of `image` read through `profile` (an RGB profile for RGB images, a gray
    /// profile for gray ones) with lcms2; see `ProfileLuminance` for the definition of `Y`. Alpha is ignored.
    /// Float, linear or premultiplied images are read as 16-bit encoded straight samples (`encoded(as:)`).
    /// - Throws: `ColorManagementError` when lcms2 cannot read the profile or it does not match the channels.
    public init(image: Image, profile: ICCProfile) throws {
        try self.init(image: image, readThrough: ColorSpace(family: .other, icc: profile))
    }

    /// Colour-managed luminance, with the reasons for any fallback:
    /// - sRGB, Display P3, Adobe RGB and untagged gray: the built-in models (`LuminanceModel(family:)`);
    /// - any other ICC profile (`.other`, e.g. ProPhoto or a LUT profile) and gray images with a gray
    ///   profile: through lcms2 (`init(image:profile:)`);
    /// - a profile lcms2 cannot use (malformed, or not matching the channels), or `.other` without bytes:
    ///   measured as sRGB, with a warning naming the reason.
    public static func colorManaged(_ image: Image) -> (plane: LuminancePlane, warnings: [String]) {
        let space = image.colorSpace
        guard space.family == .other || (space.family == .gray && space.icc != nil) else {
            return (LuminancePlane(image: image, model: LuminanceModel(family: space.family) ?? .wcagSRGB), [])
        }
        do {
            return (try LuminancePlane(image: image, readThrough: space), [])
        } catch {
            let name = space.icc?.name.map { " '\($0)'" } ?? ""
            let warning = "luminance: ICC profile\(name) not usable (\(error)): measured as sRGB"
            return (LuminancePlane(image: image, model: .wcagSRGB), [warning])
        }
    }

    private init(image: Image, readThrough colorSpace: ColorSpace) throws(ColorManagementError) {
        let samples = image.format.sampleType == .float32 || image.format.transfer == .linear ? image.encoded(as: .uint16) : image
        let reader = try ProfileLuminance(colorSpace: colorSpace, layout: samples.layout, sampleType: samples.format.sampleType)
        self = reader.plane(of: samples)
    }
}
