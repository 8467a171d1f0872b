import Dispatch

/// A raw float pointer that may cross into `DispatchQueue.concurrentPerform` workers. Each worker writes
/// a disjoint part of the buffer, so no two threads touch the same sample.
/// Buffers shared only for reading are wrapped with `init(reading:)` and never written through.
struct BlurSharedFloats: @unchecked Sendable {
    let base: UnsafeMutablePointer<Float>

    init(base: UnsafeMutablePointer<Float>) { self.base = base }
    init(reading pointer: UnsafePointer<Float>) { self.base = UnsafeMutablePointer(mutating: pointer) }
}

/// The separable extended-box blur on interleaved float samples, with half-sample symmetric (mirror)
/// boundaries. Works on whatever the samples mean: callers pass linear premultiplied light for images.
///
/// Horizontal passes run per row on a mirror-padded line copy; vertical passes run a row-vector
/// recursion over blocks of columns (cache friendly, vectorisable). Running sums are kept in Double.
/// Work is split into fixed row and column blocks whose results do not depend on which thread runs
/// them, so the output is bit-identical for any number of threads.
enum BoxBlurEngine {
    /// Samples per column block of the vertical pass.
    static let columnBlock = 256
    /// Rows per work item of the horizontal pass.
    static let rowBlock = 16

    /// Blurs `samples` (`width * height * channels` interleaved floats) in place with `kernel`
    /// applied `kernel.passes` times along x, then along y.
    static func blur(_ samples: UnsafeMutableBufferPointer<Float>, width: Int, height: Int, channels: Int, kernel: BoxBlurKernel) {
        precondition(samples.count == width * height * channels, "buffer does not match \(width)x\(height)x\(channels)")
        guard kernel.sigma > 0, !samples.isEmpty else { return }
        let shared = BlurSharedFloats(base: samples.baseAddress!)
        if width > 1 { blurRows(shared, width: width, height: height, channels: channels, kernel: kernel) }
        if height > 1 { blurColumns(shared, width: width, height: height, channels: channels, kernel: kernel) }
    }

    // MARK: horizontal

    private static func blurRows(_ shared: BlurSharedFloats, width: Int, height: Int, channels: Int, kernel: BoxBlurKernel) {
        let pad = kernel.radius + 1
        let mirror = MirrorPadding.indexTable(start: -pad, length: width + 2 * pad, count: width)
        let blocks = (height + rowBlock - 1) / rowBlock
        DispatchQueue.concurrentPerform(iterations: blocks) { block in
            let line = UnsafeMutableBufferPointer<Float>.allocate(capacity: (width + 2 * pad) * channels)
            defer { line.deallocate() }
            mirror.withUnsafeBufferPointer { mirror in
                for y in (block * rowBlock)..<min(height, (block + 1) * rowBlock) {
                    let row = UnsafeMutableBufferPointer(start: shared.base + y * width * channels, count: width * channels)
                    for _ in 0..<kernel.passes {
                        // Copy the row with mirrored margins, then filter it back into place.
                        for p in 0..<mirror.count {
                            let source = mirror[p] * channels, target = p * channels
                            for c in 0..<channels { line[target + c] = row[source + c] }
                        }
                        filterLine(UnsafeBufferPointer(line), into: row, count: width, channels: channels, pad: pad, kernel: kernel)
                    }
                }
            }
        }
    }

    /// One extended-box pass along a line: `padded` holds the line with `pad` mirrored samples
    /// (interleaved `channels`) on both sides; `output` receives `count` filtered pixels.
    private static func filterLine(_ padded: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>,
                                   count: Int, channels: Int, pad: Int, kernel: BoxBlurKernel) {
        let r = kernel.radius, c1 = kernel.c1, c2 = kernel.c2, inner = kernel.innerWeight
        for c in 0..<channels {
            // f(n) = padded[(n + pad) * channels + c]
            @inline(__always) func f(_ n: Int) -> Double { Double(padded[(n + pad) * channels + c]) }
            var innerSum = 0.0
            for j in -r...r { innerSum += f(j) }
            var u = inner * innerSum + c1 * (f(-r - 1) + f(r + 1))
            output[c] = Float(u)
            var n = 1
            while n < count {
                u += c1 * (f(n + r + 1) - f(n - r - 2)) + c2 * (f(n + r) - f(n - r - 1))
                output[n * channels + c] = Float(u)
                n += 1
            }
        }
    }

    // MARK: vertical

    private static func blurColumns(_ shared: BlurSharedFloats, width: Int, height: Int, channels: Int, kernel: BoxBlurKernel) {
        let rowLength = width * channels
        let pad = kernel.radius + 1
        let mirror = MirrorPadding.indexTable(start: -pad, length: height + 2 * pad, count: height)
        let blocks = (rowLength + columnBlock - 1) / columnBlock
        DispatchQueue.concurrentPerform(iterations: blocks) { block in
            let first = block * columnBlock
            let blockWidth = min(columnBlock, rowLength - first)
            // Two block-local buffers: pass 1 image -> a, pass 2 a -> b, pass 3 b -> image, ...
            let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 2 * blockWidth * height)
            let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: blockWidth)
            defer { scratch.deallocate(); sums.deallocate() }
            let buffers = [scratch.baseAddress!, scratch.baseAddress! + blockWidth * height]
            mirror.withUnsafeBufferPointer { mirror in
                var source = shared.base + first, sourceStride = rowLength
                for pass in 0..<kernel.passes {
                    let last = pass == kernel.passes - 1
                    let target = last ? shared.base + first : buffers[pass % 2]
                    let targetStride = last ? rowLength : blockWidth
                    filterColumns(source: source, sourceStride: sourceStride, target: target, targetStride: targetStride,
                                  blockWidth: blockWidth, height: height, mirror: mirror, pad: pad, kernel: kernel, sums: sums)
                    source = target
                    sourceStride = targetStride
                }
            }
        }
    }

    /// One extended-box pass down `blockWidth` adjacent columns, as a recursion over whole row slices.
    /// `mirror[p]` is the stored row of position `p - pad`.
    private static func filterColumns(source: UnsafeMutablePointer<Float>, sourceStride: Int,
                                      target: UnsafeMutablePointer<Float>, targetStride: Int,
                                      blockWidth: Int, height: Int, mirror: UnsafeBufferPointer<Int>, pad: Int,
                                      kernel: BoxBlurKernel, sums: UnsafeMutableBufferPointer<Double>) {
        let r = kernel.radius, c1 = kernel.c1, c2 = kernel.c2, inner = kernel.innerWeight
        @inline(__always) func row(_ n: Int) -> UnsafeMutablePointer<Float> { source + mirror[n + pad] * sourceStride }

        // u[0] = inner * sum(|j| <= r) + c1 * (f[-r-1] + f[r+1])
        for i in 0..<blockWidth { sums[i] = 0 }
        for j in -r...r {
            let f = row(j)
            for i in 0..<blockWidth { sums[i] += Double(f[i]) }
        }
        let outerLow = row(-r - 1), outerHigh = row(r + 1)
        for i in 0..<blockWidth {
            sums[i] = inner * sums[i] + c1 * (Double(outerLow[i]) + Double(outerHigh[i]))
            target[i] = Float(sums[i])
        }
        var n = 1
        while n < height {
            let addOuter = row(n + r + 1), dropOuter = row(n - r - 2)
            let addInner = row(n + r), dropInner = row(n - r - 1)
            let out = target + n * targetStride
            for i in 0..<blockWidth {
                let outer = Double(addOuter[i]) - Double(dropOuter[i])
                let innerStep = Double(addInner[i]) - Double(dropInner[i])
                sums[i] += c1 * outer + c2 * innerStep
                out[i] = Float(sums[i])
            }
            n += 1
        }
    }
}
