import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Byte-level helpers for JPEG tests: marker lookup, EXIF injection, synthetic ICC profiles.
enum JPEGTestFixtures {
    /// A baseline q90 JPEG of `SyntheticImages.photoLike` (deterministic bytes).
    static func syntheticJPEG(width: Int = 64, height: Int = 48, progressive: Bool = false) throws -> [UInt8] {
        try Codecs.encode(SyntheticImages.photoLike(width: width, height: height),
                          as: .jpeg(JPEGEncodeOptions(quality: 90, progressive: progressive)))
    }

    /// The header segments before the first SOS as (marker, offset of its 0xFF, total length with marker).
    static func segments(_ bytes: [UInt8]) -> [(marker: UInt8, offset: Int, length: Int)] {
        var result: [(UInt8, Int, Int)] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            result.append((marker, i, length + 2))
            if marker == 0xDA { break }
            i += length + 2
        }
        return result
    }

    /// Offset of the first byte of entropy-coded data (just after the first SOS header).
    static func entropyStart(_ bytes: [UInt8]) -> Int {
        let sos = segments(bytes).first { $0.marker == 0xDA }!
        return sos.offset + sos.length
    }

    /// Offset of the first SOFn segment's marker byte 0xFF.
    static func sofOffset(_ bytes: [UInt8]) -> Int {
        segments(bytes).first { [0xC0, 0xC1, 0xC2, 0xC9, 0xCA].contains($0.marker) }!.offset
    }

    /// `bytes` with the SOF image size replaced (height and width are big-endian at SOF+5 and SOF+7).
    static func withSOFSize(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = bytes
        let sof = sofOffset(bytes)
        out[sof + 5] = UInt8(height >> 8); out[sof + 6] = UInt8(height & 0xFF)
        out[sof + 7] = UInt8(width >> 8); out[sof + 8] = UInt8(width & 0xFF)
        return out
    }

    /// `bytes` with an APP1 EXIF segment (big-endian TIFF, IFD0 holding only Orientation) after SOI.
    static func withEXIFOrientation(_ bytes: [UInt8], _ orientation: Orientation) -> [UInt8] {
        var tiff: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
        tiff += [0, 1]                                                        // one entry
        tiff += [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation.rawValue), 0, 0]  // Orientation SHORT
        tiff += [0, 0, 0, 0]                                                  // no next IFD
        let length = tiff.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + tiff + bytes.dropFirst(2)
    }

    /// A deterministic fake ICC profile of `size` bytes whose header says data colour space `space`
    /// ("RGB " or "GRAY"); libjpeg carries it without interpreting it.
    static func fakeProfile(size: Int, space: String) -> ICCProfile {
        var bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        bytes.replaceSubrange(16..<20, with: Array(space.utf8))
        return ICCInspector.inspect(bytes)
    }

    /// Deterministic bytes with no 0xFF (so no marker is created when written into entropy data).
    static func garbage(count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24) % 0xFF
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Disables a JPEG test that reads `../shared/corpus` when the corpus is absent, with the shared message.
    static var requiresJPEGCorpus: Self {
        .enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage))
    }
}
