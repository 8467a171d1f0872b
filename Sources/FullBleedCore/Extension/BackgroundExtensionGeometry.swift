import FullBleedImage

/// A background extension resolved to pixels for one image size: what the canvas and strips will be.
/// Codable, so the manifest can record both the requested parameters and the pixel values they gave.
public struct ExtensionGeometry: Sendable, Hashable, Codable {
    /// The parameters as requested (points and scale).
    public var parameters: ExtensionParameters
    /// The size of the original image, in pixels.
    public var sourceSize: PixelSize
    /// Extension length per edge in pixels: `round(lengthPoints x scale)` for the chosen edges, else 0.
    public var leadingPixels: Int
    public var trailingPixels: Int
    public var topPixels: Int
    public var bottomPixels: Int
    /// Blur sigma in pixels: `sigmaPoints x scale`.
    public var sigmaPixels: Double
    /// Seam feather width in pixels: `featherPoints x scale`.
    public var featherPixels: Double
    /// How the blur is carried out (reduction factor, reduced sigma) and its effective sigma in pixels.
    public var blur: GaussianBlurPlan

    /// Largest canvas accepted, in pixels (2^30: 4 GiB of RGBA8 already).
    public static let maximumCanvasPixels = 1 << 30

    /// Resolves `parameters` for an image of `sourceSize` pixels. Throws
    /// `ExtensionParameters.InvalidParameter` for invalid parameters or a canvas over `maximumCanvasPixels`.
    public init(sourceSize: PixelSize, parameters: ExtensionParameters) throws {
        try parameters.validate()
        precondition(sourceSize.width > 0 && sourceSize.height > 0, "empty source \(sourceSize)")
        self.parameters = parameters
        self.sourceSize = sourceSize
        func pixels(_ edge: ExtensionEdge) throws -> Int {
            guard parameters.edges.contains(edge) else { return 0 }
            let value = (parameters.lengthPoints[edge] * parameters.scale).rounded()
            guard value < Double(1 << 30) else {
                throw ExtensionParameters.InvalidParameter(field: "lengthPoints.\(edge.rawValue)", value: parameters.lengthPoints[edge],
                                                           requirement: "gives an extension over 2^30 pixels")
            }
            return Int(value)
        }
        self.leadingPixels = try pixels(.leading)
        self.trailingPixels = try pixels(.trailing)
        self.topPixels = try pixels(.top)
        self.bottomPixels = try pixels(.bottom)
        self.sigmaPixels = parameters.sigmaPoints * parameters.scale
        self.featherPixels = parameters.featherPoints * parameters.scale
        self.blur = GaussianBlurPlan(sigma: sigmaPixels)
        let canvas = PixelSize(width: sourceSize.width + leadingPixels + trailingPixels,
                               height: sourceSize.height + topPixels + bottomPixels)
        guard let count = canvas.pixelCount, count <= Self.maximumCanvasPixels else {
            throw ExtensionParameters.InvalidParameter(field: "lengthPoints", value: parameters.lengthPoints[.leading],
                                                       requirement: "gives a \(canvas) canvas, over \(Self.maximumCanvasPixels) pixels")
        }
    }

    /// Extension length of `edge` in pixels (0 for edges that are not extended).
    public func lengthPixels(_ edge: ExtensionEdge) -> Int {
        switch edge {
        case .leading: return leadingPixels
        case .trailing: return trailingPixels
        case .top: return topPixels
        case .bottom: return bottomPixels
        }
    }

    /// The size of the full canvas: the original plus the extensions, in pixels.
    public var canvasSize: PixelSize {
        PixelSize(width: sourceSize.width + leadingPixels + trailingPixels, height: sourceSize.height + topPixels + bottomPixels)
    }

    /// Where the original sits in the canvas, in canvas pixels.
    public var originalRect: PixelRect {
        PixelRect(x: leadingPixels, y: topPixels, width: sourceSize.width, height: sourceSize.height)
    }

    /// The edges that receive a non-empty extension, in `ExtensionEdge` order.
    public var extendedEdges: [ExtensionEdge] { ExtensionEdge.allCases.filter { lengthPixels($0) > 0 } }

    /// The canvas rectangle of `edge`'s strip (nil when that edge is not extended). Leading and trailing
    /// strips span the full canvas height, so they hold the corners; top and bottom strips span the
    /// original's width.
    public func stripRect(_ edge: ExtensionEdge) -> PixelRect? {
        let length = lengthPixels(edge)
        guard length > 0 else { return nil }
        let canvas = canvasSize, original = originalRect
        switch edge {
        case .leading: return PixelRect(x: 0, y: 0, width: length, height: canvas.height)
        case .trailing: return PixelRect(x: original.maxX, y: 0, width: length, height: canvas.height)
        case .top: return PixelRect(x: original.x, y: 0, width: original.width, height: length)
        case .bottom: return PixelRect(x: original.x, y: original.maxY, width: original.width, height: length)
        }
    }

    /// The canvas rectangle inside the original that the seam feather changes along `edge` (nil without
    /// feather or extension): the pixels whose centre lies less than `featherPixels` from that seam.
    public func featherRect(_ edge: ExtensionEdge) -> PixelRect? {
        guard lengthPixels(edge) > 0, featherPixels > 0 else { return nil }
        let original = originalRect
        let across = edge == .leading || edge == .trailing ? original.width : original.height
        let depth = min(across, Int((featherPixels - 0.5).rounded(.up)))
        guard depth > 0 else { return nil }
        switch edge {
        case .leading: return PixelRect(x: original.x, y: original.y, width: depth, height: original.height)
        case .trailing: return PixelRect(x: original.maxX - depth, y: original.y, width: depth, height: original.height)
        case .top: return PixelRect(x: original.x, y: original.y, width: original.width, height: depth)
        case .bottom: return PixelRect(x: original.x, y: original.maxY - depth, width: original.width, height: depth)
        }
    }
}
