import Foundation
import FullBleedPipeline
import FuzzSupport

/// libFuzzer entry point: `PipelineLoader.parse` on any bytes; `ConfigError`s are expected, any other error traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ignoringOnly(ConfigError.self, in: "PipelineLoader.parse") { _ = try PipelineLoader.parse(Data(bytes: data, count: size)) }
    return 0
}
