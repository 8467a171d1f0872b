import FuzzSupport

/// libFuzzer entry point: probes any input (every format) and, for small images, decodes it too and checks
/// that probe and decode agree (see `DecodeInvariants.probe`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    DecodeInvariants.probe(DecodeInvariants.bytes(data, size))
    return 0
}
