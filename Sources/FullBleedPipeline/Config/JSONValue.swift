import Foundation

/// A parsed JSON document, for validating configuration files with precise error locations.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Limits that keep hostile configuration files cheap to refuse.
    public static let maxDocumentBytes = 1 << 20
    public static let maxDepth = 64

    /// Parses `data`, refusing documents over `maxDocumentBytes` or nested deeper than `maxDepth`
    /// (checked before parsing, so deep nesting cannot exhaust the stack).
    public static func parse(_ data: Data) throws -> JSONValue {
        guard data.count <= maxDocumentBytes else {
            throw ConfigError(location: "$", message: "file is \(data.count) bytes, over the limit of \(maxDocumentBytes)")
        }
        let depth = nestingDepth(data)
        guard depth <= maxDepth else {
            throw ConfigError(location: "$", message: "JSON is nested \(depth) levels deep, over the limit of \(maxDepth)")
        }
        if let comma = JSONSyntax.trailingCommaOffset(data) {
            throw ConfigError(location: "$", position: TextPosition(offset: comma, in: data),
                              message: "not valid JSON: trailing comma (standard JSON allows none)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ConfigError(location: "$", position: TextPosition(offset: JSONSyntax.errorOffset(error, in: data), in: data),
                              message: "not valid JSON: \(JSONSyntax.reason(error))")
        }
        return try JSONValue(any: object)
    }

    init(any: Any) throws {
        switch any {
        case is NSNull: self = .null
        case let number as NSNumber:
            // Booleans arrive as NSNumber too; their Objective-C type code is "c" (char).
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue) } else { self = .number(number.doubleValue) }
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(try array.map(JSONValue.init(any:)))
        case let dict as [String: Any]: self = .object(try dict.mapValues(JSONValue.init(any:)))
        default: throw ConfigError(location: "$", message: "unsupported JSON value")
        }
    }

    /// Maximum bracket nesting outside strings.
    static func nestingDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A configuration error: where (a JSON path such as `$.outputs[1].quality`, or for a syntax error the line
/// and column) and what was expected. `file` is filled in by the loader; rendered as one line:
/// `mine.json: $.outputs[0].quality: ...` or, for a syntax error, `mine.json:3:14: not valid JSON: ...`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String?
    public var location: String
    /// Where in the file a syntax error is (nil for errors about a parsed value, which `location` names).
    public var position: TextPosition?
    public var message: String

    public init(file: String? = nil, location: String, position: TextPosition? = nil, message: String) {
        self.file = file
        self.location = location
        self.position = position
        self.message = message
    }

    public var description: String {
        if let position { return (file.map { "\($0):" } ?? "") + "\(position): \(message)" }
        return (file.map { "\($0): " } ?? "") + "\(location): \(message)"
    }
}

/// Reads typed fields from a JSON object, tracking the JSON path for errors and rejecting unknown keys.
public struct JSONObjectReader {
    public let location: String
    private let fields: [String: JSONValue]
    private var consumed: Set<String> = []

    public init(_ value: JSONValue, at location: String) throws {
        guard case .object(let fields) = value else {
            throw ConfigError(location: location, message: "expected an object, found \(value.typeName)")
        }
        self.location = location
        self.fields = fields
    }

    public func path(_ key: String) -> String { "\(location).\(key)" }

    public mutating func value(_ key: String) -> JSONValue? {
        consumed.insert(key)
        if case .null? = fields[key] { return nil }
        return fields[key]
    }

    public mutating func string(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw ConfigError(location: path(key), message: "expected a string, found \(v.typeName)") }
        return s
    }

    public mutating func requiredString(_ key: String) throws -> String {
        guard let s = try string(key) else { throw ConfigError(location: path(key), message: "is required (a string)") }
        return s
    }

    public mutating func bool(_ key: String) throws -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw ConfigError(location: path(key), message: "expected true or false, found \(v.typeName)") }
        return b
    }

    public mutating func number(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isFinite else { throw ConfigError(location: path(key), message: "expected a number, found \(v.typeName)") }
        guard range.contains(n) else {
            throw ConfigError(location: path(key), message: "expected a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(n))")
        }
        return n
    }

    public mutating func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isFinite, n == n.rounded(), abs(n) < 1e15 else {
            throw ConfigError(location: path(key), message: "expected a whole number, found \(v.typeName == "a number" ? format(v) : v.typeName)")
        }
        guard range.contains(Int(n)) else {
            throw ConfigError(location: path(key), message: "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(Int(n))")
        }
        return Int(n)
    }

    /// A string from a fixed set of choices.
    public mutating func choice(_ key: String, of choices: [String]) throws -> String? {
        guard let s = try string(key) else { return nil }
        guard choices.contains(s) else {
            throw ConfigError(location: path(key), message: "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(s)\"")
        }
        return s
    }

    public mutating func array(_ key: String) throws -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let items) = v else { throw ConfigError(location: path(key), message: "expected an array, found \(v.typeName)") }
        return items
    }

    public mutating func object(_ key: String) throws -> JSONObjectReader? {
        guard let v = value(key) else { return nil }
        return try JSONObjectReader(v, at: path(key))
    }

    /// Throws for keys that were never read (typos must not be silently ignored).
    public func rejectUnknownKeys() throws {
        if let unknown = fields.keys.filter({ !consumed.contains($0) }).sorted().first {
            throw ConfigError(location: path(unknown), message: "unknown field (expected one of: \(consumed.sorted().joined(separator: ", ")))")
        }
    }

    private func format(_ value: JSONValue) -> String {
        if case .number(let n) = value { return format(n) }
        return value.typeName
    }

    private func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
}
