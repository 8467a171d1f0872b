import CHeif
import FullBleedImage

/// The gain map of an iPhone HEIC: the primary image's auxiliary image of type
/// `urn:com:apple:photo:2020:aux:hdrgainmap`, read through libheif 1.15's auxiliary image API
/// (`heif_image_handle_get_list_of_auxiliary_image_IDs`, `heif_image_handle_get_auxiliary_type`,
/// `heif_image_handle_get_auxiliary_image_handle`), decoded as 8-bit monochrome, with the headroom from
/// the map's XMP (`HDRGainMap:HDRGainMapHeadroom`, attached to the auxiliary image) or else the primary's
/// EXIF maker note (`AppleHDRMakerNote`, Apple's formula), turned into ISO 21496-1 metadata by `AppleGainMap`.
///
/// ISO 21496-1 in HEIF (a `tmap` derived image item referencing the base and the gain map, iOS 18's
/// "Adaptive HDR" and libultrahdr's HEIF output) is not read: blocked on libheif 1.15, whose `heif.h`
/// has no tone-map (`tmap`) or item-level API and whose parser skips items of types it does not know,
/// so neither the `tmap` item, its metadata nor the gain map item it references is reachable. Later
/// libheif releases add both; reading them needs that newer libheif, not a workaround here.
///
/// Orientation: libheif applies each item's own transformations (`irot`, `imir`, `clap`) when decoding,
/// to the primary and to the map (Apple writes the same ones on both), so the map comes out as upright as
/// the image; a map whose shape then does not match the image (`GainMap.checkFits`: e.g. a rotation on
/// the primary only) is refused with a warning. `options.applyOrientation` has no effect, as for the primary.
enum HEIFGainMapReader {
    /// The gain map of `primary` (a libheif image handle of the decoded file), or the warning that says why
    /// it was ignored. `displayedSize` is the primary's size after its transformations.
    static func read(primary: OpaquePointer, displayedSize: PixelSize, options: DecodeOptions,
                     decodePixels: Bool) -> UltraHDRReader.Result {
        // Alpha and depth auxiliaries are not gain maps (filter bits 1 and 2: LIBHEIF_AUX_IMAGE_FILTER_OMIT_*).
        let filter: Int32 = 2 | 4
        let count = Int(heif_image_handle_get_number_of_auxiliary_images(primary, filter))
        guard count > 0 else { return UltraHDRReader.Result() }
        var ids = [heif_item_id](repeating: 0, count: min(count, 64))
        let listed = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(primary, filter, &ids, Int32(ids.count)))
        for id in ids.prefix(max(0, listed)) {
            var auxiliary: OpaquePointer?
            guard heif_image_handle_get_auxiliary_image_handle(primary, id, &auxiliary).code == heif_error_Ok, let auxiliary else { continue }
            defer { heif_image_handle_release(auxiliary) }
            guard auxiliaryType(auxiliary) == AppleGainMap.auxiliaryType else { continue }
            do throws(GainMapError) {
                return try read(auxiliary, primary: primary, displayedSize: displayedSize, options: options, decodePixels: decodePixels)
            } catch {
                return UltraHDRReader.Result(warnings: ["gain map ignored: \(error)"])
            }
        }
        return UltraHDRReader.Result()
    }

    private static func auxiliaryType(_ handle: OpaquePointer) -> String? {
        var type: UnsafePointer<CChar>?
        guard heif_image_handle_get_auxiliary_type(handle, &type).code == heif_error_Ok else { return nil }
        defer { heif_image_handle_free_auxiliary_types(handle, &type) }
        return type.map { String(cString: $0) }
    }

    private static func read(_ auxiliary: OpaquePointer, primary: OpaquePointer, displayedSize: PixelSize, options: DecodeOptions,
                             decodePixels: Bool) throws(GainMapError) -> UltraHDRReader.Result {
        let xmpHeadroom = metadataBlocks(of: auxiliary, type: "mime").lazy.compactMap { XMPGainMap.apple($0)?.headroom }.first
        let exifHeadroom = metadataBlocks(of: primary, type: "Exif").lazy.compactMap { block -> Double? in
            // An Exif item starts with the 4-byte big-endian offset of the TIFF header from byte 4.
            guard block.count > 8 else { return nil }
            let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
            guard offset >= 0, offset < block.count - 4 else { return nil }
            return EXIFMetadata.parse(Array(block[(4 + offset)...]))?.appleHDR?.headroom
        }.first
        guard let headroom = xmpHeadroom ?? exifHeadroom else {
            throw .invalidMetadata("Apple gain map without a headroom (no HDRGainMapHeadroom XMP, no maker note tags 33 and 48)")
        }
        let metadata = AppleGainMap.metadata(headroom: headroom)
        try metadata.validate()
        let size = PixelSize(width: Int(heif_image_handle_get_width(auxiliary)), height: Int(heif_image_handle_get_height(auxiliary)))
        do { try options.checkLimits(width: size.width, height: size.height, format: .heic) } catch {
            throw .invalidImage("\(size.width)x\(size.height): \((error as? CodecError)?.reasonText ?? "\(error)")")
        }
        guard size.width <= displayedSize.width, size.height <= displayedSize.height else {
            throw .invalidImage("\(size.width)x\(size.height) is larger than the \(displayedSize.width)x\(displayedSize.height) image")
        }
        guard decodePixels else {
            return UltraHDRReader.Result(info: GainMapInfo(source: .apple, size: size, metadata: metadata))
        }
        let codes = try decodeMonochrome(auxiliary, expected: size)
        let map = try AppleGainMap.gainMap(appleCodes: codes, headroom: headroom)
        try map.checkFits(baseSize: displayedSize)
        return UltraHDRReader.Result(gainMap: map, info: GainMapInfo(source: .apple, size: map.size, metadata: map.metadata))
    }

    /// The metadata blocks of `handle` of `type` ("Exif", "mime"), at most 8 of at most 1 MB each.
    private static func metadataBlocks(of handle: OpaquePointer, type: String) -> [[UInt8]] {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: min(count, 8))
        let listed = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(ids.count)))
        return ids.prefix(max(0, listed)).compactMap { id in
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size <= 1 << 20 else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_metadata(handle, id, &bytes).code == heif_error_Ok else { return nil }
            return bytes
        }
    }

    /// The auxiliary image decoded by libheif (its transformations applied) as 8-bit codes: monochrome when
    /// it is coded so (Apple's maps are); a colour-coded map (libheif 1.15 cannot convert YCbCr to
    /// monochrome) is decoded as RGB and reduced to its rounded Rec. 601 luma, which is the code of a gray map.
    private static func decodeMonochrome(_ handle: OpaquePointer, expected: PixelSize) throws(GainMapError) -> Image {
        var decoded: OpaquePointer?
        var channel = heif_channel_Y
        var step = 1
        var error = heif_decode_image(handle, &decoded, heif_colorspace_monochrome, heif_chroma_monochrome, nil)
        if error.code != heif_error_Ok {
            if let decoded { heif_image_release(decoded) }
            decoded = nil
            error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
            channel = heif_channel_interleaved
            step = 3
        }
        guard error.code == heif_error_Ok, let decoded else {
            throw .invalidImage("libheif: \(error.message.map { String(cString: $0) } ?? "decode failed")")
        }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, channel)), height = Int(heif_image_get_height(decoded, channel))
        guard width == expected.width, height == expected.height, width > 0, height > 0 else {
            throw .invalidImage("decoded as \(width)x\(height), the header says \(expected.width)x\(expected.height)")
        }
        let bits = Int(heif_image_get_bits_per_pixel_range(decoded, channel))
        guard bits == 8 else { throw .invalidImage("\(bits)-bit gain map (8-bit expected)") }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, channel, &stride), Int(stride) >= width * step else {
            throw .invalidImage("libheif returned no plane")
        }
        var image = Image(width: width, height: height, format: .gray8)
        image.withUnsafeMutableSamples(as: UInt8.self) { destination in
            for y in 0..<height {
                let row = plane + y * Int(stride)
                for x in 0..<width {
                    if step == 1 {
                        destination[y * width + x] = row[x]
                    } else {
                        let luma = 299 * Int(row[3 * x]) + 587 * Int(row[3 * x + 1]) + 114 * Int(row[3 * x + 2])
                        destination[y * width + x] = UInt8((luma + 500) / 1000)
                    }
                }
            }
        }
        return image
    }
}
