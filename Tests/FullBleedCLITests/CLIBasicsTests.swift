import Foundation
import Testing
import FullBleedTestSupport

@Suite struct CLIBasicsTests {
    @Test func helpListsCommandsAndExitCodes() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Usage: fullbleed COMMAND"))
        #expect(result.stdout.contains("probe"))
        #expect(result.stdout.contains("Exit codes: 0 success, 1 some inputs failed"))
    }

    /// The tests' binary is built by `swift test`, not the Makefile: it says its commit is unknown
    /// (StaticBinaryTests checks the commit `make build` stamps in).
    @Test func versionPrintsTheToolVersion() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("fullbleed 0."))
        if ProcessInfo.processInfo.environment["FULLBLEED_BIN"] == nil {
            #expect(result.stdout.hasSuffix(" (commit unknown: not built by make)\n"), "\(result.stdout)")
        }
    }

    @Test func noArgumentsIsAUsageError() throws {
        let result = try CLIRunner.run([])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("Usage:"))
    }

    @Test func unknownCommandAndOptionAreUsageErrors() throws {
        let command = try CLIRunner.run(["frobnicate"])
        #expect(command.exitCode == 2)
        #expect(command.stderr.contains("unknown command 'frobnicate'"))
        let option = try CLIRunner.run(["probe", "--nope", "x.jpg"])
        #expect(option.exitCode == 2)
        #expect(option.stderr.contains("unknown option '--nope'"))
        let value = try CLIRunner.run(["probe", "--max-pixels", "lots", "x.jpg"])
        #expect(value.exitCode == 2)
        #expect(value.stderr.contains("--max-pixels expects a whole number"))
    }

    @Test func commandHelpShowsOptions() throws {
        let result = try CLIRunner.run(["probe", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Usage: fullbleed probe"))
        #expect(result.stdout.contains("--json"))
        #expect(result.stdout.contains("--max-pixels N"))
    }
}
