import FullBleedCodecs
import FuzzSupport

/// libFuzzer entry point: decodes inputs that sniff as HEIC or AVIF (libheif with libde265, dav1d or
/// libaom) with the fuzzers' pixel limit and checks the result (see `DecodeInvariants`); grids and
/// overlays go through the canvas check first. Seeds: `Tests/Fixtures/heif`.
/// Build: `swift build -c release --product FuzzHEIF --sanitize=fuzzer --sanitize=address`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = DecodeInvariants.bytes(data, size)
    DecodeInvariants.decode(bytes, only: .heic)
    DecodeInvariants.decode(bytes, only: .avif)
    return 0
}
