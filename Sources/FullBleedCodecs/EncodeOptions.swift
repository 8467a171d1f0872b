/// What to write and how. Every encoder embeds the image's ICC profile when it has one (Display P3
/// stays P3) and writes no EXIF or GPS: orientation is already applied to the pixels.
public enum EncodeOptions: Sendable, Hashable {
    case jpeg(JPEGEncodeOptions)
    case png(PNGEncodeOptions)
    case webp(WebPEncodeOptions)
    case avif(AVIFEncodeOptions)
    case heic(HEICEncodeOptions)

    public var format: ImageFormat {
        switch self {
        case .jpeg: return .jpeg
        case .png: return .png
        case .webp: return .webp
        case .avif: return .avif
        case .heic: return .heic
        }
    }
}

/// JPEG (libjpeg-turbo) encoder settings.
public struct JPEGEncodeOptions: Sendable, Hashable {
    public enum ChromaSubsampling: String, Sendable, Hashable, Codable {
        /// Chroma halved both ways (the web default).
        case yuv420 = "4:2:0"
        /// Full-resolution chroma.
        case yuv444 = "4:4:4"
    }

    /// 1...100.
    public var quality: Int
    public var progressive: Bool
    /// Optimised Huffman tables (smaller files, same pixels).
    public var optimizeHuffman: Bool
    public var chromaSubsampling: ChromaSubsampling
    /// Encoded RGB (0...1) that transparent pixels are flattened onto; JPEG has no alpha.
    public var background: [Double]

    public init(quality: Int = 82, progressive: Bool = true, optimizeHuffman: Bool = true,
                chromaSubsampling: ChromaSubsampling = .yuv420, background: [Double] = [1, 1, 1]) {
        self.quality = quality
        self.progressive = progressive
        self.optimizeHuffman = optimizeHuffman
        self.chromaSubsampling = chromaSubsampling
        self.background = background
    }
}

/// PNG (libpng) encoder settings.
public struct PNGEncodeOptions: Sendable, Hashable {
    /// 8 or 16; nil keeps the image's own depth (16-bit sources stay 16-bit).
    public var bitDepth: Int?
    /// zlib level 0...9.
    public var compressionLevel: Int

    public init(bitDepth: Int? = nil, compressionLevel: Int = 6) {
        self.bitDepth = bitDepth
        self.compressionLevel = compressionLevel
    }
}

/// WebP (libwebp) encoder settings.
public struct WebPEncodeOptions: Sendable, Hashable {
    /// 0...100 (lossy quality; for lossless, the compression effort).
    public var quality: Float
    /// 0 (fast) ... 6 (slowest, smallest).
    public var method: Int
    public var lossless: Bool
    /// Keep RGB under fully transparent pixels (off by default: libwebp may simplify it).
    public var exact: Bool

    public init(quality: Float = 80, method: Int = 4, lossless: Bool = false, exact: Bool = false) {
        self.quality = quality
        self.method = method
        self.lossless = lossless
        self.exact = exact
    }
}

/// AVIF (libheif 1.15 with libaom 3.6) encoder settings.
///
/// Defaults: quality 60, a little above sharp's 50 because hero images are seen full-screen on 3x
/// displays (libheif maps quality q to the AV1 quantiser `cq-level = (100 - q) * 63 / 100`, so 60 is
/// quantiser 25, 50 is 32); speed 6, libheif's own default and about the cost of a WebP method 4
/// encode at hero sizes (sharp's default effort 4 is speed 5); 4:2:0 like every web encoder. Always 8-bit:
/// Debian 12's libheif 1.15 with libaom 3.6 aborts (a libaom assertion) or fails on 10-bit input.
/// Encoding runs libaom on one thread, so the bytes do not depend on the machine.
public struct AVIFEncodeOptions: Sendable, Hashable {
    /// The same choice as JPEG's: 4:2:0 (the web default) or 4:4:4.
    public typealias ChromaSubsampling = JPEGEncodeOptions.ChromaSubsampling

    /// 0...100 (lossy quality; ignored when `lossless`).
    public var quality: Int
    /// 0 (slowest, smallest) ... 9 (fastest), libaom's `cpu-used`.
    public var speed: Int
    /// Mathematically lossless RGB: 4:4:4 with the identity matrix (GBR planes), whatever `chromaSubsampling` says.
    public var lossless: Bool
    public var chromaSubsampling: ChromaSubsampling

    public init(quality: Int = 60, speed: Int = 6, lossless: Bool = false, chromaSubsampling: ChromaSubsampling = .yuv420) {
        self.quality = quality
        self.speed = speed
        self.lossless = lossless
        self.chromaSubsampling = chromaSubsampling
    }
}

/// HEIC (libheif 1.15 with x265) encoder settings: HEVC-coded HEIF, the format Xcode asset catalogs take
/// besides PNG and JPEG (and what iPhones shoot). Always 8-bit, one image, no alpha auxiliary beyond
/// libheif's own; the ICC profile is embedded byte for byte (Display P3 stays P3), as for AVIF.
///
/// x265 runs with its `ultrafast` preset: its default preset takes about a minute for 12 MP on two cores,
/// and hero tiers are encoded once per build. Quality is libheif's lossy quality (it sets x265's CRF);
/// the default 60 is the AVIF default.
public struct HEICEncodeOptions: Sendable, Hashable {
    /// The same choice as JPEG's: 4:2:0 (the default) or 4:4:4.
    public typealias ChromaSubsampling = JPEGEncodeOptions.ChromaSubsampling

    /// 0...100 (lossy quality).
    public var quality: Int
    public var chromaSubsampling: ChromaSubsampling

    public init(quality: Int = 60, chromaSubsampling: ChromaSubsampling = .yuv420) {
        self.quality = quality
        self.chromaSubsampling = chromaSubsampling
    }
}
