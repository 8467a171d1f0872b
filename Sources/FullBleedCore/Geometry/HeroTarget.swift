import FullBleedImage

/// What a hero asset is made for: a device class (sizes from points x scale, with a toolbar band at the
/// top) or the web (plain pixel widths at one aspect ratio). From it follow the hero aspect ratio, the
/// derivative tiers and the part of the hero the bars cover.
public struct HeroTarget: Sendable, Hashable, CustomStringConvertible {
    /// One derivative size before stretch headroom.
    public struct Tier: Sendable, Hashable, CustomStringConvertible {
        /// "@3x" for device tiers, "1290w" for web widths.
        public var label: String
        /// Display scale of a device tier; nil for web widths.
        public var scale: Int?
        /// Unrounded size in pixels: points x scale for device tiers; the width and width / aspect for web.
        public var exactWidth: Double
        public var exactHeight: Double

        public init(label: String, scale: Int?, exactWidth: Double, exactHeight: Double) {
            self.label = label
            self.scale = scale
            self.exactWidth = exactWidth
            self.exactHeight = exactHeight
        }

        /// The tier's size in pixels with `headroom` (>= 1) applied: each side x headroom, rounded
        /// half away from zero (1290 x 725.625 -> 1290x726), at least 1.
        public func pixelSize(headroom: Double = 1) -> PixelSize {
            PixelSize(width: max(1, Int((exactWidth * headroom).rounded())),
                      height: max(1, Int((exactHeight * headroom).rounded())))
        }

        public var description: String { "\(label) \(pixelSize())" }
    }

    public enum Kind: Sendable, Hashable {
        case device(DeviceClass)
        case web
    }

    public var name: String
    public var kind: Kind
    /// Hero width / height.
    public var aspectRatio: Double
    /// Fraction of the hero's height, from the top, under the status bar and the navigation bar
    /// (0 for web targets). The crop planner keeps the subject out of it.
    public var toolbarBandFraction: Double
    /// The header's largest stretch magnification (SPEC 6: S_max); headroom may not exceed it.
    public var maximumStretch: Double
    /// Default stretch headroom: 1.25 for devices (SPEC 6 recommendation [E]), 1 for the web.
    public var defaultHeadroom: Double
    /// The derivative sizes, smallest first.
    public var tiers: [Tier]

    public init(name: String, kind: Kind, aspectRatio: Double, toolbarBandFraction: Double, maximumStretch: Double,
                defaultHeadroom: Double, tiers: [Tier]) {
        precondition(aspectRatio > 0 && aspectRatio.isFinite, "hero aspect ratio must be positive")
        precondition((0..<1).contains(toolbarBandFraction), "toolbar band fraction must be in 0..<1")
        precondition(maximumStretch >= 1 && (1...maximumStretch).contains(defaultHeadroom), "headroom must be in 1...maximumStretch")
        self.name = name
        self.kind = kind
        self.aspectRatio = aspectRatio
        self.toolbarBandFraction = toolbarBandFraction
        self.maximumStretch = maximumStretch
        self.defaultHeadroom = defaultHeadroom
        self.tiers = tiers
    }

    /// SPEC 6: the usual largest stretch of a stretchy header.
    public static let defaultMaximumStretch = 1.5
    /// SPEC 6: recommended headroom [E].
    public static let defaultDeviceHeadroom = 1.25

    /// Tiers @1x ... @`device.scale`x (or `scales`) of `device`'s hero, each `widthPoints x heroHeightPoints` x scale.
    public static func device(_ device: DeviceClass, scales: [Int]? = nil,
                              maximumStretch: Double = HeroTarget.defaultMaximumStretch,
                              defaultHeadroom: Double = HeroTarget.defaultDeviceHeadroom) -> HeroTarget {
        let chosen = (scales ?? Array(1...device.scale)).sorted()
        precondition(!chosen.isEmpty && chosen.allSatisfy { $0 > 0 }, "scales must be positive")
        let tiers = chosen.map { s in
            Tier(label: "@\(s)x", scale: s, exactWidth: device.widthPoints * Double(s), exactHeight: device.heroHeightPoints * Double(s))
        }
        let band = min(device.toolbarBandPoints / device.heroHeightPoints, 0.95)
        return HeroTarget(name: device.id, kind: .device(device), aspectRatio: device.heroAspectRatio,
                          toolbarBandFraction: max(0, band), maximumStretch: maximumStretch,
                          defaultHeadroom: defaultHeadroom, tiers: tiers)
    }

    /// Web derivatives: each width in `widths` (pixels) at `aspectRatio` (width / height); no toolbar band,
    /// no stretch.
    public static func web(name: String = "web", widths: [Int], aspectRatio: Double) -> HeroTarget {
        precondition(!widths.isEmpty && widths.allSatisfy { $0 > 0 }, "web widths must be positive")
        let tiers = widths.sorted().map { w in
            Tier(label: "\(w)w", scale: nil, exactWidth: Double(w), exactHeight: Double(w) / aspectRatio)
        }
        return HeroTarget(name: name, kind: .web, aspectRatio: aspectRatio, toolbarBandFraction: 0, maximumStretch: 1,
                          defaultHeadroom: 1, tiers: tiers)
    }

    /// The corpus hero job: 16:9 at 1290, 860 and 430 px wide (430 pt @3x/@2x/@1x).
    public static let web16x9 = HeroTarget.web(name: "web-16x9", widths: [1290, 860, 430], aspectRatio: 16.0 / 9.0)

    public var description: String {
        "\(name): aspect \(aspectRatio.compactDecimalText), tiers \(tiers.map(\.description).joined(separator: ", "))"
    }
}
