import Dispatch
import FullBleedImage

/// A Gaussian-blurred, mirror-extended copy of a float image, held on a grid that may be reduced by the
/// plan's factor k, and sampled back at full resolution anywhere inside the region it was built for.
///
/// Construction (SPEC 1.2 steps 2-3): the source is mirror-indexed (half-sample symmetric, period 2W)
/// over the requested region plus a margin of `ceil(3 sigma)` pixels, box-averaged by k (blocks aligned
/// with the source's origin), and blurred with the plan's extended box. Sampling is bilinear at pixel
/// centres: full-resolution pixel x reads grid position `(x - originX + 0.5) / k - 0.5`.
/// Samples are whatever the source holds (images pass linear premultiplied light).
struct GaussianBlurField {
    let plan: GaussianBlurPlan
    let channels: Int
    /// Full-resolution position (in source pixel coordinates) where grid pixel 0 begins.
    let originX: Int
    let originY: Int
    let gridWidth: Int
    let gridHeight: Int
    private(set) var grid: [Float]

    /// Builds the field of `source` (a `.float32` image) for later sampling inside `region` (source
    /// pixel coordinates; it may extend beyond the source, the mirrored copies fill it).
    init(source: Image, plan: GaussianBlurPlan, region: PixelRect) {
        precondition(source.format.sampleType == .float32, "the blur field works on float samples")
        precondition(!region.isEmpty, "empty blur region")
        self.plan = plan
        self.channels = source.channelCount
        let k = plan.reductionFactor
        let bounds = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        // Full resolution over exactly the source needs no margin: the engine's own boundary is the mirror.
        let margin = (k == 1 && region == bounds) ? 0 : plan.support
        let left = Self.floor(region.x - margin, multipleOf: k), top = Self.floor(region.y - margin, multipleOf: k)
        self.originX = left
        self.originY = top
        self.gridWidth = (region.maxX + margin - left + k - 1) / k
        self.gridHeight = (region.maxY + margin - top + k - 1) / k
        self.grid = Self.reducedMirrorCopy(of: source, originX: left, originY: top, gridWidth: gridWidth, gridHeight: gridHeight, factor: k)
        let (width, height, channels, kernel) = (gridWidth, gridHeight, channels, plan.kernel)
        grid.withUnsafeMutableBufferPointer { buffer in
            BoxBlurEngine.blur(buffer, width: width, height: height, channels: channels, kernel: kernel)
        }
    }

    private static func floor(_ value: Int, multipleOf k: Int) -> Int {
        value >= 0 ? value / k * k : -((-value + k - 1) / k * k)
    }

    /// The mirror-extended source over `gridWidth*k x gridHeight*k` pixels from (originX, originY),
    /// box-averaged by k (a plain mirrored copy when k = 1).
    private static func reducedMirrorCopy(of source: Image, originX: Int, originY: Int,
                                          gridWidth: Int, gridHeight: Int, factor k: Int) -> [Float] {
        let channels = source.channelCount, sourceRowLength = source.samplesPerRow, sourceWidth = source.width
        let rows = MirrorPadding.indexTable(start: originY, length: gridHeight * k, count: source.height)
        let rowLength = gridWidth * channels, lineLength = rowLength * k
        let scale = 1 / Float(k * k)
        return [Float](unsafeUninitializedCapacity: rowLength * gridHeight) { grid, initialized in
            source.withUnsafeSamples(as: Float.self) { src in
                let input = BlurSharedFloats(reading: src.baseAddress!), shared = BlurSharedFloats(base: grid.baseAddress!)
                let rowsPerItem = max(1, 64 / k)
                let items = (gridHeight + rowsPerItem - 1) / rowsPerItem
                blurConcurrentPerform(iterations: items, samples: lineLength * k * gridHeight) { item in
                    // Full-resolution mirrored lines: one being read, one summing the k rows of a block.
                    let line = UnsafeMutablePointer<Float>.allocate(capacity: 2 * lineLength)
                    defer { line.deallocate() }
                    let sum = line + lineLength
                    for j in (item * rowsPerItem)..<min(gridHeight, (item + 1) * rowsPerItem) {
                        let target = shared.base + j * rowLength
                        if k == 1 {
                            mirroredLine(input.base + rows[j] * sourceRowLength, width: sourceWidth, channels: channels,
                                         from: originX, count: gridWidth, into: target)
                            continue
                        }
                        mirroredLine(input.base + rows[j * k] * sourceRowLength, width: sourceWidth, channels: channels,
                                     from: originX, count: gridWidth * k, into: sum)
                        for dy in 1..<k {
                            mirroredLine(input.base + rows[j * k + dy] * sourceRowLength, width: sourceWidth, channels: channels,
                                         from: originX, count: gridWidth * k, into: line)
                            for q in 0..<lineLength { sum[q] += line[q] }
                        }
                        if k == 2 {
                            for i in 0..<gridWidth {
                                let block = sum + 2 * i * channels, t = target + i * channels
                                for c in 0..<channels { t[c] = (block[c] + block[channels + c]) * scale }
                            }
                            continue
                        }
                        for i in 0..<gridWidth {
                            let block = sum + i * k * channels, t = target + i * channels
                            for c in 0..<channels {
                                var total: Float = 0
                                for dx in 0..<k { total += block[dx * channels + c] }
                                t[c] = total * scale
                            }
                        }
                    }
                }
            }
            initialized = rowLength * gridHeight
        }
    }

    /// Pixels `from ..< from + count` of the mirrored (period 2 `width`) source row into `target`:
    /// the unmirrored run in one copy, the mirrored sides pixel by pixel.
    private static func mirroredLine(_ sourceRow: UnsafeMutablePointer<Float>, width: Int, channels: Int,
                                     from start: Int, count: Int, into target: UnsafeMutablePointer<Float>) {
        let inside = max(0, min(count, -start))..<max(0, min(count, width - start))
        if !inside.isEmpty {
            (target + inside.lowerBound * channels).update(from: sourceRow + (start + inside.lowerBound) * channels,
                                                           count: inside.count * channels)
        }
        @inline(__always) func copyMirrored(_ i: Int) {
            let from = sourceRow + MirrorPadding.index(start + i, count: width) * channels, to = target + i * channels
            for c in 0..<channels { to[c] = from[c] }
        }
        for i in 0..<inside.lowerBound { copyMirrored(i) }
        for i in inside.upperBound..<count { copyMirrored(i) }
    }

    /// Writes the blurred samples of `rect` (source pixel coordinates, inside the region the field was
    /// built for) into `output`, `rect.width * rect.height * channels` interleaved floats, row-major.
    /// Bilinear: each output row first blends its two grid rows (over the grid columns it needs), then
    /// blends horizontally.
    func sample(_ rect: PixelRect, into output: UnsafeMutableBufferPointer<Float>) {
        precondition(output.count == rect.width * rect.height * channels, "output does not match \(rect)")
        let xs = Self.bilinearTaps(first: rect.x - originX, count: rect.width, factor: plan.reductionFactor, limit: gridWidth)
        let ys = Self.bilinearTaps(first: rect.y - originY, count: rect.height, factor: plan.reductionFactor, limit: gridHeight)
        let channels = channels, gridRowLength = gridWidth * channels, outRowLength = rect.width * channels
        // The grid columns the row needs.
        let firstColumn = xs.map(\.0).min()!, lastColumn = xs.map(\.1).max()!
        let blendLength = (lastColumn - firstColumn + 1) * channels
        let shared = BlurSharedFloats(base: output.baseAddress!)
        let rowsPerItem = 32
        let items = (rect.height + rowsPerItem - 1) / rowsPerItem
        let exact = plan.reductionFactor == 1 && rect.x - originX >= 0 && rect.maxX - originX <= gridWidth
        grid.withUnsafeBufferPointer { buffer in
            let grid = BlurSharedFloats(reading: buffer.baseAddress!)
            blurConcurrentPerform(iterations: items, samples: output.count) { item in
                let blend = UnsafeMutablePointer<Float>.allocate(capacity: blendLength)
                defer { blend.deallocate() }
                for y in (item * rowsPerItem)..<min(rect.height, (item + 1) * rowsPerItem) {
                    let (j0, j1, wy) = ys[y]
                    let upper = grid.base + j0 * gridRowLength + firstColumn * channels
                    let lower = grid.base + j1 * gridRowLength + firstColumn * channels
                    let out = shared.base + y * outRowLength
                    if exact {
                        // Full resolution: the grid pixels themselves, one contiguous run per row.
                        out.update(from: upper + (xs[0].0 - firstColumn) * channels, count: outRowLength)
                        continue
                    }
                    for q in 0..<blendLength { blend[q] = upper[q] + wy * (lower[q] - upper[q]) }
                    for x in 0..<rect.width {
                        let (i0, i1, wx) = xs[x]
                        let a = blend + (i0 - firstColumn) * channels, b = blend + (i1 - firstColumn) * channels
                        let o = out + x * channels
                        for c in 0..<channels { o[c] = a[c] + wx * (b[c] - a[c]) }
                    }
                }
            }
        }
    }

    /// For `count` full-resolution pixels starting `first` pixels after the grid origin: the two grid
    /// indices (clamped to `0..<limit`, which equals mirroring at a half-sample boundary) and the weight of
    /// the second.
    private static func bilinearTaps(first: Int, count: Int, factor k: Int, limit: Int) -> [(Int, Int, Float)] {
        (0..<count).map { offset in
            let position = (Double(first + offset) + 0.5) / Double(k) - 0.5
            let lower = position.rounded(.down)
            let i0 = Int(lower)
            return (min(max(i0, 0), limit - 1), min(max(i0 + 1, 0), limit - 1), Float(position - lower))
        }
    }
}
