import FullBleedImage

/// How far past its box a subject may reach: the box the verdict (`subjectClearsToolbar`) judges instead of
/// the region's own, so that a box drawn tighter than the subject cannot vouch for a crop that cuts it. The
/// verdict asks it of the judged subject (whole and below the band) and of every other confident region
/// (whole). The crop search itself still places the region's box; only the verdict allows for the margin.
///
/// The margin depends on what drew the box:
/// - `sidecar`: none (a person drew it).
/// - the built-in `salient` region: its box is a threshold cut of `SaliencyMap.objectness` (the mask above
///   Otsu's level), so its edges are as uncertain as that cut. The figure may continue past an edge where
///   the objectness fades slowly (a truck's dark wheels under its bright body, a butterfly's thin tails,
///   horses running off the box's side), and not where it drops sharply (a goldfish on a black ground).
///   The extent is the bounding box of the map pixels reached from the figures the box was made of
///   through 8-connected pixels whose objectness is at least `continuationLevel` of the mask's level (a
///   sharp edge, softened by the map's 3x3 smoothing, reaches the one map pixel the box already adds
///   around its mask, and no further). It is also followed through pixels `SaliencyMap.setOffFromFarSides`
///   puts at `farSidesLevel` or more: a figure that runs off one or two sides of the photo is ground to the
///   objectness where it touches the frame, so only its part set off from the whole frame is boxed (an
///   egret's bill, its white neck running off the right and bottom edges); the extent runs on to the frame.
///   Where the box's surround is far busier than the photo's frame (`surroundIsBusierThanFrame`: a pink
///   tongue boxed inside a dark dog's fur on a plain backdrop), the box is a part of a textured figure that
///   the objectness does not set off from the background; how far that figure reaches is unknown, so the
///   extent is the whole photo (the verdict then says `subject may extend past its box`). So it is where no
///   one figure holds the mass the box is made to hold (`SubjectRegion.Figures.isLoneFigure`): a box around
///   several figures (a row of pumpkins, two eyes in a face that fills the frame) may be a part of one
///   larger thing, or one member of the group the photo is about.
/// - a face (dlib's, widened to the head, or an external detector's `face`) and every other box of an
///   external detector: a trained detector draws extents it has learnt, so the margin only reflects how sure
///   it is: `(1 - confidence)` x `faceMarginShare` (faces) or `detectorMarginShare` (other boxes) of the
///   box's width on each side and of its height above and below.
/// All in pixels of the planned image, clipped to it.
///
/// A face box vouches for a head, not for the person it belongs to: `person(of:in:)` is the figure the
/// verdict also asks the crop to hold whole when the subject is a face (the body below the head).
enum SubjectExtent {
    /// The share of the mask's (Otsu) objectness level down to which the figure is followed past the box.
    /// [E, chosen on the development labels (`Tests/Subjects/development.tsv`, `heldout.tsv`, `heldout-2.tsv`,
    /// `heldout-3.tsv`), the middle of the range 0.6...0.7 that gave the same verdicts: from 0.72 a crop
    /// cutting the labelled subject is reported clear again, at 0.58 and below crops rightly reported clear
    /// are lost, at 0.5 half of them]
    static let continuationLevel: Float = 0.65
    /// The least `SaliencyMap.setOffFromFarSides` through which the figure is also followed past the box:
    /// where it runs off one or two sides of the photo, its objectness fades toward the frame, but it stays
    /// set off from the sides it does not reach. [E, chosen on the spent labelled sets: every level from 0.5
    /// to 0.7 follows the one figure there that runs off the frame past its box (an egret whose bill alone
    /// was boxed, its neck running off two sides: reached up to 0.71); lower levels cost more crops rightly
    /// reported clear (7 of 26 at 0.5, 3 at 0.6, 2 at 0.7, mostly a flower on a stem that runs off the
    /// bottom, whose ground is set off from the far sides too); 0.6 keeps room on both sides]
    static let farSidesLevel: Float = 0.6
    /// A face box's margin on each side, as a share of its size, at confidence 0 (none at confidence 1).
    /// [E, a judgment: no face crop of the labelled sets is reported clear, so none measures it]
    static let faceMarginShare = 0.1
    /// An external detector's (non-face) box's margin on each side, as a share of its size, at confidence 0.
    /// [E, a judgment: a person's or an animal's box is less sure of its extent than a face's]
    static let detectorMarginShare = 0.2

    /// How much busier than the frame's border a built-in salient box's surround may be, as a ratio of mean
    /// `SaliencyMap.detail`, before the box is taken for a part of a larger figure. [E: on the development
    /// labels the boxes reported clear and right have surrounds 0.5 to 1.6 times as detailed as the border;
    /// the one reported clear and wrong, 7.4 times; 3 lies between, with room on both sides]
    static let surroundDetailRatio: Float = 3
    /// The surround's width on each side of the box, as a share of the box's width (sideways) and height.
    static let surroundShare = 0.25
    /// The frame's border strip, as a share of the map's shorter side (at least 2 map pixels).
    static let borderShare = 0.05

    /// Whether the ring `surroundShare` of `box`'s size wide around it (source pixels, outside the box and
    /// the one map pixel its outline spills into, clipped to the photo) has a mean `detail` (the Laplacian
    /// of luma) more than `surroundDetailRatio` times the frame's border strip (outside the box). A box drawn
    /// around a whole figure has background around it, as detailed as the photo's frame (itself mostly
    /// background); a box around a distinctive part of a textured figure (a tongue in fur, a flower on a
    /// patterned dress) has that texture around it.
    static func surroundIsBusierThanFrame(_ box: Box, in saliency: SaliencyMap) -> Bool {
        let w = saliency.size.width, h = saliency.size.height
        guard w > 2, h > 2, saliency.detail.count == w * h else { return false }
        let sx = Double(w) / Double(saliency.sourceSize.width), sy = Double(h) / Double(saliency.sourceSize.height)
        let bx0 = max(0, Int((box.minX * sx).rounded(.down))), bx1 = min(w, Int((box.maxX * sx).rounded(.up)))
        let by0 = max(0, Int((box.minY * sy).rounded(.down))), by1 = min(h, Int((box.maxY * sy).rounded(.up)))
        let dx = surroundShare * box.width * sx, dy = surroundShare * box.height * sy
        let rx0 = max(0, Int((box.minX * sx - dx).rounded(.down))), rx1 = min(w, Int((box.maxX * sx + dx).rounded(.up)))
        let ry0 = max(0, Int((box.minY * sy - dy).rounded(.down))), ry1 = min(h, Int((box.maxY * sy + dy).rounded(.up)))
        let strip = max(2, Int((borderShare * Double(min(w, h))).rounded()))
        var ring: (sum: Float, count: Int) = (0, 0), border: (sum: Float, count: Int) = (0, 0)
        for y in 0..<h {
            for x in 0..<w {
                // The box's own outline spills one map pixel of Laplacian past it: not its surround.
                if x >= bx0 - 1 && x <= bx1 && y >= by0 - 1 && y <= by1 { continue }
                let detail = saliency.detail[y * w + x]
                if x >= rx0 && x < rx1 && y >= ry0 && y < ry1 { ring.sum += detail; ring.count += 1 }
                if x < strip || y < strip || x >= w - strip || y >= h - strip { border.sum += detail; border.count += 1 }
            }
        }
        guard ring.count > 0, border.count > 0 else { return false }
        let ringMean = ring.sum / Float(ring.count), borderMean = border.sum / Float(border.count)
        return ringMean > surroundDetailRatio * max(borderMean, 1e-3)
    }

    /// A person's width, in head widths (the face region's width: cheek to cheek widened to the ears),
    /// centred under the head: shoulders are about 2.5 head widths across, arms hanging beside them add
    /// a little on each side. [E, anthropometric proportion, not tuned]
    static let personWidthInHeads = 3.0
    /// A person's height from the top of the head, in head heights (the face region's height: hair to
    /// chin): an adult standing is 7.5 to 8 heads tall. [E, anthropometric proportion, not tuned]
    static let personHeightInHeads = 8.0

    /// The person a face region may belong to (`person(below:in:)` of its head: the region itself for
    /// dlib's faces, already widened to the head by `SubjectRegion.face`; for an external detector's `face`
    /// box, used as given, the head such a face implies).
    static func person(of region: SubjectRegion, in source: PixelSize) -> Box {
        let box = Box(region.rect)
        return person(below: region.label == nil ? box : SubjectRegion.head(around: box), in: source)
    }

    /// The person a head box may belong to: `personWidthInHeads` head widths across centred under it, from
    /// the head's top down `personHeightInHeads` head heights, clipped to `source` (pixels). Nobody knows
    /// from a face alone whether the body below is in the photo, seated, or turned; the verdict assumes the
    /// largest figure it could be, so that a crop keeping the head but cutting the body is never reported
    /// clear.
    static func person(below head: Box, in source: PixelSize) -> Box {
        let halfWidth = personWidthInHeads / 2 * head.width
        return Box(minX: max(0, head.centre.x - halfWidth), minY: max(0, head.minY),
                   maxX: min(Double(source.width), head.centre.x + halfWidth),
                   maxY: min(Double(source.height), head.minY + personHeightInHeads * head.height))
    }

    /// The box `region` may extend to, pixels of the image `saliency` analysed.
    static func box(of region: SubjectRegion, in saliency: SaliencyMap) -> Box {
        let box = Box(region.rect)
        let source = saliency.sourceSize
        switch (region.kind, region.label) {
        case (.sidecar, _):
            return box
        case (.salient, nil):
            // A part of a larger figure, or one of several: it may reach anywhere in the photo.
            let wholePhoto = Box(minX: 0, minY: 0, maxX: Double(source.width), maxY: Double(source.height))
            if surroundIsBusierThanFrame(box, in: saliency) { return wholePhoto }
            guard let figures = SubjectRegion.figures(in: saliency) else { return box }
            if !figures.isLoneFigure { return wholePhoto }
            return continuation(of: box, objectness: saliency.objectness, map: saliency.size, source: source,
                                level: figures.threshold, setOffFromFarSides: saliency.setOffFromFarSides) {
                figures.taken.contains(figures.component[$0])
            }
        case (.face, _):
            return grown(box, by: faceMarginShare * (1 - region.confidence), in: source)
        case (.salient, _):
            return grown(box, by: detectorMarginShare * (1 - region.confidence), in: source)
        }
    }

    /// `box` grown by `share` of its width on the left and right and of its height above and below, clipped
    /// to `source`.
    static func grown(_ box: Box, by share: Double, in source: PixelSize) -> Box {
        let dx = max(0, share) * box.width, dy = max(0, share) * box.height
        return Box(minX: max(0, box.minX - dx), minY: max(0, box.minY - dy),
                   maxX: min(Double(source.width), box.maxX + dx), maxY: min(Double(source.height), box.maxY + dy))
    }

    /// `box` (source pixels) united with the figure it cuts out of `objectness` (a row-major map of size
    /// `map` over an image of `source`): the map pixels reached from the figure's pixels inside the box (above
    /// `level`, and `isFigure` for their index: the components the box was made of, not the background the
    /// mask also holds) through 8-connected pixels at or above `continuationLevel` x `level`, or at or above
    /// `farSidesLevel` in `setOffFromFarSides` (the same layout; nil: not followed), boxed. The box itself
    /// when no figure pixel lies inside it.
    static func continuation(of box: Box, objectness: [Float], map: PixelSize, source: PixelSize, level: Float,
                             setOffFromFarSides: [Float]? = nil, isFigure: (Int) -> Bool = { _ in true }) -> Box {
        let w = map.width, h = map.height
        guard w > 0, h > 0, objectness.count == w * h else { return box }
        let sx = Double(w) / Double(source.width), sy = Double(h) / Double(source.height)
        let x0 = max(0, Int((box.minX * sx).rounded(.down))), x1 = min(w - 1, Int((box.maxX * sx).rounded(.up)) - 1)
        let y0 = max(0, Int((box.minY * sy).rounded(.down))), y1 = min(h - 1, Int((box.maxY * sy).rounded(.up)) - 1)
        guard x0 <= x1, y0 <= y1 else { return box }
        let low = continuationLevel * level
        let setOff = setOffFromFarSides.flatMap { $0.count == w * h ? $0 : nil }
        func continues(_ p: Int) -> Bool { objectness[p] >= low || (setOff.map { $0[p] >= farSidesLevel } ?? false) }
        var reached = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        for y in y0...y1 {
            for x in x0...x1 where objectness[y * w + x] > level && isFigure(y * w + x) {
                reached[y * w + x] = true
                stack.append(y * w + x)
            }
        }
        guard !stack.isEmpty else { return box }
        var minX = w, minY = h, maxX = -1, maxY = -1
        while let p = stack.popLast() {
            let x = p % w, y = p / w
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            for ny in max(0, y - 1)...min(h - 1, y + 1) {
                for nx in max(0, x - 1)...min(w - 1, x + 1) where !reached[ny * w + nx] && continues(ny * w + nx) {
                    reached[ny * w + nx] = true
                    stack.append(ny * w + nx)
                }
            }
        }
        let figure = Box(minX: Double(minX) / sx, minY: Double(minY) / sy,
                         maxX: min(Double(source.width), Double(maxX + 1) / sx), maxY: min(Double(source.height), Double(maxY + 1) / sy))
        return box.union(figure)
    }
}
