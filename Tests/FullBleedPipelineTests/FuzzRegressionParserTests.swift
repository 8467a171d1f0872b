import Foundation
import Testing
import FullBleedPipeline
import FullBleedTestSupport

/// Replays the JSON inputs under `Tests/Fixtures/fuzz-regressions/` (FuzzPipelineJSON, FuzzSidecar): the
/// parsers must not crash and may only fail with a `ConfigError`.
@Suite struct FuzzRegressionParserTests {
    static let files = FuzzRegressions.files(of: ["FuzzPipelineJSON", "FuzzSidecar"])

    @Test func thereAreParserRegressions() {
        #expect(!Self.files.isEmpty)
    }

    @Test(arguments: files)
    func replays(_ path: String) throws {
        let data = Data(try FuzzRegressions.bytes(path))
        do {
            if path.hasPrefix("FuzzSidecar/") { _ = try Sidecar.parse(data) } else { _ = try PipelineLoader.parse(data) }
        } catch is ConfigError {
        } catch {
            Issue.record("\(path): expected a ConfigError, got \(type(of: error)): \(error)")
        }
    }
}
