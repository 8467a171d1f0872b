/// A bounds-checked big-endian reader over ISO base media file format (ISO/IEC 14496-12) boxes, enough
/// to take a single-image HEIF apart in the tests (`HEIFTile`). Every read past the end throws.
public struct ISOBMFFReader {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// One box: its type, and the byte ranges of the whole box and of its payload (after the header).
    public struct Box {
        public var type: String
        public var range: Range<Int>
        public var payload: Range<Int>
    }

    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Big-endian unsigned integer of `byteCount` (0...8) bytes at `offset`.
    public func uint(at offset: Int, byteCount: Int) throws -> Int {
        guard offset >= 0, byteCount >= 0, byteCount <= 8, offset + byteCount <= bytes.count else {
            throw Failure("read of \(byteCount) bytes at \(offset) is past the end (\(bytes.count) bytes)")
        }
        var value = 0
        for i in 0..<byteCount { value = value << 8 | Int(bytes[offset + i]) }
        return value
    }

    public func fourCC(at offset: Int) throws -> String {
        guard offset >= 0, offset + 4 <= bytes.count else { throw Failure("four-character code at \(offset) is past the end") }
        return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    /// The boxes laid end to end in `range` (a file, or a container box's children).
    public func boxes(in range: Range<Int>) throws -> [Box] {
        var result: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = try uint(at: offset, byteCount: 4)
            let type = try fourCC(at: offset + 4)
            var header = 8
            if size == 1 {
                size = try uint(at: offset + 8, byteCount: 8)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else {
                throw Failure("box '\(type)' at \(offset) declares \(size) bytes, past its container")
            }
            result.append(Box(type: type, range: offset..<(offset + size), payload: (offset + header)..<(offset + size)))
            offset += size
        }
        return result
    }

    /// The first box of `type` in `range`.
    public func box(_ type: String, in range: Range<Int>) throws -> Box {
        guard let found = try boxes(in: range).first(where: { $0.type == type }) else { throw Failure("no '\(type)' box") }
        return found
    }

    /// Version and flags of the full box whose payload is `payload`, and the range after them.
    public func fullBoxHeader(_ payload: Range<Int>) throws -> (version: Int, flags: Int, rest: Range<Int>) {
        let version = try uint(at: payload.lowerBound, byteCount: 1)
        let flags = try uint(at: payload.lowerBound + 1, byteCount: 3)
        return (version, flags, (payload.lowerBound + 4)..<payload.upperBound)
    }
}
