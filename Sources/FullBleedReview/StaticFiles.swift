import Foundation
import FullBleedPipeline

/// Read-only access to the output folder's files for the review page: a path from the URL is accepted only
/// when every segment is a plain name (no `..`, `.`, empty segment, backslash, NUL or leading dot), and the
/// file it names, resolved, is a regular file inside the folder. Everything else is "not found": no
/// directory listing, no climbing out, no hidden files (locks, journals, build state).
enum StaticFiles {
    /// The largest file served (bytes).
    static let maximumBytes = 256 << 20

    /// The relative path named by `urlPath` (already percent-decoded by the server), or nil when it is not
    /// a plain relative path.
    static func relativePath(_ urlPath: String) -> String? {
        guard !urlPath.isEmpty, !urlPath.hasPrefix("/"), !urlPath.contains("\\"), !urlPath.contains("\0"),
              !urlPath.contains("%") else { return nil }
        let segments = urlPath.split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            if segment.isEmpty || segment.hasPrefix(".") { return nil }
        }
        return urlPath
    }

    /// The bytes and MIME type of `relative` inside `root` (an absolute, resolved folder path).
    static func read(_ relative: String, in root: String) throws(ReviewError) -> (bytes: [UInt8], type: String) {
        let notFound = ReviewError(status: 404, message: "not found")
        let candidate = root + "/" + relative
        guard let resolved = realpath(candidate, nil) else { throw notFound }
        let path = String(cString: resolved)
        free(resolved)
        guard path.hasPrefix(root + "/"), let info = FileSystem.status(path), (info.st_mode & S_IFMT) == S_IFREG else { throw notFound }
        guard let file = try? FileSystem.readFile(path, limit: maximumBytes) else { throw notFound }
        return (file.bytes, mimeType(of: relative))
    }

    static let types: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp", "avif": "image/avif",
        "heic": "image/heic", "heif": "image/heif", "gif": "image/gif", "svg": "image/svg+xml",
        "json": "application/json", "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "swift": "text/plain; charset=utf-8",
    ]

    /// The MIME type by the file's extension; unknown kinds are `application/octet-stream`.
    static func mimeType(of path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        return types[ext] ?? "application/octet-stream"
    }
}
