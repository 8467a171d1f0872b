import CLCMS2
import FullBleedImage

/// An lcms2 profile (`cmsHPROFILE`) opened in one `LCMSContext`, closed in `deinit`.
final class ColorProfile {
    let context: LCMSContext
    let handle: cmsHPROFILE

    private init(context: LCMSContext, handle: cmsHPROFILE) {
        self.context = context
        self.handle = handle
    }

    deinit { cmsCloseProfile(handle) }

    /// Opens ICC bytes (`cmsOpenProfileFromMemTHR`). Throws `invalidProfile` with lcms2's message.
    convenience init(iccBytes bytes: [UInt8], context: LCMSContext) throws(ColorManagementError) {
        let opened = bytes.withUnsafeBytes { raw in
            cmsOpenProfileFromMemTHR(context.handle, raw.baseAddress, cmsUInt32Number(clamping: raw.count))
        }
        guard let opened else {
            throw .invalidProfile(context.takeMessages() ?? "lcms2 could not open the \(bytes.count)-byte profile")
        }
        self.init(context: context, handle: opened)
    }

    /// The profile describing samples tagged `colorSpace`: its ICC bytes when it has them, else the
    /// standard profile of its family (sRGB, Display P3 and Adobe RGB from their primaries and curves,
    /// gray with the sRGB curve). Throws `missingProfile` for `.other` without bytes.
    static func describing(_ colorSpace: ColorSpace, context: LCMSContext) throws(ColorManagementError) -> ColorProfile {
        if let icc = colorSpace.icc { return try ColorProfile(iccBytes: icc.bytes, context: context) }
        switch colorSpace.family {
        case .sRGB: return try sRGB(context: context)
        case .displayP3: return try rgb(primaries: .displayP3, curve: LuminanceModel.displayP3.curve, context: context)
        case .adobeRGB: return try rgb(primaries: .adobeRGB, curve: LuminanceModel.adobeRGB.curve, context: context)
        case .gray: return try gray(curve: .sRGB, context: context)
        case .other: throw .missingProfile(.other)
        }
    }

    /// lcms2's built-in sRGB profile (`cmsCreate_sRGBProfileTHR`: D65, sRGB primaries, the IEC 61966-2-1 curve).
    static func sRGB(context: LCMSContext) throws(ColorManagementError) -> ColorProfile {
        try wrap(cmsCreate_sRGBProfileTHR(context.handle), context: context, what: "sRGB profile")
    }

    /// lcms2's CIE XYZ identity profile (PCS XYZ, D50): the destination that yields XYZ values.
    static func xyz(context: LCMSContext) throws(ColorManagementError) -> ColorProfile {
        try wrap(cmsCreateXYZProfileTHR(context.handle), context: context, what: "XYZ profile")
    }

    /// A matrix-shaper RGB profile built from primaries, white point and one curve for all three channels.
    static func rgb(primaries: RGBPrimaries, curve: LuminanceModel.Curve, context: LCMSContext) throws(ColorManagementError) -> ColorProfile {
        var white = xyY(primaries.white)
        var triple = cmsCIExyYTRIPLE(Red: xyY(primaries.red), Green: xyY(primaries.green), Blue: xyY(primaries.blue))
        let toneCurve = try makeToneCurve(curve, context: context)
        defer { cmsFreeToneCurve(toneCurve) }
        var curves: [OpaquePointer?] = [toneCurve, toneCurve, toneCurve]
        return try wrap(cmsCreateRGBProfileTHR(context.handle, &white, &triple, &curves), context: context, what: "RGB profile")
    }

    /// A gray profile with `curve` and a D65 white: gray samples encoded like sRGB's neutral axis for `.sRGB`.
    static func gray(curve: LuminanceModel.Curve, context: LCMSContext) throws(ColorManagementError) -> ColorProfile {
        var white = xyY(RGBPrimaries.d65)
        let toneCurve = try makeToneCurve(curve, context: context)
        defer { cmsFreeToneCurve(toneCurve) }
        return try wrap(cmsCreateGrayProfileTHR(context.handle, &white, toneCurve), context: context, what: "gray profile")
    }

    /// The profile's data colour space signature, trimmed ("RGB", "GRAY", "CMYK", ...).
    var dataColorSpace: String {
        let signature = cmsGetColorSpace(handle).rawValue
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: signature >> (24 - 8 * $0)) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// Whether the data colour space describes the colour channels of `layout` (RGB or gray).
    func matches(_ layout: ChannelLayout) -> Bool {
        dataColorSpace == (layout.isColor ? "RGB" : "GRAY")
    }

    /// The profile as ICC bytes written by lcms2 (`cmsSaveProfileToMem`).
    func serialized() throws(ColorManagementError) -> [UInt8] {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else {
            throw .transformFailed(context.takeMessages() ?? "cmsSaveProfileToMem could not size the profile")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let saved = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
        guard saved != 0 else { throw .transformFailed(context.takeMessages() ?? "cmsSaveProfileToMem failed") }
        return Array(bytes.prefix(Int(size)))
    }

    /// The matrix taking PCS XYZ (D50) back to XYZ under the profile's own white: the inverse of the
    /// chromatic adaptation lcms2 applied when the profile was read. Like lcms2's `_cmsReadCHAD`: the
    /// 'chad' tag when present, else, for v2 display profiles, Bradford between the media white point
    /// and D50; identity otherwise.
    func adaptationFromPCS() -> ColorMatrix3 {
        if let raw = cmsReadTag(handle, cmsSigChromaticAdaptationTag) {
            let m = raw.assumingMemoryBound(to: Double.self)
            let chad = ColorMatrix3(x: SIMD3(m[0], m[1], m[2]), y: SIMD3(m[3], m[4], m[5]), z: SIMD3(m[6], m[7], m[8]))
            return chad.inverse
        }
        guard cmsGetEncodedICCversion(handle) < 0x0400_0000, cmsGetDeviceClass(handle) == cmsSigDisplayClass,
              let raw = cmsReadTag(handle, cmsSigMediaWhitePointTag) else { return .identity }
        var white = raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
        guard white.Y > 0 else { return .identity }
        // Bradford from D50 to the media white, applied to the three unit vectors: its columns.
        var columns: [SIMD3<Double>] = []
        for unit in [cmsCIEXYZ(X: 1, Y: 0, Z: 0), cmsCIEXYZ(X: 0, Y: 1, Z: 0), cmsCIEXYZ(X: 0, Y: 0, Z: 1)] {
            var result = cmsCIEXYZ(), value = unit
            guard cmsAdaptToIlluminant(&result, cmsD50_XYZ(), &white, &value) != 0 else { return .identity }
            columns.append(SIMD3(result.X, result.Y, result.Z))
        }
        return ColorMatrix3(x: SIMD3(columns[0].x, columns[1].x, columns[2].x),
                            y: SIMD3(columns[0].y, columns[1].y, columns[2].y),
                            z: SIMD3(columns[0].z, columns[1].z, columns[2].z))
    }

    /// The tone curve and PCS colorant of each colour channel when lcms2 reads this profile as a matrix
    /// shaper for relative colorimetric input (no A2B table takes precedence): rTRC/gTRC/bTRC with
    /// rXYZ/gXYZ/bXYZ for RGB, kTRC with the D50 white for gray. nil for LUT profiles. The curves belong
    /// to the profile: use them while it is alive.
    func matrixShaperChannels() -> [(curve: OpaquePointer, colorant: SIMD3<Double>)]? {
        guard cmsIsMatrixShaper(handle) != 0,
              cmsIsCLUT(handle, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(LCMS_USED_AS_INPUT)) == 0 else { return nil }
        func xyz(_ pointer: UnsafePointer<cmsCIEXYZ>) -> SIMD3<Double> { SIMD3(pointer.pointee.X, pointer.pointee.Y, pointer.pointee.Z) }
        let tags: [(cmsTagSignature, cmsTagSignature?)] = dataColorSpace == "GRAY"
            ? [(cmsSigGrayTRCTag, nil)]
            : [(cmsSigRedTRCTag, cmsSigRedColorantTag), (cmsSigGreenTRCTag, cmsSigGreenColorantTag), (cmsSigBlueTRCTag, cmsSigBlueColorantTag)]
        var channels: [(curve: OpaquePointer, colorant: SIMD3<Double>)] = []
        for (curveTag, colorantTag) in tags {
            guard let curve = cmsReadTag(handle, curveTag) else { return nil }
            let colorant: SIMD3<Double>
            if let colorantTag {
                guard let raw = cmsReadTag(handle, colorantTag) else { return nil }
                colorant = xyz(raw.assumingMemoryBound(to: cmsCIEXYZ.self))
            } else {
                colorant = xyz(cmsD50_XYZ())
            }
            channels.append((OpaquePointer(curve), colorant))
        }
        return channels
    }

    private static func wrap(_ handle: cmsHPROFILE?, context: LCMSContext, what: String) throws(ColorManagementError) -> ColorProfile {
        guard let handle else { throw .transformFailed(context.takeMessages() ?? "lcms2 could not create the \(what)") }
        return ColorProfile(context: context, handle: handle)
    }

    private static func xyY(_ chromaticity: SIMD2<Double>) -> cmsCIExyY {
        cmsCIExyY(x: chromaticity.x, y: chromaticity.y, Y: 1)
    }

    /// An lcms2 tone curve for `curve` (caller frees it): IEC 61966-2-1 as parametric type 4.
    private static func makeToneCurve(_ curve: LuminanceModel.Curve, context: LCMSContext) throws(ColorManagementError) -> OpaquePointer {
        let made: OpaquePointer?
        switch curve {
        case .sRGB:
            let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            made = cmsBuildParametricToneCurve(context.handle, 4, parameters)
        case .gamma(let exponent):
            made = cmsBuildGamma(context.handle, exponent)
        case .linear:
            made = cmsBuildGamma(context.handle, 1)
        }
        guard let made else { throw .transformFailed(context.takeMessages() ?? "lcms2 could not build a tone curve") }
        return made
    }
}
