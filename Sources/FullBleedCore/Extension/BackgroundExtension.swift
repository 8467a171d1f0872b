import Foundation
import FullBleedImage

/// The baked equivalent of SwiftUI's `backgroundExtensionEffect()`: blurred mirrored copies of an image
/// around the chosen edges (SPEC 1.2), for hero images that run under the iPad's floating sidebar.
///
/// Lengths and sigma are given in points with a display scale (**points x scale = pixels**); call once per
/// scale with an image of that scale. The blur runs in linear light on premultiplied alpha, so transparent
/// pixels leave no dark or coloured halo. Outputs have the input's format and colour space and are
/// deterministic (same input, same bytes, for any thread count).
public enum BackgroundExtension {
    /// The pixel geometry `parameters` give for `image` (to record in a manifest or to place strips).
    public static func geometry(of image: Image, parameters: ExtensionParameters) throws -> ExtensionGeometry {
        try ExtensionGeometry(sourceSize: image.size, parameters: parameters)
    }

    /// The full canvas and its geometry, rendered once: `image` at `geometry.originalRect` with its samples
    /// copied bit for bit (except the optional feather band at the seams), blurred mirrored copies in the
    /// extensions, corners mirrored in both axes. Canvas size = image size + extensions. The strips are cut
    /// from this canvas (`ExtensionRendering.strip(_:)`), so nothing is blurred twice.
    ///
    /// Throws `ExtensionParameters.InvalidParameter` when a parameter is out of range.
    public static func render(of image: Image, parameters: ExtensionParameters) throws -> ExtensionRendering {
        let geometry = try ExtensionGeometry(sourceSize: image.size, parameters: parameters)
        renderCounter?.count()
        let size = geometry.canvasSize
        var canvas = Image(width: size.width, height: size.height, format: image.format, colorSpace: image.colorSpace)
        paste(image, into: &canvas, at: geometry.originalRect.x, geometry.originalRect.y)
        let edges = geometry.extendedEdges
        if !edges.isEmpty {
            let renderer = BackgroundExtensionRenderer(source: image, geometry: geometry)
            for edge in edges {
                for rect in [geometry.stripRect(edge), geometry.featherRect(edge)].compactMap({ $0 }) {
                    paste(renderer.render(rect), into: &canvas, at: rect.x, rect.y)
                }
            }
        }
        return ExtensionRendering(geometry: geometry, canvas: canvas)
    }

    /// The full canvas alone (`render(of:parameters:).canvas`).
    public static func canvas(of image: Image, parameters: ExtensionParameters) throws -> Image {
        try render(of: image, parameters: parameters).canvas
    }

    /// The extension regions alone, one image per extended edge (`render(of:parameters:).strips`).
    public static func strips(of image: Image, parameters: ExtensionParameters) throws -> [ExtensionEdge: Image] {
        try render(of: image, parameters: parameters).strips
    }

    /// Counts `render` calls made by the current task (tests check that a build renders each canvas once).
    @TaskLocal public static var renderCounter: RenderCounter?

    /// A counter for `renderCounter`.
    public final class RenderCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        public init() {}
        public var renders: Int { lock.lock(); defer { lock.unlock() }; return value }
        func count() { lock.lock(); value += 1; lock.unlock() }
    }

    /// Copies every row of `part` into `canvas` with its top-left pixel at (`x`, `y`). Same format.
    private static func paste(_ part: Image, into canvas: inout Image, at x: Int, _ y: Int) {
        precondition(part.format == canvas.format, "paste \(part.format) into \(canvas.format)")
        precondition(x >= 0 && y >= 0 && x + part.width <= canvas.width && y + part.height <= canvas.height)
        let rowBytes = part.bytesPerRow, canvasRowBytes = canvas.bytesPerRow, offset = x * canvas.format.bytesPerPixel
        part.withUnsafeBytes { source in
            canvas.withUnsafeMutableBytes { target in
                for row in 0..<part.height {
                    (target.baseAddress! + (y + row) * canvasRowBytes + offset)
                        .copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
                }
            }
        }
    }
}

/// A rendered background extension: the canvas and the geometry that places the original and the strips.
public struct ExtensionRendering: Sendable {
    public let geometry: ExtensionGeometry
    /// The original plus its extensions, in the original's format and colour space.
    public let canvas: Image

    /// `edge`'s extension region alone: exactly the canvas pixels at `geometry.stripRect(edge)` (leading and
    /// trailing strips span the full canvas height and hold the corners; the seam feather changes the
    /// original, so strips do not carry it). nil for an edge that is not extended.
    public func strip(_ edge: ExtensionEdge) -> Image? {
        geometry.stripRect(edge).map { canvas.cropped(to: $0) }
    }

    /// Every extended edge's strip.
    public var strips: [ExtensionEdge: Image] {
        var strips: [ExtensionEdge: Image] = [:]
        for edge in geometry.extendedEdges { strips[edge] = strip(edge) }
        return strips
    }
}
