// A stub of the ImageIO declarations Tools/detectors/vision-subjects.swift uses (signatures as Apple
// documents them). The "decoder" reads only the PNG header's width and height.
@_exported import CoreGraphics

/// `class CGImageSource`
public final class CGImageSource {
    let data: Data
    init(data: Data) { self.data = data }
}

/// `enum CGImagePropertyOrientation: UInt32`
public enum CGImagePropertyOrientation: UInt32, Sendable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left
}

/// `func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource?`
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: Data(referencing: data))
}

/// `func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage?`
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let bytes = [UInt8](isrc.data)
    guard index == 0, bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
    func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return CGImage.stub(width: u32(16), height: u32(20))
}
