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

    /// The full canvas: `image` at `geometry.originalRect` with its samples copied bit for bit (except the
    /// optional feather band at the seams), blurred mirrored copies in the extensions, corners mirrored in
    /// both axes. Canvas size = image size + extensions.
    ///
    /// Throws `ExtensionParameters.InvalidParameter` when a parameter is out of range.
    public static func canvas(of image: Image, parameters: ExtensionParameters) throws -> Image {
        let geometry = try ExtensionGeometry(sourceSize: image.size, parameters: parameters)
        let size = geometry.canvasSize
        var canvas = Image(width: size.width, height: size.height, format: image.format, colorSpace: image.colorSpace)
        paste(image, into: &canvas, at: geometry.originalRect.x, geometry.originalRect.y)
        let edges = geometry.extendedEdges
        guard !edges.isEmpty else { return canvas }
        let renderer = BackgroundExtensionRenderer(source: image, geometry: geometry)
        for edge in edges {
            for rect in [geometry.stripRect(edge), geometry.featherRect(edge)].compactMap({ $0 }) {
                paste(renderer.render(rect), into: &canvas, at: rect.x, rect.y)
            }
        }
        return canvas
    }

    /// The extension regions alone, one image per extended edge, in `image`'s format: exactly the pixels of
    /// `canvas(of:parameters:)` at `geometry.stripRect(edge)` (leading and trailing strips span the full
    /// canvas height and hold the corners). The seam feather changes the original, so strips do not carry it.
    public static func strips(of image: Image, parameters: ExtensionParameters) throws -> [ExtensionEdge: Image] {
        let geometry = try ExtensionGeometry(sourceSize: image.size, parameters: parameters)
        let edges = geometry.extendedEdges
        guard !edges.isEmpty else { return [:] }
        let renderer = BackgroundExtensionRenderer(source: image, geometry: geometry)
        var strips: [ExtensionEdge: Image] = [:]
        for edge in edges {
            if let rect = geometry.stripRect(edge) { strips[edge] = renderer.render(rect) }
        }
        return strips
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
