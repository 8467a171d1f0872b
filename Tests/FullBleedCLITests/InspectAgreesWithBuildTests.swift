import Foundation
import Testing
import FullBleedTestSupport

/// `inspect` runs the build's own plan and stops before encoding: every number it reports is the build's.
@Suite struct InspectAgreesWithBuildTests {
    /// The record without what only a build has: file lists (and the folder they are in) and the steps that ran.
    static func numbers(_ record: Any) -> Any {
        switch record {
        case let object as [String: Any]:
            var copy: [String: Any] = [:]
            for (key, value) in object where key != "files" && key != "steps" && key != "folder" { copy[key] = numbers(value) }
            return copy
        case let array as [Any]: return array.map(numbers)
        default: return record
        }
    }

    @Test(arguments: ["lomiri_Bridge_by_Sander_Klootwijk.jpg", "sk_chelsea.png"])
    func inspectAndBuildAgreeOnEveryNumber(photo: String) throws {
        let tmp = try TemporaryDirectory("inspect-build")
        defer { tmp.remove() }
        try BuildFixtures.copySamples([photo], to: tmp.path + "/in")
        let build = try CLIRunner.run(["build", tmp.path + "/in", "--pipeline", BuildFixtures.defaultPipeline, "--out", tmp.path + "/out", "--quiet"])
        try #require(build.exitCode == 0, "\(build.stderr)")
        let manifest = try BuildFixtures.manifest(in: tmp.path + "/out")
        var built = try #require((manifest["assets"] as? [[String: Any]])?.first)
        // inspect prints each target with its definition inline; the manifest keeps it in its targets table.
        let table = try #require(manifest["targets"] as? [String: [String: Any]])
        built["targets"] = (built["targets"] as? [[String: Any]])?.map { target in
            target.merging(table[target["name"] as! String] ?? [:]) { own, _ in own }
        }
        let inspect = try CLIRunner.run(["inspect", photo, "--pipeline", BuildFixtures.defaultPipeline, "--json"],
                                        in: URL(fileURLWithPath: tmp.path + "/in"))
        try #require(inspect.exitCode == 0, "\(inspect.stderr)")
        let inspected = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as! [String: Any]
        #expect(NSDictionary(dictionary: Self.numbers(built) as! [String: Any]).isEqual(to: Self.numbers(inspected) as! [String: Any]))
        // Inspect encodes nothing; the build wrote files unless the photo is skipped.
        func files(_ asset: [String: Any]) -> [Any] {
            ((asset["targets"] as? [[String: Any]]) ?? []).flatMap { $0["derivatives"] as! [[String: Any]] }.flatMap { $0["files"] as! [Any] }
        }
        #expect(files(inspected).isEmpty)
        #expect(files(built).isEmpty == (photo == "sk_chelsea.png"))   // 451x300 is too small for every ios-hero tier
        #expect((built["skipped"] != nil) == (photo == "sk_chelsea.png") && (inspected["skipped"] != nil) == (built["skipped"] != nil))
    }
}
