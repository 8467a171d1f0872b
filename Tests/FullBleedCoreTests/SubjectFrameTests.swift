import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// Figures the salient box does not hold whole: one that runs off the photo's frame (where it touches the
/// frame, `SaliencyMap.objectness` takes it for ground) and one the box leaves out beside it. The verdict
/// must not vouch for a crop that may cut either.
@Suite struct SubjectFrameTests {
    /// 600x450, a dark brown ground and an orange bill (60..<200 x 200..<230); with `neck`, a white head
    /// and neck joined to the bill's right end that runs off the right edge, and a body that runs off the
    /// bottom edge.
    static func bird(neck: Bool) -> Image {
        SyntheticImages.rgb8(width: 600, height: 450) { x, y, c in
            if x >= 60 && x < 200 && y >= 200 && y < 230 { return [235, 150, 30][c] }
            if neck && ((x >= 200 && y >= 170 && y < 280) || (x >= 420 && y >= 170)) { return [245, 245, 240][c] }
            return [70, 55, 45][c]
        }
    }

    /// The map value at source pixel (`x`, `y`).
    static func value(_ values: [Float], _ map: SaliencyMap, x: Int, y: Int) -> Float {
        let mx = x * map.size.width / map.sourceSize.width, my = y * map.size.height / map.sourceSize.height
        return values[my * map.size.width + mx]
    }

    @Test func aFigureRunningOffTwoSidesIsSetOffFromTheFarSides() {
        let map = SaliencyMap(image: Self.bird(neck: true))
        let level = SubjectRegion.otsuThreshold(map.objectness)
        // Where the neck meets the right edge and the body the bottom edge, the objectness takes it for ground.
        #expect(Self.value(map.objectness, map, x: 596, y: 220) < SubjectExtent.continuationLevel * level)
        #expect(Self.value(map.objectness, map, x: 500, y: 446) < SubjectExtent.continuationLevel * level)
        // It is set off from the two sides it does not reach; the ground, which reaches all four, is not.
        for (x, y) in [(596, 220), (500, 446), (300, 220)] {
            #expect(Self.value(map.setOffFromFarSides, map, x: x, y: y) >= SubjectExtent.farSidesLevel, "(\(x), \(y))")
        }
        for (x, y) in [(20, 20), (20, 430), (300, 60), (300, 400)] {
            #expect(Self.value(map.setOffFromFarSides, map, x: x, y: y) < 0.2, "(\(x), \(y))")
        }
    }

    @Test func theBarrierToOneSideIsZeroOnlyOnThatSide() {
        // 5x4: a bright column at x = 2 from the top edge down to row 2, on a dark ground.
        let channel: [Float] = [0, 0, 9, 0, 0,
                                0, 0, 9, 0, 0,
                                0, 0, 9, 0, 0,
                                0, 0, 0, 0, 0]
        let size = PixelSize(width: 5, height: 4)
        let top = SaliencyMap.barrierDistance(channel, size: size, from: .top)
        let left = SaliencyMap.barrierDistance(channel, size: size, from: .left)
        // The column reaches the top: no barrier to it; to the left side it must climb down to the ground.
        #expect(top[0 * 5 + 2] == 0 && top[2 * 5 + 2] == 0)
        #expect(left[2 * 5 + 2] == 9 && left[1 * 5 + 2] == 9)
        // The ground reaches the left side with no barrier, and the top too (its top row is on it).
        #expect(left[3 * 5 + 4] == 0 && top[3 * 5 + 4] == 0)
        #expect(left[0 * 5 + 0] == 0 && top[0 * 5 + 4] == 0)
    }

    /// The bill is the only figure the objectness finds. Alone, its box is the bird, and a crop that holds it
    /// whole below the band vouches; joined to a neck that runs off the frame, the figure is followed to the
    /// frame, and the crop, which cannot hold that, says the subject may extend past its box.
    @Test func aBoxOnAPartOfAFigureThatRunsOffTheFrameDoesNotVouch() throws {
        for neck in [false, true] {
            let image = Self.bird(neck: neck)
            let map = SaliencyMap(image: image)
            let region = try #require(CropPlanner.detectedSubjects(map).first)
            #expect(region.kind == .salient && region.confidence >= CropPlanner.verdictConfidence)
            // The bill's box, one map pixel (about 2.3 px) around its outline.
            #expect(Box(region.rect).contains(Box(PixelRect(x: 60, y: 200, width: 140, height: 30))), "\(region.rect)")
            #expect(region.rect.width <= 150 && region.rect.height <= 40, "\(region.rect)")
            let extent = SubjectExtent.box(of: region, in: map)
            let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.29, subjects: [region])
            #expect(plan.rect.contains(region.rect))
            if neck {
                #expect(extent.maxX >= 598 && extent.maxY >= 448, "\(extent)")
                #expect(!plan.subjectClearsToolbar && plan.subjectClearsToolbarReason == CropPlanner.subjectMayExtendReason)
            } else {
                #expect(extent.maxX < 220 && extent.maxY < 250, "\(extent)")
                #expect(plan.subjectClearsToolbar, "\(plan.subjectClearsToolbarReason ?? "true")")
            }
        }
    }

    /// A large disc, the subject, low in the middle of a 1200x800 photo, and a smaller bar (about an eighth of
    /// the figure mass, too little to join the box) beside it. The centred phone crop holds the disc whole
    /// below the band; when its edge cuts through the bar, the bar may be a part of the subject the box left
    /// out, and the verdict says so. A bar wholly inside or outside the crop is not cut.
    @Test func aCropThatCutsThroughALargeFigureDoesNotVouch() throws {
        func photo(barX: Int) -> Image {
            SyntheticImages.rgb8(width: 1200, height: 800) { x, y, c in
                let dx = x - 600, dy = y - 580
                if dx * dx + dy * dy <= 110 * 110 { return [230, 200, 40][c] }
                if x >= barX && x < barX + 120 && y >= 310 && y < 370 { return [60, 140, 230][c] }
                return 100
            }
        }
        for (barX, cut) in [(950, true), (300, false), (1060, false)] {
            let image = photo(barX: barX)
            let map = SaliencyMap(image: image)
            let region = try #require(CropPlanner.detectedSubjects(map).first)
            #expect(Box(region.rect).maxY > 600 && Double(region.rect.y) > 400, "\(region.rect)")
            let plan = CropPlanner.plan(image, aspectRatio: 1, mode: .center, toolbarBandFraction: 0.29, subjects: [region])
            #expect(plan.rect == PixelRect(x: 200, y: 0, width: 800, height: 800))
            if cut {
                #expect(!plan.subjectClearsToolbar && plan.subjectClearsToolbarReason == CropPlanner.figureCutReason)
            } else {
                #expect(plan.subjectClearsToolbar, "bar at \(barX): \(plan.subjectClearsToolbarReason ?? "true")")
            }
        }
        // A person drew the subject: the bar is not its business.
        let drawn = SubjectRegion.sidecar(x: 0.4, y: 0.58, width: 0.2, height: 0.3, in: PixelSize(width: 1200, height: 800))
        #expect(CropPlanner.plan(photo(barX: 950), aspectRatio: 1, mode: .center, toolbarBandFraction: 0.29, subjects: [drawn]).subjectClearsToolbar)
    }
}
