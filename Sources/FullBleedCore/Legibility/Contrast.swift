import FullBleedColor
import Foundation

/// WCAG 2.x contrast (SC 1.4.3 / 1.4.6) on relative luminance `Y` (linear light, 0...1).
///
/// `CR = (Y_hi + 0.05) / (Y_lo + 0.05)`, from 1 to 21. For sRGB colours use WCAG's luminance row
/// (`LuminanceModel.wcagSRGB`, `SRGBColor.relativeLuminance`); Display P3 uses its own Y row directly.
public enum WCAG {
    /// The WCAG success levels and the ratio each needs.
    public enum Level: String, Sendable, Hashable, Codable, CaseIterable {
        /// AA, large text (18 pt, or 14 pt bold, CSS points): 3:1.
        case aaLargeText = "aa-large"
        /// AA, normal text: 4.5:1.
        case aaNormalText = "aa"
        /// AAA, large text: 4.5:1.
        case aaaLargeText = "aaa-large"
        /// AAA, normal text: 7:1.
        case aaaNormalText = "aaa"

        /// The minimum contrast ratio of the level.
        public var ratio: Double {
            switch self {
            case .aaLargeText: return 3
            case .aaNormalText, .aaaLargeText: return 4.5
            case .aaaNormalText: return 7
            }
        }
    }

    /// The contrast ratio of two relative luminances, in either order.
    @inlinable
    public static func contrastRatio(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// The contrast ratio of two sRGB colours (WCAG's luminance row; alpha ignored).
    public static func contrastRatio(_ first: SRGBColor, _ second: SRGBColor) -> Double {
        contrastRatio(first.relativeLuminance, second.relativeLuminance)
    }

    /// The brightest background that still gives `ratio` against lighter text of luminance
    /// `textLuminance`: `Y_w(T) = (Y_text + 0.05) / T - 0.05`; `1.05 / T - 0.05` for white text.
    /// Negative when no background can reach the ratio.
    @inlinable
    public static func maximumBackgroundLuminance(ratio: Double, textLuminance: Double = 1) -> Double {
        (textLuminance + 0.05) / ratio - 0.05
    }

    /// The darkest background that still gives `ratio` against darker text of luminance
    /// `textLuminance`: `Y_k(T) = T (Y_text + 0.05) - 0.05`; `0.05 (T - 1)` for black text.
    /// Above 1 when no background can reach the ratio.
    @inlinable
    public static func minimumBackgroundLuminance(ratio: Double, textLuminance: Double = 0) -> Double {
        ratio * (textLuminance + 0.05) - 0.05
    }

    /// The background luminance where white and black text have equal contrast:
    /// `sqrt(1.05 * 0.05) - 0.05` = 0.17913. Every background reaches `crossoverRatio` with one of them.
    public static let crossoverLuminance: Double = (1.05 * 0.05).squareRoot() - 0.05

    /// The contrast at `crossoverLuminance`, 4.583: the best ratio any single background guarantees.
    public static let crossoverRatio: Double = contrastRatio(1, crossoverLuminance)
}
