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
        let channels = source.channelCount, sourceRowLength = source.samplesPerRow
        let columns = MirrorPadding.indexTable(start: originX, length: gridWidth * k, count: source.width)
        let rows = MirrorPadding.indexTable(start: originY, length: gridHeight * k, count: source.height)
        let rowLength = gridWidth * channels
        var grid = [Float](repeating: 0, count: rowLength * gridHeight)
        let scale = 1 / Float(k * k)
        source.withUnsafeSamples(as: Float.self) { src in
            grid.withUnsafeMutableBufferPointer { out in
                let input = BlurSharedFloats(reading: src.baseAddress!), shared = BlurSharedFloats(base: out.baseAddress!)
                let rowsPerItem = max(1, 64 / k)
                let items = (gridHeight + rowsPerItem - 1) / rowsPerItem
                DispatchQueue.concurrentPerform(iterations: items) { item in
                    columns.withUnsafeBufferPointer { columns in
                        for j in (item * rowsPerItem)..<min(gridHeight, (item + 1) * rowsPerItem) {
                            let target = shared.base + j * rowLength
                            for dy in 0..<k {
                                let sourceRow = input.base + rows[j * k + dy] * sourceRowLength
                                for i in 0..<gridWidth {
                                    let t = target + i * channels
                                    for dx in 0..<k {
                                        let s = sourceRow + columns[i * k + dx] * channels
                                        for c in 0..<channels { t[c] += s[c] }
                                    }
                                }
                            }
                            if k > 1 { for q in 0..<rowLength { target[q] *= scale } }
                        }
                    }
                }
            }
        }
        return grid
    }

    /// Writes the blurred samples of `rect` (source pixel coordinates, inside the region the field was
    /// built for) into `output`, `rect.width * rect.height * channels` interleaved floats, row-major.
    func sample(_ rect: PixelRect, into output: UnsafeMutableBufferPointer<Float>) {
        precondition(output.count == rect.width * rect.height * channels, "output does not match \(rect)")
        let xs = Self.bilinearTaps(first: rect.x - originX, count: rect.width, factor: plan.reductionFactor, limit: gridWidth)
        let ys = Self.bilinearTaps(first: rect.y - originY, count: rect.height, factor: plan.reductionFactor, limit: gridHeight)
        let channels = channels, gridRowLength = gridWidth * channels, outRowLength = rect.width * channels
        let shared = BlurSharedFloats(base: output.baseAddress!)
        let rowsPerItem = 32
        let items = (rect.height + rowsPerItem - 1) / rowsPerItem
        grid.withUnsafeBufferPointer { buffer in
            let grid = BlurSharedFloats(reading: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: items) { item in
                for y in (item * rowsPerItem)..<min(rect.height, (item + 1) * rowsPerItem) {
                    let (j0, j1, wy) = ys[y]
                    let upper = grid.base + j0 * gridRowLength, lower = grid.base + j1 * gridRowLength
                    let out = shared.base + y * outRowLength
                    for x in 0..<rect.width {
                        let (i0, i1, wx) = xs[x]
                        let a = i0 * channels, b = i1 * channels, o = x * channels
                        for c in 0..<channels {
                            let top = upper[a + c] + wx * (upper[b + c] - upper[a + c])
                            let bottom = lower[a + c] + wx * (lower[b + c] - lower[a + c])
                            out[o + c] = top + wy * (bottom - top)
                        }
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
