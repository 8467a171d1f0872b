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
    /// The external subject detector's own name for what it found (`animal`, `person`, `face`, ...) when
    /// the region is one of its boxes; nil for the built-in detectors and the sidecar. Such a region is a
    /// `face` when the detector says `face`, else it stands where the built-in `salient` region would.
    public var label: String? = nil

    public init(rect: PixelRect, kind: Kind, confidence: Double, label: String? = nil) {
        self.rect = rect
        self.kind = kind
        self.confidence = confidence
        self.label = label
    }

    /// At or above this confidence a region is part of the crop's subject (the faces first, several
    /// united); below it a region counts only as the subject of last resort (the most confident one) and in
    /// the cut penalty. The crop search places the crop around a subject of `CropPlanner.verdictConfidence`
    /// or more; a weaker one the designer's crop only holds. Faces pass from the detector's own cut (margin
    /// 0.3 -> 0.26). [E, chosen on the corpus labels]
    public static let highConfidence = 0.25

    public var isHighConfidence: Bool { confidence >= Self.highConfidence }

    /// A face box from the detector (dlib's box spans brows to chin and cheek to cheek) widened to the
    /// head: 60% of its height added above (forehead and hair), 15% below (chin), 15% of its width on
    /// each side (ears), clipped to `size`.
    public static func face(_ rect: PixelRect, confidence: Double, in size: PixelSize) -> SubjectRegion {
        SubjectRegion(rect: head(around: Box(rect)).pixelRect(clippedTo: size), kind: .face, confidence: min(1, max(0, confidence)))
    }

    /// The head around a face box (brows to chin, cheek to cheek), pixels, unclipped: see `face(_:confidence:in:)`.
    static func head(around face: Box) -> Box {
        let dx = face.width * 0.15, top = face.height * 0.6, bottom = face.height * 0.15
        return Box(minX: face.minX - dx, minY: face.minY - top, maxX: face.maxX + dx, maxY: face.maxY + bottom)
    }

    /// A box given as fractions (0...1) of the image, as the sidecar writes it, in pixels of `size`.
    public static func sidecar(x: Double, y: Double, width: Double, height: Double, in size: PixelSize) -> SubjectRegion {
        let box = Box(minX: x * Double(size.width), minY: y * Double(size.height),
                      maxX: (x + width) * Double(size.width), maxY: (y + height) * Double(size.height))
        return SubjectRegion(rect: box.pixelRect(clippedTo: size), kind: .sidecar, confidence: 1)
    }

    /// Components of the figure mask, by mass, whose union holds at least this share of the mask's mass
    /// make the salient box. [E, chosen on the development labels `Tests/Subjects/development.tsv` and
    /// `Tests/Fixtures/subjects.tsv` among 0.5...0.9]
    public static let salientMassShare = 0.8
    /// Below this confidence a salient box is no subject: a box holding all the figure mass but covering
    /// 90% of the frame (the figure mask is the texture of the whole photo: a bridge's girders, foliage).
    public static let minimumSalientConfidence = 0.1
    /// Map pixels from the frame within which a component counts as touching it.
    static let frameMargin = 2
    /// Weight of a component that spans the frame (touches two opposite sides: a trunk, a tower, the ground)
    /// in the ranking: such a component is rarely the subject. [E]
    static let spanningWeight = 0.25

    /// The figures `salient(in:)` boxes: the mask's level (Otsu's threshold of the objectness), the
    /// 8-connected component of every map pixel above it (-1 below it), the components taken and their
    /// bounding box in map pixels (before the one-pixel growth). nil when the map is empty.
    static func figures(in saliency: SaliencyMap) -> Figures? {
        let size = saliency.size, w = size.width, h = size.height
        let objectness = saliency.objectness
        guard w > 0 && h > 0, let peak = objectness.max(), peak > 0 else { return nil }
        let threshold = otsuThreshold(objectness)
        // 8-connected components of the mask: mass and bounding box each.
        var component = [Int32](repeating: -1, count: w * h)
        var masses: [Double] = [], boxes: [(minX: Int, minY: Int, maxX: Int, maxY: Int)] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where component[start] < 0 && objectness[start] > threshold {
            let index = Int32(masses.count)
            var mass = 0.0, box = (minX: start % w, minY: start / w, maxX: start % w, maxY: start / w)
            component[start] = index
            stack.append(start)
            while let p = stack.popLast() {
                let x = p % w, y = p / w
                mass += Double(objectness[p])
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) {
                        let q = ny * w + nx
                        if component[q] < 0 && objectness[q] > threshold { component[q] = index; stack.append(q) }
                    }
                }
            }
            masses.append(mass)
            boxes.append(box)
        }
        guard !masses.isEmpty else { return nil }
        let margin = frameMargin
        func touches(_ b: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> (any: Bool, spans: Bool) {
            let top = b.minY <= margin, bottom = b.maxY + 1 >= h - margin, left = b.minX <= margin, right = b.maxX + 1 >= w - margin
            return (top || bottom || left || right, (top && bottom) || (left && right))
        }
        let ranked = masses.indices.map { i in masses[i] * (touches(boxes[i]).spans ? spanningWeight : 1) }
        let order = ranked.indices.sorted { ranked[$0] > ranked[$1] || (ranked[$0] == ranked[$1] && $0 < $1) }
        let total = ranked.reduce(0, +)
        var taken = boxes[order[0]], held = ranked[order[0]], components: Set<Int32> = [Int32(order[0])]
        for i in order.dropFirst() where held < salientMassShare * total && !touches(boxes[i]).any {
            taken = (min(taken.minX, boxes[i].minX), min(taken.minY, boxes[i].minY), max(taken.maxX, boxes[i].maxX), max(taken.maxY, boxes[i].maxY))
            held += ranked[i]
            components.insert(Int32(i))
        }
        return Figures(threshold: threshold, component: component, taken: components, box: taken, leadShare: ranked[order[0]] / total,
                       masses: masses)
    }

    /// See `figures(in:)`.
    struct Figures {
        var threshold: Float
        var component: [Int32]
        var taken: Set<Int32>
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)
        /// The first component's share of the ranked mass (0...1).
        var leadShare: Double
        /// Each component's mass (its summed objectness), indexed as `component`'s values.
        var masses: [Double]

        /// Whether one figure alone holds the share of the mass the box is made to hold
        /// (`salientMassShare`): a lone figure on its ground, not a group, a figure in pieces (two eyes in a
        /// face that fills the frame, spots on a wing) or one of several alike (a pumpkin of a row).
        var isLoneFigure: Bool { leadShare >= salientMassShare }
    }

    /// The salient object of `saliency`: the figures of its `objectness` map, boxed.
    /// - The figure mask is the map above its Otsu threshold (the level that best separates two classes of
    ///   the map's 256-bin histogram), split into 8-connected components.
    /// - Components are ranked by mass (the summed objectness), those spanning the frame at
    ///   `spanningWeight`; the first is always taken, the next ones in order until the taken hold
    ///   `salientMassShare` of the ranked mass, skipping any that touches the frame (the background cut by
    ///   it: sky, foliage, a wall). So a lone figure is boxed alone and a group (a person, a dog and a
    ///   horse; a cup and its spoon) together.
    /// The box is the taken components' bounding box grown by one map pixel (the mask's edge sits inside
    /// the figure's soft outline), in source pixels. nil when the map is empty.
    ///
    /// Confidence: `m (1 - a)`, `m` the share of the mask's mass inside the box and `a` the box's share of
    /// the image area: a compact box holding the figures is a subject to obey; a box spanning most of the
    /// frame (foliage, texture, a subject that fills the photo) is no constraint a crop could keep, and below
    /// `minimumSalientConfidence` it is no subject at all: nil.
    public static func salient(in saliency: SaliencyMap) -> SubjectRegion? {
        let size = saliency.size, w = size.width, h = size.height
        let objectness = saliency.objectness
        guard let figures = figures(in: saliency) else { return nil }
        let threshold = figures.threshold, taken = figures.box
        let minX = max(0, taken.minX - 1), minY = max(0, taken.minY - 1), maxX = min(w - 1, taken.maxX + 1), maxY = min(h - 1, taken.maxY + 1)
        var inside = 0.0, all = 0.0
        for y in 0..<h {
            for x in 0..<w where objectness[y * w + x] > threshold {
                let v = Double(objectness[y * w + x])
                all += v
                if x >= minX && x <= maxX && y >= minY && y <= maxY { inside += v }
            }
        }
        let areaShare = Double((maxX - minX + 1) * (maxY - minY + 1)) / Double(w * h)
        let confidence = all > 0 ? min(1, max(0, inside / all * (1 - areaShare))) : 0
        guard confidence >= minimumSalientConfidence else { return nil }
        let source = saliency.sourceSize
        let sx = Double(source.width) / Double(w), sy = Double(source.height) / Double(h)
        let box = Box(minX: Double(minX) * sx, minY: Double(minY) * sy, maxX: Double(maxX + 1) * sx, maxY: Double(maxY + 1) * sy)
        return SubjectRegion(rect: box.pixelRect(clippedTo: source), kind: .salient, confidence: confidence)
    }

    /// Otsu's threshold of values in 0...1: the centre of the 256-bin histogram's bin that maximises the
    /// between-class variance of the values at or below it and those above.
    static func otsuThreshold(_ values: [Float]) -> Float {
        let bins = 256
        var histogram = [Double](repeating: 0, count: bins)
        for v in values { histogram[min(bins - 1, max(0, Int(v * Float(bins))))] += 1 }
        let count = Double(values.count)
        var totalMean = 0.0
        for i in 0..<bins { totalMean += histogram[i] / count * (Double(i) + 0.5) / Double(bins) }
        var weight = 0.0, cumulativeMean = 0.0, best = 0.0, bestIndex = 0
        for i in 0..<bins {
            let p = histogram[i] / count
            weight += p
            cumulativeMean += p * (Double(i) + 0.5) / Double(bins)
            guard weight > 0 && weight < 1 else { continue }
            let between = (totalMean * weight - cumulativeMean) * (totalMean * weight - cumulativeMean) / (weight * (1 - weight))
            if between > best { best = between; bestIndex = i }
        }
        return Float((Double(bestIndex) + 0.5) / Double(bins))
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
