import FullBleedColor
import FullBleedImage

/// Renders rectangles of an extension canvas (SPEC 1.2 steps 2-6): each rectangle gets its own blurred
/// mirror field, covering that rectangle plus the blur's 3-sigma margin (so the original's middle, which
/// the canvas copies, is never blurred). Fields share the source-aligned grid, so a rectangle renders the
/// same bytes whichever call renders it.
///
/// Works in 32-bit float linear light with premultiplied alpha; each rendered rectangle is converted
/// back to the source's format. Outside the original: the blurred mirrored copy `B`, optionally faded
/// toward the tint. Inside (only the feather bands are rendered): `w I + (1 - w) B` with
/// `w = smoothstep(0, feather, d)`, `d` the distance in pixels from the nearest extended seam.
struct BackgroundExtensionRenderer {
    let geometry: ExtensionGeometry
    let source: Image
    private let linear: Image
    /// Straight linear tint colour per colour channel (used only when fading).
    private let tint: [Float]

    init(source: Image, geometry: ExtensionGeometry) {
        precondition(source.size == geometry.sourceSize, "geometry was resolved for \(geometry.sourceSize), image is \(source.size)")
        self.geometry = geometry
        self.source = source
        self.linear = source.linearPremultipliedWorkingCopy()
        self.tint = Self.tintColor(geometry.parameters.fade.tint, of: linear, edges: geometry.extendedEdges)
    }

    /// The canvas pixels of `rect` (canvas coordinates), in the source's format.
    func render(_ rect: PixelRect) -> Image {
        var region = Image(width: rect.width, height: rect.height, format: linear.format, colorSpace: linear.colorSpace)
        let sourceRect = PixelRect(x: rect.x - geometry.leadingPixels, y: rect.y - geometry.topPixels, width: rect.width, height: rect.height)
        let field = GaussianBlurField(source: linear, plan: geometry.blur, region: sourceRect)
        region.withUnsafeMutableSamples(as: Float.self) { samples in
            field.sample(sourceRect, into: samples)
            if geometry.featherPixels > 0 { featherIntoOriginal(samples, sourceRect) }
            if geometry.parameters.fade.amount > 0 { fadeTowardTint(samples, sourceRect) }
        }
        return region.format == source.format ? region : region.converted(to: source.format)
    }

    /// Mixes the original back in at pixels inside it: `w I + (1 - w) B`.
    private func featherIntoOriginal(_ samples: UnsafeMutableBufferPointer<Float>, _ rect: PixelRect) {
        let f = geometry.featherPixels, size = geometry.sourceSize
        // Per axis, the weight from the nearest extended seam on that axis (1 = far from any seam).
        func weights(first: Int, count: Int, extent: Int, low: ExtensionEdge, high: ExtensionEdge) -> [Float] {
            (0..<count).map { offset in
                let p = first + offset
                guard p >= 0 && p < extent else { return 1 }
                var distance = Double.infinity
                if geometry.lengthPixels(low) > 0 { distance = min(distance, Double(p) + 0.5) }
                if geometry.lengthPixels(high) > 0 { distance = min(distance, Double(extent - p) - 0.5) }
                return Float(Self.smoothstep(0, f, distance))
            }
        }
        let wx = weights(first: rect.x, count: rect.width, extent: size.width, low: .leading, high: .trailing)
        let wy = weights(first: rect.y, count: rect.height, extent: size.height, low: .top, high: .bottom)
        let channels = linear.channelCount, sourceRowLength = linear.samplesPerRow
        linear.withUnsafeSamples(as: Float.self) { original in
            for y in 0..<rect.height {
                let sy = rect.y + y
                guard sy >= 0 && sy < size.height else { continue }
                for x in 0..<rect.width {
                    let sx = rect.x + x
                    guard sx >= 0 && sx < size.width else { continue }
                    let w = min(wx[x], wy[y])
                    let o = (y * rect.width + x) * channels, s = sy * sourceRowLength + sx * channels
                    for c in 0..<channels { samples[o + c] += w * (original[s + c] - samples[o + c]) }
                }
            }
        }
    }

    /// Mixes the copies toward the tint: `a = amount * smoothstep(0, E, e)`, strongest on the axis whose
    /// outer edge is nearer (corners). Alpha is kept; the tint is applied with the copy's coverage.
    private func fadeTowardTint(_ samples: UnsafeMutableBufferPointer<Float>, _ rect: PixelRect) {
        let amount = geometry.parameters.fade.amount, size = geometry.sourceSize
        func strengths(first: Int, count: Int, extent: Int, low: ExtensionEdge, high: ExtensionEdge) -> [Float] {
            (0..<count).map { offset in
                let p = first + offset
                if p < 0 { return Float(amount * Self.smoothstep(0, Double(geometry.lengthPixels(low)), -Double(p) - 0.5)) }
                if p >= extent { return Float(amount * Self.smoothstep(0, Double(geometry.lengthPixels(high)), Double(p - extent) + 0.5)) }
                return 0
            }
        }
        let ax = strengths(first: rect.x, count: rect.width, extent: size.width, low: .leading, high: .trailing)
        let ay = strengths(first: rect.y, count: rect.height, extent: size.height, low: .top, high: .bottom)
        let channels = linear.channelCount, colors = linear.layout.colorChannelCount, hasAlpha = linear.hasAlpha
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let a = max(ax[x], ay[y])
                guard a > 0 else { continue }
                let o = (y * rect.width + x) * channels
                let coverage: Float = hasAlpha ? samples[o + channels - 1] : 1
                for c in 0..<colors { samples[o + c] += a * (tint[c] * coverage - samples[o + c]) }
            }
        }
    }

    /// The straight linear tint per colour channel.
    private static func tintColor(_ tint: ExtensionFadeTint, of linear: Image, edges: [ExtensionEdge]) -> [Float] {
        let colors = linear.layout.colorChannelCount
        switch tint {
        case .black:
            return [Float](repeating: 0, count: colors)
        case .color(let red, let green, let blue):
            return [red, green, blue].prefix(colors).map { Float(SRGBTransfer.linear($0)) }
        case .edgeMean:
            let channels = linear.channelCount, width = linear.width, height = linear.height
            var sums = [Double](repeating: 0, count: channels)
            var coverage = 0.0
            linear.withUnsafeSamples(as: Float.self) { p in
                func add(_ x: Int, _ y: Int) {
                    let base = (y * width + x) * channels
                    for c in 0..<channels { sums[c] += Double(p[base + c]) }
                    coverage += linear.hasAlpha ? Double(p[base + channels - 1]) : 1
                }
                for edge in edges {
                    switch edge {
                    case .leading: for y in 0..<height { add(0, y) }
                    case .trailing: for y in 0..<height { add(width - 1, y) }
                    case .top: for x in 0..<width { add(x, 0) }
                    case .bottom: for x in 0..<width { add(x, height - 1) }
                    }
                }
            }
            return (0..<colors).map { coverage > 0 ? Float(sums[$0] / coverage) : 0 }
        }
    }

    /// `t^2 (3 - 2t)` with `t = clamp((x - a) / (b - a), 0, 1)`; a step at `a` when `b <= a`.
    static func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double {
        guard b > a else { return x > a ? 1 : 0 }
        let t = min(1, max(0, (x - a) / (b - a)))
        return t * t * (3 - 2 * t)
    }
}
