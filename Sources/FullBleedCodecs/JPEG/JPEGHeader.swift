import CFullBleedShims
import FullBleedImage

/// A gain-map-related marker segment copied out of libjpeg's saved markers: its kind and its payload
/// after the identifier string (`http://ns.adobe.com/xap/1.0/\0`, `MPF\0`, `urn:iso:std:iso:ts:21496:-1\0`).
struct JPEGSegment: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case xmp, mpf, iso21496
    }

    var kind: Kind
    /// The bytes after the identifier and its NUL.
    var payload: [UInt8]

    /// Identifier lengths, NUL included.
    static func identifierLength(_ kind: Kind) -> Int {
        switch kind {
        case .xmp: return 29
        case .mpf: return 4
        case .iso21496: return 28
        }
    }
}

/// What a JPEG header says, copied out of libjpeg's `fbs_jpeg_header` so it outlives the decoder.
struct JPEGHeader: Sendable, Equatable {
    /// Colour model of the stored samples (libjpeg's `jpeg_color_space`); the raw value is what
    /// `ImageInfo.colorModel` reports.
    enum ColorModel: String, Sendable {
        case gray, rgb, ycbcr, cmyk, ycck, unknown

        /// CMYK-family models, decoded to RGB without colour management.
        var isCMYK: Bool { self == .cmyk || self == .ycck }
    }

    /// Stored (full-resolution, before orientation) size in pixels.
    var storedSize: PixelSize
    var components: Int
    var colorModel: ColorModel
    var isProgressive: Bool
    var isArithmetic: Bool
    /// An Adobe APP14 marker was present: CMYK samples are then stored inverted (the Photoshop convention).
    var hasAdobeMarker: Bool
    /// Chroma subsampling of colour files such as "4:2:0"; nil for gray.
    var chromaSubsampling: String?
    /// The first APP1 EXIF segment (with its `Exif\0\0` prefix).
    var exif: [UInt8]?
    /// The ICC profile reassembled from the APP2 segments.
    var icc: [UInt8]?
    /// APP2 ICC segments were present but inconsistent; the profile was ignored.
    var iccMalformed: Bool
    /// The XMP (APP1), MPF and ISO 21496-1 (APP2) segments, in file order (at most 16), for the gain map reader.
    var segments: [JPEGSegment]

    init(_ raw: fbs_jpeg_header, segments: [JPEGSegment] = []) {
        storedSize = PixelSize(width: Int(raw.width), height: Int(raw.height))
        components = Int(raw.components)
        switch UInt32(bitPattern: raw.color_model) {
        case FBS_JPEG_MODEL_GRAY.rawValue: colorModel = .gray
        case FBS_JPEG_MODEL_RGB.rawValue: colorModel = .rgb
        case FBS_JPEG_MODEL_YCBCR.rawValue: colorModel = .ycbcr
        case FBS_JPEG_MODEL_CMYK.rawValue: colorModel = .cmyk
        case FBS_JPEG_MODEL_YCCK.rawValue: colorModel = .ycck
        default: colorModel = .unknown
        }
        isProgressive = raw.progressive != 0
        isArithmetic = raw.arithmetic != 0
        hasAdobeMarker = raw.adobe_marker != 0
        chromaSubsampling = components >= 3
            ? JPEGHeader.describeSubsampling(luma: (Int(raw.luma_h_samp), Int(raw.luma_v_samp)),
                                             chroma: (Int(raw.chroma_h_samp), Int(raw.chroma_v_samp)))
            : nil
        exif = raw.exif.map { Array(UnsafeBufferPointer(start: $0, count: raw.exif_size)) }
        icc = raw.icc.map { Array(UnsafeBufferPointer(start: $0, count: raw.icc_size)) }
        iccMalformed = raw.icc_malformed != 0
        self.segments = segments
    }

    /// J:a:b notation for the luma and chroma sampling factors, e.g. (2,2) over (1,1) is "4:2:0".
    static func describeSubsampling(luma: (Int, Int), chroma: (Int, Int)) -> String {
        let known: [String: String] = ["1x1": "4:4:4", "2x1": "4:2:2", "2x2": "4:2:0", "1x2": "4:4:0", "4x1": "4:1:1", "4x2": "4:1:0"]
        if chroma.0 > 0, chroma.1 > 0, luma.0 % chroma.0 == 0, luma.1 % chroma.1 == 0,
           let name = known["\(luma.0 / chroma.0)x\(luma.1 / chroma.1)"] {
            return name
        }
        return "luma \(luma.0)x\(luma.1), chroma \(chroma.0)x\(chroma.1)"
    }

    /// The parsed EXIF block, when there is one.
    var exifMetadata: EXIFMetadata? { exif.flatMap(EXIFMetadata.parse) }

    /// The file's colour space: its ICC profile (whatever its data colour space), else untagged sRGB.
    var fileColorSpace: ColorSpace { icc.map(ICCInspector.colorSpace(forProfile:)) ?? .sRGB }

    /// The coding ("progressive", "baseline", or "sequential" for arithmetic-coded sequential files),
    /// "arithmetic" when arithmetic-coded, and the chroma subsampling.
    var details: [String] {
        var result = [isProgressive ? "progressive" : (isArithmetic ? "sequential" : "baseline")]
        if isArithmetic { result.append("arithmetic") }
        if let chromaSubsampling { result.append(chromaSubsampling) }
        return result
    }

    /// The probe result: display size after the EXIF orientation, 8-bit, no alpha, one frame.
    func imageInfo(orientation: Orientation) -> ImageInfo {
        ImageInfo(format: .jpeg, size: orientation.displaySize(ofStored: storedSize), storedSize: storedSize,
                  orientation: orientation, colorModel: colorModel.rawValue, bitDepth: 8, hasAlpha: false,
                  colorSpace: fileColorSpace, frameCount: 1, details: details)
    }
}
