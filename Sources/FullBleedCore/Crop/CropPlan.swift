import FullBleedImage

/// How the crop planner chooses the crop's position.
public enum CropMode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The middle of the source.
    case center
    /// Keep the focal point (normalised 0...1, x from the left, y from the top) inside the crop, as close
    /// to the crop's centre as the source allows.
    case focal(x: Double, y: Double)
    /// Content-aware: the most salient region (edges, saturation, skin tones), kept out of the toolbar
    /// band at the top when the source allows it. The default.
    case attention

    public var description: String {
        switch self {
        case .center: return "center"
        case .focal(let x, let y): return "focal(\(x.compactDecimalText), \(y.compactDecimalText))"
        case .attention: return "attention"
        }
    }
}

/// The crop chosen for one source and target: a rectangle of the target aspect ratio, the largest one
/// unless `attention` zoomed in to keep the subject whole or below the toolbar band.
public struct CropPlan: Sendable, Hashable {
    /// Size of the image the plan was made for (source pixels).
    public var sourceSize: PixelSize
    /// The crop, source pixels.
    public var rect: PixelRect
    /// Target width / height.
    public var aspectRatio: Double
    /// The mode asked for.
    public var requestedMode: CropMode
    /// The mode that placed the crop: `attention` falls back to `center` on an image with no salient
    /// content (a flat colour).
    public var mode: CropMode
    /// Share of the image's figure mass (`SaliencyMap.objectness`) the crop shows, the part under the
    /// toolbar band counted at 0.25: 0...1, higher is better.
    public var score: Double
    /// The point the crop is built around, source pixels: the centre of `subjectBox`, the focal point,
    /// or the centre of the crop when there is no subject.
    public var subjectX: Double
    public var subjectY: Double
    /// The toolbar band's share of the crop height that was taken into account (0 when none).
    public var toolbarBandFraction: Double
    /// Every subject region found or given for the photo (the same for every target of it), source pixels.
    public var subjects: [SubjectRegion] = []
    /// The box the verdict is about, source pixels: the union of the high-confidence regions, else the
    /// most confident region, else (focal mode) the focal pixel; nil when there is no subject.
    public var subjectBox: PixelRect? = nil
    /// Largest crop of the aspect ratio / this crop's width (1 = not zoomed).
    public var zoom: Double = 1
    /// Whether the whole `subjectBox` lies in the crop and below the toolbar band (with no band: in the
    /// crop), and the box is one to trust: high-confidence regions (a sidecar box, faces, a confident
    /// salient region), with no other high-confidence region cut by the crop. False for a low-confidence box.
    public var subjectClearsToolbar: Bool = false
    /// Why `subjectClearsToolbar` is false, one phrase (`subject taller than the visible area`, ...); nil when true.
    public var subjectClearsToolbarReason: String? = nil
    /// True when the subject would clear the band with a zoom the planned image's pixels cannot feed (the
    /// crop would fall below the largest tier): a larger decode of the same source could clear it.
    public var zoomLimitedByPixels: Bool = false

    /// The same crop for another decode of the same picture (e.g. a shrink-on-load decode, or the full
    /// size after planning on a reduced copy): the crop at the same zoom in `newSize`, centred on the
    /// scaled centre of `rect` and kept inside; subjects scaled with it.
    public func scaled(to newSize: PixelSize) -> CropPlan {
        let sx = Double(newSize.width) / Double(sourceSize.width), sy = Double(newSize.height) / Double(sourceSize.height)
        let size = CropPlanner.cropSize(for: newSize, aspectRatio: aspectRatio, scale: 1 / zoom)
        let centreX = (Double(rect.x) + Double(rect.width) / 2) * sx, centreY = (Double(rect.y) + Double(rect.height) / 2) * sy
        let x = min(max(0, Int((centreX - Double(size.width) / 2).rounded())), newSize.width - size.width)
        let y = min(max(0, Int((centreY - Double(size.height) / 2).rounded())), newSize.height - size.height)
        var copy = self
        copy.sourceSize = newSize
        copy.rect = PixelRect(x: x, y: y, width: size.width, height: size.height)
        copy.subjectX = subjectX * sx
        copy.subjectY = subjectY * sy
        copy.subjects = subjects.map { $0.scaled(from: sourceSize, to: newSize) }
        copy.subjectBox = subjectBox.map { SubjectRegion(rect: $0, kind: .sidecar, confidence: 1).scaled(from: sourceSize, to: newSize).rect }
        return copy
    }
}
