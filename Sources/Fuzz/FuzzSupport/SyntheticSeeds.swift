import Foundation
import FullBleedCodecs
import FullBleedImage

/// Small synthetic images in every format and encoder variant, written as fuzzing seeds: they decode in
/// microseconds, so a corpus of them keeps the fuzzers fast, and they exist even without `../shared/corpus`.
public enum SyntheticSeeds {
    /// Environment variable naming a folder: when set, a fuzz binary writes the seeds there and exits
    /// instead of fuzzing (`make fuzz` uses it to seed the image targets).
    public static let environmentVariable = "FULLBLEED_FUZZ_WRITE_SEEDS"

    /// File name -> encoded bytes, deterministic.
    public static func files() throws -> [(name: String, bytes: [UInt8])] {
        let rgb = gradient(layout: .rgb, width: 13, height: 9)
        let rgba = gradient(layout: .rgba, width: 9, height: 13)
        let gray = gradient(layout: .gray, width: 11, height: 7)
        let grayAlpha = gradient(layout: .grayAlpha, width: 7, height: 11)
        let jobs: [(String, Image, EncodeOptions)] = [
            ("seed_rgb.png", rgb, .png(PNGEncodeOptions())),
            ("seed_rgba.png", rgba, .png(PNGEncodeOptions())),
            ("seed_gray.png", gray, .png(PNGEncodeOptions())),
            ("seed_gray_alpha.png", grayAlpha, .png(PNGEncodeOptions())),
            ("seed_rgb16.png", rgb, .png(PNGEncodeOptions(bitDepth: 16))),
            ("seed_rgba16.png", rgba, .png(PNGEncodeOptions(bitDepth: 16))),
            ("seed_baseline.jpg", rgb, .jpeg(JPEGEncodeOptions(progressive: false))),
            ("seed_progressive.jpg", rgb, .jpeg(JPEGEncodeOptions(progressive: true))),
            ("seed_444.jpg", rgba, .jpeg(JPEGEncodeOptions(progressive: false, optimizeHuffman: false, chromaSubsampling: .yuv444))),
            ("seed_gray.jpg", gray, .jpeg(JPEGEncodeOptions(quality: 50))),
            ("seed_lossy.webp", rgb, .webp(WebPEncodeOptions())),
            ("seed_lossy_alpha.webp", rgba, .webp(WebPEncodeOptions(quality: 50))),
            ("seed_lossless.webp", rgb, .webp(WebPEncodeOptions(lossless: true))),
            ("seed_lossless_alpha.webp", rgba, .webp(WebPEncodeOptions(lossless: true, exact: true))),
        ]
        return try jobs.map { name, image, options in (name, try Codecs.encode(image, as: options)) }
    }

    /// An 8-bit image whose samples vary along both axes (alpha included), so every encoder has detail to code.
    static func gradient(layout: ChannelLayout, width: Int, height: Int) -> Image {
        var samples: [UInt8] = []
        samples.reserveCapacity(width * height * layout.channelCount)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<layout.channelCount {
                    samples.append(UInt8(truncatingIfNeeded: x * 19 + y * 23 + c * 71))
                }
            }
        }
        return Image(width: width, height: height, layout: layout, samples: samples)
    }

    /// Writes `files()` into `folder` when the environment variable asks for it, then exits the process.
    static func writeIfRequested() {
        guard let folder = ProcessInfo.processInfo.environment[environmentVariable], !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in try files() {
                try Data(file.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(file.name))
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("writing fuzz seeds into \(folder) failed: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// libFuzzer calls this once before fuzzing; linked into every fuzz binary through this module.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    SyntheticSeeds.writeIfRequested()
    return 0
}
