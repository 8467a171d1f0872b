import CLCMS2
import FullBleedImage

/// Relative luminance read through an ICC profile with lcms2: any RGB or gray profile, matrix-shaper or LUT.
///
/// `Y` is what lcms2 computes by transforming the pixels to CIE XYZ (the D50 PCS, relative colorimetric)
/// with the chromatic adaptation it applied undone (`ColorProfile.adaptationFromPCS`), so `Y` is relative
/// to the profile's own white, like the built-in models' D65 rows (sRGB blue gives 0.0722, not its
/// D50-adapted 0.0606). The profile's white has `Y = 1`.
///
/// - Matrix-shaper profiles (ProPhoto, most camera and display profiles, gray profiles): lcms2's own
///   tone curves and colorants become one lookup table per channel, `Y = t_R[r] + t_G[g] + t_B[b]`:
///   the same arithmetic as lcms2's float pipeline, at the speed of the built-in models.
/// - LUT profiles: every pixel goes through an lcms2 transform to XYZ floats (about 4-6 Mpx/s per core).
struct ProfileLuminance: Sendable {
    private enum Method: Sendable {
        /// Per colour channel, `Y` contributed by each code.
        case tables([[Float]])
        case transform(ColorProfileTransform, weights: SIMD3<Double>)
    }

    private let method: Method

    /// A reader for 8- or 16-bit encoded, straight-alpha samples of `layout` tagged `colorSpace`.
    /// `allowTables: false` forces the per-pixel transform (to check the tables against it).
    init(colorSpace: ColorSpace, layout: ChannelLayout, sampleType: SampleType, allowTables: Bool = true) throws(ColorManagementError) {
        precondition(sampleType != .float32, "read floats as 16-bit encoded samples")
        let context = try LCMSContext()
        let source = try ColorProfile.describing(colorSpace, context: context)
        guard source.matches(layout) else {
            throw .profileMismatch(profileColorSpace: source.dataColorSpace, layout: layout)
        }
        let weights = source.adaptationFromPCS().y
        if allowTables, let channels = source.matrixShaperChannels() {
            let codeCount = sampleType == .uint8 ? 256 : 65536
            let scale = 1 / Float(codeCount - 1)
            method = .tables(channels.map { channel in
                let weight = (weights * channel.colorant).sum()
                return (0..<codeCount).map { Float(weight * Double(cmsEvalToneCurveFloat(channel.curve, Float($0) * scale))) }
            })
        } else {
            let transform = try ColorProfileTransform(from: source, LCMSPixelFormat(layout: layout, sampleType: sampleType),
                                                      to: try ColorProfile.xyz(context: context), .xyzFloat,
                                                      intent: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags: 0)
            method = .transform(transform, weights: weights)
        }
    }

    /// `Y` of every pixel of `image`, whose samples must match the reader's layout and sample type.
    func plane(of image: Image) -> LuminancePlane {
        switch (method, image.format.sampleType) {
        case (.tables(let tables), .uint8): return image.withUnsafeSamples(as: UInt8.self) { Self.plane(image, $0, tables) }
        case (.tables(let tables), _): return image.withUnsafeSamples(as: UInt16.self) { Self.plane(image, $0, tables) }
        case let (.transform(transform, weights), _): return Self.plane(image, transform, weights)
        }
    }

    /// Table lookups: `Y = Σ tables[c][sample c]` (alpha skipped).
    private static func plane<T: FixedWidthInteger>(_ image: Image, _ samples: UnsafeBufferPointer<T>, _ tables: [[Float]]) -> LuminancePlane {
        let pixels = image.width * image.height, channels = image.channelCount
        var values = [Float](repeating: 0, count: pixels)
        values.withUnsafeMutableBufferPointer { out in
            if tables.count == 3 {
                tables[0].withUnsafeBufferPointer { r in
                    tables[1].withUnsafeBufferPointer { g in
                        tables[2].withUnsafeBufferPointer { b in
                            for i in 0..<pixels {
                                let s = i * channels
                                out[i] = r[Int(samples[s])] + g[Int(samples[s + 1])] + b[Int(samples[s + 2])]
                            }
                        }
                    }
                }
            } else {
                tables[0].withUnsafeBufferPointer { k in
                    for i in 0..<pixels { out[i] = k[Int(samples[i * channels])] }
                }
            }
        }
        return LuminancePlane(width: image.width, height: image.height, values: values)
    }

    /// The lcms2 transform to XYZ floats, row by row in bands, then `Y = weights · XYZ`.
    private static func plane(_ image: Image, _ transform: ColorProfileTransform, _ w: SIMD3<Double>) -> LuminancePlane {
        let width = image.width, height = image.height, rowBytes = image.bytesPerRow
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
