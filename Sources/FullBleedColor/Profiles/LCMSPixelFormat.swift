import CLCMS2
import FullBleedImage

/// lcms2 pixel-format words (`TYPE_RGB_8`, `TYPE_RGBA_16`, ...), which are C macros Swift cannot import.
///
/// Built from the bit layout documented in `lcms2.h`: `FLOAT_SH(a) = a << 22`, `COLORSPACE_SH(s) = s << 16`,
/// `FLAVOR_SH(s) = s << 13` (1: 0 means full ink, the Adobe-inverted "REV" formats), `EXTRA_SH(e) = e << 7`,
/// `CHANNELS_SH(c) = c << 3`, `BYTES_SH(b) = b` (0 means 8-byte doubles). The values are checked against
/// a C program in the tests.
struct LCMSPixelFormat: Hashable, Sendable {
    /// The 32-bit format word passed to `cmsCreateTransformTHR`.
    let word: cmsUInt32Number

    /// A format word from its fields. `bytesPerSample` is 1, 2, 4 (with `isFloat`) or 0 (doubles).
    init(colorSpace: Int32, channels: Int, extraChannels: Int = 0, bytesPerSample: Int, isFloat: Bool = false, reversed: Bool = false) {
        var word = UInt32(isFloat ? 1 : 0) << 22
        word |= UInt32(colorSpace) << 16
        word |= UInt32(reversed ? 1 : 0) << 13
        word |= UInt32(extraChannels) << 7
        word |= UInt32(channels) << 3
        word |= UInt32(bytesPerSample)
        self.word = word
    }

    static let rgb8 = LCMSPixelFormat(colorSpace: PT_RGB, channels: 3, bytesPerSample: 1)
    static let rgba8 = LCMSPixelFormat(colorSpace: PT_RGB, channels: 3, extraChannels: 1, bytesPerSample: 1)
    static let rgb16 = LCMSPixelFormat(colorSpace: PT_RGB, channels: 3, bytesPerSample: 2)
    static let rgba16 = LCMSPixelFormat(colorSpace: PT_RGB, channels: 3, extraChannels: 1, bytesPerSample: 2)
    static let rgbFloat = LCMSPixelFormat(colorSpace: PT_RGB, channels: 3, bytesPerSample: 4, isFloat: true)
    static let rgbaFloat = LCMSPixelFormat(colorSpace: PT_RGB, channels: 3, extraChannels: 1, bytesPerSample: 4, isFloat: true)
    static let gray8 = LCMSPixelFormat(colorSpace: PT_GRAY, channels: 1, bytesPerSample: 1)
    static let grayAlpha8 = LCMSPixelFormat(colorSpace: PT_GRAY, channels: 1, extraChannels: 1, bytesPerSample: 1)
    static let gray16 = LCMSPixelFormat(colorSpace: PT_GRAY, channels: 1, bytesPerSample: 2)
    static let grayAlpha16 = LCMSPixelFormat(colorSpace: PT_GRAY, channels: 1, extraChannels: 1, bytesPerSample: 2)
    static let grayFloat = LCMSPixelFormat(colorSpace: PT_GRAY, channels: 1, bytesPerSample: 4, isFloat: true)
    static let grayAlphaFloat = LCMSPixelFormat(colorSpace: PT_GRAY, channels: 1, extraChannels: 1, bytesPerSample: 4, isFloat: true)
    /// CIE XYZ as three floats, white Y = 1.
    static let xyzFloat = LCMSPixelFormat(colorSpace: PT_XYZ, channels: 3, bytesPerSample: 4, isFloat: true)
    /// CIE XYZ as three doubles (`cmsCIEXYZ`), white Y = 1.
    static let xyzDouble = LCMSPixelFormat(colorSpace: PT_XYZ, channels: 3, bytesPerSample: 0, isFloat: true)

    /// The format matching an image's interleaved samples (alpha as an extra channel).
    init(layout: ChannelLayout, sampleType: SampleType) {
        let isColor = layout.isColor
        self.init(colorSpace: isColor ? PT_RGB : PT_GRAY, channels: isColor ? 3 : 1, extraChannels: layout.hasAlpha ? 1 : 0,
                  bytesPerSample: sampleType.byteCount, isFloat: sampleType == .float32)
    }
}
