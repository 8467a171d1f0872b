import Foundation
import FullBleedCodecs
import FullBleedImage

/// One output file of an asset as made: where it goes, its bytes and their SHA-256 (hex), which the build
/// journal keeps so that a killed run's staged file is adopted only while it still hashes to it.
public struct EncodedFile: Sendable {
    /// Relative to the output folder.
    public var path: String
    public var bytes: [UInt8]
    public var sha256: String
}

/// `.encode`: an asset's pictures into every output format of the pipeline. Pictures are queued as they
/// are made, then encoded together, on every core when allowed (encoding is most of a build's time:
/// WebP alone is about two thirds of the codec floor). Files come back in queue order, so the output
/// is byte-identical whatever the parallelism.
final class OutputEncoder {
    struct Encoded {
        /// The files in queue order (variant by variant, formats in pipeline order).
        var files: [EncodedFile]
        /// Variant name -> the records of its files.
        var records: [String: [FileRecord]]
    }

    private let spec: PipelineSpec
    private let assetKey: String
    private let path: String
    private let enabled: Bool
    private let parallel: Bool
    private var queue: [(variant: String, picture: Image, gainMap: GainMap?, outputs: [OutputSpec], encoded: [[UInt8]?])] = []

    /// - Parameters:
    ///   - path: the source's relative path, for error messages.
    ///   - enabled: false makes `enqueue` a no-op (planning and analysis without files).
    ///   - parallel: encode the queued pictures concurrently.
    init(spec: PipelineSpec, assetKey: String, path: String, enabled: Bool, parallel: Bool) {
        self.spec = spec
        self.assetKey = assetKey
        self.path = path
        self.enabled = enabled
        self.parallel = parallel
    }

    /// Queues `picture` for every format of `outputs` (nil: the pipeline's `outputs`). With a `gainMap`, JPEG
    /// outputs are Ultra HDR JPEGs with ISO 21496-1 metadata (`Codecs.encodeUltraHDR`); other formats get the
    /// SDR picture alone. `encoded`, parallel to the outputs, holds files already made from `picture` with
    /// each output's options (the scrim verification's); they are written as they are instead of encoding
    /// `picture` again, except where a gain map makes the file an Ultra HDR JPEG.
    func enqueue(_ picture: Image, variant: String, gainMap: GainMap? = nil, outputs: [OutputSpec]? = nil,
                 encoded: [[UInt8]?]? = nil) {
        guard enabled else { return }
        let outputs = outputs ?? spec.outputs
        let known = encoded.flatMap { $0.count == outputs.count ? $0 : nil } ?? Array(repeating: nil, count: outputs.count)
        queue.append((variant, picture, gainMap, outputs, known))
    }

    /// Encodes and empties the queue. The first error (in queue order) is thrown, naming the source.
    func encodeQueued() throws -> Encoded {
        let jobs = queue.flatMap { entry in
            zip(entry.outputs, entry.encoded).map { output, encoded in
                (variant: entry.variant, picture: entry.picture, output: output,
                 gainMap: output.format == .jpeg ? entry.gainMap : nil, encoded: encoded)
            }
        }
        queue.removeAll()
        let results = ParallelRunner.map(jobs, jobs: parallel ? ParallelRunner.defaultJobs : 1) { _, job in
            Result {
                if let gainMap = job.gainMap, case .jpeg(let options) = job.output.options {
                    return try Codecs.encodeUltraHDR(job.picture, gainMap: gainMap, options: options)
                }
                if let encoded = job.encoded { return encoded }
                return try Codecs.encode(job.picture, as: job.output.options)
            }
        }

        var encoded = Encoded(files: [], records: [:])
        for index in jobs.indices {
            let variant = jobs[index].variant, format = jobs[index].output.format
            let bytes: [UInt8]
            do { bytes = try results[index].get() } catch let error as CodecError { throw error.at(path: path) }
            let sha256 = SHA256.hex(bytes)
            let relative = spec.outputPath(asset: assetKey, variant: variant, fileExtension: format.fileExtension, sha256: sha256)
            encoded.files.append(EncodedFile(path: relative, bytes: bytes, sha256: sha256))
            let mapRecord = jobs[index].gainMap.map { FileGainMapRecord(width: $0.size.width, height: $0.size.height) }
            let record = FileRecord(path: relative, mimeType: format.mimeType, bytes: bytes.count, gainMap: mapRecord)
            encoded.records[variant, default: []].append(record)
        }
        return encoded
    }
}
