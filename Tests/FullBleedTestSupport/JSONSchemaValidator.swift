import Foundation

/// A small JSON Schema (2020-12 subset) validator for tests: type, const, enum, required, properties,
/// additionalProperties (false), prefixItems, items (a schema, or false after prefixItems), minItems, maxItems, minimum, maximum, exclusiveMinimum, pattern,
/// oneOf and local `$ref` (`#/$defs/...`). Enough to check FullBleed's manifests and pipelines against
/// their schemas; unknown keywords are an error so the subset cannot silently pass.
public struct JSONSchemaValidator {
    let root: [String: Any]

    public init(schemaAt url: URL) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// Violations as `path: message`; empty when valid.
    public func validate(_ instance: Any) -> [String] {
        var errors: [String] = []
        check(instance, against: root, at: "$", errors: &errors)
        return errors
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs", "default"]

    private func check(_ value: Any, against schema: [String: Any], at path: String, errors: inout [String]) {
        for key in schema.keys where !Self.annotations.contains(key) {
            let rule = schema[key]!
            switch key {
            case "$ref":
                let name = (rule as! String).replacingOccurrences(of: "#/$defs/", with: "")
                check(value, against: (root["$defs"] as! [String: Any])[name] as! [String: Any], at: path, errors: &errors)
            case "type":
                if !Self.matches(value, type: rule as! String) { errors.append("\(path): expected \(rule), found \(Self.describe(value))") }
            case "const":
                if !Self.equal(value, rule) { errors.append("\(path): expected \(rule)") }
            case "enum":
                if !(rule as! [Any]).contains(where: { Self.equal(value, $0) }) { errors.append("\(path): \(value) not in \(rule)") }
            case "required":
                if let object = value as? [String: Any] {
                    for name in rule as! [String] where object[name] == nil { errors.append("\(path): missing \(name)") }
                }
            case "properties":
                if let object = value as? [String: Any] {
                    for (name, sub) in rule as! [String: Any] {
                        if let child = object[name] { check(child, against: sub as! [String: Any], at: "\(path).\(name)", errors: &errors) }
                    }
                }
            case "additionalProperties":
                if let object = value as? [String: Any], (rule as? Bool) == false {
                    let known = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
                    for name in object.keys where !known.contains(name) { errors.append("\(path): unexpected property \(name)") }
                }
            case "prefixItems":
                if let array = value as? [Any] {
                    for (i, (item, sub)) in zip(array, rule as! [Any]).enumerated() {
                        check(item, against: sub as! [String: Any], at: "\(path)[\(i)]", errors: &errors)
                    }
                }
            case "items":
                // After `prefixItems`, `items` applies to the elements beyond them (`false`: there are none).
                if let array = value as? [Any] {
                    let first = (schema["prefixItems"] as? [Any])?.count ?? 0
                    if let allowed = rule as? Bool, !(rule is [String: Any]) {
                        if !allowed, array.count > first { errors.append("\(path): more than \(first) items") }
                    } else {
                        for (i, item) in array.enumerated().dropFirst(first) { check(item, against: rule as! [String: Any], at: "\(path)[\(i)]", errors: &errors) }
                    }
                }
            case "minItems": if let a = value as? [Any], a.count < (rule as! Int) { errors.append("\(path): fewer than \(rule) items") }
            case "maxItems": if let a = value as? [Any], a.count > (rule as! Int) { errors.append("\(path): more than \(rule) items") }
            case "minimum": if let n = Self.number(value), n < Self.number(rule)! { errors.append("\(path): \(n) < \(rule)") }
            case "maximum": if let n = Self.number(value), n > Self.number(rule)! { errors.append("\(path): \(n) > \(rule)") }
            case "exclusiveMinimum": if let n = Self.number(value), n <= Self.number(rule)! { errors.append("\(path): \(n) <= \(rule)") }
            case "pattern":
                if let s = value as? String {
                    let regex = try! NSRegularExpression(pattern: rule as! String)
                    if regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil { errors.append("\(path): '\(s)' does not match \(rule)") }
                }
            case "oneOf":
                let passing = (rule as! [Any]).filter { sub in
                    var local: [String] = []
                    check(value, against: sub as! [String: Any], at: path, errors: &local)
                    return local.isEmpty
                }.count
                if passing != 1 { errors.append("\(path): matches \(passing) of the oneOf alternatives, expected exactly 1") }
            default:
                errors.append("\(path): schema keyword '\(key)' is not supported by the test validator")
            }
        }
    }

    static func isBool(_ value: Any) -> Bool {
        guard let n = value as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    static func number(_ value: Any) -> Double? {
        guard !isBool(value), let n = value as? NSNumber else { return nil }
        return n.doubleValue
    }

    static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBool(value)
        case "number": return number(value) != nil
        case "integer": return number(value).map { $0 == $0.rounded() } ?? false
        case "null": return value is NSNull
        default: return false
        }
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String, let y = b as? String { return x == y }
        if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && (a as! NSNumber).boolValue == (b as! NSNumber).boolValue }
        if let x = number(a), let y = number(b) { return x == y }
        return false
    }

    static func describe(_ value: Any) -> String {
        if value is [String: Any] { return "an object" }
        if value is [Any] { return "an array" }
        if value is String { return "a string" }
        if isBool(value) { return "a boolean" }
        if value is NSNumber { return "a number" }
        return "null"
    }
}
