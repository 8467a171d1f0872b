/// A class of Apple devices as a hero header sees it: screen width in points, display scale, the band
/// at the top covered by the status bar and the iOS 26 Liquid Glass navigation bar, and the hero's
/// design height. All lengths are in points (`px = pt x scale`).
///
/// Evidence tags in `provenance` follow SPEC section 0: [D] documented, [MO] measured by others,
/// [E] estimate (a tunable default). The catalogue follows SPEC 1.4.
public struct DeviceClass: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Stable identifier for pipeline files, e.g. "iphone-17-pro".
    public var id: String
    /// The devices this class covers, e.g. "iPhone 17 / 17 Pro / 16 Pro".
    public var name: String
    /// Width of the hero (the screen or window width in the orientation used), points.
    public var widthPoints: Double
    /// Screen height in the same orientation, points (informational).
    public var screenHeightPoints: Double
    /// Display scale: 2 or 3 pixels per point.
    public var scale: Int
    /// Top safe-area inset (status bar / sensor housing), points.
    public var safeAreaTopPoints: Double
    /// Navigation bar height, points: 54 in iOS 26 [MO: GKNavigationBarSwift#47], 44 before.
    public var navigationBarPoints: Double
    /// Design height of the hero image including the part under the bars, points.
    public var heroHeightPoints: Double
    /// Where the numbers come from, with SPEC evidence tags.
    public var provenance: String

    /// The iOS 26 navigation bar height [MO].
    public static let navigationBarHeightIOS26 = 54.0
    /// Default hero design height [E]: the SPEC 1.5 worked examples use 400 pt.
    public static let defaultHeroHeightPoints = 400.0

    public init(id: String, name: String, widthPoints: Double, screenHeightPoints: Double, scale: Int,
                safeAreaTopPoints: Double, navigationBarPoints: Double = DeviceClass.navigationBarHeightIOS26,
                heroHeightPoints: Double = DeviceClass.defaultHeroHeightPoints, provenance: String) {
        precondition(widthPoints > 0 && heroHeightPoints > 0 && scale > 0, "device \(id): sizes must be positive")
        self.id = id
        self.name = name
        self.widthPoints = widthPoints
        self.screenHeightPoints = screenHeightPoints
        self.scale = scale
        self.safeAreaTopPoints = safeAreaTopPoints
        self.navigationBarPoints = navigationBarPoints
        self.heroHeightPoints = heroHeightPoints
        self.provenance = provenance
    }

    /// The band under the status bar and the glass navigation bar, points (62 + 54 = 116 on a 402-pt iPhone).
    public var toolbarBandPoints: Double { safeAreaTopPoints + navigationBarPoints }

    /// The hero's width / height.
    public var heroAspectRatio: Double { widthPoints / heroHeightPoints }

    /// The same device with another hero design height (points).
    public func withHeroHeight(points: Double) -> DeviceClass {
        var copy = self
        precondition(points > 0, "hero height must be positive")
        copy.heroHeightPoints = points
        return copy
    }

    public var description: String { "\(id) (\(widthPoints.compactDecimalText)x\(heroHeightPoints.compactDecimalText) pt @\(scale)x)" }
}

extension DeviceClass {
    // iPhones, portrait (SPEC 1.4). Sizes are Apple's published point sizes [E, tech-spec recollection].
    public static let iPhone17ProMax = DeviceClass(
        id: "iphone-17-pro-max", name: "iPhone 17 Pro Max / 16 Pro Max", widthPoints: 440, screenHeightPoints: 956, scale: 3,
        safeAreaTopPoints: 62, provenance: "440x956 @3x [E]; safe top 62 [E]; nav bar 54 [MO]")
    public static let iPhone17Pro = DeviceClass(
        id: "iphone-17-pro", name: "iPhone 17 / 17 Pro / 16 Pro", widthPoints: 402, screenHeightPoints: 874, scale: 3,
        safeAreaTopPoints: 62, provenance: "402x874 @3x [MO]; safe top 62 [MO: safeAreaInsets 62/0/34/0]; nav bar 54 [MO]")
    public static let iPhone16Plus = DeviceClass(
        id: "iphone-16-plus", name: "iPhone 16 Plus / 15 Plus / 15 Pro Max / 14 Pro Max", widthPoints: 430, screenHeightPoints: 932,
        scale: 3, safeAreaTopPoints: 59, provenance: "430x932 @3x [E]; safe top 59 [E]; nav bar 54 [MO]")
    public static let iPhone16 = DeviceClass(
        id: "iphone-16", name: "iPhone 16 / 15 / 15 Pro / 14 Pro", widthPoints: 393, screenHeightPoints: 852, scale: 3,
        safeAreaTopPoints: 59, provenance: "393x852 @3x [E]; safe top 59 [MO: csl.cool]; nav bar 54 [MO]")
    public static let iPhone16e = DeviceClass(
        id: "iphone-16e", name: "iPhone 16e / 14 / 13 / 13 Pro / 12", widthPoints: 390, screenHeightPoints: 844, scale: 3,
        safeAreaTopPoints: 47, provenance: "390x844 @3x [E]; safe top 47 [E]; nav bar 54 [MO]")
    public static let iPhone13Mini = DeviceClass(
        id: "iphone-13-mini", name: "iPhone 13 mini / 12 mini", widthPoints: 375, screenHeightPoints: 812, scale: 3,
        safeAreaTopPoints: 50, provenance: "375x812 @3x [E]; safe top 50 [E]; nav bar 54 [MO]")
    public static let iPhone11 = DeviceClass(
        id: "iphone-11", name: "iPhone 11 / XR", widthPoints: 414, screenHeightPoints: 896, scale: 2,
        safeAreaTopPoints: 48, provenance: "414x896 @2x [E]; safe top 48 [E]; nav bar 54 [MO]")
    public static let iPhoneSE = DeviceClass(
        id: "iphone-se", name: "iPhone SE (2nd/3rd generation)", widthPoints: 375, screenHeightPoints: 667, scale: 2,
        safeAreaTopPoints: 20, provenance: "375x667 @2x [E]; safe top 20 [E]; nav bar 54 [MO]")

    // iPads (all @2x [E]); safe top 24 [E]; the iPhone's iOS 26 bar height is assumed [E].
    public static let iPadMini = DeviceClass(
        id: "ipad-mini", name: "iPad mini (A17 Pro / 6th generation), portrait", widthPoints: 744, screenHeightPoints: 1133,
        scale: 2, safeAreaTopPoints: 24, provenance: "744x1133 @2x [MO: hacknicity]; safe top 24 [E]; nav bar 54 [E]")
    public static let iPadAir11 = DeviceClass(
        id: "ipad-air-11", name: "iPad Air 11\" / iPad 10.9\", portrait", widthPoints: 820, screenHeightPoints: 1180,
        scale: 2, safeAreaTopPoints: 24, provenance: "820x1180 @2x [MO: hacknicity]; safe top 24 [E]; nav bar 54 [E]")
    /// Landscape, full width including a 320-pt sidebar's background extension (SPEC 1.5: 2752 px).
    public static let iPadPro13Landscape = DeviceClass(
        id: "ipad-pro-13-landscape", name: "iPad Pro 13\" (M4), landscape", widthPoints: 1376, screenHeightPoints: 1032,
        scale: 2, safeAreaTopPoints: 24, provenance: "1376x1032 @2x [E]; safe top 24 [E]; nav bar 54 [E]")

    /// Every preset, phones first, largest first.
    public static let catalogue: [DeviceClass] = [
        .iPhone17ProMax, .iPhone16Plus, .iPhone17Pro, .iPhone16, .iPhone16e, .iPhone13Mini, .iPhone11, .iPhoneSE,
        .iPadMini, .iPadAir11, .iPadPro13Landscape,
    ]

    /// The preset with identifier `id`, if any.
    public static func named(_ id: String) -> DeviceClass? {
        catalogue.first { $0.id == id }
    }
}

extension Double {
    /// The value with at most two decimals and no trailing zeros ("402", "241.88").
    var compactDecimalText: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
