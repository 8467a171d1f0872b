// A stub of exactly the UIKit declarations the generated Heroes.swift uses (see SwiftUI.swift beside it).
// Each signature is copied from Apple's documentation, cited next to it.

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
