import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Hand-built WebP files for tests: RIFF chunk reading and writing, VP8X / ANIM / ANMF / EXIF chunks.
/// Layouts follow the WebP container specification (little-endian, chunks padded to even sizes).
enum WebPTestFiles {
    struct Chunk: Equatable {
        var fourCC: String
        var payload: [UInt8]
    }

    /// VP8X flag bits.
    static let iccFlag: UInt8 = 0x20, alphaFlag: UInt8 = 0x10, exifFlag: UInt8 = 0x08, xmpFlag: UInt8 = 0x04, animationFlag: UInt8 = 0x02

    /// The top-level chunks after `RIFF size WEBP` (stops at the first chunk that does not fit).
    static func chunks(_ file: [UInt8]) -> [Chunk] {
        var result: [Chunk] = []
        var offset = 12
        while offset + 8 <= file.count {
            let fourCC = String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(littleEndian32(file, offset + 4))
            guard offset + 8 + size <= file.count else { break }
            result.append(Chunk(fourCC: fourCC, payload: Array(file[(offset + 8)..<(offset + 8 + size)])))
            offset += 8 + size + (size & 1)
        }
        return result
    }

    /// A complete file: `RIFF`, size, `WEBP`, then the chunks.
    static func file(_ chunks: [Chunk]) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunks.flatMap(serialized)
        return Array("RIFF".utf8) + littleEndian(body.count, bytes: 4) + body
    }

    /// The first bytes of a longer file (a truncated download): `chunks` under a RIFF header that claims
    /// `claimedSize` bytes after the size field.
    static func truncatedFile(_ chunks: [Chunk], claimedSize: Int) -> [UInt8] {
        var bytes = file(chunks)
        bytes.replaceSubrange(4..<8, with: littleEndian(claimedSize, bytes: 4))
        return bytes
    }

    /// A `VP8L` chunk whose 5-byte header claims `width` x `height` (1...16384), followed by `dataBytes` filler bytes.
    static func vp8lHeader(width: Int, height: Int, dataBytes: Int = 16) -> Chunk {
        let bits = (width - 1) | (height - 1) << 14
        return Chunk(fourCC: "VP8L", payload: [0x2F] + littleEndian(bits, bytes: 4) + [UInt8](repeating: 0, count: dataBytes))
    }

    /// One chunk with its header and padding byte.
    static func serialized(_ chunk: Chunk) -> [UInt8] {
        var bytes = Array(chunk.fourCC.utf8) + littleEndian(chunk.payload.count, bytes: 4) + chunk.payload
        if chunk.payload.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    static func vp8x(flags: UInt8, canvasWidth: Int, canvasHeight: Int) -> Chunk {
        Chunk(fourCC: "VP8X", payload: [flags, 0, 0, 0] + littleEndian(canvasWidth - 1, bytes: 3) + littleEndian(canvasHeight - 1, bytes: 3))
    }

    /// ANIM: background colour (BGRA) and loop count.
    static func anim(loopCount: Int = 0) -> Chunk {
        Chunk(fourCC: "ANIM", payload: [255, 255, 255, 255] + littleEndian(loopCount, bytes: 2))
    }

    /// ANMF: a frame at an even offset, with its image chunks (`VP8L`, or `ALPH` + `VP8 `).
    static func anmf(x: Int, y: Int, width: Int, height: Int, durationMilliseconds: Int = 100, frame: [Chunk]) -> Chunk {
        precondition(x % 2 == 0 && y % 2 == 0, "ANMF offsets are stored halved")
        let header = littleEndian(x / 2, bytes: 3) + littleEndian(y / 2, bytes: 3) + littleEndian(width - 1, bytes: 3)
            + littleEndian(height - 1, bytes: 3) + littleEndian(durationMilliseconds, bytes: 3) + [0]
        return Chunk(fourCC: "ANMF", payload: header + frame.flatMap(serialized))
    }

    /// The image chunks inside an ANMF chunk (after its 16-byte frame header).
    static func frameChunks(_ anmf: Chunk) -> [Chunk] {
        chunks([UInt8](repeating: 0, count: 12) + anmf.payload.dropFirst(16))
    }

    /// A still file of image chunks: plain, or VP8X with the alpha flag when there is an `ALPH` chunk.
    static func stillFile(_ imageChunks: [Chunk], width: Int, height: Int) -> [UInt8] {
        let hasAlpha = imageChunks.contains { $0.fourCC == "ALPH" }
        return file(hasAlpha ? [vp8x(flags: alphaFlag, canvasWidth: width, canvasHeight: height)] + imageChunks : imageChunks)
    }

    /// An `EXIF` chunk payload: a little-endian TIFF block whose IFD0 holds only the orientation tag,
    /// preceded by `Exif\0\0` when `withPrefix`.
    static func exifOrientation(_ orientation: Orientation, withPrefix: Bool) -> [UInt8] {
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0,          // II, 42, IFD0 at 8
                             1, 0,                                    // one entry
                             0x12, 0x01, 3, 0, 1, 0, 0, 0]            // tag 0x0112, SHORT, count 1
            + littleEndian(orientation.rawValue, bytes: 2) + [0, 0]   // value, padding
            + [0, 0, 0, 0]                                            // no next IFD
        return (withPrefix ? Array("Exif".utf8) + [0, 0] : []) + tiff
    }

    /// The image chunks (everything but VP8X) of a plain WebP file made by the encoder.
    static func imageChunks(_ file: [UInt8]) -> [Chunk] {
        chunks(file).filter { ["ALPH", "VP8 ", "VP8L"].contains($0.fourCC) }
    }

    /// `image` losslessly encoded and wrapped in a VP8X file with an EXIF orientation chunk.
    static func losslessWithOrientation(_ image: Image, _ orientation: Orientation, exifPrefix: Bool = true) throws -> [UInt8] {
        let plain = try Codecs.encode(image, as: .webp(WebPEncodeOptions(lossless: true, exact: true)))
        let flags = exifFlag | (image.hasAlpha ? alphaFlag : 0)
        return file([vp8x(flags: flags, canvasWidth: image.width, canvasHeight: image.height)] + imageChunks(plain)
                    + [Chunk(fourCC: "EXIF", payload: exifOrientation(orientation, withPrefix: exifPrefix))])
    }

    /// The ICC profile of a JPEG: its `APP2 ICC_PROFILE` segments joined in sequence order.
    static func jpegICCProfile(_ jpeg: [UInt8]) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var parts: [(Int, [UInt8])] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            let payload = offset + 4, end = offset + 2 + length
            guard length >= 2, end <= jpeg.count else { break }
            if marker == 0xE2, end - payload > signature.count + 2, Array(jpeg[payload..<(payload + signature.count)]) == signature {
                parts.append((Int(jpeg[payload + signature.count]), Array(jpeg[(payload + signature.count + 2)..<end])))
            }
            offset = end
        }
        return parts.isEmpty ? nil : parts.sorted { $0.0 < $1.0 }.flatMap { $0.1 }
    }

    static func littleEndian(_ value: Int, bytes count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func littleEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
