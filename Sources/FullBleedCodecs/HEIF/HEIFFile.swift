import CHeif
import FullBleedImage

/// A HEIF file opened by libheif over the caller's bytes (no copy), with its primary image handle and
/// what the header says about it. Only valid inside `HEIFFile.open`'s closure.
///
/// Sizes: libheif reports the primary image after its transformations (`irot` rotation, `imir`
/// mirror, `clap` crop), which is the displayed size; `storedSize` is the coded size from `ispe`.
/// A grid of tiles is one image of the grid's output size (which must match its `ispe`). libheif applies the transformations
/// itself when decoding, so `info.orientation` is always `.up`, and an EXIF orientation inside the
/// file is never applied a second time (Apple writes both, with the same meaning).
struct HEIFFile {
    /// The primary image (borrowed: released when `open` returns).
    let handle: OpaquePointer
    let info: ImageInfo
    /// Findings worth a decode warning (unrecognised nclx colour, more than one top-level image).
    let warnings: [String]

    /// Opens `bytes` as `format`, checks the displayed and stored sizes against `limits` before any
    /// pixel is decoded, and runs `body` on the primary image. libheif's own size limit is set too,
    /// so it refuses oversized images while parsing.
    static func open<R>(_ bytes: [UInt8], format: ImageFormat, stage: CodecError.Stage, limits: DecodeOptions,
                        _ body: (HEIFFile) throws -> R) throws -> R {
        guard let context = heif_context_alloc() else {
            throw CodecError(stage: stage, format: format, reason: .unsupported("libheif could not allocate a context"))
        }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(context, Int32(sideLimit(for: limits)))
        return try bytes.withUnsafeBytes { buffer in
            try HEIFError.check(heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil),
                                stage: stage, format: format, context: "reading the file")
            var primary: OpaquePointer?
            try HEIFError.check(heif_context_get_primary_image_handle(context, &primary),
                                stage: stage, format: format, context: "finding the primary image")
            guard let primary else {
                throw CodecError(stage: stage, format: format, reason: .corrupt("no primary image"))
            }
            defer { heif_image_handle_release(primary) }
            let canvas: HEIFDerivedCanvas.Canvas?
            do throws(HEIFDerivedCanvas.Malformed) { canvas = try HEIFDerivedCanvas.canvas(in: bytes) } catch {
                throw CodecError(stage: stage, format: format, reason: .corrupt("reading the derived image canvas: \(error.reason)"))
            }
            let file = try HEIFFile(handle: primary, context: context, canvas: canvas, format: format, stage: stage, limits: limits)
            // The AV1 frames dav1d will allocate, after the sizes the boxes declare.
            if format == .avif { try AV1FrameCheck.check(bytes, format: format, stage: stage, limits: limits) }
            return try body(file)
        }
    }

    /// libheif's per-side limit: no side can exceed `maxPixels` (the other side is at least 1), and the
    /// limit is never raised above libheif's own default of 32768.
    static func sideLimit(for limits: DecodeOptions) -> Int {
        min(max(limits.maxPixels, 1), 32_768)
    }

    /// `canvas` is the size a `grid`/`iovl` primary image declares in its item data (`HEIFDerivedCanvas`),
    /// the size libheif allocates when decoding it: it must be within the limits and equal the `ispe` size
    /// (or its transpose).
    ///
    /// libheif 1.15 reports a derived image turned by a quarter by its `irot` (a camera's portrait grid)
    /// with its canvas's width and height, yet decodes it turned: the displayed size is then the turned
    /// canvas, what the decoder delivers.
    private init(handle: OpaquePointer, context: OpaquePointer, canvas derived: HEIFDerivedCanvas.Canvas?, format: ImageFormat,
                 stage: CodecError.Stage, limits: DecodeOptions) throws {
        var displayed = PixelSize(width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
        if let turned = derived?.decodedSize, displayed == PixelSize(width: turned.height, height: turned.width) {
            displayed = turned
        }
        let canvas = derived?.size
        try limits.checkLimits(width: displayed.width, height: displayed.height, format: format, stage: stage)
        let ispe = PixelSize(width: Int(heif_image_handle_get_ispe_width(handle)), height: Int(heif_image_handle_get_ispe_height(handle)))
        let stored = ispe.width > 0 && ispe.height > 0 ? ispe : displayed
        try limits.checkLimits(width: stored.width, height: stored.height, format: format, stage: stage)
        if let canvas {
            try limits.checkLimits(width: canvas.width, height: canvas.height, format: format, stage: stage)
            // libheif 1.15 itself writes an oriented HEVC image as a 1x1 grid whose `ispe` is the
            // canvas turned by the orientation: a transposed canvas is accepted (same pixel count).
            guard ispe.width <= 0 || canvas == ispe || canvas == PixelSize(width: ispe.height, height: ispe.width) else {
                throw CodecError(stage: stage, format: format, reason: .corrupt("the derived image canvas is \(canvas), its ispe says \(ispe)"))
            }
        }

        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let lumaBits = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
        let color = try HEIFColor.read(handle, format: format, stage: stage)
        let imageCount = Int(heif_context_get_number_of_top_level_images(context))

        var details: [String] = []
        if let nclx = color.nclxDescription { details.append(nclx) }
        if hasAlpha && heif_image_handle_is_premultiplied_alpha(handle) != 0 { details.append("premultiplied alpha") }
        var warnings: [String] = []
        if let warning = color.warning { warnings.append(warning) }
        if imageCount > 1 { warnings.append("\(imageCount) top-level images: decoded the primary one") }

        self.handle = handle
        self.warnings = warnings
        self.info = ImageInfo(format: format, size: displayed, storedSize: stored, orientation: .up,
                              colorModel: hasAlpha ? "rgba" : "rgb", bitDepth: lumaBits > 0 ? lumaBits : 8,
                              hasAlpha: hasAlpha, colorSpace: color.colorSpace, frameCount: max(imageCount, 1), details: details)
    }
}
