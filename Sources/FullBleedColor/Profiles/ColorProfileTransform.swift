import CLCMS2
import Dispatch
import Foundation
import FullBleedImage

/// An lcms2 transform (`cmsHTRANSFORM`) between two profiles of one context, deleted in `deinit`.
///
/// Built with `cmsFLAGS_NOCACHE`, so `cmsDoTransform` keeps no state between calls and bands of rows
/// can run on several threads at once; each pixel's result depends only on that pixel, so the output
/// is the same whatever the thread count.
final class ColorProfileTransform: @unchecked Sendable {
    private let context: LCMSContext
    private let handle: cmsHTRANSFORM
    let inputFormat: LCMSPixelFormat
    let outputFormat: LCMSPixelFormat

    /// `cmsCreateTransformTHR` from `source` to `destination` (profiles of the same context).
    /// Throws `transformFailed` with lcms2's message (e.g. a profile whose colour space does not match the format).
    init(from source: ColorProfile, _ inputFormat: LCMSPixelFormat, to destination: ColorProfile, _ outputFormat: LCMSPixelFormat,
         intent: cmsUInt32Number, flags: cmsUInt32Number) throws(ColorManagementError) {
        precondition(source.context === destination.context, "profiles of one transform must share a context")
        let context = source.context
        guard let handle = cmsCreateTransformTHR(context.handle, source.handle, inputFormat.word, destination.handle, outputFormat.word,
                                                 intent, flags | cmsUInt32Number(cmsFLAGS_NOCACHE)) else {
            throw .transformFailed(context.takeMessages() ?? "lcms2 could not link the profiles")
        }
        self.context = context
        self.handle = handle
        self.inputFormat = inputFormat
        self.outputFormat = outputFormat
    }

    deinit { cmsDeleteTransform(handle) }

    /// Transforms `rows` rows of `width` pixels (`cmsDoTransformLineStride`), row strides in bytes.
    func apply(_ input: UnsafeRawPointer, inputRowBytes: Int, to output: UnsafeMutableRawPointer, outputRowBytes: Int,
               width: Int, rows: Int) {
        cmsDoTransformLineStride(handle, input, output, cmsUInt32Number(width), cmsUInt32Number(rows),
                                 cmsUInt32Number(inputRowBytes), cmsUInt32Number(outputRowBytes), 0, 0)
    }

    /// Transforms every pixel of `source` (whose samples match `inputFormat`) into `destination` (same size,
    /// samples matching `outputFormat`), in row bands spread over the available cores for large images.
    func apply(_ source: Image, into destination: inout Image) {
        precondition(source.size == destination.size, "transform \(source) into \(destination)")
        precondition(LCMSPixelFormat(layout: source.layout, sampleType: source.format.sampleType) == inputFormat
                     && LCMSPixelFormat(layout: destination.layout, sampleType: destination.format.sampleType) == outputFormat,
                     "samples of \(source) / \(destination) do not match the transform's formats")
        let width = source.width, inRow = source.bytesPerRow, outRow = destination.bytesPerRow
        source.withUnsafeBytes { src in
            destination.withUnsafeMutableBytes { dst in
                let input = RowPointer(src.baseAddress!), output = MutableRowPointer(dst.baseAddress!)
                Self.RowBands.run(width: width, height: source.height) { rows in
                    self.apply(input.pointer + rows.lowerBound * inRow, inputRowBytes: inRow,
                               to: output.pointer + rows.lowerBound * outRow, outputRowBytes: outRow,
                               width: width, rows: rows.count)
                }
            }
        }
    }

    /// Splits `0..<height` into contiguous row bands and runs them with `DispatchQueue.concurrentPerform`
    /// (one band when the image is small). Bands never overlap; the body must only touch its rows.
    enum RowBands {
        /// Images below this many pixels run as a single band on the calling thread.
        static let parallelThreshold = 1 << 18

        static func run(width: Int, height: Int, _ body: @Sendable (Range<Int>) -> Void) {
            let bandCount = width * height < parallelThreshold ? 1 : min(height, 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))
            if bandCount == 1 { body(0..<height); return }
            DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                let start = height * band / bandCount, end = height * (band + 1) / bandCount
                if start < end { body(start..<end) }
            }
        }
    }

    /// A raw pointer handed to concurrent row bands, each of which touches only its own rows.
    struct RowPointer: @unchecked Sendable {
        let pointer: UnsafeRawPointer
        init(_ pointer: UnsafeRawPointer) { self.pointer = pointer }
    }

    /// A mutable raw pointer handed to concurrent row bands, each of which writes only its own rows.
    struct MutableRowPointer: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    }
}
