import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
@testable import FullBleedPipeline
import FullBleedTestSupport

/// A `-scrim` tier is verified on its files as they decode (the codec's loss included), and the files written
/// are those very files: the encoder takes the verification's bytes instead of encoding the picture again.
@Suite struct ScrimFilesTests {
    static let pngAndJPEG = try! PipelineLoader.parse(Data("""
        { "name": "scrim-files", "description": "iPhone @1x, lossless and lossy.",
          "targets": [ { "device": "iphone-17-pro-max", "scales": [1] } ],
          "outputs": [ { "format": "png" }, { "format": "jpeg", "quality": 82 } ] }
        """.utf8))

    static func picture() -> Image {
        var samples: [UInt8] = []
        for y in 0..<16 { for x in 0..<24 { samples += [UInt8(x * 10), UInt8(y * 15), 128] } }
        return Image(width: 24, height: 16, layout: .rgb, samples: samples)
    }

    /// Files handed to the encoder are written as they are (the sentinel bytes below are no image at all);
    /// an output without one, or a list that does not match the outputs, is encoded from the picture.
    @Test func theEncoderWritesTheFilesItIsGiven() throws {
        let picture = Self.picture()
        let sentinel: [UInt8] = Array("already encoded".utf8)
        let encoder = OutputEncoder(spec: Self.pngAndJPEG, assetKey: "a", path: "a.png", enabled: true, parallel: false)
        encoder.enqueue(picture, variant: "given", encoded: [sentinel, nil])
        encoder.enqueue(picture, variant: "mismatched", encoded: [sentinel])
        encoder.enqueue(picture, variant: "plain")
        let files = try encoder.encodeQueued().files
        let png = try Codecs.encode(picture, as: Self.pngAndJPEG.outputs[0].options)
        let jpeg = try Codecs.encode(picture, as: Self.pngAndJPEG.outputs[1].options)
        #expect(files.map(\.bytes) == [sentinel, jpeg, png, jpeg, png, jpeg])
        #expect(files[0].sha256 == SHA256.hex(sentinel), "the record hashes the bytes written")
    }

    /// On a photo whose top needs a gradient: every `-scrim` JPEG written is the JPEG encoding of the baked
    /// picture (read back from the lossless PNG written beside it), i.e. the file the verification measured,
    /// and the plain tier is untouched by it.
    @Test func theScrimFilesWrittenAreTheEncodingsOfTheBakedPicture() throws {
        let name = "sk_retina.jpg"
        let url = TestPaths.samples.appendingPathComponent(name)
        let bytes = try TestPaths.bytes(url)
        let plan = try AssetPlan(source: SourceFile(absolutePath: url.path, relativePath: name), bytes: bytes, sidecar: nil,
                                 spec: Self.pngAndJPEG)
        let output = try AssetBuilder.build(plan, bytes: bytes)
        let filesByPath = Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.bytes) })
        let scrims = output.record.targets.flatMap(\.derivatives).filter { $0.kind == .scrim }
        try #require(!scrims.isEmpty, "the photo's iPhone hero gets a baked gradient")
        for scrim in scrims {
            let png = try #require(scrim.files.first { $0.mimeType == "image/png" }.flatMap { filesByPath[$0.path] })
            let jpeg = try #require(scrim.files.first { $0.mimeType == "image/jpeg" }.flatMap { filesByPath[$0.path] })
            let baked = try Codecs.decode(png).image
            #expect(try Codecs.encode(baked, as: Self.pngAndJPEG.outputs[1].options) == jpeg)
        }
    }
}
