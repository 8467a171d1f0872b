import Foundation
import Testing
@testable import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport

/// The AV1 sequence header check that keeps dav1d from allocating for a frame the pixel limit refuses
/// (libheif 1.15 sets no frame size limit of its own).
@Suite struct AV1SequenceHeaderTests {
    /// Bits, most significant first, into OBU payloads.
    struct BitWriter {
        var bytes: [UInt8] = []
        var count = 0
        mutating func write(_ value: Int, _ width: Int) {
            for shift in stride(from: width - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> shift) & 1) << (7 - UInt8(count % 8))
                count += 1
            }
        }
    }

    /// A temporal delimiter, then a sequence header OBU with `payload`.
    static func stream(_ payload: [UInt8]) -> [UInt8] {
        [0x12, 0x00, 0x0A, UInt8(payload.count)] + payload
    }

    @Test func reducedStillPictureHeader() throws {
        var bits = BitWriter()
        bits.write(0, 3); bits.write(1, 1); bits.write(1, 1); bits.write(0, 5)   // profile, still, reduced, level
        bits.write(11, 4); bits.write(10, 4)   // 12 and 11 bits for the sizes
        bits.write(4031, 12); bits.write(1999, 11)
        bits.write(0, 8)   // the rest of the header, unread
        #expect(try AV1SequenceHeader.maximumFrameSize(inOBUs: Self.stream(bits.bytes)) == PixelSize(width: 4032, height: 2000))
    }

    @Test func fullHeaderWithTimingDecoderModelAndOperatingPoints() throws {
        var bits = BitWriter()
        bits.write(0, 3); bits.write(0, 1); bits.write(0, 1)   // profile, still, not reduced
        bits.write(1, 1)                                        // timing_info_present_flag
        bits.write(1001, 32); bits.write(60_000, 32)            // display tick, time scale
        bits.write(1, 1); bits.write(0b00101, 5)                // equal_picture_interval, uvlc(4): 00 1 01
        bits.write(1, 1)                                        // decoder_model_info_present_flag
        bits.write(9, 5); bits.write(90_000, 32); bits.write(0, 10)   // buffer delay length 10
        bits.write(1, 1)                                        // initial_display_delay_present_flag
        bits.write(1, 5)                                        // two operating points
        for level in [8, 4] {
            bits.write(0x101, 12); bits.write(level, 5)
            if level > 7 { bits.write(1, 1) }                   // seq_tier
            bits.write(1, 1); bits.write(5, 10); bits.write(7, 10); bits.write(0, 1)   // decoder model for this op
            bits.write(1, 1); bits.write(3, 4)                  // initial display delay for this op
        }
        bits.write(15, 4); bits.write(15, 4)
        bits.write(639, 16); bits.write(479, 16)
        bits.write(0, 16)
        #expect(try AV1SequenceHeader.maximumFrameSize(inOBUs: Self.stream(bits.bytes)) == PixelSize(width: 640, height: 480))
    }

    @Test func cutHeadersAreTypedErrorsAndAFrameFirstIsNotChecked() throws {
        var bits = BitWriter()
        bits.write(0, 3); bits.write(1, 1); bits.write(1, 1); bits.write(0, 5); bits.write(15, 4)
        #expect(throws: AV1SequenceHeader.Malformed.self) { try AV1SequenceHeader.maximumFrameSize(inOBUs: Self.stream(bits.bytes)) }
        #expect(throws: AV1SequenceHeader.Malformed.self) { try AV1SequenceHeader.maximumFrameSize(inOBUs: [0x80]) }
        // OBU_FRAME (type 6) before any sequence header: nothing to check.
        #expect(try AV1SequenceHeader.maximumFrameSize(inOBUs: [0x32, 0x01, 0x00]) == nil)
        #expect(try AV1SequenceHeader.maximumFrameSize(inOBUs: []) == nil)
    }

    @Test func realFilesDeclareTheirOwnSize() throws {
        for name in ["alpha.avif", "p3_orient6.avif"] {
            let bytes = try HEIFTestFiles.fixture(name)
            let info = try Codecs.probe(bytes)
            let sizes = try AV1FrameCheck.maximumFrameSizes(in: bytes)
            #expect(!sizes.isEmpty, "\(name): no sequence header found")
            // libheif 1.15 writes an oriented image's ispe turned (as for its HEVC grids): either way round.
            #expect(sizes.allSatisfy { $0 == info.storedSize || $0 == info.storedSize.transposed }, "\(name): \(sizes) for \(info.storedSize)")
        }
        // What libheif's AV1 encoder writes (image and alpha items).
        let encoded = try Codecs.encode(SyntheticImages.photoLike(width: 96, height: 80), as: .avif(AVIFEncodeOptions()))
        let sizes = try AV1FrameCheck.maximumFrameSizes(in: encoded)
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 == PixelSize(width: 96, height: 80) }, "\(sizes)")
    }

    @Test(arguments: [CodecError.Stage.probe, .decode])
    func fuzzerFindIsRefusedBeforeDav1dAllocates(stage: CodecError.Stage) throws {
        // Found by FuzzHEIF as an out-of-memory: an alpha item whose sequence header allows 62497x10758
        // frames behind an ispe of 64x48; dav1d asked for 1 GB, then more.
        let bytes = try TestPaths.bytes(FuzzRegressions.folder.appendingPathComponent("FuzzHEIF/alpha_sequence_header_62497x10758.avif"))
        let error = try #require(throws: CodecError.self) {
            if stage == .probe { _ = try Codecs.probe(bytes) } else { _ = try Codecs.decode(bytes) }
        }
        #expect(error.reason == .corrupt("the AV1 sequence header allows 62497x10758 frames, over the limit of \(DecodeOptions.defaultMaxPixels) pixels"))
    }
}
