import Foundation
import Testing
@testable import FullBleedPipeline
import FullBleedTestSupport

/// The built-in pipelines are the shipped `Pipelines/*.json` files, byte for byte.
@Suite struct BuiltInPipelinesTests {
    @Test(arguments: ["ios-hero", "web-hero"])
    func builtInCopyMatchesTheShippedFile(name: String) throws {
        let file = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Pipelines/\(name).json"))
        let builtIn = try #require(BuiltInPipelines.json[name])
        #expect(Data(builtIn.utf8) == file, "Sources/FullBleedPipeline/BuiltInPipelines.swift differs from Pipelines/\(name).json")
        #expect(try PipelineLoader.parse(Data(builtIn.utf8)).name == name)
    }

    @Test func onlyBareNamesFallBackToTheBuiltInCopy() {
        #expect(PipelineLoader.builtIn(named: "ios-hero", resolvedTo: "/nonexistent/Pipelines/ios-hero.json") != nil)
        #expect(PipelineLoader.builtIn(named: "Pipelines/ios-hero.json", resolvedTo: "Pipelines/ios-hero.json") == nil)
        #expect(PipelineLoader.builtIn(named: "no-such-pipeline", resolvedTo: "Pipelines/no-such-pipeline.json") == nil)
    }
}
