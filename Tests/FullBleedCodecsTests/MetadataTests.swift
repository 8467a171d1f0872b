import Testing
import FullBleedCodecs
import FullBleedImage

@Suite struct EXIFTests {
    /// A minimal TIFF block with IFD0 holding one Orientation entry.
    func tiff(orientation: UInt16, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
            return littleEndian ? b : b.reversed()
        }
        var bytes: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        bytes += u16(42) + u32(8)
        bytes += u16(1)                                        // one entry
        bytes += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        bytes += u32(0)                                        // no next IFD
        return bytes
    }

    @Test(arguments: [true, false])
    func orientationIsReadInBothByteOrders(littleEndian: Bool) {
        for value in 1...8 {
            let exif = EXIFMetadata.parse(tiff(orientation: UInt16(value), littleEndian: littleEndian))
            #expect(exif?.orientation == Orientation(rawValue: value))
        }
    }

    @Test func exifPrefixIsAccepted() {
        let exif = EXIFMetadata.parse(Array("Exif".utf8) + [0, 0] + tiff(orientation: 6, littleEndian: true))
        #expect(exif?.orientation == .right)
    }

    @Test func garbageAndTruncationNeverCrash() {
        #expect(EXIFMetadata.parse([]) == nil)
        #expect(EXIFMetadata.parse(Array("not tiff at all".utf8)) == nil)
        let full = tiff(orientation: 3, littleEndian: false)
        let entryEnd = 8 + 2 + 12   // header, entry count, the one entry
        for cut in 0..<full.count {
            let partial = EXIFMetadata.parse(Array(full.prefix(cut)))
            // Until the entry is complete nothing is read; after it, the missing next-IFD pointer does not matter.
            #expect(partial?.orientation == (cut >= entryEnd ? .down : nil), "cut at \(cut)")
        }
        // An invalid orientation value is ignored.
        #expect(EXIFMetadata.parse(tiff(orientation: 9, littleEndian: true))?.orientation == nil)
    }
}

@Suite struct ICCTests {
    /// A tiny synthetic RGB profile: header + tag table with rXYZ/gXYZ/bXYZ and a v2 'desc'.
    func profile(colorants: [Double], name: String) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        let tagCount = 4
        var data: [UInt8] = []
        var table: [UInt8] = be32(UInt32(tagCount))
        let dataStart = 128 + 4 + 12 * tagCount
        for (i, sig) in ["rXYZ", "gXYZ", "bXYZ"].enumerated() {
            let offset = dataStart + data.count
            var tag = Array("XYZ ".utf8) + [0, 0, 0, 0]
            for k in 0..<3 { tag += be32(UInt32(bitPattern: Int32((colorants[i * 3 + k] * 65536).rounded()))) }
            table += Array(sig.utf8) + be32(UInt32(offset)) + be32(UInt32(tag.count))
            data += tag
        }
        let descOffset = dataStart + data.count
        let desc = Array("desc".utf8) + [0, 0, 0, 0] + be32(UInt32(name.utf8.count + 1)) + Array(name.utf8) + [0]
        table += Array("desc".utf8) + be32(UInt32(descOffset)) + be32(UInt32(desc.count))
        data += desc
        return header + table + data
    }

    @Test func knownPrimariesAreRecognised() {
        let p3 = ICCInspector.colorSpace(forProfile: profile(colorants: [0.5151, 0.2412, -0.0011, 0.2919, 0.6922, 0.0419, 0.1572, 0.0666, 0.7841], name: "Whatever"))
        #expect(p3.family == .displayP3)
        #expect(p3.icc?.name == "Whatever")
        #expect(p3.icc?.dataColorSpace == "RGB")
        let srgb = ICCInspector.colorSpace(forProfile: profile(colorants: [0.4361, 0.2225, 0.0139, 0.3851, 0.7169, 0.0971, 0.1431, 0.0606, 0.7141], name: "sRGB"))
        #expect(srgb.family == .sRGB)
        let odd = ICCInspector.colorSpace(forProfile: profile(colorants: [0.6, 0.3, 0.0, 0.2, 0.7, 0.1, 0.1, 0.0, 0.8], name: "Wide"))
        #expect(odd.family == .other)
    }

    @Test func truncatedProfilesAreCarriedNotParsed() {
        let bytes = profile(colorants: [0.4361, 0.2225, 0.0139, 0.3851, 0.7169, 0.0971, 0.1431, 0.0606, 0.7141], name: "sRGB")
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            let space = ICCInspector.colorSpace(forProfile: Array(bytes.prefix(cut)))
            #expect(space.icc?.bytes.count == cut)
        }
    }
}
