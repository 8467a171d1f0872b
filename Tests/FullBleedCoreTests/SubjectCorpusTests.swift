import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedCore

/// The labelled corpus subjects (`Tests/Fixtures/subjects.tsv`, judged by eye) against the crop search.
@Suite(.enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)))
struct SubjectCorpusTests {
    typealias Label = SubjectLabel
    static let labels = SubjectLabel.corpus

    static let targets: [HeroTarget] = [.device(.iPhone17ProMax), .device(.iPhone17Pro), .device(.iPadPro13Landscape), .web16x9]

    @Test func labelsAreLoaded() { #expect(Self.labels.count >= 9) }

    /// Given the labelled box as the subject (a sidecar `subject`), the search keeps it whole in every crop
    /// that can hold it, clear of the band wherever a crop of the allowed sizes can do it, and the verdict
    /// is the truth computed from the box.
    @Test(arguments: labels)
    func searchHonoursTheLabelledSubject(label: Label) throws {
        let image = try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile(label.file)),
                                      options: DecodeOptions(minimumSize: PixelSize(width: 800, height: 800))).image
        let region = SubjectRegion.sidecar(x: label.x, y: label.y, width: label.width, height: label.height, in: image.size)
        let saliency = SaliencyMap(image: image)
        for target in Self.targets {
            let band = target.toolbarBandFraction
            let plan = CropPlanner.plan(saliency, aspectRatio: target.aspectRatio, toolbarBandFraction: band, subjects: [region],
                                        zoom: ZoomLimits(maximumZoom: 1.5))
            let box = region.rect, crop = plan.rect
            let largest = CropPlanner.cropSize(for: image.size, aspectRatio: target.aspectRatio)
            let whole = crop.contains(box)
            let clear = whole && Double(box.y) >= Double(crop.y) + band * Double(crop.height) - 1e-9
            if box.width <= largest.width && box.height <= largest.height {
                #expect(whole, "\(label.file) \(target.name): \(crop) cuts \(box)")
            }
            if Self.canClear(box, in: image.size, aspect: target.aspectRatio, band: band, largest: largest, maximumZoom: 1.5) {
                #expect(clear, "\(label.file) \(target.name): \(crop) leaves \(box) under the band (zoom \(plan.zoom))")
            }
            #expect(plan.subjectClearsToolbar == clear, "\(label.file) \(target.name): verdict \(plan.subjectClearsToolbar), truth \(clear)")
            #expect(plan.zoom <= 1.5 + 1e-9)
        }
    }

    /// Whether some crop of `aspect`, from the largest down to 1/`maximumZoom` of it, holds `box` below the band.
    static func canClear(_ box: PixelRect, in size: PixelSize, aspect: Double, band: Double, largest: PixelSize, maximumZoom: Double) -> Bool {
        for i in 0...200 {
            let scale = 1 - (1 - 1 / maximumZoom) * Double(i) / 200
            let crop = CropPlanner.cropSize(for: size, aspectRatio: aspect, scale: scale)
            let w = Double(crop.width), h = Double(crop.height)
            guard w >= Double(box.width), h * (1 - band) >= Double(box.height) else { continue }
            let yLow = max(0, Double(box.maxY) - h), yHigh = min(Double(box.y) - band * h, Double(size.height) - h)
            let xLow = max(0, Double(box.maxX) - w), xHigh = min(Double(box.x), Double(size.width) - w)
            // Whole pixels: the crop's offsets are integers.
            if yLow.rounded(.up) <= yHigh.rounded(.down) && xLow.rounded(.up) <= xHigh.rounded(.down) { return true }
        }
        return false
    }

    /// The salient region alone (no faces, no sidecar) is found where the labelled subject is: wherever it is
    /// found its box holds the centre of the labelled box, and it is found on all labelled photos but one. Also prints how well it matches the
    /// labels (IoU, the share of the label inside it, the confidence).
    @Test func salientRegionAgainstTheLabels() throws {
        var lines: [String] = [], missing: [String] = []
        for label in Self.labels {
            let image = try Codecs.decode(TestPaths.bytes(TestPaths.corpusFile(label.file)),
                                          options: DecodeOptions(minimumSize: PixelSize(width: 800, height: 800))).image
            let truth = SubjectRegion.sidecar(x: label.x, y: label.y, width: label.width, height: label.height, in: image.size).rect
            guard let found = SubjectRegion.salient(in: SaliencyMap(image: image)) else {
                missing.append(label.file)
                lines.append("\(label.file) none")
                continue
            }
            let a = Box(found.rect), b = Box(truth)
            let overlap = a.intersectionArea(b)
            lines.append(String(format: "%@ iou %.2f covered %.2f conf %.2f", label.file, overlap / (a.area + b.area - overlap),
                                overlap / b.area, found.confidence))
            let centre = b.centre
            #expect(a.minX <= centre.x && centre.x <= a.maxX && a.minY <= centre.y && centre.y <= a.maxY,
                    "\(label.file): salient box \(found.rect) misses the labelled subject \(truth)")
        }
        print(lines.joined(separator: "\n"))
        // The bridge: its figure mask is the girders over the whole frame, a box below
        // `SubjectRegion.minimumSalientConfidence`, so no subject (the crop then follows the figure mass).
        #expect(missing.count <= 1, "no salient region on \(missing)")
    }
}
