import FullBleedCodecs
import FuzzSupport

/// libFuzzer entry point: decodes inputs that sniff as PNG with the fuzzers' pixel limit and checks the
/// result (see `DecodeInvariants`). Build: `swift build -c release --product FuzzPNG --sanitize=fuzzer --sanitize=address`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    DecodeInvariants.decode(DecodeInvariants.bytes(data, size), only: .png)
    return 0
}
