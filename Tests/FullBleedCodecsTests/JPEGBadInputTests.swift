import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// Damaged and hostile JPEG input: every case throws a specific `CodecError`, never crashes, never
/// returns grey-filled pixels.
@Suite struct JPEGBadInputTests {
    /// The reason of the `CodecError` that `body` throws (nil when it succeeds or throws something else).
    func reason(_ body: () throws -> Any) -> CodecError.Reason? {
        do {
            _ = try body()
            return nil
        } catch let error as CodecError {
            return error.reason
        } catch {
            return nil
        }
    }

    func isCorrupt(_ reason: CodecError.Reason?, containing text: String = "") -> Bool {
        guard case .corrupt(let message)? = reason else { return false }
        return text.isEmpty || message.contains(text)
    }

    // MARK: corpus/bad

    @Test(.requiresJPEGCorpus)
    func emptyFileIsEmpty() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/empty.jpg"))
        #expect(reason { try Codecs.decode(bytes) } == .empty)
        #expect(reason { try Codecs.probe(bytes) } == .empty)
    }

    @Test(.requiresJPEGCorpus)
    func textFileNamedJPGIsUnrecognised() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/text_named.jpg"))
        guard case .unrecognizedFormat? = reason({ try Codecs.decode(bytes) }) else {
            Issue.record("expected unrecognizedFormat")
            return
        }
    }

    @Test(.requiresJPEGCorpus)
    func truncatedHalfFailsWithPrematureEnd() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/truncated_half.jpg"))
        do {
            _ = try Codecs.decode(bytes)
            Issue.record("truncated file decoded")
        } catch let error as CodecError {
            #expect(error.reason == .corrupt("Premature end of JPEG file"))
            #expect(error.at(path: "bad/truncated_half.jpg").description
                    == "bad/truncated_half.jpg: decode failed (jpeg): Premature end of JPEG file")
        }
        // The header is intact: a probe still reads it.
        #expect(try Codecs.probe(bytes).size == PixelSize(width: 2560, height: 1600))
    }

    @Test(.requiresJPEGCorpus)
    func garbageInTheMiddleIsCorrupt() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/garbage_middle.jpg"))
        let failure = reason { try Codecs.decode(bytes) }
        #expect(isCorrupt(failure, containing: "Corrupt JPEG data"), "got \(String(describing: failure))")
    }

    @Test(.requiresJPEGCorpus)
    func hugeSOFIsRefusedBeforeAllocation() throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("bad/sof_65500x65500.jpg"))
        let expected = CodecError.Reason.pixelLimitExceeded(width: 65500, height: 65500, limit: DecodeOptions.defaultMaxPixels)
        #expect(reason { try Codecs.decode(bytes) } == expected)
        #expect(reason { try Codecs.probe(bytes) } == expected)
        // With a limit that allows it, the probe reports the claimed size.
        #expect(try Codecs.probe(bytes, options: DecodeOptions(maxPixels: .max)).size == PixelSize(width: 65500, height: 65500))
    }

    // MARK: in-memory variants of a synthetic JPEG

    @Test func intactSyntheticJPEGDecodes() throws {
        let bytes = try JPEGTestFixtures.syntheticJPEG()
        #expect(try Codecs.decode(bytes).image.size == PixelSize(width: 64, height: 48))
    }

    @Test(arguments: [4, 20, 100])
    func truncatedInsideTheHeaderFailsDecodeAndProbe(keep: Int) throws {
        let bytes = Array(try JPEGTestFixtures.syntheticJPEG().prefix(keep))
        #expect(keep < JPEGTestFixtures.entropyStart(try JPEGTestFixtures.syntheticJPEG()))
        #expect(isCorrupt(reason { try Codecs.decode(bytes) }))
        #expect(isCorrupt(reason { try Codecs.probe(bytes) }))
    }

    @Test(arguments: [0.1, 0.5, 0.9], [false, true])
    func truncatedEntropyDataFailsDecodeButProbes(fraction: Double, progressive: Bool) throws {
        let full = try JPEGTestFixtures.syntheticJPEG(progressive: progressive)
        let start = JPEGTestFixtures.entropyStart(full)
        let bytes = Array(full.prefix(start + Int(Double(full.count - start) * fraction)))
        #expect(isCorrupt(reason { try Codecs.decode(bytes) }, containing: "Premature end of JPEG file"))
        #expect(try Codecs.probe(bytes).size == PixelSize(width: 64, height: 48))
    }

    @Test func missingEOIFails() throws {
        let bytes = Array(try JPEGTestFixtures.syntheticJPEG().dropLast(2))
        #expect(isCorrupt(reason { try Codecs.decode(bytes) }, containing: "Premature end of JPEG file"))
    }

    @Test(arguments: [UInt32(1), 2, 3, 4])
    func garbageOverEntropyDataIsCorrupt(seed: UInt32) throws {
        var bytes = try JPEGTestFixtures.syntheticJPEG(width: 128, height: 96)
        let start = JPEGTestFixtures.entropyStart(bytes)
        let middle = start + (bytes.count - start) / 3
        bytes.replaceSubrange(middle..<(middle + 256), with: JPEGTestFixtures.garbage(count: 256, seed: seed))
        let failure = reason { try Codecs.decode(bytes) }
        #expect(isCorrupt(failure, containing: "Corrupt JPEG data"), "got \(String(describing: failure))")
        #expect(try Codecs.probe(bytes).size == PixelSize(width: 128, height: 96))
    }

    @Test func damagedQuantisationTableReferenceIsCorrupt() throws {
        // Point component 0 of SOF at quantisation table 3, which the file never defines.
        var bytes = try JPEGTestFixtures.syntheticJPEG()
        let sof = JPEGTestFixtures.sofOffset(bytes)
        bytes[sof + 10 + 2] = 3
        #expect(isCorrupt(reason { try Codecs.decode(bytes) }))
    }

    @Test func zeroHeightIsRejected() throws {
        let bytes = JPEGTestFixtures.withSOFSize(try JPEGTestFixtures.syntheticJPEG(), width: 64, height: 0)
        let failure = reason { try Codecs.decode(bytes) }
        #expect(failure != nil)
        #expect(reason { try Codecs.probe(bytes) } != nil)
    }

    @Test func claimedSizeOverTheLimitIsRefusedForDecodeAndProbe() throws {
        let bytes = JPEGTestFixtures.withSOFSize(try JPEGTestFixtures.syntheticJPEG(), width: 60000, height: 50000)
        let expected = CodecError.Reason.pixelLimitExceeded(width: 60000, height: 50000, limit: DecodeOptions.defaultMaxPixels)
        #expect(reason { try Codecs.decode(bytes) } == expected)
        #expect(reason { try Codecs.probe(bytes) } == expected)
        // A small custom limit applies too.
        let small = try JPEGTestFixtures.syntheticJPEG()
        #expect(reason { try Codecs.decode(small, options: DecodeOptions(maxPixels: 1000)) }
                == .pixelLimitExceeded(width: 64, height: 48, limit: 1000))
    }

    @Test func bytesAfterTheHeaderClaimingMoreRowsFail() throws {
        // The SOF claims twice the rows the entropy data holds: the decoder runs out of data.
        let bytes = JPEGTestFixtures.withSOFSize(try JPEGTestFixtures.syntheticJPEG(), width: 64, height: 96)
        #expect(isCorrupt(reason { try Codecs.decode(bytes) }))
    }

    @Test func onlySOIAndGarbageIsCorrupt() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF] + JPEGTestFixtures.garbage(count: 64, seed: 9)
        #expect(isCorrupt(reason { try Codecs.decode(bytes) }))
        #expect(isCorrupt(reason { try Codecs.probe(bytes) }))
    }
}
