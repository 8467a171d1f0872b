// A stub of exactly the UIKit declarations the generated Heroes.swift uses (see SwiftUI.swift beside it).
// Each signature is copied from Apple's documentation, cited next to it.
import Foundation  // URL

/// https://developer.apple.com/documentation/uikit/uiimage — `class UIImage` (Sendable: UIKit declares it so;
/// https://developer.apple.com/forums/thread/735317 "UIImage is Sendable")
open class UIImage: @unchecked Sendable {}

/// https://developer.apple.com/documentation/uikit/uiimagereader-swift.struct — `struct UIImageReader` (iOS 17)
@available(iOS 17.0, *)
public struct UIImageReader {
    /// https://developer.apple.com/documentation/uikit/uiimagereader-swift.struct/configuration-swift.struct — `struct Configuration`;
    /// `init()`; `var prefersHighDynamicRange: Bool { get set }` (…/configuration-swift.struct/prefershighdynamicrange)
    public struct Configuration {
        public init() {}
        public var prefersHighDynamicRange: Bool = false
    }
    /// https://developer.apple.com/documentation/uikit/uiimagereader-swift.struct/init(configuration:)
    /// `init(configuration: UIImageReader.Configuration)`
    public init(configuration: UIImageReader.Configuration) {}
    /// https://developer.apple.com/documentation/uikit/uiimagereader-swift.struct/image(contentsof:)-94s2r
    /// `func image(contentsOf fileURL: URL) -> UIImage?`
    public func image(contentsOf fileURL: URL) -> UIImage? { nil }
    /// https://developer.apple.com/documentation/uikit/uiimagereader-swift.struct/image(contentsof:)-1p5sc
    /// `func image(contentsOf fileURL: URL) async -> UIImage?`
    public func image(contentsOf fileURL: URL) async -> UIImage? { nil }
}

/// https://developer.apple.com/documentation/uikit/uidevice — `@MainActor class UIDevice`;
/// `class var current: UIDevice { get }` (…/uidevice/current);
/// `var userInterfaceIdiom: UIUserInterfaceIdiom { get }` (…/uidevice/userinterfaceidiom)
@MainActor open class UIDevice {
    open class var current: UIDevice { fatalError() }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfaceidiom — `enum UIUserInterfaceIdiom`
/// (`case unspecified, phone, pad, tv, carPlay, mac, vision`; …/uiuserinterfaceidiom/phone, …/pad)
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}
