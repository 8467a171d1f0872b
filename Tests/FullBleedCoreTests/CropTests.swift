import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

@Suite struct CropTests {
    /// A plain grey scene with a saturated red rectangle (`subject`, source pixels).
    static func scene(width: Int, height: Int, subject: PixelRect) -> Image {
        SyntheticImages.rgb8(width: width, height: height) { x, y, c in
            let inside = x >= subject.x && x < subject.maxX && y >= subject.y && y < subject.maxY
            return inside ? [230, 30, 40][c] : 128
        }
    }

    @Test func centerCropIsCentred() {
        let plan = CropPlanner.plan(Self.scene(width: 300, height: 200, subject: PixelRect(x: 0, y: 0, width: 5, height: 5)),
                                    aspectRatio: 1, mode: .center)
        #expect(plan.rect == PixelRect(x: 50, y: 0, width: 200, height: 200))
        #expect(plan.mode == .center)
    }

    @Test(arguments: [(0.0, 0.0), (0.01, 0.02), (0.99, 0.01), (1.0, 0.0), (0.02, 0.98), (0.0, 1.0), (0.97, 0.99), (1.0, 1.0), (0.5, 0.5), (0.3, 0.8)])
    func focalCropContainsTheFocalPoint(fx: Double, fy: Double) {
        let image = SyntheticImages.photoLike(width: 64, height: 48)
        for aspect in [1.0, 16.0 / 9, 0.5, 4.0 / 3] {
            let plan = CropPlanner.plan(image, aspectRatio: aspect, mode: .focal(x: fx, y: fy))
            let px = min(63, Int(fx * 64)), py = min(47, Int(fy * 48))
            #expect(plan.rect.contains(PixelRect(x: px, y: py, width: 1, height: 1)), "aspect \(aspect): \(plan.rect) misses (\(px), \(py))")
            #expect(PixelRect(x: 0, y: 0, width: 64, height: 48).contains(plan.rect))
            #expect(plan.mode == .focal(x: fx, y: fy))
            // As close to the centre as the image allows.
            let ideal = CropPlanner.cropSize(for: image.size, aspectRatio: aspect)
            let wantX = min(max(0, Int((fx * 64 - Double(ideal.width) / 2).rounded())), 64 - ideal.width)
            #expect(abs(plan.rect.x - wantX) <= 1)
        }
    }

    @Test func focalPointIsCentredWhenThereIsRoom() {
        let image = SyntheticImages.photoLike(width: 400, height: 100)
        let plan = CropPlanner.plan(image, aspectRatio: 1, mode: .focal(x: 0.6, y: 0.5))
        #expect(plan.rect == PixelRect(x: 190, y: 0, width: 100, height: 100))
    }

    @Test func attentionFindsASmallSaturatedSubject() {
        // Landscape: the crop slides horizontally and centres the subject.
        let wide = Self.scene(width: 600, height: 300, subject: PixelRect(x: 400, y: 130, width: 40, height: 40))
        let plan = CropPlanner.plan(wide, aspectRatio: 1)
        #expect(plan.mode == .attention)
        #expect(plan.rect.contains(PixelRect(x: 400, y: 130, width: 40, height: 40)))
        #expect(abs(plan.subjectX - 420) < 8 && abs(plan.subjectY - 150) < 8)
        #expect(abs(Double(plan.rect.x + 150) - 420) < 10)
        #expect(plan.score > 0.5)
        // Near the left edge: the crop goes to the edge and still shows it (within the few pixels by which
        // the salient box, grown by one map pixel around the figure mask, exceeds the square).
        let left = Self.scene(width: 600, height: 300, subject: PixelRect(x: 10, y: 10, width: 30, height: 30))
        let leftPlan = CropPlanner.plan(left, aspectRatio: 1)
        #expect(leftPlan.rect.x <= 5 && leftPlan.rect.contains(PixelRect(x: 10, y: 10, width: 30, height: 30)), "\(leftPlan.rect)")
        // And it beats a centre crop, which misses the subject.
        #expect(leftPlan.score > CropPlanner.plan(left, aspectRatio: 1, mode: .center).score)
    }

    @Test func toolbarAwarenessMovesTheSubjectBelowTheBand() {
        // Portrait source, square crop sliding vertically; a tall subject around y = 360.
        let subject = PixelRect(x: 130, y: 300, width: 40, height: 120)
        let image = Self.scene(width: 300, height: 900, subject: subject)
        let plain = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0)
        // Without a band the subject is centred: its top would sit under a 40 % band.
        #expect(abs(Double(plain.rect.y + 150) - 360) < 10)
        #expect(Double(subject.y - plain.rect.y) < 0.4 * 300)

        let aware = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.4)
        #expect(aware.subjectClearsToolbar)
        #expect(aware.rect.contains(subject))
        // The whole subject clears the band: its top is below 120 px of the 300-px crop.
        #expect(Double(subject.y - aware.rect.y) > 0.4 * 300, "subject top at \(subject.y - aware.rect.y) px in \(aware.rect)")
    }

    @Test func toolbarAwarenessWithAShortHero() {
        // A band of 60 % (116 pt of bars over a ~190-pt hero): the subject centre still ends below it.
        let image = Self.scene(width: 400, height: 1200, subject: PixelRect(x: 180, y: 500, width: 40, height: 40))
        let plan = CropPlanner.plan(image, aspectRatio: 2, toolbarBandFraction: 0.6)
        #expect(plan.rect.size == PixelSize(width: 400, height: 200))
        #expect(plan.subjectClearsToolbar)
        #expect((plan.subjectY - Double(plan.rect.y)) / 200 > 0.6)
        #expect(plan.rect.contains(PixelRect(x: 180, y: 500, width: 40, height: 40)))
    }

    @Test func theSourceMayNotAllowClearingTheBand() {
        // Subject at the very top: the crop cannot move above the image; the plan says so.
        let image = Self.scene(width: 300, height: 900, subject: PixelRect(x: 130, y: 10, width: 40, height: 40))
        let plan = CropPlanner.plan(image, aspectRatio: 1, toolbarBandFraction: 0.4)
        #expect(plan.rect.y == 0)
        #expect(!plan.subjectClearsToolbar)
        // Landscape source, full-height crop: the vertical position cannot change either.
        let wide = Self.scene(width: 900, height: 300, subject: PixelRect(x: 600, y: 20, width: 40, height: 40))
        let widePlan = CropPlanner.plan(wide, aspectRatio: 1, toolbarBandFraction: 0.4)
        #expect(widePlan.rect.contains(PixelRect(x: 600, y: 20, width: 40, height: 40)))
        #expect(!widePlan.subjectClearsToolbar)
    }

    @Test func flatImageFallsBackToCenter() {
        let flat = Image(width: 200, height: 100, layout: .rgb, samples: [UInt8](repeating: 90, count: 200 * 100 * 3))
        let plan = CropPlanner.plan(flat, aspectRatio: 1)
        #expect(plan.requestedMode == .attention && plan.mode == .center)
        #expect(plan.rect == PixelRect(x: 50, y: 0, width: 100, height: 100))
    }

    @Test func planningIsDeterministicAndWorksForEveryLayout() {
        let image = Self.scene(width: 320, height: 200, subject: PixelRect(x: 200, y: 60, width: 30, height: 30))
        let first = CropPlanner.plan(image, aspectRatio: 1.2, toolbarBandFraction: 0.3)
        #expect(CropPlanner.plan(image, aspectRatio: 1.2, toolbarBandFraction: 0.3) == first)
        let rgba = image.converted(toLayout: .rgba)
        #expect(CropPlanner.plan(rgba, aspectRatio: 1.2, toolbarBandFraction: 0.3).rect == first.rect)
        let linear = image.linearPremultiplied()
        #expect(CropPlanner.plan(linear, aspectRatio: 1.2, toolbarBandFraction: 0.3).rect == first.rect)
        let gray = SyntheticImages.photoLike(width: 90, height: 60).converted(toLayout: .gray)
        #expect(CropPlanner.plan(gray, aspectRatio: 1).rect.size == PixelSize(width: 60, height: 60))
    }

    @Test func transparentAreasAreNotSalient() {
        // A saturated patch under alpha 0 is invisible and must not attract the crop.
        let image = SyntheticImages.rgba8(width: 600, height: 200) { x, y, c in
            let hidden = x < 100, visible = x >= 450 && x < 500 && y >= 80 && y < 120
            if c == 3 { return hidden ? 0 : 255 }
            return (hidden || visible) ? [20, 40, 240][c] : 128
        }
        let plan = CropPlanner.plan(image, aspectRatio: 1)
        #expect(plan.rect.contains(PixelRect(x: 450, y: 80, width: 50, height: 40)))
    }

    @Test func planCarriesOverToAnotherDecodeSize() {
        let image = Self.scene(width: 800, height: 400, subject: PixelRect(x: 560, y: 180, width: 40, height: 40))
        let plan = CropPlanner.plan(image, aspectRatio: 1)
        let quarter = plan.scaled(to: PixelSize(width: 200, height: 100))
        #expect(quarter.rect.size == PixelSize(width: 100, height: 100))
        #expect(abs(quarter.rect.x * 4 - plan.rect.x) <= 4)
        let back = quarter.scaled(to: PixelSize(width: 800, height: 400))
        #expect(abs(back.rect.x - plan.rect.x) <= 4 && back.rect.size == plan.rect.size)
    }

    @Test func heroTargetConvenienceUsesItsBand() {
        let image = Self.scene(width: 402, height: 1200, subject: PixelRect(x: 180, y: 400, width: 40, height: 40))
        let plan = CropPlanner.plan(image, for: .device(.iPhone17Pro))
        #expect(abs(plan.toolbarBandFraction - 0.29) < 1e-12)
        #expect(plan.rect.size == PixelSize(width: 402, height: 400))
        #expect(plan.subjectClearsToolbar)
    }
}
