import Foundation

/// A file-system operation that failed: the one error type of the I/O seam (`FileSystem`,
/// `OutputDirectory`), carrying the path, the operation and the system's `errno` (or, for a refusal by
/// FullBleed itself, the reason), rendered as one line: `photo-jpg/x.jpg: write failed: No space left on device`.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Operation: String, Sendable, Equatable {
        /// Reading a file (sources, pipelines, sidecars, manifests).
        case read
        /// Listing or inspecting a folder or file.
        case list
        /// Writing, renaming or linking a file inside the output folder.
        case write
        /// Removing a file or folder inside the output folder.
        case remove
        /// Creating or opening the output folder itself (before anything is written).
        case openOutput = "open output folder"
        /// Taking the lock of the output folder (another build holds it).
        case lock = "lock output folder"
    }

    /// The path as the user gave it, or relative to the output folder.
    public var path: String
    public var operation: Operation
    /// The `errno` of the failed call; 0 when FullBleed refused the operation itself (`detail` says why).
    public var errno: Int32
    /// What FullBleed adds: why it refused, or which part of the path the call failed on.
    public var detail: String?

    public init(path: String, operation: Operation, errno: Int32, detail: String? = nil) {
        self.path = path
        self.operation = operation
        self.errno = errno
        self.detail = detail
    }

    /// A refusal by FullBleed (no system call failed), e.g. a symbolic link on the way.
    public init(path: String, operation: Operation, refused detail: String) {
        self.init(path: path, operation: operation, errno: 0, detail: detail)
    }

    /// The reason alone: `No space left on device`, `'evil' is a symbolic link; refusing to remove through it`.
    public var reason: String {
        let system = errno == 0 ? nil : (errno == ENOENT && operation == .read ? "no such file" : String(cString: strerror(errno)))
        switch (detail, system) {
        case let (detail?, system?): return "\(detail): \(system)"
        case let (detail?, nil): return detail
        case let (nil, system?): return system
        case (nil, nil): return "failed"
        }
    }

    public var description: String { "\(path): \(operation.rawValue) failed: \(reason)" }

    /// Whether writing into the output folder failed (a full disk, an I/O error, a refused path): exit code 3
    /// when it stops a whole command (a manifest, a catalog, a preview page).
    public var isOutputFailure: Bool { operation == .write || operation == .remove }

    /// Whether the output folder's storage stopped accepting writes (`ENOSPC`, `EDQUOT`, `EIO`, `EROFS`,
    /// `EFBIG`): no photo can be written after it, so a build stops and exits 3 (worth a retry once there
    /// is room) instead of failing the photo as a bad input.
    public var isStorageFailure: Bool {
        isOutputFailure && [ENOSPC, EDQUOT, EIO, EROFS, EFBIG].contains(errno)
    }

    /// Whether another build holds the output folder's lock (`--no-wait`): exit code 4, worth a retry.
    public var isBusy: Bool { operation == .lock }
}
