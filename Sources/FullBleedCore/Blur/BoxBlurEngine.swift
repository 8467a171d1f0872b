import Dispatch

/// A raw float pointer that may cross into `DispatchQueue.concurrentPerform` workers. Each worker writes
/// a disjoint part of the buffer, so no two threads touch the same sample.
/// Buffers shared only for reading are wrapped with `init(reading:)` and never written through.
struct BlurSharedFloats: @unchecked Sendable {
    let base: UnsafeMutablePointer<Float>

    init(base: UnsafeMutablePointer<Float>) { self.base = base }
    init(reading pointer: UnsafePointer<Float>) { self.base = UnsafeMutablePointer(mutating: pointer) }
}

/// Runs `body` for every index in `0..<iterations`: across threads when the job is large enough to pay
/// for it (`samples` = the floats it touches), inline otherwise. Each index must write only its own part,
/// so the result is the same either way.
func blurConcurrentPerform(iterations: Int, samples: Int, _ body: @Sendable (Int) -> Void) {
    if iterations > 1 && samples >= 1 << 16 {
        DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    } else {
        for index in 0..<iterations { body(index) }
    }
}

/// The separable extended-box blur on interleaved float samples, with half-sample symmetric (mirror)
/// boundaries. Works on whatever the samples mean: callers pass linear premultiplied light for images.
///
/// Both directions run the same vectorisable recursion over "lanes": vertical passes filter blocks of
/// adjacent columns row by row; horizontal passes first transpose a block of rows into a tile whose lanes
/// are (row, channel) pairs. Running sums are Float, re-anchored from Double sums. Work is split into
/// fixed row and column blocks whose results do not depend on which thread runs them, so the output is bit-identical for any
/// number of threads.
enum BoxBlurEngine {
    /// Samples per column block of the vertical pass.
    static let columnBlock = 64
    /// Image rows per transposed tile of the horizontal pass.
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

    /// The stored line of every position a pass reads along `count` lines: `-radius - 1 ..< count + radius + 1`.
    private static func reach(of kernel: BoxBlurKernel, along count: Int) -> [Int] {
        MirrorPadding.indexTable(start: -(kernel.radius + 1), length: count + 2 * (kernel.radius + 1), count: count)
    }

    // MARK: horizontal

    private static func blurRows(_ shared: BlurSharedFloats, width: Int, height: Int, channels: Int, kernel: BoxBlurKernel) {
        let rowLength = width * channels, mirror = reach(of: kernel, along: width)
        let blocks = (height + rowBlock - 1) / rowBlock
        blurConcurrentPerform(iterations: blocks, samples: width * height * channels) { block in
            let firstRow = block * rowBlock
            let rows = min(rowBlock, height - firstRow)
            let lanes = rows * channels
            // Tile: one line per pixel position x, holding (row, channel) lanes.
            let tile = UnsafeMutableBufferPointer<Float>.allocate(capacity: width * lanes)
            defer { tile.deallocate() }
            let image = shared.base + firstRow * rowLength
            // Channel-outer loops keep the inner loop long (the channel count is small and not a constant).
            for r in 0..<rows {
                for c in 0..<channels {
                    let from = image + r * rowLength + c, to = tile.baseAddress! + r * channels + c
                    for x in 0..<width { to[x * lanes] = from[x * channels] }
                }
            }
            mirror.withUnsafeBufferPointer { mirror in
                filter(tile.baseAddress!, stride: lanes, into: tile.baseAddress!, stride: lanes,
                       lanes: lanes, length: width, mirror: mirror, kernel: kernel)
            }
            for r in 0..<rows {
                for c in 0..<channels {
                    let from = tile.baseAddress! + r * channels + c, to = image + r * rowLength + c
                    for x in 0..<width { to[x * channels] = from[x * lanes] }
                }
            }
        }
    }

    // MARK: vertical

    private static func blurColumns(_ shared: BlurSharedFloats, width: Int, height: Int, channels: Int, kernel: BoxBlurKernel) {
        let rowLength = width * channels, mirror = reach(of: kernel, along: height)
        let blocks = (rowLength + columnBlock - 1) / columnBlock
        blurConcurrentPerform(iterations: blocks, samples: width * height * channels) { block in
            let first = block * columnBlock
            mirror.withUnsafeBufferPointer { mirror in
                filter(shared.base + first, stride: rowLength, into: shared.base + first, stride: rowLength,
                       lanes: min(columnBlock, rowLength - first), length: height, mirror: mirror, kernel: kernel)
            }
        }
    }

    /// All `kernel.passes` passes along `length` lines of `lanes` independent signals (line `n` of the
    /// source starts at `source + n * sourceStride`). Passes ping-pong through two local buffers; the last
    /// writes to `target`, which may be the source. `mirror[p]` is the stored line of position
    /// `p - radius - 1`.
    private static func filter(_ source: UnsafeMutablePointer<Float>, stride sourceStride: Int,
                               into target: UnsafeMutablePointer<Float>, stride targetStride: Int,
                               lanes: Int, length: Int, mirror: UnsafeBufferPointer<Int>, kernel: BoxBlurKernel) {
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 2 * lanes * length)
        let anchor = UnsafeMutableBufferPointer<Double>.allocate(capacity: lanes)
        let sums = UnsafeMutableBufferPointer<Float>.allocate(capacity: lanes)
        defer { scratch.deallocate(); anchor.deallocate(); sums.deallocate() }
        var input = source, inputStride = sourceStride
        for pass in 0..<kernel.passes {
            // The last pass writes the target directly, unless it would read the target as well (one pass).
            let direct = pass == kernel.passes - 1 && pass > 0
            let output = direct ? target : scratch + (pass % 2) * lanes * length
            let outputStride = direct ? targetStride : lanes
            filterPass(source: input, sourceStride: inputStride, target: output, targetStride: outputStride,
                       blockWidth: lanes, height: length, mirror: mirror, pad: kernel.radius + 1, kernel: kernel, anchor: anchor, sums: sums)
            input = output
            inputStride = outputStride
        }
        if kernel.passes == 1 {
            for n in 0..<length { (target + n * targetStride).update(from: scratch + n * lanes, count: lanes) }
        }
    }

    /// One extended-box pass down `blockWidth` adjacent columns, as a recursion over whole row slices.
    /// `mirror[p]` is the stored row of position `p - pad`.
    ///
    /// The running sums are Float (4 lanes per SSE instruction) and are re-anchored every
    /// `max(256, 4 (2r + 3))` rows from a direct weighted sum computed in Double, so rounding drifts by at
    /// most a few hundred float ulps (about 1e-5 of full scale) before it is reset.
    private static func filterPass(source: UnsafeMutablePointer<Float>, sourceStride: Int,
                                   target: UnsafeMutablePointer<Float>, targetStride: Int,
                                   blockWidth: Int, height: Int, mirror: UnsafeBufferPointer<Int>, pad: Int,
                                   kernel: BoxBlurKernel, anchor: UnsafeMutableBufferPointer<Double>,
                                   sums: UnsafeMutableBufferPointer<Float>) {
        let r = kernel.radius
        let c1 = Float(kernel.c1), c2 = Float(kernel.c2)
        let interval = max(256, 4 * (2 * r + 3))
        @inline(__always) func row(_ n: Int) -> UnsafeMutablePointer<Float> { source + mirror[n + pad] * sourceStride }

        var n = 0
        while n < height {
            // Anchor: u[n] = inner * sum(|j| <= r) f[n+j] + outer * (f[n-r-1] + f[n+r+1]), in Double.
            for i in 0..<blockWidth { anchor[i] = 0 }
            for j in -r...r {
                let f = row(n + j)
                for i in 0..<blockWidth { anchor[i] += Double(f[i]) }
            }
            let outerLow = row(n - r - 1), outerHigh = row(n + r + 1), inner = kernel.innerWeight, outer = kernel.c1
            let first = target + n * targetStride
            for i in 0..<blockWidth {
                let u = inner * anchor[i] + outer * (Double(outerLow[i]) + Double(outerHigh[i]))
                sums[i] = Float(u)
                first[i] = sums[i]
            }
            n += 1
            // Recursion: u[n] = u[n-1] + c1 (f[n+r+1] - f[n-r-2]) + c2 (f[n+r] - f[n-r-1]).
            let stop = min(height, n - 1 + interval)
            while n < stop {
                let addOuter = row(n + r + 1), dropOuter = row(n - r - 2)
                let addInner = row(n + r), dropInner = row(n - r - 1)
                let out = target + n * targetStride
                for i in 0..<blockWidth {
                    let step = c1 * (addOuter[i] - dropOuter[i]) + c2 * (addInner[i] - dropInner[i])
                    sums[i] += step
                    out[i] = sums[i]
                }
                n += 1
            }
        }
    }
}
