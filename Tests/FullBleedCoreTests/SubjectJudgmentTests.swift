import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// The strict verdict (only a confident box can make `subjectClearsToolbar` true) and the designer's
/// default `attention` falls back to when the subject evidence is weak (docs/review.md).
@Suite struct SubjectJudgmentTests {
    /// Grey with a bright disc of `radius` around (`cx`, `cy`): the figure mass the old search chased.
    static func disc(width: Int, height: Int, cx: Int, cy: Int, radius: Int) -> Image {
        SyntheticImages.rgb8(width: width, height: height) { x, y, c in
            (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius ? [240, 200, 40][c] : 110
        }
    }

    @Test func aLowConfidenceBoxNeverGivesTrue() {
        // Every 200x200 crop of the 300x200 photo holds the box, far below the 29% band: with a box more
        // likely right than not the verdict is true; with a weaker one it is false and says why, whether the
        // search obeyed the box (from 0.25) or not.
        let image = Self.disc(width: 300, height: 200, cx: 150, cy: 125, radius: 20)
        let box = PixelRect(x: 100, y: 100, width: 100, height: 50)
        for (confidence, clears) in [(0.14, false), (0.24, false), (0.25, false), (0.49, false), (0.5, true), (0.9, true)] {
            let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29,
                                        subjects: [SubjectRegion(rect: box, kind: .salient, confidence: confidence)])
            #expect(plan.rect.contains(box))
            #expect(plan.subjectClearsToolbar == clears, "confidence \(confidence): \(plan.subjectClearsToolbarReason ?? "true")")
            if !clears {
                #expect(plan.subjectClearsToolbarReason == "subject uncertain (confidence \(confidence))")
            }
        }
    }

    /// A distinctive patch (pink, 60 px) inside a dark textured figure (fur: a fine pattern) on a plain
    /// backdrop: the built-in salient box around the patch is whole and clear in the crop, but its surround
    /// is far busier than the photo's frame, so the figure it belongs to may reach anywhere and the verdict
    /// says so. The same patch on the plain backdrop vouches for the crop.
    @Test func aSalientBoxInsideATexturedFigureDoesNotVouch() {
        func photo(fur: Bool) -> Image {
            SyntheticImages.rgb8(width: 400, height: 300) { x, y, c in
                if x >= 170, x < 230, y >= 180, y < 240 { return [225, 140, 170][c] }
                if fur, x >= 90, x < 310, y >= 40 { return UInt8(15 + ((x * 7 + y * 13) % 5) * 14) }
                return 110
            }
        }
        let patch = SubjectRegion(rect: PixelRect(x: 170, y: 180, width: 60, height: 60), kind: .salient, confidence: 0.9)
        for fur in [false, true] {
            let image = photo(fur: fur)
            #expect(SubjectExtent.surroundIsBusierThanFrame(Box(patch.rect), in: SaliencyMap(image: image)) == fur)
            let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [patch])
            #expect(plan.rect.contains(patch.rect) && plan.rect.y + 87 <= patch.rect.y)
            #expect(plan.subjectClearsToolbar == !fur, "fur \(fur): \(plan.subjectClearsToolbarReason ?? "true")")
            if fur { #expect(plan.subjectClearsToolbarReason == CropPlanner.subjectMayExtendReason) }
        }
    }

    /// Three alike figures in a row on a plain ground: the built-in salient box holds them together and is
    /// whole and clear in the crop, but no one figure holds the mass the box is made to hold, so the box
    /// may be a part of something larger (one pumpkin of a row, two eyes in a face) and does not vouch. A
    /// lone figure on the same ground does.
    @Test func aSalientBoxMadeOfSeveralFiguresDoesNotVouch() {
        func photo(figures: Int) -> Image {
            let centres = figures == 1 ? [200] : [110, 200, 290]
            return SyntheticImages.rgb8(width: 400, height: 300) { x, y, c in
                for cx in centres where (x - cx) * (x - cx) + (y - 200) * (y - 200) <= 28 * 28 { return [225, 120, 40][c] }
                return 110
            }
        }
        for figures in [1, 3] {
            let saliency = SaliencyMap(image: photo(figures: figures))
            let found = SubjectRegion.salient(in: saliency)
            #expect(SubjectRegion.figures(in: saliency)?.isLoneFigure == (figures == 1))
            guard let region = found else { Issue.record("no salient region for \(figures) figures"); continue }
            #expect(region.rect.x < 200 - 28 && region.rect.x + region.rect.width > 200 + 28, "\(region.rect)")
            if figures == 3 { #expect(region.rect.x <= 82 && region.rect.x + region.rect.width >= 318, "\(region.rect)") }
            #expect(region.confidence >= CropPlanner.verdictConfidence, "\(region.confidence)")
            let plan = CropPlanner.plan(photo(figures: figures), aspectRatio: 4.0 / 3, toolbarBandFraction: 0.29, subjects: [region])
            #expect(plan.rect.contains(region.rect) && Double(plan.rect.y) + 0.29 * Double(plan.rect.height) <= Double(region.rect.y))
            #expect(plan.subjectClearsToolbar == (figures == 1), "\(figures) figures: \(plan.subjectClearsToolbarReason ?? "true")")
            if figures == 3 { #expect(plan.subjectClearsToolbarReason == CropPlanner.subjectMayExtendReason) }
        }
    }

    /// A head at the top of a portrait headshot cannot clear the band in any crop; the crop then keeps the
    /// person below it whole (to the photo's foot) rather than cutting the body to put a few rows less of
    /// the head under the band. A face too weak to stand for a person is not searched around: the designer's
    /// crop (here the centred one, rows 5..<305) holds the head and nothing pulls it to the foot.
    @Test func aHeadThatCannotClearTheBandKeepsItsPersonWhole() {
        let image = Self.disc(width: 300, height: 310, cx: 150, cy: 32, radius: 20)
        let head = PixelRect(x: 125, y: 12, width: 50, height: 40)
        let confident = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29,
                                         subjects: [SubjectRegion(rect: head, kind: .face, confidence: 0.9)])
        #expect(confident.rect == PixelRect(x: 0, y: 10, width: 300, height: 300))
        #expect(!confident.subjectClearsToolbar)
        let weak = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29,
                                    subjects: [SubjectRegion(rect: head, kind: .face, confidence: 0.3)])
        #expect(weak.rect == PixelRect(x: 0, y: 5, width: 300, height: 300))
    }

    @Test func aConfidentRegionTheCropCutsMakesTheVerdictFalse() {
        // A face whole and clear, but the confident salient figure beside it is wider than any crop.
        let image = Self.disc(width: 400, height: 200, cx: 200, cy: 140, radius: 30)
        let face = SubjectRegion(rect: PixelRect(x: 180, y: 110, width: 40, height: 40), kind: .face, confidence: 0.8)
        let figure = SubjectRegion(rect: PixelRect(x: 20, y: 100, width: 360, height: 90), kind: .salient, confidence: 0.5)
        let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [face, figure])
        #expect(plan.rect.contains(face.rect))
        #expect(!plan.subjectClearsToolbar)
        #expect(plan.subjectClearsToolbarReason == "subject cut by the crop (a salient region of confidence 0.50 is not whole in it)")
        // Without the second region the face alone vouches for the crop.
        #expect(CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [face]).subjectClearsToolbar)
    }

    /// A face whole and clear beside a confident salient region whose box the crop holds: the box was drawn
    /// tighter than its figure (a bright bar running on past both its ends), and the figure reaches past the
    /// crop's sides, so the crop may cut it and the verdict says so. When the bar ends inside the crop, the
    /// face vouches for the crop.
    @Test func aConfidentRegionThatMayReachPastTheCropMakesTheVerdictFalse() {
        func photo(barFrom: Int, to: Int) -> Image {
            SyntheticImages.rgb8(width: 400, height: 200) { x, y, c in
                x >= barFrom && x < to && y >= 150 && y < 180 ? [235, 190, 60][c] : 105
            }
        }
        let face = SubjectRegion(rect: PixelRect(x: 180, y: 100, width: 40, height: 40), kind: .face, confidence: 0.8)
        let box = SubjectRegion(rect: PixelRect(x: 120, y: 150, width: 160, height: 30), kind: .salient, confidence: 0.6)
        let long = CropPlanner.plan(photo(barFrom: 40, to: 360), aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [face, box])
        #expect(long.rect.contains(face.rect) && long.rect.contains(box.rect), "\(long.rect)")
        #expect(!long.subjectClearsToolbar)
        #expect(long.subjectClearsToolbarReason == "subject may be cut by the crop (a salient region of confidence 0.60 may reach past it)")
        let short = CropPlanner.plan(photo(barFrom: 120, to: 280), aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [face, box])
        #expect(short.rect.contains(box.rect))
        #expect(short.subjectClearsToolbar, "\(short.subjectClearsToolbarReason ?? "true")")
    }

    @Test func weakEvidenceGivesTheCentredCrop() {
        // A bright figure at the left edge and a weak box on it wider than any crop: the crop stays centred
        // instead of chasing it.
        let image = Self.disc(width: 400, height: 200, cx: 40, cy: 100, radius: 30)
        let wide = SubjectRegion(rect: PixelRect(x: 5, y: 65, width: 250, height: 70), kind: .salient, confidence: 0.15)
        let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [wide])
        #expect(plan.rect == PixelRect(x: 100, y: 0, width: 200, height: 200))
        #expect(!plan.subjectClearsToolbar && plan.subjectClearsToolbarReason == "subject uncertain (confidence 0.15)")
        // No subject at all: the same.
        #expect(CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: []).rect == plan.rect)
    }

    @Test func weakEvidenceMovesTheCentredCropOnlyToHoldTheBox() {
        // The same figure with a weak box the crop can hold: the centred crop moves left only until the box's
        // left edge is its own (x 5, not 0 nor the box centred), whether the box is soft (below 0.25) or
        // hard but below the verdict's confidence; the verdict stays uncertain, and nothing zooms.
        let image = Self.disc(width: 400, height: 200, cx: 40, cy: 100, radius: 30)
        for confidence in [0.15, 0.45] {
            let weak = SubjectRegion(rect: PixelRect(x: 5, y: 50, width: 70, height: 70), kind: .salient, confidence: confidence)
            let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [weak],
                                        zoom: ZoomLimits(maximumZoom: 1.5))
            #expect(plan.rect == PixelRect(x: 5, y: 0, width: 200, height: 200), "confidence \(confidence)")
            #expect(!plan.subjectClearsToolbar)
            #expect(plan.subjectClearsToolbarReason == "subject uncertain (confidence \(String(format: "%.2f", confidence)))")
        }
        // On the right, the crop's right edge goes to the box's; a box it already holds moves nothing.
        let right = SubjectRegion(rect: PixelRect(x: 320, y: 65, width: 70, height: 70), kind: .salient, confidence: 0.3)
        #expect(CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [right]).rect.x == 190)
        let held = SubjectRegion(rect: PixelRect(x: 150, y: 65, width: 70, height: 70), kind: .salient, confidence: 0.3)
        #expect(CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [held]).rect.x == 100)
        // A confident box on the same spot is searched around: the crop zooms (up to 1.16x) to put it below
        // the 58-row band.
        let confident = SubjectRegion(rect: PixelRect(x: 5, y: 50, width: 70, height: 70), kind: .salient, confidence: 0.9)
        let searched = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [confident],
                                        zoom: ZoomLimits(maximumZoom: 1.5))
        let r = searched.rect
        #expect(r.width < 200 && r.contains(confident.rect) && 50 >= Double(r.y) + 0.29 * Double(r.height), "\(r)")
    }

    @Test func weakEvidencePutsTheBandOverTheMostUniformRows() {
        // Portrait: flat sky over rows 0..<150, detailed ground below, a weak box low in the frame. The
        // square crop may start anywhere in 0...200; the 58-row band is flat wherever it starts at or above
        // row 92, and of those the position nearest the centre (100) wins.
        let image = SyntheticImages.rgb8(width: 200, height: 400) { x, y, c in
            y < 150 ? [120, 170, 230][c] : UInt8(truncatingIfNeeded: ((x / 3 + y / 3) % 2) * 150 + 50 + c * 10)
        }
        let weak = SubjectRegion(rect: PixelRect(x: 60, y: 200, width: 80, height: 60), kind: .salient, confidence: 0.12)
        let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [weak])
        #expect(plan.rect.x == 0 && plan.rect.size == PixelSize(width: 200, height: 200))
        #expect((80...92).contains(plan.rect.y), "\(plan.rect)")
        // A weak box lower in the frame than that crop reaches moves it down just enough to hold the box.
        let low = SubjectRegion(rect: PixelRect(x: 60, y: 330, width: 80, height: 60), kind: .salient, confidence: 0.12)
        #expect(CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [low]).rect.y == 190)
        // Without a band there is nothing to place: centred.
        #expect(CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0, subjects: [weak]).rect.y == 100)
    }

    @Test func theVerdictAllowsForTheMarginItsDetectorLeaves() {
        // Every 200x200 crop of the 300x200 photo has its band over rows 0..<58. A box from row 59 clears it;
        // whether the verdict vouches for it depends on what drew the box and how sure it is: a face leaves
        // 10% of its height at confidence 0 (3 px at 0.5: row 56, under the band; 0.6 px at 0.9: row 58.4,
        // clear), a detector's other box 20% (6 px at 0.5, under the band; 0.6 px at 0.95, clear), a sidecar
        // box none. (The face is narrow enough for the person below it to fit in the crop.)
        let image = Self.disc(width: 300, height: 200, cx: 150, cy: 130, radius: 20)
        let box = PixelRect(x: 100, y: 59, width: 100, height: 60), head = PixelRect(x: 120, y: 59, width: 60, height: 60)
        let cases: [(SubjectRegion, Bool)] = [
            (SubjectRegion(rect: box, kind: .sidecar, confidence: 1), true),
            (SubjectRegion(rect: head, kind: .face, confidence: 0.9), true),
            (SubjectRegion(rect: head, kind: .face, confidence: 0.5), false),
            (SubjectRegion(rect: box, kind: .salient, confidence: 0.5, label: "person"), false),
            (SubjectRegion(rect: box, kind: .salient, confidence: 0.95, label: "person"), true),
        ]
        for (region, clears) in cases {
            let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [region])
            #expect(plan.rect.contains(region.rect))
            #expect(plan.subjectClearsToolbar == clears, "\(region): \(plan.subjectClearsToolbarReason ?? "true")")
            if !clears { #expect(plan.subjectClearsToolbarReason == "subject may extend past its box") }
        }
        // The focal point is judged as given, whatever the subject's margin.
        let focal = CropPlanner.plan(image, aspectRatio: 1, mode: .focal(x: 0.5, y: 0.6), toolbarBandFraction: 0.29,
                                     subjects: [SubjectRegion(rect: box, kind: .face, confidence: 0.3)])
        #expect(focal.subjectClearsToolbar)
    }

    @Test func aFaceTooWeakToVouchStandsForNoPersonInTheSearch() {
        // The 40x15 head at row 260 of a 200x400 portrait: at 0.9 the search holds its person (rows 260..<380)
        // and moves the crop down to rows 180...202; at 0.4 the face is placed as a head alone, exactly as the
        // same box of another kind would be, and the body does not pull the crop.
        let image = Self.disc(width: 200, height: 400, cx: 100, cy: 300, radius: 30)
        let rect = PixelRect(x: 80, y: 260, width: 40, height: 15)
        func crop(_ kind: SubjectRegion.Kind, _ confidence: Double) -> PixelRect {
            CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29,
                             subjects: [SubjectRegion(rect: rect, kind: kind, confidence: confidence)]).rect
        }
        let strong = crop(.face, 0.9), weak = crop(.face, 0.4), box = crop(.salient, 0.4)
        #expect((180...202).contains(strong.y), "\(strong)")
        #expect(weak == box, "\(weak) against \(box)")
        #expect(weak != strong)
    }

    @Test func aFaceVouchesForThePersonBelowItOnlyWhenTheCropHoldsThem() {
        // A 200x400 portrait, 200x200 crops, band rows 0..<58 of each. The person a 40x40 head at row 150 may
        // belong to is 120 px wide and reaches the photo's foot: no crop holds both it and the head clear of
        // the band, so the head is placed clear and the verdict says the body may be cut.
        let image = Self.disc(width: 200, height: 400, cx: 100, cy: 300, radius: 30)
        let high = SubjectRegion(rect: PixelRect(x: 80, y: 150, width: 40, height: 40), kind: .face, confidence: 1)
        let cut = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [high])
        #expect(cut.rect.contains(high.rect) && cut.rect.y <= 150 - 58, "\(cut.rect)")
        #expect(!cut.subjectClearsToolbar)
        #expect(cut.subjectClearsToolbarReason == CropPlanner.personMayBeCutReason)
        // A 40x15 head at row 260: its person (8 heads: rows 260..<380) fits in a crop from rows 180...202,
        // which also keeps the head clear; the search takes such a crop and the verdict is true.
        let low = SubjectRegion(rect: PixelRect(x: 80, y: 260, width: 40, height: 15), kind: .face, confidence: 0.9)
        let whole = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [low])
        #expect((180...202).contains(whole.rect.y), "\(whole.rect)")
        #expect(whole.subjectClearsToolbar, "\(whole.subjectClearsToolbarReason ?? "")")
        #expect(SubjectExtent.person(of: low, in: image.size) == Box(minX: 40, minY: 260, maxX: 160, maxY: 380))
        // An external detector's face box is a face, not a head: the person is reckoned from the head it
        // implies (60% of its height above, 15% below and 15% of its width each side): a 40x40 face at
        // (80, 100) is a 52x70 head at (74, 76), and the person 156 px wide from row 76 to the photo's foot.
        let detected = SubjectRegion(rect: PixelRect(x: 80, y: 100, width: 40, height: 40), kind: .face, confidence: 0.9, label: "face")
        #expect(SubjectExtent.person(of: detected, in: image.size) == Box(minX: 22, minY: 76, maxX: 178, maxY: 400))
    }

    @Test func theBuiltInBoxExtendsAsFarAsItsFigureFadesPastIt() {
        // A 20x10 objectness map over a 200x100 photo, mask level 0.5: a figure (1.0) at map columns 5...9,
        // rows 2...5, boxed with one map pixel around it as `SubjectRegion.salient` does: (40, 10)-(110, 70).
        let box = Box(minX: 40, minY: 10, maxX: 110, maxY: 70)
        func map(tail: Float, beside: Float) -> [Float] {
            var values = [Float](repeating: 0.05, count: 200)
            for y in 2...5 { for x in 5...9 { values[y * 20 + x] = 1 } }
            for y in 6...8 { values[y * 20 + 7] = tail }       // a thin tail hanging from the figure
            for x in 10...13 { values[3 * 20 + x] = beside }   // something beside it, on the right
            return values
        }
        func extent(_ values: [Float]) -> Box {
            SubjectExtent.continuation(of: box, objectness: values, map: PixelSize(width: 20, height: 10),
                                       source: PixelSize(width: 200, height: 100), level: 0.5)
        }
        // A tail above 0.65 x 0.5 continues the figure down to its end (map row 8); one below it is background.
        #expect(extent(map(tail: 0.4, beside: 0.05)) == Box(minX: 40, minY: 10, maxX: 110, maxY: 90))
        #expect(extent(map(tail: 0.3, beside: 0.05)) == box)
        #expect(extent(map(tail: 0.3, beside: 0.36)) == Box(minX: 40, minY: 10, maxX: 140, maxY: 70))
        // Only the figure's own pixels seed it: another region of the mask reaching into the box (map row 1,
        // columns 12...19, not touching the figure) does not, unless it counts as the figure.
        var other = map(tail: 0.3, beside: 0.05)
        for x in 12...19 { other[1 * 20 + x] = 0.6 }
        let wide = Box(minX: 40, minY: 10, maxX: 160, maxY: 70)
        func extent(_ values: [Float], figure: @escaping (Int) -> Bool) -> Box {
            SubjectExtent.continuation(of: wide, objectness: values, map: PixelSize(width: 20, height: 10),
                                       source: PixelSize(width: 200, height: 100), level: 0.5, isFigure: figure)
        }
        #expect(extent(other) { $0 / 20 != 1 } == wide)
        #expect(extent(other) { _ in true } == Box(minX: 40, minY: 10, maxX: 200, maxY: 70))
    }
}
