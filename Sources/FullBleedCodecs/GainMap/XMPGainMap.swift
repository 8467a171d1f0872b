import Foundation
import FullBleedImage

/// The gain map properties of an XMP packet: Ultra HDR v1.0 `hdrgm:` metadata (namespace
/// `http://ns.adobe.com/hdr-gain-map/1.0/`, section "HDR Gain map metadata"), the GContainer directory of
/// the primary image (section "GContainer details"), and Apple's `HDRGainMap:` properties
/// (`http://ns.apple.com/HDRGainMap/1.0/`, `HDRGainMapVersion`, `HDRGainMapHeadroom`).
///
/// No XML library is among the project's dependencies, so `XMPScanner` reads the two RDF/XML forms these
/// properties take (XMP Specification Part 1, 7.9.2: "simple property" as an attribute
/// `prefix:Name="value"` of `rdf:Description`, or as an element `<prefix:Name>value</prefix:Name>`; an
/// ordered array as `<prefix:Name><rdf:Seq><rdf:li>v</rdf:li>...</rdf:Seq></prefix:Name>`), with the
/// prefix taken from the packet's `xmlns:` declaration. Entities and CDATA are not decoded (the values are
/// numbers and booleans).
enum XMPGainMap {
    static let hdrgmNamespace = "http://ns.adobe.com/hdr-gain-map/1.0/"
    static let appleNamespace = "http://ns.apple.com/HDRGainMap/1.0/"
    static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    /// Whether a primary image's packet declares an Ultra HDR gain map: `hdrgm:Version` or a GContainer
    /// item with `Item:Semantic="GainMap"` (Ultra HDR v1.0 "Signal of the format", "Locate the gain map image").
    static func declaresGainMap(_ packet: [UInt8]) -> Bool {
        let scanner = XMPScanner(packet)
        if scanner.values(of: "Version", namespace: hdrgmNamespace) != nil { return true }
        guard let prefix = scanner.prefix(for: itemNamespace) else { return false }
        return scanner.text.contains("\(prefix):Semantic=\"GainMap\"") || scanner.text.contains("\(prefix):Semantic='GainMap'")
    }

    /// Whether the packet has any `hdrgm:` gain map property (a gain map image's packet).
    static func hasGainMapMetadata(_ packet: [UInt8]) -> Bool {
        XMPScanner(packet).values(of: "Version", namespace: hdrgmNamespace) != nil
    }

    /// The `hdrgm:` metadata of a gain map image's packet, with the specification's defaults for the
    /// optional fields. Throws `.invalidMetadata` for a missing required field (`Version`, `GainMapMax`,
    /// `HDRCapacityMax`), an unparseable value, a version other than "1.0", or a list of neither 1 nor 3
    /// values; ranges are checked by `GainMapMetadata.validate()`.
    static func metadata(_ packet: [UInt8]) throws(GainMapError) -> GainMapMetadata {
        let scanner = XMPScanner(packet)
        guard let version = scanner.values(of: "Version", namespace: hdrgmNamespace)?.first else {
            throw .invalidMetadata("hdrgm:Version is missing")
        }
        guard version == "1.0" else { throw .invalidMetadata("hdrgm:Version \"\(version)\" (1.0 supported)") }

        func reals(_ name: String, default value: Double?) throws(GainMapError) -> [Double] {
            guard let texts = scanner.values(of: name, namespace: hdrgmNamespace) else {
                guard let value else { throw .invalidMetadata("hdrgm:\(name) is missing") }
                return [value]
            }
            guard texts.count == 1 || texts.count == 3 else { throw .invalidMetadata("hdrgm:\(name) has \(texts.count) values (1 or 3)") }
            var result: [Double] = []
            for text in texts {
                guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    throw .invalidMetadata("hdrgm:\(name) \"\(text.prefix(40))\" is not a number")
                }
                result.append(number)
            }
            return result
        }
        let minimum = try reals("GainMapMin", default: 0)
        let maximum = try reals("GainMapMax", default: nil)
        let gamma = try reals("Gamma", default: 1)
        let offsetSDR = try reals("OffsetSDR", default: 1.0 / 64)
        let offsetHDR = try reals("OffsetHDR", default: 1.0 / 64)
        let capacityMin = try reals("HDRCapacityMin", default: 0)
        let capacityMax = try reals("HDRCapacityMax", default: nil)
        guard capacityMin.count == 1, capacityMax.count == 1 else { throw .invalidMetadata("hdrgm:HDRCapacityMin/Max must be single values") }
        var baseIsHDR = false
        if let text = scanner.values(of: "BaseRenditionIsHDR", namespace: hdrgmNamespace)?.first {
            switch text.lowercased() {
            case "true": baseIsHDR = true
            case "false": baseIsHDR = false
            default: throw .invalidMetadata("hdrgm:BaseRenditionIsHDR \"\(text.prefix(40))\" is not True or False")
            }
        }
        let lists = [minimum, maximum, gamma, offsetSDR, offsetHDR]
        let count = lists.contains { $0.count == 3 } ? 3 : 1
        func at(_ list: [Double], _ c: Int) -> Double { list.count == 3 ? list[c] : list[0] }
        let channels = (0..<count).map { c in
            GainMapMetadata.Channel(gainMapMin: at(minimum, c), gainMapMax: at(maximum, c), gamma: at(gamma, c),
                                    offsetSDR: at(offsetSDR, c), offsetHDR: at(offsetHDR, c))
        }
        return GainMapMetadata(channels: channels, hdrCapacityMin: capacityMin[0], hdrCapacityMax: capacityMax[0],
                               baseRenditionIsHDR: baseIsHDR, useBaseColorSpace: true)
    }

    /// Apple's gain map properties of a packet: nil without `HDRGainMapVersion`; the headroom (linear) when
    /// `HDRGainMapHeadroom` is present and a positive number.
    static func apple(_ packet: [UInt8]) -> (version: String, headroom: Double?)? {
        let scanner = XMPScanner(packet)
        guard let version = scanner.values(of: "HDRGainMapVersion", namespace: appleNamespace)?.first else { return nil }
        let headroom = scanner.values(of: "HDRGainMapHeadroom", namespace: appleNamespace)?.first.flatMap { Double($0) }
        return (version, headroom.flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
    }

    // MARK: writing

    /// The gain map image's packet (Ultra HDR v1.0 "HDR Gain map metadata"): every `hdrgm:` field as an
    /// attribute, or per-channel fields as `rdf:Seq` elements for multichannel metadata. Deterministic text:
    /// numbers in Swift's shortest round-trip form.
    static func gainMapPacket(_ metadata: GainMapMetadata) -> [UInt8] {
        let m = metadata.simplified
        var attributes = "hdrgm:Version=\"1.0\""
        var elements = ""
        let fields: [(String, (GainMapMetadata.Channel) -> Double)] = [
            ("GainMapMin", \.gainMapMin), ("GainMapMax", \.gainMapMax), ("Gamma", \.gamma),
            ("OffsetSDR", \.offsetSDR), ("OffsetHDR", \.offsetHDR),
        ]
        for (name, value) in fields {
            if m.isMultichannel {
                let items = m.channels.map { "<rdf:li>\(number(value($0)))</rdf:li>" }.joined()
                elements += "<hdrgm:\(name)><rdf:Seq>\(items)</rdf:Seq></hdrgm:\(name)>"
            } else {
                attributes += " hdrgm:\(name)=\"\(number(value(m.channels[0])))\""
            }
        }
        attributes += " hdrgm:HDRCapacityMin=\"\(number(m.hdrCapacityMin))\" hdrgm:HDRCapacityMax=\"\(number(m.hdrCapacityMax))\""
        attributes += " hdrgm:BaseRenditionIsHDR=\"\(m.baseRenditionIsHDR ? "True" : "False")\""
        return packet(namespaces: "xmlns:hdrgm=\"\(hdrgmNamespace)\"", attributes: attributes, body: elements)
    }

    /// The primary image's packet: `hdrgm:Version` and the GContainer directory (a "Primary" item and a
    /// "GainMap" item of `gainMapLength` bytes), as Ultra HDR v1.0 "XMP attributes" requires.
    static func primaryPacket(gainMapLength: Int) -> [UInt8] {
        let namespaces = "xmlns:hdrgm=\"\(hdrgmNamespace)\" xmlns:Container=\"\(containerNamespace)\" xmlns:Item=\"\(itemNamespace)\""
        let body = "<Container:Directory><rdf:Seq>"
            + "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Semantic=\"Primary\" Item:Mime=\"image/jpeg\"/></rdf:li>"
            + "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Semantic=\"GainMap\" Item:Mime=\"image/jpeg\" Item:Length=\"\(gainMapLength)\"/></rdf:li>"
            + "</rdf:Seq></Container:Directory>"
        return packet(namespaces: namespaces, attributes: "hdrgm:Version=\"1.0\"", body: body)
    }

    private static func packet(namespaces: String, attributes: String, body: String) -> [UInt8] {
        let xml = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"FullBleed\">"
            + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" \(namespaces) \(attributes)>\(body)</rdf:Description>"
            + "</rdf:RDF></x:xmpmeta>"
        return Array(xml.utf8)
    }

    /// `value` in the shortest text that reads back as the same Double ("2.0", "0.015625", "-0.5").
    static func number(_ value: Double) -> String { "\(value)" }
}

/// Finds property values in an XMP packet by namespace URI and local name (see `XMPGainMap`).
struct XMPScanner {
    let text: String

    /// Packets over 1 MB are not scanned (JPEG's APP1 holds at most 64 KB; this bounds other callers).
    init(_ packet: [UInt8]) { text = packet.count <= 1 << 20 ? String(decoding: packet, as: UTF8.self) : "" }

    /// The prefix the packet binds to `namespace` (`xmlns:prefix="namespace"`), if any.
    func prefix(for namespace: String) -> String? {
        for quote in ["\"", "'"] {
            guard let range = text.range(of: "=\(quote)\(namespace)\(quote)") else { continue }
            let before = text[..<range.lowerBound]
            guard let colon = before.lastIndex(of: ":") else { continue }
            let declaration = before[..<colon]
            guard declaration.hasSuffix("xmlns") else { continue }
            let prefix = String(before[before.index(after: colon)...])
            if !prefix.isEmpty, prefix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) { return prefix }
        }
        return nil
    }

    /// The value(s) of property `name` in `namespace`: one for a simple attribute or element, the items of
    /// an `rdf:Seq` (or `rdf:Bag`/`rdf:Alt`) element; nil when absent.
    func values(of name: String, namespace: String) -> [String]? {
        guard let prefix = prefix(for: namespace) else { return nil }
        let qualified = "\(prefix):\(name)"
        // Attribute form: whitespace, the qualified name, '=', a quoted value.
        var searchStart = text.startIndex
        while let range = text.range(of: qualified, range: searchStart..<text.endIndex) {
            searchStart = range.upperBound
            guard range.lowerBound > text.startIndex, text[text.index(before: range.lowerBound)].isWhitespace else { continue }
            var cursor = range.upperBound
            while cursor < text.endIndex, text[cursor].isWhitespace { cursor = text.index(after: cursor) }
            guard cursor < text.endIndex, text[cursor] == "=" else { continue }
            cursor = text.index(after: cursor)
            while cursor < text.endIndex, text[cursor].isWhitespace { cursor = text.index(after: cursor) }
            guard cursor < text.endIndex, text[cursor] == "\"" || text[cursor] == "'" else { continue }
            let quote = text[cursor]
            let valueStart = text.index(after: cursor)
            guard let valueEnd = text[valueStart...].firstIndex(of: quote) else { return nil }
            return [String(text[valueStart..<valueEnd])]
        }
        // Element form: <prefix:Name ...>content</prefix:Name>.
        guard let open = elementContent(qualified) else { return nil }
        let items = listItems(open)
        return items.isEmpty ? [open.trimmingCharacters(in: .whitespacesAndNewlines)] : items
    }

    /// The text between `<qualified>` (attributes allowed) and `</qualified>`.
    private func elementContent(_ qualified: String) -> String? {
        var searchStart = text.startIndex
        while let range = text.range(of: "<\(qualified)", range: searchStart..<text.endIndex) {
            searchStart = range.upperBound
            guard range.upperBound < text.endIndex else { return nil }
            let next = text[range.upperBound]
            guard next == ">" || next.isWhitespace else { continue }
            guard let tagEnd = text[range.upperBound...].firstIndex(of: ">") else { return nil }
            if text[text.index(before: tagEnd)] == "/" { return "" }
            let contentStart = text.index(after: tagEnd)
            guard let close = text.range(of: "</\(qualified)>", range: contentStart..<text.endIndex) else { return nil }
            return String(text[contentStart..<close.lowerBound])
        }
        return nil
    }

    /// The `rdf:li` texts of an array element's content.
    private func listItems(_ content: String) -> [String] {
        var items: [String] = []
        var searchStart = content.startIndex
        while let open = content.range(of: "<rdf:li", range: searchStart..<content.endIndex),
              let tagEnd = content[open.upperBound...].firstIndex(of: ">"),
              let close = content.range(of: "</rdf:li>", range: content.index(after: tagEnd)..<content.endIndex) {
            items.append(content[content.index(after: tagEnd)..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines))
            searchStart = close.upperBound
            if items.count > 16 { break }
        }
        return items
    }
}
