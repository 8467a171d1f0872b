import Foundation
import FullBleedImage

/// How far `attention` may zoom in (crop smaller than the largest rectangle of the target aspect).
public struct ZoomLimits: Sendable, Hashable {
    /// Largest zoom (>= 1): the crop's width is never below the largest crop's / this (pipeline `crop.maxZoom`).
    public var maximumZoom: Double
    /// The smallest crop that still feeds the largest produced tier without upscaling, pixels of the
    /// planned image; nil: no floor besides `maximumZoom`.
    public var minimumCropSize: PixelSize?

    public init(maximumZoom: Double, minimumCropSize: PixelSize? = nil) {
        precondition(maximumZoom >= 1 && maximumZoom.isFinite, "maximum zoom must be >= 1")
        self.maximumZoom = maximumZoom
        self.minimumCropSize = minimumCropSize
    }

    /// No zoom: always the largest crop.
    public static let none = ZoomLimits(maximumZoom: 1)
    /// The pipeline default of `crop.maxZoom`.
    public static let defaultMaximumZoom = 1.5
}

/// Chooses hero crops, placed (and for `attention` sized) by `CropMode`. Deterministic: the same image and
/// parameters give the same plan.
///
/// `center` and `focal` take the largest rectangle of the target aspect ratio. `attention` without a
/// subject of at least `verdictConfidence` (a sidecar box, a face, a confident salient region) does what a
/// designer does without one (`CropSearch.designerDefault`): the largest crop, horizontally centred,
/// vertically with the toolbar band over the most uniform rows it can cover (the least mean
/// `SaliencyMap.detail`; positions within `uniformityTolerance` of the least tie, and the one nearest the
/// centre wins), centred without a band; a weaker box the largest crop can hold moves that crop only as far
/// as it takes to hold the box whole. A weak box is held and judged, never chased (no band clearing, no
/// zoom for it). With a confident subject, it searches rectangles of the aspect from the
/// largest down to the smallest `ZoomLimits` allows, at many positions each, around the subject (the union
/// of the high-confidence regions):
/// 1. hard constraints: the subject whole in the crop (else as much of it as possible; a subject taller
///    than the largest crop but not wider keeps its top just below the band, `offsetKeepingTheTop`), then
///    its whole box below the toolbar band when any candidate allows it, then, when the subject is a face,
///    the person it may belong to (`SubjectExtent.person(of:in:)`) whole in the crop
///    when any of those allows it (also where no candidate clears the band: the body is not cut to put a
///    few rows less of the head under it);
/// 2. the largest crop that meets the best level reached: zoom only when it buys the subject or the band;
///    when the subject is whole but cannot clear the band, as little of it under the band as that size allows;
/// 3. at that size, the best composition: the share of the figure mass (`SaliencyMap.objectness`, 0.25
///    under the band) + 0.5 x the share of the middle of the visible part (inset 20%) + 0.5 x the subject's closeness to the
///    visible centre below the band (the centre of the whole crop when no candidate clears the band) -
///    0.3 x the cut through other regions (`4 f (1 - f)` of the share `f` of each one inside, times its
///    confidence);
/// 4. ties to the position that puts the subject nearest the centre of the visible part; then the smaller
///    y, then the smaller x.
///
/// The verdict (`subjectClearsToolbar`) is true only on such evidence: a high-confidence subject whole in
/// the crop and below the band, the same with the margin its detector leaves past the box (`SubjectExtent`;
/// else `subject may extend past its box`), for a face the person it may belong to whole in the crop (else
/// `the person below the face may be cut by the crop`), and no other high-confidence region cut by the crop. A
/// box below `verdictConfidence` gives false with `subject uncertain (confidence c)`.
public enum CropPlanner {
    /// Below this mean saliency per map pixel an image counts as flat and `attention` uses `center`.
    static let flatSaliencyThreshold = 1e-4
    /// Weight of saliency under the toolbar band in the share, against 1 below it.
    static let bandSaliencyWeight = 0.25
    /// Weights of the subject's placement and of cutting other regions against the figure share.
    /// [E, chosen on the corpus labels]
    static let placementWeight = 0.5
    static let cutPenaltyWeight = 0.3
    /// The centre weighting: the share of the visible part inset by this fraction on each side, at this weight.
    static let innerInset = 0.2
    static let innerShareWeight = 0.5
    /// Crop sizes tried between the largest and the smallest allowed (geometric steps), and positions
    /// per axis and size (evenly spaced, plus the ones that put the subject at the visible centre, just
    /// below the band, or against an edge).
    static let zoomSteps = 16
    static let positionSteps = 33
    /// Band positions whose mean detail is within this share of the least are equally uniform (the one
    /// nearest the centre wins), so that noise does not move a crop off the centre.
    static let uniformityTolerance = 0.1
    /// The verdict's reason when the subject's box is whole and below the band but the subject may reach past
    /// it, into the band or out of the crop (`SubjectExtent`).
    public static let subjectMayExtendReason = "subject may extend past its box"
    /// The least confidence of the subject's boxes for the verdict to say clear (even odds), and for the
    /// crop search to place the crop around them. Boxes from `SubjectRegion.highConfidence` on form the
    /// subject (faces first, several united), but below this the designer's crop only holds the box:
    /// `subject uncertain (confidence c)`. [E: on the development
    /// sets every level from 0.36 to 0.67 gives the same verdicts; the faces below it sat at dlib's cut,
    /// the wrong person's or a background face]
    public static let verdictConfidence = 0.5
    /// The verdict's reason when a face (a head) is whole and below the band but the person it may belong to
    /// (`SubjectExtent.person(of:in:)`) is not whole in the crop.
    public static let personMayBeCutReason = "the person below the face may be cut by the crop"
    /// The start of the verdict's reason when the subject's box is whole in the crop, and so is another
    /// confident region's box, but that region may reach past the crop (`SubjectExtent`); the region's kind
    /// and confidence follow in parentheses.
    public static let regionMayBeCutReason = "subject may be cut by the crop"
    /// The verdict's reason when the subject and its extent are whole and clear, but the crop cuts through a
    /// large figure of the photo (`largeFigureShare`), which may be a part of the subject its box left out.
    /// Begins with `regionMayBeCutReason`.
    public static let figureCutReason = "\(regionMayBeCutReason) (it cuts through another salient figure, which may belong to the subject)"
    /// The least share of the objectness mask's mass (`SubjectRegion.figures(in:)`) a figure holds for the
    /// verdict to refuse a crop that cuts through it. [E, chosen on the spent labelled sets: from 0.08 to 0.12
    /// the one crop there that cuts a part of the subject its box left out (a town sign's road-number plate,
    /// 0.12 to 0.14 of the mass) is refused and no crop rightly reported clear is lost; at 0.06 a second
    /// poppy beside the labelled one costs two]
    public static let largeFigureShare = 0.1

    /// The largest size of `aspectRatio` (width / height) inside `source`: full height when the source
    /// is wider than the target, else full width; the other side rounded half away from zero and kept
    /// in 1...source (512x512 at 16:9 -> 512x288; 200x4000 -> 200x113).
    public static func cropSize(for source: PixelSize, aspectRatio: Double) -> PixelSize {
        precondition(source.width > 0 && source.height > 0 && aspectRatio > 0, "crop of \(source) at aspect \(aspectRatio)")
        if Double(source.width) / Double(source.height) > aspectRatio {
            let width = Int((Double(source.height) * aspectRatio).rounded())
            return PixelSize(width: min(source.width, max(1, width)), height: source.height)
        }
        let height = Int((Double(source.width) / aspectRatio).rounded())
        return PixelSize(width: source.width, height: min(source.height, max(1, height)))
    }

    /// The largest crop scaled by `scale` (0 < scale <= 1): its long fitting side x scale rounded half away
    /// from zero, the other from the aspect ratio, each kept in 1...source.
    public static func cropSize(for source: PixelSize, aspectRatio: Double, scale: Double) -> PixelSize {
        let largest = cropSize(for: source, aspectRatio: aspectRatio)
        if scale >= 1 { return largest }
        if largest.height == source.height && largest.width < source.width {
            let height = max(1, Int((Double(largest.height) * scale).rounded()))
            return PixelSize(width: min(source.width, max(1, Int((Double(height) * aspectRatio).rounded()))), height: height)
        }
        let width = max(1, Int((Double(largest.width) * scale).rounded()))
        return PixelSize(width: width, height: min(source.height, max(1, Int((Double(width) / aspectRatio).rounded()))))
    }

    /// Plans the crop of `image` for `target` (its aspect ratio and toolbar band), without zoom.
    public static func plan(_ image: Image, for target: HeroTarget, mode: CropMode = .attention) -> CropPlan {
        plan(image, aspectRatio: target.aspectRatio, mode: mode, toolbarBandFraction: target.toolbarBandFraction)
    }

    /// Plans the crop of `image` at `aspectRatio`; saliency is analysed at a long side of `analysisSide`.
    /// - Parameter toolbarBandFraction: share of the crop height, from the top, under the bars (0..<1).
    public static func plan(_ image: Image, aspectRatio: Double, mode: CropMode = .attention,
                            toolbarBandFraction: Double = 0, subjects: [SubjectRegion]? = nil, zoom: ZoomLimits = .none,
                            analysisSide: Int = 256) -> CropPlan {
        plan(SaliencyMap(image: image, maximumSide: analysisSide), aspectRatio: aspectRatio, mode: mode,
             toolbarBandFraction: toolbarBandFraction, subjects: subjects, zoom: zoom)
    }

    /// The subject regions of a photo without faces or a sidecar: the salient region, if any.
    public static func detectedSubjects(_ saliency: SaliencyMap) -> [SubjectRegion] {
        let mapPixels = Double(saliency.size.width * saliency.size.height)
        guard saliency.total / mapPixels >= flatSaliencyThreshold, let salient = SubjectRegion.salient(in: saliency) else { return [] }
        return [salient]
    }

    /// Plans from a saliency map already computed.
    /// - Parameter subjects: the photo's subject regions in the map's source pixels; nil detects the
    ///   salient region from the map (`detectedSubjects`). Pass the same regions for every target of a
    ///   photo so that they agree.
    public static func plan(_ saliency: SaliencyMap, aspectRatio: Double, mode: CropMode = .attention,
                            toolbarBandFraction: Double = 0, subjects: [SubjectRegion]? = nil,
                            zoom: ZoomLimits = .none) -> CropPlan {
        precondition((0..<1).contains(toolbarBandFraction), "toolbar band fraction must be in 0..<1")
        let source = saliency.sourceSize
        let regions = subjects ?? detectedSubjects(saliency)
        let search = CropSearch(saliency: saliency, aspectRatio: aspectRatio, band: toolbarBandFraction, regions: regions)
        let largest = cropSize(for: source, aspectRatio: aspectRatio)
        var used = mode
        var rect: PixelRect
        var subject = search.subject
        switch mode {
        case .center:
            rect = PixelRect(x: (source.width - largest.width) / 2, y: (source.height - largest.height) / 2,
                             width: largest.width, height: largest.height)
        case .focal(let fx, let fy):
            let point = (x: min(1, max(0, fx)) * Double(source.width), y: min(1, max(0, fy)) * Double(source.height))
            rect = PixelRect(x: place(point.x, length: largest.width, extent: source.width),
                             y: place(point.y, length: largest.height, extent: source.height),
                             width: largest.width, height: largest.height)
            let px = min(source.width - 1, Int(point.x)), py = min(source.height - 1, Int(point.y))
            subject = (Box(PixelRect(x: px, y: py, width: 1, height: 1)), true, 1)
        case .attention:
            let mapPixels = Double(saliency.size.width * saliency.size.height)
            if saliency.total / mapPixels < flatSaliencyThreshold && subject == nil {
                used = .center
                rect = PixelRect(x: (source.width - largest.width) / 2, y: (source.height - largest.height) / 2,
                                 width: largest.width, height: largest.height)
            } else {
                rect = search.best(zoom: zoom)
            }
        }
        // A focal point is judged as given; the detected subject with the margin its detector leaves.
        let (extent, person): (Box?, Box?) = if case .focal = mode { (nil, nil) } else { (search.extent, search.person) }
        let (verdict, pixelLimited) = search.verdict(rect, subject: subject, extent: extent, person: person, mode: used, zoom: zoom)
        let point: (x: Double, y: Double) = subject.map { $0.box.centre } ?? (Double(rect.x) + Double(rect.width) / 2, Double(rect.y) + Double(rect.height) / 2)
        return CropPlan(sourceSize: source, rect: rect, aspectRatio: aspectRatio, requestedMode: mode, mode: used,
                        score: search.share(Box(rect)), subjectX: point.x, subjectY: point.y,
                        toolbarBandFraction: toolbarBandFraction, subjects: regions,
                        subjectBox: subject.map { $0.box.pixelRect(clippedTo: source) },
                        zoom: Double(largest.width) / Double(rect.width),
                        subjectClearsToolbar: verdict == nil, subjectClearsToolbarReason: verdict,
                        zoomLimitedByPixels: pixelLimited)
    }

    /// The offset of a window of `length` in `extent` that contains the pixel at `point` and centres it
    /// as well as the bounds allow.
    static func place(_ point: Double, length: Int, extent: Int) -> Int {
        var offset = min(max(0, Int((point - Double(length) / 2).rounded())), extent - length)
        let pixel = min(extent - 1, max(0, Int(point.rounded(.down))))
        if pixel < offset { offset = pixel }
        if pixel >= offset + length { offset = pixel - length + 1 }
        return offset
    }
}

/// The search behind `attention` and the verdict of every mode, on one saliency map and one set of regions.
private struct CropSearch {
    let source: PixelSize
    let aspectRatio: Double
    let band: Double
    /// The constraint box, whether it is made of high-confidence regions (zoom allowed, the verdict may be
    /// true) and its confidence (the lowest of the hard regions', else the region's).
    let subject: (box: Box, hard: Bool, confidence: Double)?
    /// How far the hard subject may extend past its box (`SubjectExtent`): the union of the hard regions'
    /// extents. The verdict says clear only when this box too is whole in the crop and below the band.
    let extent: Box?
    /// The persons the hard face regions may belong to (`SubjectExtent.person(of:in:)`), united; nil when no
    /// face is part of the subject. Used only where the subject is searched around (`searchedBox`), which
    /// keeps it whole where it can, and by the verdict, which says clear only when the crop holds it whole.
    let person: Box?
    /// Regions outside the constraint, with their boxes: cutting them is penalised.
    let others: [(box: Box, confidence: Double)]
    /// The high-confidence regions outside the constraint (a salient region beside faces), each with how far
    /// it may reach past its box (`SubjectExtent`): the verdict is false when the crop cuts one, or may cut
    /// it (holds its box but not that extent).
    let confidentOthers: [(box: Box, extent: Box, kind: SubjectRegion.Kind, confidence: Double)]
    /// The large figures of the objectness mask (`SubjectRegion.figures(in:)`, each with at least
    /// `CropPlanner.largeFigureShare` of the mask's mass), each as the centres of its map pixels in source
    /// pixels: the verdict is false when the crop cuts through one. Empty when a person drew the subject.
    let largeFigures: [[(x: Double, y: Double)]]
    /// A map pixel's size in source pixels.
    let mapPixel: (width: Double, height: Double)
    /// Summed-area table of the objectness map (the figure mass the composition weighs), (width + 1) x
    /// (height + 1), and the map's total.
    let integral: [Double]
    let map: PixelSize
    let total: Double
    /// Summed-area table of `SaliencyMap.detail`, the same layout.
    let detailIntegral: [Double]

    init(saliency: SaliencyMap, aspectRatio: Double, band: Double, regions: [SubjectRegion]) {
        source = saliency.sourceSize
        self.aspectRatio = aspectRatio
        self.band = band
        map = saliency.size
        // A sidecar box alone decides; else faces are the subject and the salient region only composition;
        // else the salient region.
        let sidecar = regions.filter { $0.kind == .sidecar }, faces = regions.filter { $0.kind == .face && $0.isHighConfidence }
        let hard = !sidecar.isEmpty ? sidecar : !faces.isEmpty ? faces : regions.filter(\.isHighConfidence)
        if let first = hard.first {
            subject = (hard.dropFirst().reduce(Box(first.rect)) { $0.union(Box($1.rect)) }, true, hard.map(\.confidence).min()!)
            extent = hard.dropFirst().reduce(SubjectExtent.box(of: first, in: saliency)) { $0.union(SubjectExtent.box(of: $1, in: saliency)) }
            let size = saliency.sourceSize
            // Only a subject the search places and the verdict may trust has faces standing for persons: with a
            // face below `verdictConfidence` in it, the subject is only held (`searchedBox` is nil) and judged
            // uncertain, so a face in the background never pulls the crop down to its body.
            let persons = hard.filter { $0.kind == .face }.map { SubjectExtent.person(of: $0, in: size) }
            person = persons.dropFirst().reduce(persons.first) { $0?.union($1) }
            others = regions.filter { !hard.contains($0) }.map { (Box($0.rect), $0.confidence) }
            confidentOthers = regions.filter { !hard.contains($0) && $0.isHighConfidence }.map {
                (Box($0.rect), SubjectExtent.box(of: $0, in: saliency), $0.kind, $0.confidence)
            }
        } else if let best = regions.max(by: { $0.confidence < $1.confidence }), best.confidence > 0 {
            subject = (Box(best.rect), false, best.confidence)
            extent = nil
            person = nil
            others = regions.filter { $0 != best }.map { (Box($0.rect), $0.confidence) }
            confidentOthers = []
        } else {
            subject = nil
            extent = nil
            person = nil
            others = regions.map { (Box($0.rect), $0.confidence) }
            confidentOthers = []
        }
        mapPixel = (Double(source.width) / Double(max(1, map.width)), Double(source.height) / Double(max(1, map.height)))
        largeFigures = sidecar.isEmpty ? Self.largeFigures(saliency, mapPixel: mapPixel) : []
        integral = Self.summedArea(saliency.objectness, size: map)
        total = integral[(map.height + 1) * (map.width + 1) - 1]
        detailIntegral = Self.summedArea(saliency.detail, size: map)
    }

    /// The summed-area table of a row-major map: (width + 1) x (height + 1), zero first row and column.
    static func summedArea(_ values: [Float], size: PixelSize) -> [Double] {
        let w = size.width, h = size.height
        var table = [Double](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0.0
            for x in 0..<w {
                row += Double(values[y * w + x])
                table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1] + row
            }
        }
        return table
    }

    /// The summed-area table at a continuous map point (bilinear between its corners: mass spread
    /// evenly over each map pixel).
    private func cumulative(_ mx: Double, _ my: Double, in integral: [Double]) -> Double {
        let w = map.width, h = map.height
        let x = min(Double(w), max(0, mx)), y = min(Double(h), max(0, my))
        let x0 = min(w - 1, Int(x)), y0 = min(h - 1, Int(y))
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ i: Int, _ j: Int) -> Double { integral[j * (w + 1) + i] }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// Figure mass inside `box` (source pixels); with `detailIntegral`, the detail inside it.
    func mass(_ box: Box, in table: [Double]? = nil) -> Double {
        let table = table ?? integral
        let sx = Double(map.width) / Double(source.width), sy = Double(map.height) / Double(source.height)
        let x0 = box.minX * sx, x1 = box.maxX * sx, y0 = box.minY * sy, y1 = box.maxY * sy
        return max(0, cumulative(x1, y1, in: table) - cumulative(x0, y1, in: table) - cumulative(x1, y0, in: table) + cumulative(x0, y0, in: table))
    }

    /// The crop's share of the figure mass, the part under the band at `bandSaliencyWeight`: 0...1.
    func share(_ crop: Box) -> Double {
        guard total > 0 else { return 0 }
        let split = crop.minY + band * crop.height
        let bandMass = mass(Box(minX: crop.minX, minY: crop.minY, maxX: crop.maxX, maxY: split))
        let visible = mass(Box(minX: crop.minX, minY: split, maxX: crop.maxX, maxY: crop.maxY))
        return min(1, (visible + CropPlanner.bandSaliencyWeight * bandMass) / total)
    }

    /// - Parameter belowBand: whether the subject is placed at the centre of the visible part (below the
    ///   band); false when no candidate can clear the band: the subject is then centred in the whole crop,
    ///   since pushing it under the band's edge buys nothing and cuts the headroom above it.
    func composition(_ crop: Box, belowBand: Bool = true) -> Double {
        // The share, plus half the share of the middle of the visible part (a centre weighting).
        let visibleTop = crop.minY + band * crop.height
        let inset = (x: crop.width * CropPlanner.innerInset, y: (crop.maxY - visibleTop) * CropPlanner.innerInset)
        let inner = Box(minX: crop.minX + inset.x, minY: visibleTop + inset.y, maxX: crop.maxX - inset.x, maxY: crop.maxY - inset.y)
        var score = share(crop) + CropPlanner.innerShareWeight * (total > 0 ? mass(inner) / total : 0)
        if let subject, subject.hard {
            let c = subject.box.centre
            let dx = (c.x - (crop.minX + crop.maxX) / 2) / (crop.width / 2)
            let top = belowBand ? visibleTop : crop.minY
            let dy = (c.y - (top + crop.maxY) / 2) / ((crop.maxY - top) / 2)
            score += CropPlanner.placementWeight * max(0, 1 - dx * dx - dy * dy)
        }
        for other in others where other.box.area > 0 {
            let f = other.box.intersectionArea(crop) / other.box.area
            score -= CropPlanner.cutPenaltyWeight * 4 * f * (1 - f) * other.confidence
        }
        return score
    }

    /// 0: the subject cut; 1: whole, under the band; 2: whole, under the band, with the person a face may
    /// belong to whole; 3: whole and below the band; 4: that, with the person whole. A face's subject is best
    /// kept with the person it may belong to, where a crop can hold both, whether or not it clears the band:
    /// a head that cannot clear it does not buy a few rows less under the band by cutting the body.
    func level(_ crop: Box) -> Int {
        guard let subject, subject.hard else { return 0 }
        guard crop.contains(subject.box) else { return 0 }
        let personWhole = person.map { crop.contains($0) } ?? false
        guard clears(subject.box, in: crop) else { return personWhole ? 2 : 1 }
        return personWhole ? 4 : 3
    }

    func clears(_ box: Box, in crop: Box) -> Bool { box.minY >= crop.minY + band * crop.height - 1e-9 }

    /// Crop sizes the search tries (`best`, for a `searchedBox` only), largest first.
    func sizes(zoom: ZoomLimits) -> [PixelSize] {
        let largest = CropPlanner.cropSize(for: source, aspectRatio: aspectRatio)
        var smallest = 1 / zoom.maximumZoom
        if let floor = zoom.minimumCropSize {
            smallest = max(smallest, Double(floor.width) / Double(largest.width), Double(floor.height) / Double(largest.height))
        }
        guard smallest < 1 else { return [largest] }
        var sizes = [largest]
        for k in 1...CropPlanner.zoomSteps {
            let scale = pow(smallest, Double(k) / Double(CropPlanner.zoomSteps))
            let size = CropPlanner.cropSize(for: source, aspectRatio: aspectRatio, scale: scale)
            if let floor = zoom.minimumCropSize, size.width < floor.width || size.height < floor.height { continue }
            if size.width < sizes.last!.width { sizes.append(size) }
        }
        return sizes
    }

    /// Offsets along one axis: evenly spaced, plus the anchors, clamped to 0...maximum, sorted, unique.
    private func offsets(maximum: Int, anchors: [Double]) -> [Int] {
        guard maximum > 0 else { return [0] }
        var values = Set((0...CropPlanner.positionSteps).map { Int((Double($0) * Double(maximum) / Double(CropPlanner.positionSteps)).rounded()) })
        for anchor in anchors where anchor.isFinite { values.insert(min(maximum, max(0, Int(anchor.rounded(.down))))) }
        return values.sorted()
    }

    /// The crop a designer makes without a subject to go by: the largest one, horizontally centred;
    /// vertically, of the positions from the top of the photo down to the centred one (a crop below the
    /// centre would put the band over the middle of the photo, where subjects are), the one whose band
    /// covers the most uniform rows (the least mean detail; within `uniformityTolerance` of the least, the
    /// position nearest the centre); centred without a band or without room to move.
    ///
    /// - Parameter hint: a box below `CropPlanner.verdictConfidence` (pixels of the source). Where the
    ///   largest crop can hold it whole, the crop moves along each axis only as far as that takes (its edge
    ///   to the box's outer pixel): the box may be right, and a crop that already holds it does not move. A
    ///   box the crop cannot hold leaves the crop where it is.
    func designerDefault(holding hint: Box? = nil) -> PixelRect {
        let size = CropPlanner.cropSize(for: source, aspectRatio: aspectRatio)
        let maxX = source.width - size.width, maxY = source.height - size.height
        let x = maxX / 2, centre = maxY / 2
        guard band > 0, maxY > 0 else { return holding(hint, x: x, y: centre, size: size) }
        let bandHeight = band * Double(size.height)
        let positions = offsets(maximum: maxY, anchors: [Double(centre)]).filter { $0 <= centre }.map { y -> (y: Int, detail: Double) in
            (y, mass(Box(minX: Double(x), minY: Double(y), maxX: Double(x + size.width), maxY: Double(y) + bandHeight), in: detailIntegral))
        }
        let least = positions.map(\.detail).min()!
        let uniform = positions.filter { $0.detail <= least * (1 + CropPlanner.uniformityTolerance) + 1e-12 }
        let y = uniform.min { (abs($0.y - centre), $0.y) < (abs($1.y - centre), $1.y) }!.y
        return holding(hint, x: x, y: y, size: size)
    }

    /// The rectangle of `size` at (x, y), moved as little as possible to hold `hint` whole when it fits.
    private func holding(_ hint: Box?, x: Int, y: Int, size: PixelSize) -> PixelRect {
        guard let hint, hint.width <= Double(size.width), hint.height <= Double(size.height) else {
            return PixelRect(x: x, y: y, width: size.width, height: size.height)
        }
        func moved(_ offset: Int, length: Int, extent: Int, from low: Double, to high: Double) -> Int {
            var offset = offset
            if high > Double(offset + length) { offset = Int(high.rounded(.up)) - length }
            if low < Double(offset) { offset = Int(low.rounded(.down)) }
            return min(max(0, offset), extent - length)
        }
        return PixelRect(x: moved(x, length: size.width, extent: source.width, from: hint.minX, to: hint.maxX),
                         y: moved(y, length: size.height, extent: source.height, from: hint.minY, to: hint.maxY),
                         width: size.width, height: size.height)
    }

    /// For a searched subject (`searchedBox`) taller than the largest crop but not wider (no crop can hold it,
    /// and only its height is in the way), the vertical offset of the largest crop that keeps its top: the
    /// box's top edge just below the band, clamped to the photo. A tall subject's top is what names it (a
    /// head, a blossom, a summit); its foot (legs, a stem, a shadow, a reflection) is cut first. Nil for any
    /// other subject.
    func offsetKeepingTheTop() -> Int? {
        guard let box = searchedBox else { return nil }
        let largest = CropPlanner.cropSize(for: source, aspectRatio: aspectRatio)
        guard box.width <= Double(largest.width), box.height > Double(largest.height) else { return nil }
        // The same rounding as the search's anchor `b.minY - band * h`, so that the offset is a candidate.
        let top = Int((box.minY - band * Double(largest.height)).rounded(.down))
        return min(source.height - largest.height, max(0, top))
    }

    /// The box the `attention` search places the crop around: the subject's, when it is made of
    /// high-confidence regions and the lowest of them reaches `CropPlanner.verdictConfidence`; nil otherwise
    /// (the designer's default holds a weaker box).
    var searchedBox: Box? {
        guard let subject, subject.hard, subject.confidence >= CropPlanner.verdictConfidence else { return nil }
        return subject.box
    }

    /// The `attention` crop (see `CropPlanner`).
    func best(zoom: ZoomLimits) -> PixelRect {
        // A box the verdict would not trust is a hint, not a target: searching around it (clearing the band,
        // zooming) follows a wrong box as eagerly as a right one, so the designer's crop only holds it.
        guard let searched = searchedBox else { return designerDefault(holding: subject?.box) }
        struct Candidate { var rect: PixelRect; var level: Int; var coverage: Double; var score = 0.0; var sizeIndex: Int; var centring: Double }
        var candidates: [Candidate] = []
        for (index, size) in sizes(zoom: zoom).enumerated() {
            let w = Double(size.width), h = Double(size.height)
            let b = searched
            var xAnchors = [b.centre.x - w / 2, b.minX, b.maxX - w]
            var yAnchors = [b.minY - band * h, (b.minY - band * h).rounded(.down) - 1, b.centre.y - h * (1 + band) / 2, b.maxY - h, b.minY]
            if let person {
                xAnchors += [person.minX, person.maxX.rounded(.up) - w]
                yAnchors.append(person.maxY.rounded(.up) - h)
            }
            let maxX = source.width - size.width, maxY = source.height - size.height
            for y in offsets(maximum: maxY, anchors: yAnchors) {
                for x in offsets(maximum: maxX, anchors: xAnchors) {
                    let rect = PixelRect(x: x, y: y, width: size.width, height: size.height)
                    let box = Box(rect)
                    let coverage = b.area > 0 ? b.intersectionArea(box) / b.area : 1
                    // Ties: the subject nearest the visible centre.
                    let centring = abs(b.centre.x - (box.minX + box.maxX) / 2) + abs(b.centre.y - (box.minY + band * box.height + box.maxY) / 2)
                    candidates.append(Candidate(rect: rect, level: level(box), coverage: (coverage * 1e4).rounded() / 1e4,
                                                sizeIndex: index, centring: centring))
                }
            }
        }
        let topLevel = candidates.map(\.level).max()!
        var pool = candidates.filter { $0.level == topLevel }
        if topLevel == 0, let top = offsetKeepingTheTop() {
            let keepingTop = candidates.filter { $0.sizeIndex == 0 && $0.rect.y == top }
            if !keepingTop.isEmpty { pool = keepingTop }
        }
        let topCoverage = pool.map(\.coverage).max()!
        pool = pool.filter { $0.coverage >= topCoverage - 1e-3 }
        let size = pool.map(\.sizeIndex).min()!
        pool = pool.filter { $0.sizeIndex == size }
        if topLevel == 1 || topLevel == 2 {
            // Whole but no candidate clears the band: as little of the subject under the band as can be
            // (a subject taller than the visible area goes to the crop's foot, its top as low as it gets).
            func underBand(_ c: Candidate) -> Double { max(0, Double(c.rect.y) + band * Double(c.rect.height) - searched.minY) }
            let least = pool.map(underBand).min()!
            pool = pool.filter { underBand($0) <= least + 1 }
        }
        for i in pool.indices { pool[i].score = composition(Box(pool[i].rect), belowBand: topLevel >= 3) }
        var best = pool[0]
        for c in pool.dropFirst() {
            if c.score > best.score + 1e-12 { best = c; continue }
            guard abs(c.score - best.score) <= 1e-12 else { continue }
            if c.centring < best.centring || (c.centring == best.centring && (c.rect.y, c.rect.x) < (best.rect.y, best.rect.x)) { best = c }
        }
        return best.rect
    }

    /// The components of `saliency`'s objectness mask holding at least `CropPlanner.largeFigureShare` of its
    /// mass, each as its map pixels' centres in source pixels.
    static func largeFigures(_ saliency: SaliencyMap, mapPixel: (width: Double, height: Double)) -> [[(x: Double, y: Double)]] {
        guard let figures = SubjectRegion.figures(in: saliency) else { return [] }
        let total = figures.masses.reduce(0, +)
        guard total > 0 else { return [] }
        let large = figures.masses.indices.filter { figures.masses[$0] >= CropPlanner.largeFigureShare * total }
        var pixels = [[(x: Double, y: Double)]](repeating: [], count: large.count)
        let w = saliency.size.width
        for (p, index) in figures.component.enumerated() where index >= 0 {
            guard let slot = large.firstIndex(of: Int(index)) else { continue }
            pixels[slot].append(((Double(p % w) + 0.5) * mapPixel.width, (Double(p / w) + 0.5) * mapPixel.height))
        }
        return pixels
    }

    /// Whether `crop` cuts through a large figure (`largeFigures`): some of its map pixels lie inside the
    /// crop and some outside, each by more than a map pixel (so that an outline the crop's edge grazes does
    /// not count).
    func cutsLargeFigure(_ crop: Box) -> Bool {
        let inner = Box(minX: crop.minX + mapPixel.width, minY: crop.minY + mapPixel.height,
                        maxX: crop.maxX - mapPixel.width, maxY: crop.maxY - mapPixel.height)
        let outer = Box(minX: crop.minX - mapPixel.width, minY: crop.minY - mapPixel.height,
                        maxX: crop.maxX + mapPixel.width, maxY: crop.maxY + mapPixel.height)
        return largeFigures.contains { figure in
            figure.contains { inner.minX <= $0.x && $0.x <= inner.maxX && inner.minY <= $0.y && $0.y <= inner.maxY }
                && figure.contains { $0.x < outer.minX || $0.x > outer.maxX || $0.y < outer.minY || $0.y > outer.maxY }
        }
    }

    /// Why the crop's subject does not clear the band (nil when it does: whole in the crop, and below the band),
    /// and whether only `zoom.minimumCropSize` stood in the way (a larger decode of the source would clear it).
    /// - Parameter extent: how far the subject may reach past its box (`SubjectExtent`); nil: the box is exact.
    /// - Parameter person: the person a face subject may belong to, which the crop must hold whole; nil: none.
    func verdict(_ rect: PixelRect, subject: (box: Box, hard: Bool, confidence: Double)?, extent: Box?, person: Box?, mode: CropMode,
                 zoom: ZoomLimits) -> (reason: String?, pixelLimited: Bool) {
        guard let subject else { return ("no subject found", false) }
        // Only a box the search obeys, and more likely right than not, can vouch for the crop: a weaker one
        // may be the wrong thing (a face at the detector's cut may be one in the background).
        guard subject.hard, subject.confidence >= CropPlanner.verdictConfidence else {
            return ("subject uncertain (confidence \(String(format: "%.2f", subject.confidence)))", false)
        }
        let crop = Box(rect), b = subject.box
        let largest = CropPlanner.cropSize(for: source, aspectRatio: aspectRatio)
        if !crop.contains(b) {
            if b.width > Double(largest.width) || b.height > Double(largest.height) { return ("subject larger than the crop", false) }
            return (mode == .attention ? "subject cut by the crop" : "subject cut by the \(mode) crop", false)
        }
        // A second confident region the crop cuts (the figure beside a face, a salient box beside the
        // sidecar's) says the subject may be more than the judged box.
        if let cut = confidentOthers.first(where: { !crop.contains($0.box) }) {
            return ("subject cut by the crop (a \(cut.kind.rawValue) region of confidence \(String(format: "%.2f", cut.confidence)) is not whole in it)", false)
        }
        // Its box whole is not enough: like the subject's, a region's box may be drawn tighter than the figure.
        if let reach = confidentOthers.first(where: { !crop.contains($0.extent) }) {
            return ("\(CropPlanner.regionMayBeCutReason) (a \(reach.kind.rawValue) region of confidence \(String(format: "%.2f", reach.confidence)) may reach past it)", false)
        }
        if clears(b, in: crop) {
            // The box clears, but the subject may reach past it (`SubjectExtent`): not vouched for.
            if let extent, !(crop.contains(extent) && clears(extent, in: crop)) { return (CropPlanner.subjectMayExtendReason, false) }
            // A head whole and clear vouches for the person only when the body it may have is whole too.
            if let person, !crop.contains(person) { return (CropPlanner.personMayBeCutReason, false) }
            // A large figure of the photo the crop cuts through may be a part of the subject its box left out
            // (a road-number plate on the post above a town sign). A focal point is judged as given.
            if case .focal = mode {} else if cutsLargeFigure(crop) { return (CropPlanner.figureCutReason, false) }
            return (nil, false)
        }
        let visible = (1 - band) * Double(largest.height)
        if b.height > visible { return ("subject taller than the visible area", false) }
        // The tallest crop that can clear: its top at 0 and the band's lower edge at the subject's top.
        let tallest = min(Double(largest.height), b.minY / band)
        if tallest * (1 - band) < b.height || tallest * aspectRatio < b.width { return ("subject too close to the top edge to clear the band", false) }
        let needed = Double(largest.height) / tallest
        if needed <= 1 + 1e-9 { return (mode == .attention ? "subject under the band" : "\(mode) crop leaves the subject under the band", false) }
        let zoomText = "\((needed * 100).rounded(.up) / 100)x"
        if mode != .attention { return ("clearing the band needs zoom \(zoomText), which the \(mode) crop does not use", false) }
        if needed > zoom.maximumZoom + 1e-9 {
            return ("clearing the band needs zoom \(zoomText), more than crop.maxZoom \(zoom.maximumZoom.compactDecimalText)", false)
        }
        if let floor = zoom.minimumCropSize {
            return ("source too small to zoom \(zoomText) (the largest tier needs a crop of at least \(floor.width)x\(floor.height))", true)
        }
        return ("subject under the band", false)
    }
}
