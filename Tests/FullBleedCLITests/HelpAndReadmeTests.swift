import Foundation
import Testing
@testable import fullbleed
import FullBleedTestSupport

/// `--help` is output like any other, and the documentation (docs/commands.md, linked from the README)
/// documents every command and option the parser knows; what the README tells a newcomer to run exists.
@Suite struct HelpAndReadmeTests {
    static let readme = Documentation.text("README.md")
    /// The command reference: the build options table and every other command's usage line.
    static let commands = Documentation.text("docs/commands.md")

    @Test func buildHelpAlignsEveryDescriptionInOneColumn() throws {
        let result = try CLIRunner.run(["build", "--help"])
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let options = Array(lines.drop { $0 != "Options:" }.dropFirst().prefix { !$0.isEmpty })
        #expect(options.count == BuildCommand.options.count)
        var columns: Set<Int> = []
        for (line, option) in zip(options, BuildCommand.options) {
            let synopsis = "  " + option.synopsis
            #expect(line.hasPrefix(synopsis + "  "), "value name glued to its description: \(line)")
            guard let range = line.range(of: option.help) else { Issue.record("help text missing: \(line)"); continue }
            columns.insert(line.distance(from: line.startIndex, to: range.lowerBound))
        }
        #expect(columns.count == 1, "descriptions start at columns \(columns.sorted())")
        #expect(result.stdout.contains("      --decode-timeout SECONDS  Abandon a photo whose decode takes longer"))
    }

    @Test func everyCommandsHelpAligns() {
        for command in CLI.commands {
            let lines = OptionSpec.helpLines(command.options)
            for (line, option) in zip(lines, command.options) {
                #expect(line.hasPrefix("  " + option.synopsis + "  "), "\(command.name): \(line)")
            }
            #expect(Set(zip(lines, command.options).map { $0.count - $1.help.count }).count <= 1, "\(command.name): descriptions not in one column")
        }
    }

    /// Each build option has a row in the options table of docs/commands.md: `| `-o, --out DIR` | ... |` or
    /// `| `--check` | ... |`, and the table has no row for an option the parser does not know.
    @Test func optionsTableListsEveryBuildOption() {
        let rows = Self.commands.split(separator: "\n").filter { $0.hasPrefix("| `-") }
        var spelledOptions: Set<String> = []
        for option in BuildCommand.options {
            let spelled = (option.short.map { "-\($0), " } ?? "") + "--\(option.long)" + (option.valueName.map { " \($0)" } ?? "")
            spelledOptions.insert(spelled)
            #expect(rows.contains { $0.hasPrefix("| `\(spelled)` |") }, "docs/commands.md has no options-table row for `\(spelled)`")
        }
        for row in rows {
            let spelled = row.dropFirst(3).prefix { $0 != "`" }
            #expect(spelledOptions.contains(String(spelled)), "docs/commands.md documents an option the parser lacks: \(spelled)")
        }
    }

    /// The other commands are documented by their usage line, which names every option the parser knows.
    @Test func commandReferenceShowsEveryOtherCommandsUsageWithAllItsOptions() {
        for command in CLI.commands where command.name != BuildCommand.name {
            #expect(Self.commands.contains("`\(command.usage)`"), "docs/commands.md lacks `\(command.usage)`")
            for option in command.options {
                #expect(command.usage.contains("--\(option.long)"), "\(command.name)'s usage leaves out --\(option.long)")
            }
        }
        for option in BuildCommand.options {
            #expect(BuildCommand.usage.contains("--\(option.long)"), "build's usage leaves out --\(option.long)")
        }
    }

    /// Every `make TARGET` the README and docs/ tell the reader to run is a target of the Makefile, and the
    /// README keeps the two commands a newcomer (and CI, `.ci/run`) runs first: `make run` and `make test`.
    @Test func everyMakeTargetTheDocumentationNamesExists() throws {
        let makefile = Documentation.text("Makefile")
        let targets = Set(makefile.split(separator: "\n").compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("\t"), !line.hasPrefix("#") else { return nil }
            let name = line[..<colon]
            return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } && !name.isEmpty ? String(name) : nil
        })
        #expect(targets.isSuperset(of: ["run", "test", "build", "install", "deps"]), "Makefile targets: \(targets.sorted())")
        for command in ["make run", "make test"] {
            #expect(Self.readme.split(separator: "\n").contains { $0.hasPrefix(command + " ") }, "README.md has no line starting `\(command)`")
        }
        // A command: in a code span (`make bench`) or at the start of a line of a code block.
        let pattern = try NSRegularExpression(pattern: #"(?:^|`)make ([a-z][a-z0-9_-]*)"#, options: [.anchorsMatchLines])
        var checked = 0
        for path in Documentation.allFiles {
            let text = Documentation.text(path)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                checked += 1
                #expect(targets.contains(String(text[range])), "\(path): `make \(text[range])` is not a Makefile target")
            }
        }
        #expect(checked > 10, "only \(checked) make commands found in the documentation")
    }

    /// The quick start's `fullbleed` commands use only options the parser knows.
    @Test func readmeCommandsUseOnlyKnownOptions() {
        let known = Set(BuildCommand.options.map { "--" + $0.long })
        let lines = Self.readme.split(separator: "\n").filter { $0.contains("fullbleed build ") }
        #expect(!lines.isEmpty)
        for line in lines {
            for word in line.split(separator: " ") where word.hasPrefix("--") {
                let option = String(word.prefix { $0 != "`" && $0 != "," && $0 != ")" })
                #expect(known.contains(option), "README: \(option) is not a build option: \(line)")
            }
        }
    }
}
