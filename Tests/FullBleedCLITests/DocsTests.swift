import Foundation
import Testing
import FullBleedTestSupport

/// The user documentation: `README.md` (the front page) and the pages of `docs/`.
enum Documentation {
    static let root = TestPaths.packageRoot

    static func text(_ relativePath: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)) ?? ""
    }

    /// `docs/*.md`, sorted, as paths relative to the package root.
    static var pages: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The README and every page, for checks that hold for the documentation as a whole.
    static var allFiles: [String] { ["README.md"] + pages }

    /// Lines outside fenced code blocks (```` ``` ```` or `~~~`), where Markdown structure (headings, links) lives.
    static func proseLines(_ text: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if !inFence { lines.append(String(line)) }
        }
        return lines
    }

    /// The anchors GitHub gives the headings of a Markdown text: the heading's text lower-cased, every
    /// character that is not a letter, digit, `_`, `-` or space dropped, spaces turned into `-`; a repeated
    /// anchor gets `-1`, `-2`, ... in order.
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for line in proseLines(text) {
            let hashes = line.prefix { $0 == "#" }
            guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { continue }
            var title = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
            while title.hasSuffix("#") { title = String(title.dropLast()).trimmingCharacters(in: .whitespaces) }
            let slug = String(title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// The targets of the inline links and images (`[text](target)`, `![alt](target)`) outside code blocks
    /// and code spans.
    static func linkTargets(_ text: String) -> [String] {
        let prose = proseLines(text).map { line in
            // Code spans are literal text, not links.
            line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        }.joined(separator: "\n")
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^()\s]+)(?:\s+"[^"]*")?\)"#)
        let range = NSRange(prose.startIndex..., in: prose)
        return pattern.matches(in: prose, range: range).compactMap { Range($0.range(at: 1), in: prose).map { String(prose[$0]) } }
    }

    /// What is wrong with each relative link of the file at `relativePath` (text `text`): a missing file or
    /// folder, or an `#anchor` that no heading of the target Markdown file has. Web links are not followed.
    static func brokenLinks(in relativePath: String, text: String, fileExists: (String) -> Bool, readFile: (String) -> String?) -> [String] {
        var problems: [String] = []
        let folder = (relativePath as NSString).deletingLastPathComponent
        for target in linkTargets(text) {
            if target.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].removingPercentEncoding ?? parts[0]
            let resolved = path.isEmpty ? relativePath : normalized(folder.isEmpty ? path : folder + "/" + path)
            guard let resolved, fileExists(resolved) else {
                problems.append("\(relativePath): link to a missing file: \(target)")
                continue
            }
            if parts.count == 2, resolved.hasSuffix(".md") {
                let anchor = parts[1]
                let targetText = resolved == relativePath ? text : (readFile(resolved) ?? "")
                if !anchors(targetText).contains(anchor) {
                    problems.append("\(relativePath): no heading \(resolved)#\(anchor) (link \(target))")
                }
            }
        }
        return problems
    }

    /// `a/b/../c` -> `a/c`; nil when the path climbs above the package root.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if parts.isEmpty { return nil }; parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}

/// A reference to an issue of a project tracker means nothing to someone who finds the code on its own: the
/// comment should say what the code does and why. These are the shapes such a reference takes: the word
/// followed by a number (also plural, also with `#`), or `#` and a number on its own after a space or an
/// opening bracket.
/// The pattern's own text cannot match it (the word is spelled with a character class).
enum TrackerReference {
    static let pattern = try! NSRegularExpression(pattern: #"\b[Ii]ssues?\s*#?[0-9]+|(?:^|[\s(\[])#[1-9][0-9]{0,3}(?=[\s).,:\]]|$)"#,
                                                  options: [.anchorsMatchLines])

    static func matches(in text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    /// Text files of the project that a reader may open: the sources, the tests (with their scripts and label
    /// files), the build, deployment and CI files, the pipelines, the README and the documentation.
    static let scannedRoots = ["Sources", "Tests", "docs", "deploy", ".ci", "Pipelines"]
    static let scannedFiles = ["README.md", "Makefile", "Package.swift"]
    static let textExtensions: Set<String> = ["swift", "md", "py", "sh", "tsv", "txt", "json", "yaml", "yml", "c", "h", "cpp", "hpp",
                                              "cc", "modulemap", "html", "css", "js", ""]

    static func scannedPaths() -> [String] {
        let root = Documentation.root
        var paths = scannedFiles
        for folder in scannedRoots {
            guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            while let item = walker.nextObject() as? String {
                let path = folder + "/" + item
                // Generated data, not prose: golden digests and fuzzing corpora.
                if path.hasPrefix("Tests/Fixtures/golden") || path.hasPrefix("Tests/Fuzz/corpus") || path.hasPrefix("Tests/Fixtures/fuzz-regressions") { continue }
                guard textExtensions.contains((item as NSString).pathExtension.lowercased()) else { continue }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                paths.append(path)
            }
        }
        return paths.sorted()
    }
}

@Suite struct DocsTests {
    // The examples are assembled from pieces so that this file itself holds no reference.
    static let word = "iss" + "ue"

    @Test func theTrackerReferencePatternCatchesEveryShapeAndNothingElse() {
        let references = ["see \(Self.word) 16 for the band", "\(Self.word.capitalized) 9: a fuzz smoke", "\(Self.word)s 15 and 20",
                          "fixed (" + "#" + "38)", "as in " + "#" + "38.", "\(Self.word.capitalized) " + "#" + "7 says"]
        for text in references {
            #expect(!TrackerReference.matches(in: text).isEmpty, "not caught: \(text)")
        }
        let innocent = ["color: " + "#" + "111; background: " + "#" + "000", "\"" + "#" + "123\"", "&" + "#" + "39;",
                        "Package.swift" + "#" + "L47", "\(Self.word.capitalized).record(\"no match\")", "t\(Self.word) 3 layers",
                        "the \(Self.word)'s aims",
                        "## 3 columns", "# Heading 2"]
        for text in innocent {
            #expect(TrackerReference.matches(in: text).isEmpty, "false positive: \(text) -> \(TrackerReference.matches(in: text))")
        }
    }

    @Test func noFileNamesATrackerIssueNumber() throws {
        let paths = TrackerReference.scannedPaths()
        #expect(paths.contains("Makefile") && paths.contains("README.md") && paths.contains { $0.hasPrefix("Sources/") }
                && paths.contains { $0.hasPrefix("docs/") } && paths.contains { $0.hasSuffix(".tsv") },
                "the scan misses part of the tree: \(paths.count) files")
        var found: [String] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: Documentation.root.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let hits = TrackerReference.matches(in: String(line))
                if !hits.isEmpty { found.append("\(path):\(number + 1): \(hits.joined(separator: ", "))") }
            }
        }
        #expect(found.isEmpty, "say what the code does and why instead of naming a tracker issue:\n\(found.joined(separator: "\n"))")
    }

    @Test func theLinkCheckerFindsMissingFilesAndAnchors() {
        let files = ["README.md": "# Top\n## The SwiftPM plugin\n## Build: `--out` & more\n## Top\n",
                     "docs/a.md": "# A page\n```\n# not a heading\n```\n## Exit codes and retries\n"]
        let exists: (String) -> Bool = { files[$0] != nil || $0 == "docs" || $0 == "docs/images/x.png" }
        let read: (String) -> String? = { files[$0] }
        let good = "[a](docs/a.md) [b](docs/a.md#exit-codes-and-retries) [c](#the-swiftpm-plugin) [d](#build---out--more) [e](#top-1) " +
                   "![i](docs/images/x.png) [w](https://example.org/x#y) `[not](a-link.md)`\n```\n[x](in-code.md)\n```\n"
        #expect(Documentation.brokenLinks(in: "README.md", text: files["README.md"]! + good, fileExists: exists, readFile: read).isEmpty)
        let fromPage = "[up](../README.md#the-swiftpm-plugin) [self](#a-page) [img](images/x.png)"
        #expect(Documentation.brokenLinks(in: "docs/a.md", text: files["docs/a.md"]! + fromPage, fileExists: exists, readFile: read).isEmpty)
        let bad = ["[m](docs/missing.md)", "[n](docs/a.md#not-a-heading)", "[o](#nowhere)", "[p](docs/a.md#exit-codes)", "[q](../../outside.md)"]
        for link in bad {
            #expect(Documentation.brokenLinks(in: "README.md", text: files["README.md"]! + link, fileExists: exists, readFile: read).count == 1, "not caught: \(link)")
        }
    }

    @Test func readmeAndDocsHaveNoBrokenRelativeLink() {
        let root = Documentation.root
        let files = Documentation.allFiles
        #expect(files.count > 10, "docs/ has \(files.count - 1) pages")
        var problems: [String] = []
        for path in files {
            problems += Documentation.brokenLinks(in: path, text: Documentation.text(path),
                                                  fileExists: { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) },
                                                  readFile: { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) })
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The README is a front page a newcomer reads in five minutes; the rest lives in docs/, linked from it.
    @Test func readmeIsAFrontPageThatLinksEveryDocsPage() {
        let readme = Documentation.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines")
        let linked = Set(Documentation.linkTargets(readme).map { String($0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]) })
        for page in Documentation.pages {
            #expect(linked.contains(page), "README.md does not link \(page)")
        }
    }
}
