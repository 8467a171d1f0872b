import Foundation
import FullBleedCodecs
import FullBleedImage

/// What `fullbleed probe` reports for one file: the probe result, or the one-line error.
public struct ProbeReport: Sendable, Codable, Equatable {
    public var path: String
    public var format: String?
    public var width: Int?
    public var height: Int?
    public var storedWidth: Int?
    public var storedHeight: Int?
    public var orientation: Int?
    public var colorModel: String?
    public var bitDepth: Int?
    public var hasAlpha: Bool?
    /// "srgb", "display-p3", "adobe-rgb", "gray" or "icc".
    public var colorSpace: String?
    public var iccProfileName: String?
    public var frameCount: Int?
    public var details: [String]?
    /// The error line, when the file could not be probed.
    public var error: String?

    public var succeeded: Bool { error == nil }

    public init(path: String, info: ImageInfo) {
        self.path = path
        format = info.format.rawValue
        width = info.size.width
        height = info.size.height
        storedWidth = info.storedSize.width
        storedHeight = info.storedSize.height
        orientation = info.orientation.rawValue
        colorModel = info.colorModel
        bitDepth = info.bitDepth
        hasAlpha = info.hasAlpha
        colorSpace = info.colorSpace.family.rawValue
        iccProfileName = info.colorSpace.icc?.name
        frameCount = info.frameCount
        details = info.details
    }

    public init(path: String, error: any Error) {
        self.path = path
        self.error = "\(error)"
    }

    /// Probes `path`; never throws (failures become an error report).
    public static func probe(path: String, options: DecodeOptions = DecodeOptions()) -> ProbeReport {
        do {
            return ProbeReport(path: path, info: try ImageFile.probe(atPath: path, options: options))
        } catch {
            return ProbeReport(path: path, error: error)
        }
    }

    /// One human-readable line, e.g.
    /// `photo.jpg: jpeg 4352x2448, rgb 8-bit, srgb, opaque, orientation 1, progressive 4:2:2`.
    public var line: String {
        if let error { return error }
        var parts: [String] = []
        parts.append("\(format ?? "?") \(width ?? 0)x\(height ?? 0)")
        parts.append("\(colorModel ?? "?") \(bitDepth ?? 0)-bit")
        var space = colorSpace ?? "?"
        if let iccProfileName { space += " (ICC '\(iccProfileName)')" }
        parts.append(space)
        parts.append(hasAlpha == true ? "alpha" : "opaque")
        var orient = "orientation \(orientation ?? 1)"
        if let sw = storedWidth, let sh = storedHeight, sw != width || sh != height { orient += " (stored \(sw)x\(sh))" }
        parts.append(orient)
        if let frameCount, frameCount > 1 { parts.append("\(frameCount) frames") }
        if let details, !details.isEmpty { parts.append(details.joined(separator: " ")) }
        return "\(path): " + parts.joined(separator: ", ")
    }
}
