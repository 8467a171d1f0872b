import FullBleedCore
import FullBleedFaces
import FullBleedImage

/// `.crop`: the photo's subject regions (the sidecar's box; else faces, with `crop.faces`, and the salient
/// region) found once, then each target's crop rectangle (decoded-image pixels) from them and one saliency
/// map, so that every device of the photo is cropped around the same subject.
enum CropStep {
    struct Result {
        var crops: [CropPlan]
        /// The photo's subject regions (pixels of the planned image), the same for every crop.
        var subjects: [SubjectRegion]
        /// A face detection that failed (the crop then uses the salient region alone), one line.
        var warnings: [String]
    }

    /// - Parameter found: subject regions already found on another decode of the same source (in pixels of
    ///   an image of `found.size`): scaled to `image` instead of detected again.
    /// - Parameter detected: the external subject detector's regions (pixels of `image`): they replace the
    ///   built-in salient region.
    static func run(_ image: Image, plan: AssetPlan, found: (subjects: [SubjectRegion], size: PixelSize)? = nil,
                    detected: [SubjectRegion]? = nil) -> Result {
        let saliency = SaliencyMap(image: image)
        var warnings: [String] = []
        var subjects: [SubjectRegion]
        if let found {
            subjects = found.subjects.map { $0.scaled(from: found.size, to: image.size) }
        } else if let box = plan.sidecar?.subject {
            subjects = [SubjectRegion.sidecar(x: box.x, y: box.y, width: box.width, height: box.height, in: image.size)]
        } else {
            subjects = detected ?? CropPlanner.detectedSubjects(saliency)
            if plan.cropMode == .attention && plan.spec.cropFaces {
                do {
                    let faces = try FaceDetector.standard.detect(in: image)
                    subjects = faces.map { SubjectRegion.face($0.rect, confidence: $0.confidence, in: image.size) } + subjects
                } catch {
                    warnings.append("\(error); the crop uses the salient region alone")
                }
            }
        }
        let crops = plan.targets.map { target in
            CropPlanner.plan(saliency, aspectRatio: target.hero.aspectRatio, mode: plan.cropMode,
                             toolbarBandFraction: target.toolbarBandFraction, subjects: subjects,
                             zoom: zoomLimits(target, maximumZoom: plan.spec.maximumZoom))
        }
        return Result(crops: crops, subjects: subjects, warnings: warnings)
    }

    /// The zoom a second, larger decode should feed (nil: the decode at hand is enough): the largest zoom
    /// of `crops`, or `maximumZoom` when a crop could only clear the band with more pixels. nil when the
    /// decode already is full size or no crop zooms.
    static func zoomNeedingALargerDecode(_ crops: [CropPlan], loadScale: Double, maximumZoom: Double) -> Double? {
        guard loadScale < 1 else { return nil }
        if crops.contains(where: \.zoomLimitedByPixels) { return maximumZoom }
        let zoom = crops.map(\.zoom).max() ?? 1
        return zoom > 1 + 1e-9 ? zoom : nil
    }

    /// The zoom a target allows: up to `maximumZoom`, never below its largest produced tier (decoded pixels
    /// are never enlarged), none when a tier is already upscaled.
    static func zoomLimits(_ target: AssetPlan.Target, maximumZoom: Double) -> ZoomLimits {
        let produced = target.derivatives.produced
        if produced.contains(where: { if case .upscaled = $0.status { return true } else { return false } }) { return .none }
        guard let width = produced.map(\.pixelSize.width).max(), let height = produced.map(\.pixelSize.height).max() else {
            return ZoomLimits(maximumZoom: maximumZoom)
        }
        return ZoomLimits(maximumZoom: maximumZoom, minimumCropSize: PixelSize(width: width, height: height))
    }
}
