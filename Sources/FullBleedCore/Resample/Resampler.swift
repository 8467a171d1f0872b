import CFullBleedKernels
import Dispatch
import FullBleedColor
import FullBleedImage

/// The separable resize engine behind `Image.resized(to:from:options:)`.
///
/// Output rows are cut into bands of `bandHeight` rows. Each band decodes the source rows it needs
/// (to Float, premultiplied, working space), filters them horizontally into a band buffer, filters
/// that vertically and encodes the output rows. Bands share nothing but read-only inputs, and each
/// output sample is computed by the same operations in the same order whichever band or thread
/// computes it, so the result is bit-identical with or without parallelism. Memory stays bounded
/// by the band buffers (a few MB) instead of a full-size intermediate image.
///
/// The two filter loops run on `kernel`: the portable Swift loops (baseline x86-64 SSE, any CPU), or
/// their AVX2 builds in `CFullBleedKernels`, picked at run time from the CPU, which do the same
/// operations in the same order per sample (multiply then add, no fused multiply-add) on twice the lanes,
/// so the output bytes are the same on every CPU.
struct Resampler {
    let horizontal: ResampleWeights
    let vertical: ResampleWeights
    /// The source rectangle that is resampled (source pixels).
    let region: PixelRect
    let space: ResampleOptions.Space
    let outputFormat: PixelFormat
    let quantization: ResampleOptions.Quantization
    let parallel: Bool
    var kernel: ResampleKernel = .best

    /// Output rows per band. Horizontal work repeated across band seams is about
    /// `2 * support / bandHeight` of the total (9 % for Lanczos3).
    static let bandHeight = 64

    func resample(_ source: Image) -> Image {
        let channels = source.channelCount
        let outputWidth = horizontal.outputSize, outputHeight = vertical.outputSize
        var output = Image(width: outputWidth, height: outputHeight, format: outputFormat, colorSpace: source.colorSpace)
        let plan = BandPlan(
            horizontal: PackedWeights(horizontal), vertical: PackedWeights(vertical), channels: channels,
            decoder: WorkingRowDecoder(format: source.format, working: space.workingTransfer, region: region, sourceBytesPerRow: source.bytesPerRow),
            encoder: WorkingRowEncoder(format: outputFormat, working: space.workingTransfer, quantization: quantization),
            regionY: region.y, outputBytesPerRow: output.bytesPerRow, kernel: kernel)
        let bandCount = (outputHeight + Self.bandHeight - 1) / Self.bandHeight
        source.withUnsafeBytes { src in
            output.withUnsafeMutableBytes { dst in
                let pointers = BandPointers(source: src.baseAddress!, output: dst.baseAddress!)
                if parallel && bandCount > 1 {
                    DispatchQueue.concurrentPerform(iterations: bandCount) { band in plan.run(band: band, pointers) }
                } else {
                    for band in 0..<bandCount { plan.run(band: band, pointers) }
                }
            }
        }
        return output
    }
}

/// Which build of the resampler's filter loops runs; see `Resampler`.
enum ResampleKernel: Sendable, CaseIterable {
    /// The Swift loops, 4-lane SIMD (SSE on baseline x86-64).
    case portable
    /// `fbk_convolve_rows_avx2` and `fbk_weighted_sum_avx2`: 8 lanes, bit-identical results.
    case avx2

    /// AVX2 when this CPU has it, else portable (cpuid asked once).
    static let best: ResampleKernel = fbk_cpu_has_avx2() != 0 ? .avx2 : .portable

    /// The kernels this CPU can run (for tests comparing them).
    static var available: [ResampleKernel] { best == .avx2 ? [.portable, .avx2] : [.portable] }
}

/// Source and output base addresses, handed to the band workers (each writes only its own rows).
private struct BandPointers: @unchecked Sendable {
    let source: UnsafeRawPointer
    let output: UnsafeMutableRawPointer
}

/// One axis of `ResampleWeights` copied into raw buffers for the hot loops.
private final class PackedWeights: @unchecked Sendable {
    let inputSize: Int
    let outputSize: Int
    let stride: Int
    let isIdentity: Bool
    let starts: UnsafeMutablePointer<Int>
    let counts: UnsafeMutablePointer<Int>
    let weights: UnsafeMutablePointer<Float>

    init(_ axis: ResampleWeights) {
        inputSize = axis.inputSize
        outputSize = axis.outputSize
        stride = axis.stride
        isIdentity = axis.isIdentity
        starts = .allocate(capacity: axis.outputSize)
        counts = .allocate(capacity: axis.outputSize)
        weights = .allocate(capacity: axis.weights.count)
        starts.initialize(from: axis.starts, count: axis.outputSize)
        counts.initialize(from: axis.counts, count: axis.outputSize)
        weights.initialize(from: axis.weights, count: axis.weights.count)
    }

    deinit {
        starts.deallocate()
        counts.deallocate()
        weights.deallocate()
    }
}

/// Everything a band worker needs, immutable.
private struct BandPlan: Sendable {
    let horizontal: PackedWeights
    let vertical: PackedWeights
    let channels: Int
    let decoder: WorkingRowDecoder
    let encoder: WorkingRowEncoder
    let regionY: Int
    let outputBytesPerRow: Int
    let kernel: ResampleKernel

    /// Vertical first when the vertical axis is reduced (each output row then filters horizontally
    /// once, on the few rows left, instead of every source row being filtered horizontally); horizontal
    /// first otherwise (enlarging vertically, or no vertical change).
    var verticalFirst: Bool { !horizontal.isIdentity && vertical.outputSize < vertical.inputSize }

    func run(band: Int, _ pointers: BandPointers) {
        let firstOutputRow = band * Resampler.bandHeight
        let endOutputRow = min(vertical.outputSize, firstOutputRow + Resampler.bandHeight)
        var firstSourceRow = Int.max, endSourceRow = 0
        for y in firstOutputRow..<endOutputRow {
            firstSourceRow = min(firstSourceRow, vertical.starts[y])
            endSourceRow = max(endSourceRow, vertical.starts[y] + vertical.counts[y])
        }
        if verticalFirst {
            runVerticalFirst(outputRows: firstOutputRow..<endOutputRow, sourceRows: firstSourceRow..<endSourceRow, pointers)
        } else {
            runHorizontalFirst(outputRows: firstOutputRow..<endOutputRow, sourceRows: firstSourceRow..<endSourceRow, pointers)
        }
    }

    /// Per output row: decodes the source rows it needs that are not decoded yet into a ring of
    /// `vertical.stride` full-width rows (each source row is decoded once per band, and memory stays at
    /// one filter's height of rows however strong the reduction), sums them vertically, filters that
    /// one row horizontally and encodes it.
    private func runVerticalFirst(outputRows: Range<Int>, sourceRows: Range<Int>, _ pointers: BandPointers) {
        let rowLength = horizontal.outputSize * channels
        let sourceLength = decoder.regionWidth * channels
        let ringSize = max(1, vertical.stride)
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: ringSize * sourceLength)
        defer { ring.deallocate() }
        let taps = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: ringSize)
        defer { taps.deallocate() }
        // One Float of padding: the 4-lane RGB loop reads one sample past the last pixel.
        let column = UnsafeMutablePointer<Float>.allocate(capacity: sourceLength + 1)
        column[sourceLength] = 0
        defer { column.deallocate() }
        let accumulator = UnsafeMutablePointer<Float>.allocate(capacity: rowLength)
        defer { accumulator.deallocate() }

        var nextRow = sourceRows.lowerBound   // the next source row (within the region) to decode
        for y in outputRows {
            let first = vertical.starts[y], count = vertical.counts[y]
            // Starts never decrease and count <= ringSize, so a decoded row only replaces one that no
            // later output row of this band reads.
            nextRow = max(nextRow, first)
            while nextRow < first + count {
                decoder.decode(row: regionY + nextRow, from: pointers.source, into: ring + (nextRow % ringSize) * sourceLength)
                nextRow += 1
            }
            for k in 0..<count { taps[k] = ring + ((first + k) % ringSize) * sourceLength }
            weightedSum(rows: taps, rowLength: sourceLength, weights: vertical.weights + y * vertical.stride,
                        count: count, into: column)
            filterHorizontally(column, into: accumulator)
            encoder.encode(accumulator, width: horizontal.outputSize, y: y, into: pointers.output + y * outputBytesPerRow)
        }
    }

    /// Filters every source row of the band horizontally into the band buffer, then per output row
    /// sums the filtered rows vertically and encodes.
    private func runHorizontalFirst(outputRows: Range<Int>, sourceRows: Range<Int>, _ pointers: BandPointers) {
        let rowLength = horizontal.outputSize * channels
        let rows = sourceRows.count
        let bandBuffer = UnsafeMutablePointer<Float>.allocate(capacity: rows * rowLength)
        defer { bandBuffer.deallocate() }
        // One Float of padding: the 4-lane RGB loop reads one sample past the last pixel.
        let decoded = UnsafeMutablePointer<Float>.allocate(capacity: decoder.regionWidth * channels + 1)
        decoded[decoder.regionWidth * channels] = 0
        defer { decoded.deallocate() }
        let accumulator = UnsafeMutablePointer<Float>.allocate(capacity: rowLength)
        defer { accumulator.deallocate() }

        for r in 0..<rows {
            let target = bandBuffer + r * rowLength
            let sourceRow = regionY + sourceRows.lowerBound + r
            if horizontal.isIdentity {
                decoder.decode(row: sourceRow, from: pointers.source, into: target)
            } else {
                decoder.decode(row: sourceRow, from: pointers.source, into: decoded)
                filterHorizontally(decoded, into: target)
            }
        }
        let taps = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: max(1, vertical.stride))
        defer { taps.deallocate() }
        for y in outputRows {
            let first = bandBuffer + (vertical.starts[y] - sourceRows.lowerBound) * rowLength
            for k in 0..<vertical.counts[y] { taps[k] = first + k * rowLength }
            weightedSum(rows: taps, rowLength: rowLength, weights: vertical.weights + y * vertical.stride,
                        count: vertical.counts[y], into: accumulator)
            encoder.encode(accumulator, width: horizontal.outputSize, y: y, into: pointers.output + y * outputBytesPerRow)
        }
    }

    /// `output[i] = sum over k of weights[k] * rows[k][i]`, four rows per pass over the output (fewer
    /// loads and stores of the running sum); the summation order is fixed, the same on both kernels.
    private func weightedSum(rows: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, rowLength: Int,
                             weights: UnsafeMutablePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>) {
        if kernel == .avx2 {
            let rowPointers = UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            fbk_weighted_sum_avx2(rowPointers, rowLength, weights, count, output)
            return
        }
        guard count > 0 else {
            output.initialize(repeating: 0, count: rowLength)
            return
        }
        let r0 = rows[0], w0 = weights[0]
        for i in 0..<rowLength { output[i] = w0 * r0[i] }
        var k = 1
        while k + 4 <= count {
            let a = rows[k], b = rows[k + 1], c = rows[k + 2], d = rows[k + 3]
            let wa = weights[k], wb = weights[k + 1], wc = weights[k + 2], wd = weights[k + 3]
            for i in 0..<rowLength {
                let ab = wa * a[i] + wb * b[i]
                let cd = wc * c[i] + wd * d[i]
                output[i] += ab + cd
            }
            k += 4
        }
        while k < count {
            let a = rows[k], wa = weights[k]
            for i in 0..<rowLength { output[i] += wa * a[i] }
            k += 1
        }
    }

    /// One row through the horizontal weights, with the channel count fixed per call site so the
    /// compiler can drop the unused accumulators.
    private func filterHorizontally(_ input: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        switch channels {
        case 1: convolve(input, output, channels: 1)
        case 2: convolve(input, output, channels: 2)
        case 3: convolve(input, output, channels: 3)
        default: convolve(input, output, channels: 4)
        }
    }

    @inline(__always)
    private func convolve(_ input: UnsafeMutablePointer<Float>, _ output: UnsafeMutablePointer<Float>, channels: Int) {
        let axis = horizontal
        if channels >= 3 && kernel == .avx2 {
            fbk_convolve_rows_avx2(input, output, axis.outputSize, channels, axis.starts, axis.counts, axis.weights, axis.stride)
            return
        }
        if channels >= 3 {
            // One 4-lane multiply-add per tap, into four independent sums so consecutive taps do not
            // wait for each other (the summation order is fixed, so results stay deterministic). For
            // RGB the fourth lane reads the next pixel's first sample (the input row has one Float of
            // padding) and is discarded.
            let raw = UnsafeRawPointer(input)
            let pixelBytes = channels * MemoryLayout<Float>.stride
            let fourPixels = 4 * pixelBytes
            for x in 0..<axis.outputSize {
                // Pointer steps only in the tap loop (no index multiplications to overflow-check).
                var w = axis.weights + x * axis.stride
                let end = w + axis.counts[x]
                var p = raw + axis.starts[x] * pixelBytes
                var s0 = SIMD4<Float>(), s1 = SIMD4<Float>(), s2 = SIMD4<Float>(), s3 = SIMD4<Float>()
                while end - w >= 4 {
                    s0 += w[0] * p.loadUnaligned(as: SIMD4<Float>.self)
                    s1 += w[1] * (p + pixelBytes).loadUnaligned(as: SIMD4<Float>.self)
                    s2 += w[2] * (p + 2 * pixelBytes).loadUnaligned(as: SIMD4<Float>.self)
                    s3 += w[3] * (p + 3 * pixelBytes).loadUnaligned(as: SIMD4<Float>.self)
                    w += 4
                    p += fourPixels
                }
                while w < end {
                    s0 += w[0] * p.loadUnaligned(as: SIMD4<Float>.self)
                    w += 1
                    p += pixelBytes
                }
                let sum = (s0 + s1) + (s2 + s3)
                let q = output + x * channels
                q[0] = sum[0]
                q[1] = sum[1]
                q[2] = sum[2]
                if channels > 3 { q[3] = sum[3] }
            }
            return
        }
        for x in 0..<axis.outputSize {
            let taps = axis.weights + x * axis.stride
            var p = input + axis.starts[x] * channels
            var a0: Float = 0, a1: Float = 0
            for k in 0..<axis.counts[x] {
                let weight = taps[k]
                a0 += weight * p[0]
                if channels > 1 { a1 += weight * p[1] }
                p += channels
            }
            let q = output + x * channels
            q[0] = a0
            if channels > 1 { q[1] = a1 }
        }
    }
}
