import FullBleedImage

/// Chooses hero crops: always the largest rectangle of the target aspect ratio that fits the source
/// (full resolution for the derivatives), placed by `CropMode`. Deterministic: the same image and
/// parameters give the same plan.
///
/// `attention` scores every position of that rectangle along its free axis on a `SaliencyMap`: each
/// map pixel inside the crop counts with a weight of 1 at the visible centre falling to 0.4 at the
/// edges, and 0.1-0.3 inside the toolbar band at the top (so salient content sits below the status bar
/// and the glass navigation bar, whose visible centre is lower than the crop's). The subject (the
/// densest salient point) must lie in the crop and, when the source allows it, below the band; its own
/// placement, weighted the same way, is added to the score with weight `subjectEmphasis`.
/// Ties go to the position nearest the middle, then to the smaller offset.
public enum CropPlanner {
    /// Below this mean saliency per map pixel an image counts as flat and `attention` uses `center`.
    static let flatSaliencyThreshold = 1e-4
    /// Weight of saliency under the toolbar band, relative to 1 at the visible centre: `bandTop` at the
    /// top of the crop rising to `bandBottom` at the band's lower edge, so that a subject that cannot
    /// clear the band still ends as low as possible.
    static let toolbarBandTopWeight = 0.1
    static let toolbarBandBottomWeight = 0.3
    /// Weight lost from the visible centre to the crop's edges (quadratic fall-off).
    static let edgeFalloff = 0.6
    /// Weight of the subject's own placement against the saliency share when choosing a position: the
    /// densest point should sit near the visible centre even when large busy areas pull elsewhere
    /// (a face above a colourful suit). [E, tuned on the corpus portraits]
    static let subjectEmphasis = 0.5
    /// Most positions scored along the free axis (more are sampled evenly).
    static let maximumCandidates = 1024

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

    /// Plans the crop of `image` for `target` (its aspect ratio and toolbar band).
    public static func plan(_ image: Image, for target: HeroTarget, mode: CropMode = .attention) -> CropPlan {
        plan(image, aspectRatio: target.aspectRatio, mode: mode, toolbarBandFraction: target.toolbarBandFraction)
    }

    /// Plans the crop of `image` at `aspectRatio`; saliency is analysed at a long side of `analysisSide`.
    /// - Parameter toolbarBandFraction: share of the crop height, from the top, under the bars (0..<1).
    public static func plan(_ image: Image, aspectRatio: Double, mode: CropMode = .attention,
                            toolbarBandFraction: Double = 0, analysisSide: Int = 256) -> CropPlan {
        plan(SaliencyMap(image: image, maximumSide: analysisSide), aspectRatio: aspectRatio, mode: mode,
             toolbarBandFraction: toolbarBandFraction)
    }

    /// Plans from a saliency map already computed (for example on a shrink-on-load decode; use
    /// `CropPlan.scaled(to:)` to carry the plan to another size of the same picture).
    public static func plan(_ saliency: SaliencyMap, aspectRatio: Double, mode: CropMode = .attention,
                            toolbarBandFraction: Double = 0) -> CropPlan {
        precondition((0..<1).contains(toolbarBandFraction), "toolbar band fraction must be in 0..<1")
        let source = saliency.sourceSize
        let crop = cropSize(for: source, aspectRatio: aspectRatio)
        let scorer = WindowScorer(saliency: saliency, crop: crop, band: toolbarBandFraction)
        func makePlan(x: Int, y: Int, used: CropMode, subject: (x: Double, y: Double)?) -> CropPlan {
            let rect = PixelRect(x: x, y: y, width: crop.width, height: crop.height)
            let point = subject ?? (Double(x) + Double(crop.width) / 2, Double(y) + Double(crop.height) / 2)
            return CropPlan(sourceSize: source, rect: rect, aspectRatio: aspectRatio, requestedMode: mode, mode: used,
                            score: scorer.score(offset: scorer.slidesHorizontally ? x : y), subjectX: point.x, subjectY: point.y,
                            toolbarBandFraction: toolbarBandFraction)
        }
        let centred = (x: (source.width - crop.width) / 2, y: (source.height - crop.height) / 2)
        switch mode {
        case .center:
            return makePlan(x: centred.x, y: centred.y, used: .center, subject: nil)
        case .focal(let fx, let fy):
            let point = (x: min(1, max(0, fx)) * Double(source.width), y: min(1, max(0, fy)) * Double(source.height))
            return makePlan(x: place(point.x, length: crop.width, extent: source.width),
                            y: place(point.y, length: crop.height, extent: source.height), used: mode, subject: point)
        case .attention:
            let mapPixels = Double(saliency.size.width * saliency.size.height)
            guard saliency.total / mapPixels >= flatSaliencyThreshold else {
                return makePlan(x: centred.x, y: centred.y, used: .center, subject: nil)
            }
            let densest = saliency.densestPoint()
            let subject = saliency.sourcePoint(x: densest.x, y: densest.y)
            let offset = scorer.bestOffset(subject: subject)
            return makePlan(x: scorer.slidesHorizontally ? offset : 0, y: scorer.slidesHorizontally ? 0 : offset,
                            used: .attention, subject: subject)
        }
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

/// Scores crop positions along the crop's free axis from a saliency profile: the map summed across the
/// axis the crop spans completely, with that axis' weights already applied.
private struct WindowScorer {
    let slidesHorizontally: Bool
    /// Weighted saliency per map pixel along the free axis.
    let profile: [Double]
    /// Source coordinate of each map pixel centre along the free axis.
    let centres: [Double]
    /// Crop length and largest offset along the free axis, source pixels.
    let length: Int
    let maximumOffset: Int
    /// Toolbar band fraction applied on the vertical axis.
    let band: Double
    let total: Double

    init(saliency: SaliencyMap, crop: PixelSize, band: Double) {
        let source = saliency.sourceSize, map = saliency.size
        slidesHorizontally = crop.width < source.width
        self.band = band
        total = saliency.total
        let (freeCount, spanCount) = slidesHorizontally ? (map.width, map.height) : (map.height, map.width)
        var profile = [Double](repeating: 0, count: freeCount)
        for s in 0..<spanCount {
            let t = (Double(s) + 0.5) / Double(spanCount)
            let weight = slidesHorizontally ? Self.verticalWeight(t, band: band) : Self.horizontalWeight(t)
            for f in 0..<freeCount {
                let value = slidesHorizontally ? saliency.values[s * map.width + f] : saliency.values[f * map.width + s]
                profile[f] += Double(value) * weight
            }
        }
        self.profile = profile
        let extent = slidesHorizontally ? source.width : source.height
        centres = (0..<freeCount).map { (Double($0) + 0.5) * Double(extent) / Double(freeCount) }
        length = slidesHorizontally ? crop.width : crop.height
        maximumOffset = extent - length
    }

    static func horizontalWeight(_ t: Double) -> Double {
        let d = abs(2 * t - 1)
        return 1 - CropPlanner.edgeFalloff * d * d
    }

    /// Like `horizontalWeight` on the visible part below the band; in the band, rising from
    /// `toolbarBandTopWeight` to `toolbarBandBottomWeight`.
    static func verticalWeight(_ t: Double, band: Double) -> Double {
        if t < band {
            return CropPlanner.toolbarBandTopWeight + (CropPlanner.toolbarBandBottomWeight - CropPlanner.toolbarBandTopWeight) * t / band
        }
        let centre = (1 + band) / 2, radius = (1 - band) / 2
        let d = min(1, abs(t - centre) / radius)
        return 1 - CropPlanner.edgeFalloff * d * d
    }

    /// Weighted share of the saliency inside the crop at `offset` (source pixels along the free axis).
    func score(offset: Int) -> Double {
        guard total > 0 else { return 0 }
        var sum = 0.0
        let start = Double(offset), end = Double(offset + length)
        for (i, c) in centres.enumerated() where c >= start && c < end {
            let t = (c - start) / Double(length)
            sum += profile[i] * (slidesHorizontally ? Self.horizontalWeight(t) : Self.verticalWeight(t, band: band))
        }
        return min(1, sum / total)
    }

    /// Weight of the subject's position in the crop at `offset` (0 outside).
    func placement(offset: Int, subject s: Double) -> Double {
        let t = (s - Double(offset)) / Double(length)
        guard t >= 0 && t < 1 else { return 0 }
        return slidesHorizontally ? Self.horizontalWeight(t) : Self.verticalWeight(t, band: band)
    }

    /// The offset with the best score plus `subjectEmphasis` x placement among those whose crop contains
    /// `subject` (source pixels) and, sliding vertically, shows it below the band; relaxed step by step
    /// when no offset satisfies that.
    func bestOffset(subject: (x: Double, y: Double)) -> Int {
        if maximumOffset == 0 { return 0 }
        let s = slidesHorizontally ? subject.x : subject.y
        var candidates: [Int]
        if maximumOffset <= CropPlanner.maximumCandidates {
            candidates = Array(0...maximumOffset)
        } else {
            let step = Double(maximumOffset) / Double(CropPlanner.maximumCandidates)
            candidates = (0...CropPlanner.maximumCandidates).map { Int((Double($0) * step).rounded()) }
        }
        // Also the offsets that put the subject at the visible centre and just below the band.
        let visibleCentre = slidesHorizontally ? 0.5 : (1 + band) / 2
        for anchor in [s - Double(length) * visibleCentre, s - Double(length) * band - 1] {
            candidates.append(min(max(0, Int(anchor.rounded(.down))), maximumOffset))
        }
        let contains = { (o: Int) in s >= Double(o) && s < Double(o + length) }
        let clearsBand = { (o: Int) in self.slidesHorizontally || (s - Double(o)) / Double(self.length) > self.band }
        var feasible = candidates.filter { contains($0) && clearsBand($0) }
        if feasible.isEmpty { feasible = candidates.filter(contains) }
        if feasible.isEmpty { feasible = candidates }
        let middle = Double(maximumOffset) / 2
        let objective = { (o: Int) in self.score(offset: o) + CropPlanner.subjectEmphasis * self.placement(offset: o, subject: s) }
        var best = feasible[0], bestScore = objective(best)
        for o in feasible.dropFirst() {
            let value = objective(o)
            let nearer = abs(Double(o) - middle) < abs(Double(best) - middle)
            let tieBreak = abs(Double(o) - middle) == abs(Double(best) - middle) && o < best
            if value > bestScore || (value == bestScore && (nearer || tieBreak)) {
                best = o
                bestScore = value
            }
        }
        return best
    }
}
