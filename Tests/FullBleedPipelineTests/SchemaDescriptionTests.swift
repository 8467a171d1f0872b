import Foundation
import Testing
import FullBleedTestSupport

/// The manifest's and the analysis report's JSON Schemas say what every field is: a reader who
/// never saw the code learns each field's type and meaning, units included, from the schema alone.
///
/// Every schema reachable from the root (through `properties`, `items`, `prefixItems`, `$defs`, `oneOf` and
/// `anyOf` members and `additionalProperties` schemas) must have a non-empty `description` and a type: `type`,
/// or a `$ref`, `enum` or `const`, or `oneOf`/`anyOf` members that all have one. An object lists its
/// `properties` and forbids others (`additionalProperties: false`), unless `additionalProperties` is a schema
/// (a map); `{"properties": {}, "additionalProperties": false}` is the empty object. `required` names listed
/// properties only, every `$ref` resolves, and only keywords `JSONSchemaValidator` checks are used, so the
/// schema users read is the schema the tests validate manifests with.
@Suite struct SchemaDescriptionTests {
    static let schemas = ["manifest.schema.json", "analysis.schema.json"]

    @Test(arguments: schemas)
    func everyFieldHasATypeAndADescription(_ name: String) throws {
        let url = TestPaths.packageRoot.appendingPathComponent("Pipelines/schema/" + name)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let audit = SchemaAudit(root)
        #expect(audit.problems.isEmpty, "\(name): \(audit.problems.count) problems:\n\(audit.problems.joined(separator: "\n"))")
        // The walk reached the whole schema, not just its root (each has well over 100 properties).
        #expect(audit.propertyCount > 100, "\(name): only \(audit.propertyCount) properties walked")
    }

    /// The audit itself: one schema with one gap of each kind, each reported where it is.
    @Test func theAuditReportsEachKindOfGap() throws {
        let schema = """
            { "type": "object", "description": "root", "additionalProperties": false, "required": ["a", "missing"],
              "properties": {
                "a": { "type": "string" },
                "b": { "description": "untyped" },
                "c": { "type": "object", "description": "bare" },
                "d": { "type": "object", "description": "open", "properties": { "x": { "type": "integer", "description": "x" } } },
                "e": { "type": "array", "description": "list", "items": { "type": "number" } },
                "f": { "$ref": "#/$defs/nowhere", "description": "dangling" },
                "g": { "type": "string", "description": "unchecked keyword", "format": "uri" },
                "h": { "description": "choice", "oneOf": [{ "type": "string", "description": "s" }, { "description": "untyped member" }] },
                "i": { "type": "object", "description": "map", "additionalProperties": { "type": "string" } },
                "j": { "type": ["string", "null"], "description": "two types" },
                "k": { "type": "object", "description": "empty", "properties": {}, "additionalProperties": false },
                "l": { "description": "typed choice", "oneOf": [{ "const": 1, "description": "one" }, { "enum": [2, 3], "description": "two or three" }] }
              },
              "$defs": { "unused": { "type": "boolean" } } }
            """
        let root = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        let audit = SchemaAudit(root)
        let expected = [
            "$: required 'missing' is not a property",
            "$.properties.a: no description",
            "$.properties.b: no type",
            "$.properties.c: an object without properties",
            "$.properties.d: additionalProperties is not false",
            "$.properties.e.items: no description",
            "$.properties.f: $ref #/$defs/nowhere does not resolve",
            "$.properties.g: keyword 'format' is not checked by JSONSchemaValidator",
            "$.properties.h: no type",
            "$.properties.h.oneOf[1]: no type",
            "$.properties.i.additionalProperties: no description",
            "$.properties.j: type must be one name (JSONSchemaValidator takes no type lists)",
            "$.$defs.unused: no description",
        ]
        #expect(audit.problems.sorted() == expected.sorted())
        #expect(audit.propertyCount == 13)
    }
}

/// Walks a JSON Schema and lists, as `path: problem`, where it misses what `SchemaDescriptionTests` requires.
struct SchemaAudit {
    private(set) var problems: [String] = []
    /// Entries of `properties` objects walked (each declared property once, wherever `$ref`s point to it).
    private(set) var propertyCount = 0
    private let definitions: [String: Any]

    /// The keywords `JSONSchemaValidator` checks, and the annotations it skips.
    static let validatorKeywords: Set<String> = [
        "$schema", "$id", "title", "description", "$defs", "$ref", "type", "const", "enum", "required", "properties",
        "additionalProperties", "items", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum", "pattern",
        "oneOf", "prefixItems", "default",
    ]

    init(_ root: [String: Any]) {
        definitions = root["$defs"] as? [String: Any] ?? [:]
        visit(root, at: "$")
    }

    /// Whether `schema` says what type its values have.
    static func isTyped(_ schema: [String: Any]) -> Bool {
        if ["type", "$ref", "const", "enum"].contains(where: { schema[$0] != nil }) { return true }
        let members = (schema["oneOf"] ?? schema["anyOf"]) as? [Any] ?? []
        return !members.isEmpty && members.allSatisfy { ($0 as? [String: Any]).map(isTyped) ?? false }
    }

    private mutating func visit(_ node: Any, at path: String) {
        guard let schema = node as? [String: Any] else {
            problems.append("\(path): not a schema object")
            return
        }
        for key in schema.keys.sorted() where !Self.validatorKeywords.contains(key) {
            problems.append("\(path): keyword '\(key)' is not checked by JSONSchemaValidator")
        }
        if ((schema["description"] as? String) ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("\(path): no description")
        }
        if !Self.isTyped(schema) { problems.append("\(path): no type") }
        if let type = schema["type"], !(type is String) {
            problems.append("\(path): type must be one name (JSONSchemaValidator takes no type lists)")
        }
        let properties = schema["properties"] as? [String: Any]
        if schema["type"] as? String == "object" {
            let additional = schema["additionalProperties"]
            let closed = (additional as? Bool) == false
            let listed = properties.map { !$0.isEmpty || closed } ?? false
            if additional is [String: Any] {
                // A map: its value schema is walked below.
            } else if !listed {
                problems.append("\(path): an object without properties")
            } else if !closed {
                problems.append("\(path): additionalProperties is not false")
            }
        }
        for name in (schema["required"] as? [String] ?? []) where properties?[name] == nil {
            problems.append("\(path): required '\(name)' is not a property")
        }
        if let reference = schema["$ref"] as? String {
            let prefix = "#/$defs/"
            if !reference.hasPrefix(prefix) || definitions[String(reference.dropFirst(prefix.count))] == nil {
                problems.append("\(path): $ref \(reference) does not resolve")
            }
        }

        for (name, child) in (properties ?? [:]).sorted(by: { $0.key < $1.key }) {
            propertyCount += 1
            visit(child, at: "\(path).properties.\(name)")
        }
        // `items: false` (nothing beyond `prefixItems`) is no schema to walk.
        if let items = schema["items"], items is [String: Any] || (items as? Bool) == nil { visit(items, at: "\(path).items") }
        for keyword in ["prefixItems", "oneOf", "anyOf"] {
            for (i, member) in (schema[keyword] as? [Any] ?? []).enumerated() { visit(member, at: "\(path).\(keyword)[\(i)]") }
        }
        if let additional = schema["additionalProperties"] as? [String: Any] { visit(additional, at: "\(path).additionalProperties") }
        for (name, definition) in (schema["$defs"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            visit(definition, at: "\(path).$defs.\(name)")
        }
    }
}
