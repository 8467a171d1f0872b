// A stub of the CoreGraphics declarations Tools/detectors/vision-subjects.swift uses, for type-checking it
// on Linux: each signature as Apple documents it. CGRect, CGPoint and CGSize come from Foundation here (on
// Linux, swift-corelibs-foundation defines them); CFData and CFDictionary stand for their toll-free
// bridged Foundation classes.
@_exported import Foundation

public typealias CFData = NSData
public typealias CFDictionary = NSDictionary

/// `class CGImage`: a bitmap image.
public final class CGImage {
    /// `var width: Int { get }`
    public let width: Int
    /// `var height: Int { get }`
    public let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Not Apple's: the stub's way to make an image (of the size a PNG's header gives).
    public static func stub(width: Int, height: Int) -> CGImage { CGImage(width: width, height: height) }
}
