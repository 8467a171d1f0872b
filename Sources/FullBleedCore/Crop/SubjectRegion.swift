import FullBleedImage

/// Something the photo is about, as a box: a face, the salient object around the saliency peak, or a box
/// the sidecar names. The crop search keeps every high-confidence region whole and, where it can, below
/// the toolbar band.
public struct SubjectRegion: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A human face from the face detector, widened to the head (`face(_:confidence:in:)`).
        case face
        /// The connected salient mass around the saliency peak (`SubjectRegion.salient(in:)`).
        case salient
        /// The sidecar's `subject` box: wins over detection.
        case sidecar
    }

    /// The box, pixels of the image the crop is planned on (top-left origin), inside the image.
    public var rect: PixelRect
    public var kind: Kind
    /// 0...1. Faces: the detector's confidence; salient: how concentrated the saliency is in the box
    /// (`salient(in:)`); sidecar: 1.
    public var confidence: Double

    public init(rect: PixelRect, kind: Kind, confidence: Double) {
        self.rect = rect
        self.kind = kind
        self.confidence = confidence
    }

    /// At or above this confidence a region is a hard constraint of the crop search (kept whole, then
    /// below the band when any candidate allows it); below it only the composition score sees it.
    /// Faces pass from the detector's own cut (margin 0.3 -> 0.26). [E, chosen on the corpus labels]
    public static let highConfidence = 0.25

    public var isHighConfidence: Bool { confidence >= Self.highConfidence }

    /// A face box from the detector (dlib's box spans brows to chin and cheek to cheek) widened to the
    /// head: 60% of its height added above (forehead and hair), 15% below (chin), 15% of its width on
    /// each side (ears), clipped to `size`.
    public static func face(_ rect: PixelRect, confidence: Double, in size: PixelSize) -> SubjectRegion {
        let dx = Double(rect.width) * 0.15, top = Double(rect.height) * 0.6, bottom = Double(rect.height) * 0.15
        let box = Box(minX: Double(rect.x) - dx, minY: Double(rect.y) - top,
                      maxX: Double(rect.x + rect.width) + dx, maxY: Double(rect.y + rect.height) + bottom)
        return SubjectRegion(rect: box.pixelRect(clippedTo: size), kind: .face, confidence: min(1, max(0, confidence)))
    }

    /// A box given as fractions (0...1) of the image, as the sidecar writes it, in pixels of `size`.
    public static func sidecar(x: Double, y: Double, width: Double, height: Double, in size: PixelSize) -> SubjectRegion {
        let box = Box(minX: x * Double(size.width), minY: y * Double(size.height),
                      maxX: (x + width) * Double(size.width), maxY: (y + height) * Double(size.height))
        return SubjectRegion(rect: box.pixelRect(clippedTo: size), kind: .sidecar, confidence: 1)
    }

    /// Share of the seed's smoothed surroundedness a map pixel needs to belong to the salient region.
    /// [E, chosen on the corpus labels `Tests/Fixtures/subjects.tsv` among 0.5...0.8]
    public static let salientThreshold: Float = 0.7

    /// The salient object of `saliency`: where the eye goes, grown to the figure it belongs to.
    /// - The seed is the map's densest point (`SaliencyMap.densestPoint`: detail, distinctiveness,
    ///   saturation and skin, blurred): saliency says *where* the subject is.
    /// - The region is the 4-connected set of map pixels around the seed whose surroundedness (boolean-map
    ///   saliency, blurred as `densestPoint` blurs) is at least `threshold` x the seed's: surroundedness
    ///   says *how far* it reaches, since a figure is surrounded by its ground and the ground touches the
    ///   border. Growing over the saliency itself instead bleeds into textured backgrounds, and taking the
    ///   peak of saliency x surroundedness as the seed moves it to any small surrounded highlight (a
    ///   badge, a flower beside the ladybird).
    /// The box is that set's bounding box in source pixels. nil for a flat image (no saliency) or a seed
    /// that touches nothing surrounded.
    ///
    /// Confidence: how much more of the salient-and-surrounded mass (saliency x surroundedness, unblurred)
    /// the box holds than its share of the image, `(m - a) / (1 - a)` with `m` the mass share inside the
    /// box and `a` the box's share of the image area, in 0...1: a small box holding much of it is a
    /// distinct object; a region leaking to the whole image (no figure around the seed) has 0.
    public static func salient(in saliency: SaliencyMap, threshold relative: Float = salientThreshold) -> SubjectRegion? {
        let size = saliency.size, w = size.width, h = size.height
        guard saliency.total > 0 else { return nil }
        let seedPoint = saliency.densestPoint()
        let seed = seedPoint.y * w + seedPoint.x
        let figure = SaliencyMap.smoothed(saliency.surroundedness, size: size)
        guard figure[seed] > 0 else { return nil }
        let threshold = figure[seed] * relative
        var inside = [Bool](repeating: false, count: w * h)
        var minX = seedPoint.x, minY = seedPoint.y, maxX = seedPoint.x, maxY = seedPoint.y
        var stack = [seed]
        inside[seed] = true
        while let p = stack.popLast() {
            let x = p % w, y = p / w
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < w && ny >= 0 && ny < h {
                let q = ny * w + nx
                if !inside[q] && figure[q] >= threshold {
                    inside[q] = true
                    stack.append(q)
                }
            }
        }
        let mass = zip(saliency.values, saliency.surroundedness).map { Double($0 * $1) }
        let total = mass.reduce(0, +)
        var boxMass = 0.0
        for y in minY...maxY { for x in minX...maxX { boxMass += mass[y * w + x] } }
        let massShare = total > 0 ? boxMass / total : 0
        let areaShare = Double((maxX - minX + 1) * (maxY - minY + 1)) / Double(w * h)
        let confidence = areaShare >= 1 ? 0 : min(1, max(0, (massShare - areaShare) / (1 - areaShare)))
        let source = saliency.sourceSize
        let sx = Double(source.width) / Double(w), sy = Double(source.height) / Double(h)
        let box = Box(minX: Double(minX) * sx, minY: Double(minY) * sy, maxX: Double(maxX + 1) * sx, maxY: Double(maxY + 1) * sy)
        return SubjectRegion(rect: box.pixelRect(clippedTo: source), kind: .salient, confidence: confidence)
    }

    /// The same region in another size of the same picture (e.g. full-resolution source pixels).
    public func scaled(from size: PixelSize, to newSize: PixelSize) -> SubjectRegion {
        let sx = Double(newSize.width) / Double(size.width), sy = Double(newSize.height) / Double(size.height)
        let box = Box(minX: Double(rect.x) * sx, minY: Double(rect.y) * sy,
                      maxX: Double(rect.x + rect.width) * sx, maxY: Double(rect.y + rect.height) * sy)
        var copy = self
        copy.rect = box.pixelRect(clippedTo: newSize)
        return copy
    }
}

/// An axis-aligned box in continuous pixel coordinates.
struct Box: Hashable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    init(_ rect: PixelRect) {
        self.init(minX: Double(rect.x), minY: Double(rect.y), maxX: Double(rect.x + rect.width), maxY: Double(rect.y + rect.height))
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var area: Double { max(0, width) * max(0, height) }
    var centre: (x: Double, y: Double) { ((minX + maxX) / 2, (minY + maxY) / 2) }

    func union(_ other: Box) -> Box {
        Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func intersectionArea(_ other: Box) -> Double {
        max(0, min(maxX, other.maxX) - max(minX, other.minX)) * max(0, min(maxY, other.maxY) - max(minY, other.minY))
    }

    func contains(_ other: Box) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whole pixels covering the box (outward rounding), clipped to `size`, at least 1x1.
    func pixelRect(clippedTo size: PixelSize) -> PixelRect {
        let x0 = min(size.width - 1, max(0, Int(minX.rounded(.down)))), y0 = min(size.height - 1, max(0, Int(minY.rounded(.down))))
        let x1 = max(x0 + 1, min(size.width, Int(maxX.rounded(.up)))), y1 = max(y0 + 1, min(size.height, Int(maxY.rounded(.up))))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
