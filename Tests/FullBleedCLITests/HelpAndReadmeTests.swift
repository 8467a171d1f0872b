import Foundation
import Testing
@testable import fullbleed
import FullBleedTestSupport

/// `--help` is output like any other, and the README documents every option the parser knows.
@Suite struct HelpAndReadmeTests {
    static let readme: String = (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

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

    /// Each build option has a row in the README's options table: `| `-o, --out DIR` | ... |` or `| `--check` | ... |`.
    @Test func readmeOptionsTableListsEveryBuildOption() {
        let rows = Self.readme.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for option in BuildCommand.options {
            let spelled = (option.short.map { "-\($0), " } ?? "") + "--\(option.long)" + (option.valueName.map { " \($0)" } ?? "")
            #expect(rows.contains { $0.hasPrefix("| `\(spelled)` |") }, "README has no options-table row for `\(spelled)`")
        }
    }

    /// The other commands are documented by their usage line, which names every option the parser knows.
    @Test func readmeShowsEveryOtherCommandsUsageWithAllItsOptions() {
        for command in CLI.commands where command.name != BuildCommand.name {
            #expect(Self.readme.contains("`\(command.usage)`"), "README lacks `\(command.usage)`")
            for option in command.options {
                #expect(command.usage.contains("--\(option.long)"), "\(command.name)'s usage leaves out --\(option.long)")
            }
        }
        for option in BuildCommand.options {
            #expect(BuildCommand.usage.contains("--\(option.long)"), "build's usage leaves out --\(option.long)")
        }
    }
}
