import CLCMS2
import Testing
@testable import FullBleedColor
import FullBleedImage

/// lcms2 format words built in Swift against the C macros' values.
@Suite("Colour management: lcms2 format words")
struct ColorManagementFormatTests {
    /// Printed once by a C program compiled with gcc against lcms2 2.14's `lcms2.h`
    /// (`printf("%u\n", (unsigned)TYPE_RGB_8)` and so on).
    static let cMacroValues: [(LCMSPixelFormat, UInt32)] = [
        (.gray8, 196_617), (.gray16, 196_618), (.grayAlpha8, 196_745), (.grayAlpha16, 196_746),
        (.grayFloat, 4_390_924), (.grayAlphaFloat, 4_391_052),
        (.rgb8, 262_169), (.rgb16, 262_170), (.rgba8, 262_297), (.rgba16, 262_298),
        (.rgbFloat, 4_456_476), (.rgbaFloat, 4_456_604),
        (.xyzFloat, 4_784_156), (.xyzDouble, 4_784_152),
        // TYPE_CMYK_8 and TYPE_CMYK_8_REV (the CMYK JPEG path, `CMYKConversion`).
        (LCMSPixelFormat(colorSpace: PT_CMYK, channels: 4, bytesPerSample: 1), 393_249),
        (LCMSPixelFormat(colorSpace: PT_CMYK, channels: 4, bytesPerSample: 1, reversed: true), 401_441),
    ]

    @Test(arguments: cMacroValues)
    func formatWordMatchesTheCMacro(format: LCMSPixelFormat, expected: UInt32) {
        #expect(format.word == expected)
    }

    @Test(arguments: ChannelLayout.allCases)
    func layoutFormatsMatchTheNamedOnes(layout: ChannelLayout) {
        let named: [ChannelLayout: [LCMSPixelFormat]] = [
            .gray: [.gray8, .gray16, .grayFloat], .grayAlpha: [.grayAlpha8, .grayAlpha16, .grayAlphaFloat],
            .rgb: [.rgb8, .rgb16, .rgbFloat], .rgba: [.rgba8, .rgba16, .rgbaFloat],
        ]
        let built = [SampleType.uint8, .uint16, .float32].map { LCMSPixelFormat(layout: layout, sampleType: $0) }
        #expect(built == named[layout])
    }
}
