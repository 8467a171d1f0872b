import FullBleedCodecs
import FullBleedImage

/// What the libFuzzer targets check after every successful decode or probe. A broken invariant traps
/// (`fatalError`), which libFuzzer reports as a crash and saves the input; codec errors are expected
/// and ignored.
public enum DecodeInvariants {
    /// The pixel limit the fuzzers decode with (16 Mi stored pixels): low enough that a valid huge
    /// image cannot exhaust the fuzzer's memory, and the limit every decoder must enforce.
    public static let maxPixels = 16 << 20
    public static let options = DecodeOptions(maxPixels: maxPixels)
    /// Decoded images up to this many pixels are re-encoded (PNG, JPEG or WebP) and decoded again.
    public static let reencodeMaxPixels = 64 * 64
    /// Probes up to this many stored pixels are followed by a decode whose `info` must agree.
    public static let crossCheckMaxPixels = 1 << 20

    /// The fuzzer's input as a byte array.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Decodes `bytes` when they sniff as `format` (other inputs return at once, so each target stays on
    /// its decoder), then checks the result.
    public static func decode(_ bytes: [UInt8], only format: ImageFormat) {
        guard ImageFormat.sniff(bytes) == format else { return }
        guard let decoded = try? Codecs.decode(bytes, options: options) else { return }
        check(decoded, format: format, selector: bytes.count)
    }

    /// Probes any input; when the probe succeeds on a small image, decodes too and compares the two.
    public static func probe(_ bytes: [UInt8]) {
        guard let info = try? Codecs.probe(bytes, options: options) else { return }
        let stored = checkedPixelCount(info.storedSize, what: "probed stored size")
        _ = checkedPixelCount(info.size, what: "probed display size")
        guard stored <= crossCheckMaxPixels, let decoded = try? Codecs.decode(bytes, options: options) else { return }
        check(decoded, format: info.format, selector: bytes.count)
        let d = decoded.info
        if d.format != info.format || d.storedSize != info.storedSize || d.size != info.size || d.orientation != info.orientation {
            fatalError("probe and decode disagree: probe \(info), decode \(d)")
        }
    }

    /// The pixel limit holds, the buffer matches the size, the pixels are upright at full scale, and small
    /// images survive a re-encode in the format picked by `selector`.
    static func check(_ decoded: DecodedImage, format: ImageFormat, selector: Int) {
        let image = decoded.image
        let pixels = checkedPixelCount(image.size, what: "decoded image")
        _ = checkedPixelCount(decoded.info.storedSize, what: "decoded source's stored size")
        if decoded.info.format != format { fatalError("decoded as \(decoded.info.format), sniffed \(format)") }
        let bufferBytes = image.withUnsafeBytes { $0.count }
        if bufferBytes != image.byteCount { fatalError("buffer of \(bufferBytes) bytes for \(image)") }
        if decoded.loadScale == 1, image.size != decoded.info.size {
            fatalError("decoded \(image.width)x\(image.height), info says \(decoded.info.size)")
        }
        if pixels <= reencodeMaxPixels { reencode(image, selector: selector) }
    }

    /// `width * height`, trapping when it is not positive or over `maxPixels`.
    static func checkedPixelCount(_ size: PixelSize, what: String) -> Int {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard size.width > 0, size.height > 0, !overflow, pixels <= maxPixels else {
            fatalError("\(what) \(size.width)x\(size.height) breaks the pixel limit \(maxPixels)")
        }
        return pixels
    }

    /// Encodes a decoded image and decodes it again: both must succeed and keep the size. One failure is
    /// allowed: an encoder refusing the source's ICC profile as it is (libpng rejects e.g. a profile whose
    /// PCS illuminant is not D50, and decoders carry profiles byte for byte), provided the same pixels
    /// encode without the profile.
    static func reencode(_ image: Image, selector: Int) {
        let choices: [EncodeOptions] = [.png(PNGEncodeOptions()), .jpeg(JPEGEncodeOptions()), .webp(WebPEncodeOptions())]
        let encodeOptions = choices[selector % choices.count]
        let encoded: [UInt8]
        do {
            encoded = try Codecs.encode(image, as: encodeOptions)
        } catch let error as CodecError where error.stage == .encode && image.colorSpace.icc != nil {
            var untagged = image
            untagged.colorSpace = .sRGB
            reencode(untagged, selector: selector)
            return
        } catch {
            fatalError("re-encoding decoded \(image) as \(encodeOptions.format) failed: \(error)")
        }
        do {
            let again = try Codecs.decode(encoded, options: options)
            if again.image.size != image.size {
                fatalError("re-encoded \(image) as \(encodeOptions.format) and got \(again.image.size) back")
            }
        } catch {
            fatalError("decoding \(image) re-encoded as \(encodeOptions.format) failed: \(error)")
        }
    }
}
