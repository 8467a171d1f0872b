import Foundation
import FullBleedImage

/// The gain map fixtures of `Tests/Fixtures/hdr` (made by `make_fixtures.py` with libultrahdr 1.4.0) and
/// what libultrahdr decoded from them (`references.json`, `*.ref.f32`).
public enum HDRFixtures {
    public static var folder: URL { TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/hdr") }

    public static func bytes(_ name: String) throws -> [UInt8] { try TestPaths.bytes(folder.appendingPathComponent(name)) }

    /// One entry of `references.json`: libultrahdr's decode of a fixture.
    public struct Reference: Decodable, Sendable {
        public struct Metadata: Decodable, Sendable {
            public var gainMapMin: [Double]
            public var gainMapMax: [Double]
            public var gamma: [Double]
            public var offsetSDR: [Double]
            public var offsetHDR: [Double]
            public var hdrCapacityMin: Double
            public var hdrCapacityMax: Double
            public var useBaseColorSpace: Bool
        }
        public var width: Int
        public var height: Int
        public var gainMapWidth: Int
        public var gainMapHeight: Int
        public var metadata: Metadata
        public var reference: String
        public var referenceWidth: Int
        public var referenceHeight: Int
        public var referencePeak: Double
    }

    public static let references: [String: Reference] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("references.json")),
              let decoded = try? JSONDecoder().decode([String: Reference].self, from: data) else { return [:] }
        return decoded
    }()

    /// libultrahdr's HDR rendition at full headroom, 4x4 box-averaged, linear RGB float32 (1.0 = SDR white).
    public static func referenceRendition(_ name: String) throws -> Image {
        guard let reference = references[name] else { throw TestFailure("no reference for \(name)") }
        let data = try Data(contentsOf: folder.appendingPathComponent(reference.reference))
        let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return Image(width: reference.referenceWidth, height: reference.referenceHeight,
                     format: PixelFormat(layout: .rgb, sampleType: .float32, transfer: .linear), floatSamples: floats)
    }

    /// `uhdr_orient6.jpg` with its EXIF orientation byte rewritten to `orientation` (make_fixtures.py's EXIF:
    /// "MM\0*", IFD at 8, 1 entry: 0112 0003 00000001 VVVV 0000).
    public static func orientationVariant(_ orientation: Orientation) throws -> [UInt8] {
        var bytes = try Self.bytes("uhdr_orient6.jpg")
        let pattern: [UInt8] = [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06]
        guard let at = (0..<(bytes.count - pattern.count)).first(where: { Array(bytes[$0..<($0 + pattern.count)]) == pattern }) else {
            throw TestFailure("uhdr_orient6.jpg: orientation entry not found")
        }
        bytes[at + 9] = UInt8(orientation.rawValue)
        return bytes
    }

    /// 4x4 box average of a linear float RGB image (the references' reduction).
    public static func box4(_ image: Image) -> Image {
        let w = image.width / 4, h = image.height / 4
        let s = image.floatSamples
        var out = [Float](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    var sum: Float = 0
                    for dy in 0..<4 { for dx in 0..<4 { sum += s[((y * 4 + dy) * image.width + x * 4 + dx) * 3 + c] } }
                    out[(y * w + x) * 3 + c] = sum / 16
                }
            }
        }
        return Image(width: w, height: h, format: image.format, floatSamples: out)
    }

    /// PSNR in dB of two linear float images with peak `peak` (linear, relative to SDR white).
    public static func linearPSNR(_ a: Image, _ b: Image, peak: Double) -> Double {
        precondition(a.size == b.size && a.layout == b.layout)
        let x = a.floatSamples, y = b.floatSamples
        let mse = zip(x, y).reduce(0.0) { $0 + Double($1.0 - $1.1) * Double($1.0 - $1.1) } / Double(x.count)
        return mse == 0 ? .infinity : 10 * log10(peak * peak / mse)
    }

    public static let linearRGB = PixelFormat(layout: .rgb, sampleType: .float32, transfer: .linear)
}

public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
