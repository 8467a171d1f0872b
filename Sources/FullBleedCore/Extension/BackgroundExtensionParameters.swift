import Foundation

/// An edge of the image that can receive a blurred mirrored extension. Leading is the left edge and
/// trailing the right edge of the pixel grid (left-to-right layouts; swap them for right-to-left apps).
public enum ExtensionEdge: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case leading, trailing, top, bottom

    public static func < (lhs: ExtensionEdge, rhs: ExtensionEdge) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One length per edge, in the unit the owning property names (points in `ExtensionParameters`).
public struct ExtensionLengths: Sendable, Hashable, Codable {
    public var leading: Double
    public var trailing: Double
    public var top: Double
    public var bottom: Double

    public init(leading: Double, trailing: Double, top: Double, bottom: Double) {
        self.leading = leading
        self.trailing = trailing
        self.top = top
        self.bottom = bottom
    }

    /// The same length on every edge.
    public init(all length: Double) {
        self.init(leading: length, trailing: length, top: length, bottom: length)
    }

    public subscript(edge: ExtensionEdge) -> Double {
        get {
            switch edge {
            case .leading: return leading
            case .trailing: return trailing
            case .top: return top
            case .bottom: return bottom
            }
        }
        set {
            switch edge {
            case .leading: leading = newValue
            case .trailing: trailing = newValue
            case .top: top = newValue
            case .bottom: bottom = newValue
            }
        }
    }
}

/// What the copies fade toward near the outer edge of the extension. In JSON (the analysis report) as the
/// pipeline file spells it: `"edge-mean"`, `"black"`, or `{"color": {"red": r, "green": g, "blue": b}}`.
public enum ExtensionFadeTint: Sendable, Hashable, Codable {
    /// The mean colour (linear light) of the original's outermost pixels along the extended edges.
    case edgeMean
    /// Black.
    case black
    /// An opaque colour given as encoded values 0...1 in the image's own colour space (gray images use red).
    case color(red: Double, green: Double, blue: Double)

    private struct Color: Codable { var red, green, blue: Double }
    private enum Keys: String, CodingKey { case color }

    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "edge-mean": self = .edgeMean
            case "black": self = .black
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown fade tint \"\(name)\""))
            }
            return
        }
        let color = try decoder.container(keyedBy: Keys.self).decode(Color.self, forKey: .color)
        self = .color(red: color.red, green: color.green, blue: color.blue)
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .edgeMean:
            var c = encoder.singleValueContainer()
            try c.encode("edge-mean")
        case .black:
            var c = encoder.singleValueContainer()
            try c.encode("black")
        case .color(let red, let green, let blue):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(Color(red: red, green: green, blue: blue), forKey: .color)
        }
    }
}

/// The optional fade of the copies toward the outer edge (SPEC 1.2 step 6):
/// `out = mix(B, tint, amount * smoothstep(0, E, e))`, `e` = pixels from the seam outward, `E` the
/// extension length. The mix keeps the blurred copy's alpha (the tint is applied with its coverage).
public struct ExtensionFade: Sendable, Hashable, Codable {
    /// The largest mix toward the tint, reached at the outer edge: 0 (no fade) ... 1.
    public var amount: Double
    public var tint: ExtensionFadeTint

    public init(amount: Double, tint: ExtensionFadeTint = .edgeMean) {
        self.amount = amount
        self.tint = tint
    }

    /// No fade (Apple's copies are not visibly faded).
    public static let none = ExtensionFade(amount: 0, tint: .edgeMean)
}

/// Everything that defines a baked background extension, in points plus a display scale:
/// **points x scale = pixels**. Device classes choose the lengths; this type only carries them.
/// Codable so the manifest can record exactly what was done.
public struct ExtensionParameters: Sendable, Hashable, Codable {
    /// The extended edges (default leading + trailing); `init` sorts them and drops duplicates.
    public var edges: [ExtensionEdge]
    /// Extension length per edge in points (only the chosen `edges` are used). Default 320 pt, the iPad
    /// sidebar width.
    public var lengthPoints: ExtensionLengths
    /// Gaussian blur sigma of the copies, in points (default 24 pt).
    public var sigmaPoints: Double
    /// Width in points of the optional cross-fade from the blurred copy into the original at the seam
    /// (0 = hard seam, the default; SPEC 1.2 step 5).
    public var featherPoints: Double
    /// Optional fade of the copies toward the outer edge (default none).
    public var fade: ExtensionFade
    /// Display scale (2 for iPad, 3 for most iPhones): points x scale = pixels.
    public var scale: Double

    public static let defaultLengthPoints: Double = 320
    public static let defaultSigmaPoints: Double = 24

    public init(edges: [ExtensionEdge] = [.leading, .trailing],
                lengthPoints: ExtensionLengths = ExtensionLengths(all: ExtensionParameters.defaultLengthPoints),
                sigmaPoints: Double = ExtensionParameters.defaultSigmaPoints,
                featherPoints: Double = 0,
                fade: ExtensionFade = .none,
                scale: Double = 2) {
        self.edges = Array(Set(edges)).sorted()
        self.lengthPoints = lengthPoints
        self.sigmaPoints = sigmaPoints
        self.featherPoints = featherPoints
        self.fade = fade
        self.scale = scale
    }

    /// A parameter that is out of range; names the field and the value.
    public struct InvalidParameter: Error, Sendable, Hashable, CustomStringConvertible {
        public var field: String
        public var value: Double
        public var requirement: String

        public var description: String { "background extension: \(field) = \(value) \(requirement)" }
    }

    /// Throws `InvalidParameter` for the first field out of range: non-finite values, negative lengths,
    /// sigma or feather, a fade amount outside 0...1, a tint colour outside 0...1, or a scale <= 0.
    public func validate() throws {
        func check(_ field: String, _ value: Double, _ requirement: String, _ ok: (Double) -> Bool) throws {
            guard value.isFinite, ok(value) else { throw InvalidParameter(field: field, value: value, requirement: requirement) }
        }
        try check("scale", scale, "must be > 0") { $0 > 0 }
        for edge in ExtensionEdge.allCases {
            try check("lengthPoints.\(edge.rawValue)", lengthPoints[edge], "must be >= 0") { $0 >= 0 }
        }
        try check("sigmaPoints", sigmaPoints, "must be >= 0") { $0 >= 0 }
        try check("featherPoints", featherPoints, "must be >= 0") { $0 >= 0 }
        try check("fade.amount", fade.amount, "must be in 0...1") { (0...1).contains($0) }
        if case .color(let red, let green, let blue) = fade.tint {
            for (name, value) in [("red", red), ("green", green), ("blue", blue)] {
                try check("fade.tint.\(name)", value, "must be in 0...1") { (0...1).contains($0) }
            }
        }
    }
}
