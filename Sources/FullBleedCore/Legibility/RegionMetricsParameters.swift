/// Tunable thresholds of `RegionMetrics` (SPEC 2.6). The percentiles and the polarity rule follow the
/// SPEC; the busy thresholds are engineering defaults [E] to calibrate on real photos.
public struct RegionMetricsParameters: Sendable, Hashable, Codable {
    /// Percentile taken as the darkest background, `Y_min` (default P0.5; 0 is the strict minimum).
    public var lowPercentile: Double
    /// Percentile taken as the brightest background, `Y_max` (default P99.5; 100 is the strict maximum).
    public var highPercentile: Double
    /// WCAG ratio used for the pass checks and the polarity conflict (default 4.5).
    public var wcagRatio: Double
    /// APCA `|Lc|` used for the APCA pass checks (default 60, content text).
    public var apcaLc: Double
    /// Device pixels per point of the plane (3 for @3x), to express the edge threshold per pixel.
    public var pixelsPerPoint: Double
    /// Edge threshold `τ` in L* per point (default 8): a pixel is an edge when its Sobel gradient
    /// magnitude exceeds `τ / pixelsPerPoint` L* per pixel.
    public var edgeThresholdPerPoint: Double
    /// RMS contrast (standard deviation of L*) above which the region counts as textured (default 12).
    public var rmsContrastThreshold: Double
    /// Edge density (fraction of edge pixels) above which the region counts as cluttered (default 0.10).
    public var edgeDensityThreshold: Double

    public init(lowPercentile: Double = 0.5, highPercentile: Double = 99.5, wcagRatio: Double = 4.5, apcaLc: Double = 60,
                pixelsPerPoint: Double = 3, edgeThresholdPerPoint: Double = 8,
                rmsContrastThreshold: Double = 12, edgeDensityThreshold: Double = 0.10) {
        precondition((0...100).contains(lowPercentile) && (0...100).contains(highPercentile) && lowPercentile <= highPercentile,
                     "percentiles must satisfy 0 <= low <= high <= 100, got \(lowPercentile), \(highPercentile)")
        precondition(wcagRatio >= 1 && apcaLc >= 0 && pixelsPerPoint > 0 && edgeThresholdPerPoint >= 0,
                     "invalid region metrics parameters")
        self.lowPercentile = lowPercentile
        self.highPercentile = highPercentile
        self.wcagRatio = wcagRatio
        self.apcaLc = apcaLc
        self.pixelsPerPoint = pixelsPerPoint
        self.edgeThresholdPerPoint = edgeThresholdPerPoint
        self.rmsContrastThreshold = rmsContrastThreshold
        self.edgeDensityThreshold = edgeDensityThreshold
    }

    /// SPEC 2.6 defaults at @3x.
    public static let `default` = RegionMetricsParameters()
}
