import Testing
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// The crop search over position and zoom on synthetic scenes.
@Suite struct SubjectCropTests {
    /// A mid-grey picture with one saturated red box at `object`.
    static func scene(width: Int, height: Int, object: PixelRect?) -> Image {
        SyntheticImages.rgb8(width: width, height: height) { x, y, c in
            guard let o = object, x >= o.x && x < o.maxX && y >= o.y && y < o.maxY else { return 128 }
            return [220, 30, 20][c]
        }
    }

    static let phoneBand = DeviceClass.iPhone17Pro.toolbarBandPoints / DeviceClass.iPhone17Pro.heroHeightPoints
    static let phoneAspect = DeviceClass.iPhone17Pro.heroAspectRatio

    /// A small object near the top of a landscape photo: the largest phone crop (full height) shows it
    /// under the band; zooming in 1.2-1.5x brings it below the band, whole.
    @Test func smallObjectNearTheTopEndsBelowTheBandByZooming() {
        let object = PixelRect(x: 1180, y: 300, width: 60, height: 60)
        let image = Self.scene(width: 1800, height: 1200, object: object)
        let plan = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand,
                                    zoom: ZoomLimits(maximumZoom: 1.5))
        let box = try! #require(plan.subjectBox)
        #expect(plan.subjects.first?.kind == .salient && plan.subjects.first!.isHighConfidence)
        #expect(Box(box).intersectionArea(Box(object)) > 0, "\(box) vs \(object)")
        #expect(plan.zoom > 1.01 && plan.zoom <= 1.5, "zoom \(plan.zoom)")
        #expect(plan.rect.contains(object))
        #expect(Double(object.y) >= Double(plan.rect.y) + Self.phoneBand * Double(plan.rect.height))
        #expect(plan.subjectClearsToolbar && plan.subjectClearsToolbarReason == nil)

        // Without zoom (crop.maxZoom 1), or when the largest tier needs the whole crop, the verdict says why.
        let fixed = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand,
                                     zoom: ZoomLimits(maximumZoom: 1))
        #expect(fixed.zoom == 1 && fixed.rect.contains(object) && !fixed.subjectClearsToolbar)
        #expect(fixed.subjectClearsToolbarReason?.contains("more than crop.maxZoom 1") == true, "\(fixed.subjectClearsToolbarReason ?? "")")
        let floor = CropPlanner.cropSize(for: image.size, aspectRatio: Self.phoneAspect)
        let small = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand,
                                     zoom: ZoomLimits(maximumZoom: 1.5, minimumCropSize: floor))
        #expect(small.zoom == 1 && !small.subjectClearsToolbar)
        #expect(small.subjectClearsToolbarReason?.hasPrefix("source too small to zoom") == true, "\(small.subjectClearsToolbarReason ?? "")")
    }

    /// Zoom only when it buys something: an object already clear of the band at full size is not zoomed.
    @Test func noZoomWhenTheLargestCropAlreadyClears() {
        let object = PixelRect(x: 880, y: 700, width: 80, height: 80)
        let image = Self.scene(width: 1800, height: 1200, object: object)
        let plan = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand,
                                    zoom: ZoomLimits(maximumZoom: 1.5))
        #expect(plan.zoom == 1 && plan.rect.contains(object) && plan.subjectClearsToolbar)
    }

    /// A face at the top edge of the photo is never cut, for any target, and the verdict says it cannot clear.
    @Test(arguments: [DeviceClass.iPhone17Pro, .iPhone17ProMax, .iPadPro13Landscape])
    func faceAtTheTopEdgeIsNeverCut(device: DeviceClass) {
        let image = Self.scene(width: 1600, height: 1200, object: PixelRect(x: 100, y: 900, width: 200, height: 200))
        let face = SubjectRegion.face(PixelRect(x: 1000, y: 20, width: 160, height: 180), confidence: 0.6, in: image.size)
        #expect(face.rect.y == 0)
        let salient = CropPlanner.detectedSubjects(SaliencyMap(image: image))
        let target = HeroTarget.device(device)
        let plan = CropPlanner.plan(image, aspectRatio: target.aspectRatio, toolbarBandFraction: target.toolbarBandFraction,
                                    subjects: [face] + salient, zoom: ZoomLimits(maximumZoom: 1.5))
        #expect(plan.rect.contains(face.rect), "\(plan.rect) cuts the face \(face.rect)")
        #expect(plan.subjectBox == face.rect)
        // The iPad's wide crop also cuts the confident salient figure low in the photo: that is said first.
        let reason = plan.subjectClearsToolbarReason ?? ""
        #expect(!plan.subjectClearsToolbar && (reason == "subject too close to the top edge to clear the band"
                                               || reason.hasPrefix("subject cut by the crop (a salient region of confidence ")), "\(reason)")
    }

    /// A flat picture has no subject: centre crop, and the verdict says so.
    @Test func flatImageFallsBackToTheCentre() {
        let flat = Image(width: 900, height: 600, layout: .rgb, samples: [UInt8](repeating: 128, count: 900 * 600 * 3))
        let plan = CropPlanner.plan(flat, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand,
                                    zoom: ZoomLimits(maximumZoom: 1.5))
        let largest = CropPlanner.cropSize(for: flat.size, aspectRatio: Self.phoneAspect)
        #expect(plan.mode == .center && plan.subjects.isEmpty && plan.zoom == 1)
        #expect(plan.rect == PixelRect(x: (900 - largest.width) / 2, y: 0, width: largest.width, height: largest.height))
        #expect(!plan.subjectClearsToolbar && plan.subjectClearsToolbarReason == "no subject found")
    }

    /// A sidecar box wins over the salient object; a subject taller than the visible area is reported as such.
    @Test func sidecarBoxOverridesDetectionAndTallSubjectsAreNamed() {
        let image = Self.scene(width: 1800, height: 1200, object: PixelRect(x: 1500, y: 600, width: 100, height: 100))
        let given = SubjectRegion.sidecar(x: 0.1, y: 0.5, width: 0.1, height: 0.2, in: image.size)
        let plan = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand, subjects: [given],
                                    zoom: ZoomLimits(maximumZoom: 1.5))
        #expect(plan.rect.contains(given.rect) && plan.subjectBox == given.rect && plan.subjectClearsToolbar)
        let tall = SubjectRegion.sidecar(x: 0.4, y: 0.05, width: 0.1, height: 0.9, in: image.size)
        let tallPlan = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand, subjects: [tall],
                                        zoom: ZoomLimits(maximumZoom: 1.5))
        #expect(tallPlan.rect.contains(tall.rect) && tallPlan.zoom == 1)
        #expect(tallPlan.subjectClearsToolbarReason == "subject taller than the visible area")
    }

    /// A subject taller than an iPad landscape strip (a figure above its shadow or reflection, a blossom on
    /// its stem): no crop can hold it, and of the crops that hold as much of it as can be, the one kept
    /// shows its top just below the band, not its middle. A box too uncertain for the verdict may be a
    /// generous one around a smaller subject in its middle, so it is left to the composition.
    @Test func aSubjectTallerThanTheCropKeepsItsTop() {
        let device = DeviceClass.iPadPro13Landscape
        let band = device.toolbarBandPoints / device.heroHeightPoints
        let tall = PixelRect(x: 800, y: 240, width: 200, height: 900)
        let image = Self.scene(width: 1800, height: 1200, object: tall)
        for (region, keepsTop) in [(SubjectRegion(rect: tall, kind: .sidecar, confidence: 1), true),
                                   (SubjectRegion(rect: tall, kind: .salient, confidence: 0.5), true),
                                   (SubjectRegion(rect: tall, kind: .salient, confidence: 0.3), false)] {
            let plan = CropPlanner.plan(image, aspectRatio: device.heroAspectRatio, toolbarBandFraction: band,
                                        subjects: [region], zoom: ZoomLimits(maximumZoom: 1.5))
            #expect(plan.zoom == 1 && plan.rect.height < tall.height)
            let visibleTop = Double(plan.rect.y) + band * Double(plan.rect.height)
            #expect((visibleTop <= Double(tall.y) && visibleTop > Double(tall.y) - 1) == keepsTop, "\(region.confidence): \(plan.rect)")
            #expect(plan.rect.x <= tall.x && plan.rect.maxX >= tall.maxX)
        }
        let plan = CropPlanner.plan(image, aspectRatio: device.heroAspectRatio, toolbarBandFraction: band,
                                    subjects: [SubjectRegion(rect: tall, kind: .sidecar, confidence: 1)])
        #expect(plan.subjectClearsToolbarReason == "subject larger than the crop")
    }

    /// The verdict is the truth computed from the box and the delivered rectangle, on many placements.
    @Test func verdictEqualsTheTruthOfTheBox() {
        for (i, y) in stride(from: 40, through: 1000, by: 120).enumerated() {
            let object = PixelRect(x: 200 + 150 * i, y: y, width: 90, height: 120)
            let image = Self.scene(width: 1800, height: 1200, object: object)
            for zoom in [1.0, 1.5] {
                let plan = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand,
                                            zoom: ZoomLimits(maximumZoom: zoom))
                let box = try! #require(plan.subjectBox)
                let truth = plan.rect.contains(box) && Double(box.y) >= Double(plan.rect.y) + Self.phoneBand * Double(plan.rect.height) - 1e-9
                #expect(plan.subjectClearsToolbar == truth, "object at y \(y), zoom \(zoom): \(plan.rect) \(box)")
                #expect(plan.rect.contains(box), "object at y \(y): \(plan.rect) cuts \(box)")
                #expect((plan.subjectClearsToolbarReason == nil) == plan.subjectClearsToolbar)
            }
        }
    }

    /// Deterministic: the same input gives the same plan.
    @Test func searchIsDeterministic() {
        let image = Self.scene(width: 1800, height: 1200, object: PixelRect(x: 1180, y: 300, width: 60, height: 60))
        let a = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand, zoom: ZoomLimits(maximumZoom: 1.5))
        let b = CropPlanner.plan(image, aspectRatio: Self.phoneAspect, toolbarBandFraction: Self.phoneBand, zoom: ZoomLimits(maximumZoom: 1.5))
        #expect(a == b)
    }
}
