import Foundation

/// The subject-detector protocol, version 1 (`docs/detectors.md`): one JSON object on the detector's stdin,
/// one JSON object on its stdout.
///
/// Request: `{"protocol": "fullbleed-subjects", "version": 1, "width": W, "height": H, "maxBoxes": 100,
/// "image": {"mediaType": "image/png", "encoding": "base64", "data": "..."}}`, the image an upright 8-bit
/// sRGB RGB PNG of W x H pixels.
///
/// Answer: `{"version": 1, "detectorVersion": "optional text", "boxes": [{"kind": "face", "confidence": 0.97,
/// "x": 0.41, "y": 0.12, "width": 0.10, "height": 0.14}]}`, each box in fractions of the image (x, y of its
/// top-left corner from the image's top-left).
public enum DetectorProtocol {
    public static let name = "fullbleed-subjects"
    public static let version = 1
    /// Most boxes an answer may hold.
    public static let maxBoxes = 100
    /// Most bytes the detector may write to stdout (the answer) and the most of its stderr kept for errors.
    public static let maxAnswerBytes = 1 << 20
    public static let maxStderrBytes = 4096
    /// Longest `kind` (printable ASCII) and `detectorVersion` (printable ASCII), characters.
    public static let maxKindLength = 32
    public static let maxVersionLength = 128
    /// How far a box may stick out of the image and still be taken (clipped to it): rounding of the
    /// detector's own arithmetic, not a real overhang.
    static let edgeTolerance = 1e-6

    /// The request for an image of `width` x `height` pixels encoded as `png`, as bytes of JSON.
    public static func request(width: Int, height: Int, png: [UInt8]) -> [UInt8] {
        let data = Data(png).base64EncodedString()
        return Array(#"{"protocol":"\#(name)","version":\#(version),"width":\#(width),"height":\#(height),"maxBoxes":\#(maxBoxes),"image":{"mediaType":"image/png","encoding":"base64","data":"\#(data)"}}"#.utf8) + [0x0A]
    }

    /// A validated answer: its boxes in the answer's order, fractions of the image rounded to 6 decimals.
    public struct Answer: Sendable, Equatable {
        public var detectorVersion: String?
        public var boxes: [DetectedBox]

        public init(detectorVersion: String?, boxes: [DetectedBox]) {
            self.detectorVersion = detectorVersion
            self.boxes = boxes
        }
    }

    /// Parses and validates an answer. Throws `ConfigError` naming the JSON path of the first problem.
    public static func parseAnswer(_ bytes: [UInt8]) throws -> Answer {
        let document = try JSONValue.parse(Data(bytes))
        var root = try JSONObjectReader(document, at: "$")
        guard let answered = try root.integer("version", in: 0...Int(Int32.max)) else {
            throw ConfigError(location: "$.version", message: "is required (the protocol version, \(version))")
        }
        guard answered == version else {
            throw ConfigError(location: "$.version", message: "protocol version \(answered) is not supported (expected \(version))")
        }
        let detectorVersion = try root.string("detectorVersion")
        if let detectorVersion, !isPrintable(detectorVersion, maxLength: maxVersionLength) {
            throw ConfigError(location: "$.detectorVersion", message: "expected 1-\(maxVersionLength) printable ASCII characters")
        }
        guard let items = try root.array("boxes") else { throw ConfigError(location: "$.boxes", message: "is required (an array, possibly empty)") }
        guard items.count <= maxBoxes else {
            throw ConfigError(location: "$.boxes", message: "\(items.count) boxes, over the limit of \(maxBoxes)")
        }
        let boxes = try items.enumerated().map { try parseBox($1, at: "$.boxes[\($0)]") }
        try root.rejectUnknownKeys()
        return Answer(detectorVersion: detectorVersion, boxes: boxes)
    }

    static func parseBox(_ value: JSONValue, at location: String) throws -> DetectedBox {
        var b = try JSONObjectReader(value, at: location)
        let kind = try b.requiredString("kind")
        guard isPrintable(kind, maxLength: maxKindLength) else {
            throw ConfigError(location: b.path("kind"), message: "expected 1-\(maxKindLength) printable ASCII characters, found \(String(reflecting: String(kind.prefix(40))))")
        }
        func required(_ key: String, in range: ClosedRange<Double>) throws -> Double {
            guard let v = try b.number(key, in: range) else { throw ConfigError(location: b.path(key), message: "is required (a number)") }
            return v
        }
        let confidence = try required("confidence", in: 0...1)
        let x = try required("x", in: -1...2), y = try required("y", in: -1...2)
        let width = try required("width", in: 0...2), height = try required("height", in: 0...2)
        guard width > 0, height > 0 else {
            throw ConfigError(location: location, message: "the box must have a positive width and height")
        }
        guard x >= -edgeTolerance, y >= -edgeTolerance, x + width <= 1 + edgeTolerance, y + height <= 1 + edgeTolerance else {
            throw ConfigError(location: location, message: "the box must lie inside the image (x >= 0, y >= 0, x + width <= 1, y + height <= 1), found x \(x), y \(y), x + width \(x + width), y + height \(y + height)")
        }
        try b.rejectUnknownKeys()
        let minX = max(0, x), minY = max(0, y), maxX = min(1, x + width), maxY = min(1, y + height)
        return DetectedBox(kind: kind, confidence: rounded(confidence), x: rounded(minX), y: rounded(minY),
                           width: rounded(maxX - minX), height: rounded(maxY - minY))
    }

    /// 1...maxLength characters of printable ASCII (space to tilde), no leading or trailing space.
    static func isPrintable(_ text: String, maxLength: Int) -> Bool {
        let scalars = text.unicodeScalars
        return !scalars.isEmpty && scalars.count <= maxLength && scalars.allSatisfy { (0x20...0x7E).contains($0.value) }
            && scalars.first != " " && scalars.last != " "
    }

    /// `value` to 6 decimals (a millionth of the image: below a pixel of any photo the pipeline takes), so
    /// the recorded answer reads cleanly and is exactly what the crop used.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}

/// One box of a detector's answer, in fractions of the upright image (x, y of the top-left corner from the
/// image's top-left; 0...1, inside the image).
public struct DetectedBox: Sendable, Codable, Equatable {
    /// The detector's name for what it found: `face`, `animal`, `person`, `salient` or any short name.
    public var kind: String
    /// 0...1, as the detector rates it; 0.25 or more makes the box part of the subject, 0.5 or more one the
    /// crop is searched around and the verdict may trust.
    public var confidence: Double
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(kind: String, confidence: Double, x: Double, y: Double, width: Double, height: Double) {
        self.kind = kind
        self.confidence = confidence
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
