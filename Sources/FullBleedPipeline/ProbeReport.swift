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
    /// The HDR gain map, when the file carries a readable one (absent from the JSON otherwise).
    public var gainMap: GainMapReport?
    /// The error line, when the file could not be probed.
    public var error: String?
    /// The header read's warnings (see `ImageInfo.warnings`); nil when there are none.
    public var warnings: [String]?

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
        gainMap = info.gainMap.map(GainMapReport.init)
        warnings = info.warnings.isEmpty ? nil : info.warnings
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
    /// `photo.jpg: jpeg 4352x2448, rgb 8-bit, srgb, opaque, orientation 1, progressive 4:2:2`, then one
    /// `photo.png: warning: ...` line per warning.
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
        if let gainMap { parts.append(gainMap.line) }
        let warningLines = (warnings ?? []).map { "\n\(path): warning: \($0)" }.joined()
        return "\(path): " + parts.joined(separator: ", ") + warningLines
    }
}

/// The gain map part of a probe report: its size and headroom (`hdrCapacityMax`, the display headroom
/// at which the map applies fully) as a linear ratio and in stops.
public struct GainMapReport: Sendable, Codable, Equatable {
    /// "iso21496", "xmp" or "apple": the metadata read.
    public var source: String
    /// Pixels, displayed orientation.
    public var width: Int
    public var height: Int
    /// Channels of the metadata: 1 (shared by red, green and blue) or 3 (per colour).
    public var metadataChannels: Int
    /// exp2(hdrCapacityMax): HDR white / SDR white of the display the HDR rendition is made for.
    public var headroom: Double
    /// hdrCapacityMax, log2.
    public var headroomStops: Double

    public init(_ info: GainMapInfo) {
        source = info.source.rawValue
        width = info.size.width
        height = info.size.height
        metadataChannels = info.metadata.channels.count
        headroom = info.metadata.headroom
        headroomStops = info.metadata.hdrCapacityMax
    }

    /// e.g. `gain map 96x64 (iso21496), headroom 4.00x (2.00 stops)`.
    public var line: String {
        "gain map \(width)x\(height) (\(source)), headroom \(String(format: "%.2f", headroom))x (\(String(format: "%.2f", headroomStops)) stops)"
    }
}
