import FullBleedImage

/// Layout numbers an app needs for a hero on one device class. Lengths in **points**.
///
/// - `collapseOffsetPoints`: the scroll offset at which the hero's bottom edge reaches the bottom of the
///   toolbar band (status bar + navigation bar): `heroHeightPoints - toolbarBandPoints`
///   (400 - 116 = 284 pt on a 402-pt iPhone 17 Pro). Show or collapse an inline title there.
/// - `maximumStretch`: the largest stretch magnification `s` (SPEC 6, `scaleEffect(s, anchor: .bottom)`)
///   at which the delivered asset still has at least one pixel per displayed pixel:
///   `min(assetWidth / (widthPoints x scale), assetHeight / (heroHeightPoints x scale))`. Clamp the app's
///   own stretch limit to it. Below 1 the asset is upsampled even at rest.
/// - `maximumOverscrollPoints`: the overscroll `o` at which `s = 1 + o / heroHeightPoints` reaches
///   `maximumStretch` (0 when `maximumStretch <= 1`).
public struct HeroLayout: Sendable, Hashable, Codable {
    /// The device class the numbers are for (`DeviceClass.id`).
    public var deviceID: String
    /// Display scale (pixels per point) of the device.
    public var scale: Int
    /// Hero width, points (the device width).
    public var heroWidthPoints: Double
    /// Hero design height including the part under the bars, points.
    public var heroHeightPoints: Double
    /// Status bar plus navigation bar, points.
    public var toolbarBandPoints: Double
    /// Scroll offset at which the hero has scrolled under the toolbar band, points (>= 0).
    public var collapseOffsetPoints: Double
    /// Pixel size of the delivered asset the stretch is computed for.
    public var deliveredPixelSize: PixelSize
    /// Largest stretch without upsampling (see above).
    public var maximumStretch: Double
    /// Overscroll at which `maximumStretch` is reached, points.
    public var maximumOverscrollPoints: Double

    /// The layout of `device`'s hero delivered as an asset of `deliveredPixelSize` pixels.
    public init(device: DeviceClass, deliveredPixelSize: PixelSize) {
        precondition(deliveredPixelSize.width > 0 && deliveredPixelSize.height > 0, "delivered size must be positive")
        deviceID = device.id
        scale = device.scale
        heroWidthPoints = device.widthPoints
        heroHeightPoints = device.heroHeightPoints
        toolbarBandPoints = device.toolbarBandPoints
        collapseOffsetPoints = max(0, device.heroHeightPoints - device.toolbarBandPoints)
        self.deliveredPixelSize = deliveredPixelSize
        let scale = Double(device.scale)
        maximumStretch = min(Double(deliveredPixelSize.width) / (device.widthPoints * scale),
                             Double(deliveredPixelSize.height) / (device.heroHeightPoints * scale))
        maximumOverscrollPoints = max(0, (maximumStretch - 1) * device.heroHeightPoints)
    }
}
