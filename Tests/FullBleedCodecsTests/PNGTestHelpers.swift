import Foundation
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCodecs

/// Chunk-level tools for building and inspecting PNG byte streams in tests.
enum PNGChunks {
    /// The chunk types of `png` in file order (stops at the first chunk that runs past the end).
    static func types(_ png: [UInt8]) -> [String] {
        var result: [String] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(bigEndian32(png, offset))
            result.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return result
    }

    /// `png` with a chunk of `type` and `data` inserted before the first chunk of type `before`.
    /// `corruptCRC` flips the CRC's low bit.
    static func inserting(_ type: String, data: [UInt8], before: String, into png: [UInt8], corruptCRC: Bool = false) -> [UInt8] {
        var offset = 8
        while offset + 12 <= png.count {
            if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == before { break }
            offset += 12 + Int(bigEndian32(png, offset))
        }
        var chunk = bigEndianBytes(UInt32(data.count))
        let body = Array(type.utf8) + data
        chunk += body
        chunk += bigEndianBytes(crc32(body) ^ (corruptCRC ? 1 : 0))
        return Array(png[..<offset]) + chunk + Array(png[offset...])
    }

    /// `png` with one byte of the first chunk of `type`'s CRC flipped.
    static func corruptingCRC(of type: String, in png: [UInt8]) -> [UInt8] {
        var bytes = png
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type {
                bytes[offset + 8 + length] ^= 0x5A
                return bytes
            }
            offset += 12 + length
        }
        return bytes
    }

    static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, as PNG chunks use it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// Test inputs built in code.
enum PNGFixtures {
    /// A deterministic pseudo-random image of `layout` and `sampleType` (8 or 16 bit), every sample value
    /// range exercised.
    static func noise(width: Int, height: Int, layout: ChannelLayout, sampleType: SampleType, seed: UInt32 = 1) -> Image {
        var state = seed
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        let count = width * height * layout.channelCount
        if sampleType == .uint16 {
            return Image(width: width, height: height, layout: layout, samples16: (0..<count).map { _ in UInt16(truncatingIfNeeded: next()) })
        }
        return Image(width: width, height: height, layout: layout, samples: (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) })
    }

    /// A minimal, structurally valid ICC v2 display profile of `dataColorSpace` ("RGB " or "GRAY") whose
    /// only tag is a 'desc' holding `description`. libpng checks header, size and tag table on write.
    static func iccProfile(dataColorSpace: String = "RGB ", description: String = "FullBleed test profile") -> [UInt8] {
        let text = Array(description.utf8) + [0]
        // desc tag: 'desc', reserved, ASCII count + text, then empty Unicode and ScriptCode parts (v2 layout).
        var desc = Array("desc".utf8) + [0, 0, 0, 0] + PNGChunks.bigEndianBytes(UInt32(text.count)) + text
        desc += [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67)
        while desc.count % 4 != 0 { desc.append(0) }
        let tagTableSize = 4 + 12
        let descOffset = 128 + tagTableSize
        let size = descOffset + desc.count
        var header = [UInt8](repeating: 0, count: 128)
        func put(_ bytes: [UInt8], at offset: Int) { header.replaceSubrange(offset..<(offset + bytes.count), with: bytes) }
        put(PNGChunks.bigEndianBytes(UInt32(size)), at: 0)
        put([2, 0x10, 0, 0], at: 8)                           // version 2.1
        put(Array("mntr".utf8), at: 12)                        // display device class
        put(Array(dataColorSpace.utf8), at: 16)
        put(Array("XYZ ".utf8), at: 20)                        // PCS
        put(Array("acsp".utf8), at: 36)
        put([0, 0, 0xF6, 0xD6, 0, 1, 0, 0, 0, 0, 0xD3, 0x2D], at: 68) // D50 illuminant
        var profile = header
        profile += PNGChunks.bigEndianBytes(1)
        profile += Array("desc".utf8) + PNGChunks.bigEndianBytes(UInt32(descOffset)) + PNGChunks.bigEndianBytes(UInt32(desc.count))
        profile += desc
        return profile
    }

    /// A TIFF (EXIF) block, big-endian, whose IFD0 holds only an Orientation tag.
    static func exifBlock(orientation: Orientation) -> [UInt8] {
        Array("MM".utf8) + [0, 42] + PNGChunks.bigEndianBytes(8)
            + [0, 1]                                            // one entry
            + [0x01, 0x12, 0, 3] + PNGChunks.bigEndianBytes(1) + [0, UInt8(orientation.rawValue), 0, 0]
            + PNGChunks.bigEndianBytes(0)                        // no next IFD
    }
}

/// Decoded images as the PngSuite goldens store them.
enum PNGGolden {
    /// The samples of `image` expanded to RGBA at the image's depth: gray -> R = G = B, no alpha ->
    /// opaque (255 or 65535).
    static func rgbaSamples(_ image: Image) -> [Int] {
        let values: [Int] = image.format.sampleType == .uint16 ? image.samples16.map(Int.init) : image.samples8.map(Int.init)
        let opaque = image.format.sampleType == .uint16 ? 65535 : 255
        let channels = image.channelCount
        var result: [Int] = []
        result.reserveCapacity(image.width * image.height * 4)
        for pixel in 0..<(image.width * image.height) {
            let p = values[(pixel * channels)..<(pixel * channels + channels)].map { $0 }
            let alpha = image.hasAlpha ? p[channels - 1] : opaque
            if image.layout.isColor { result += [p[0], p[1], p[2], alpha] } else { result += [p[0], p[0], p[0], alpha] }
        }
        return result
    }

    /// The integers of a PngSuite `json/NAME.json` file.
    static func load(_ name: String) throws -> [Int] {
        let url = TestPathsPNG.json.appendingPathComponent(name + ".json")
        return try JSONDecoder().decode([Int].self, from: Data(contentsOf: url))
    }
}

/// PngSuite locations (`../shared/pngsuite`).
enum TestPathsPNG {
    static var png: URL { TestPaths.pngSuite.appendingPathComponent("png") }
    static var json: URL { TestPaths.pngSuite.appendingPathComponent("json") }

    /// PngSuite file names without ".png", sorted; empty when the suite is absent.
    static let suiteNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: png.path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// Files that must decode (names not starting with "x").
    static var validNames: [String] { suiteNames.filter { !$0.hasPrefix("x") } }
    /// Deliberately broken files (names starting with "x").
    static var invalidNames: [String] { suiteNames.filter { $0.hasPrefix("x") } }
    /// 16-bit files with an 8-bit reduction golden (`NAME_to8.json`).
    static var reducedNames: [String] {
        validNames.filter { FileManager.default.fileExists(atPath: json.appendingPathComponent($0 + "_to8.json").path) }
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try TestPaths.bytes(png.appendingPathComponent(name + ".png"))
    }
}
