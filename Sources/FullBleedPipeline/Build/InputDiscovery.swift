import Foundation

/// One source photo found on the command line.
public struct SourceFile: Sendable, Hashable, Comparable {
    /// Path as it can be opened (absolute).
    public var absolutePath: String
    /// Path relative to the input root it was found under (for files given directly: the file name).
    /// Used in the manifest and to name outputs; always `/`-separated.
    public var relativePath: String
    /// Size and modification time when it was discovered (the one `stat` of the source before it is read),
    /// nil when not known.
    public var stamp: FileStamp?

    public init(absolutePath: String, relativePath: String, stamp: FileStamp? = nil) {
        self.absolutePath = absolutePath
        self.relativePath = relativePath
        self.stamp = stamp
    }

    public static func < (a: SourceFile, b: SourceFile) -> Bool {
        (a.relativePath, a.absolutePath) < (b.relativePath, b.absolutePath)
    }
}

/// A path that was skipped or could not be listed, with the reason (reported, not fatal).
public struct DiscoveryNote: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Finds source photos in files and folders given on the command line.
///
/// - Folders are walked recursively in sorted order; hidden files and folders (leading `.`) are skipped;
///   only files with an image extension (`imageExtensionList`: jpg, jpeg, png, webp, heic, heif, avif; any case) are taken from folders, but
///   their format is still sniffed from content when decoded.
/// - Files named directly are always taken, whatever their extension.
/// - Symbolic links are not followed out of the input folder (by default): a link whose target lies
///   outside the folder is skipped with a note. Links inside are followed once (cycles are cut).
public struct InputDiscovery: Sendable {
    /// The extensions (lower case, any case matches) of the files taken from folders, in the order messages list them.
    public static let imageExtensionList = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif"]
    public static let imageExtensions = Set(imageExtensionList)

    public var followSymlinksOutside: Bool
    /// Folders never entered (canonical paths, symbolic links resolved): the output folder when it lies
    /// inside an input folder, so a build never takes its own outputs for photos. Skipped with a note.
    public var excludedFolders: Set<String> = []

    public init(followSymlinksOutside: Bool = false, excludedFolders: Set<String> = []) {
        self.followSymlinksOutside = followSymlinksOutside
        self.excludedFolders = excludedFolders
    }

    public struct Result: Sendable {
        public var files: [SourceFile]
        public var notes: [DiscoveryNote]
        /// Inputs that do not exist: a usage error for the caller.
        public var missing: [String]
    }

    public func discover(_ inputs: [String]) -> Result {
        var files: [SourceFile] = []
        var notes: [DiscoveryNote] = []
        var missing: [String] = []
        for input in inputs {
            let absolute = URL(fileURLWithPath: input).standardizedFileURL.path
            guard let info = FileSystem.status(absolute) else {
                missing.append(input)
                continue
            }
            if (info.st_mode & S_IFMT) != S_IFDIR {
                files.append(SourceFile(absolutePath: absolute, relativePath: (absolute as NSString).lastPathComponent, stamp: FileStamp(info)))
                continue
            }
            let root = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
            var visited: Set<String> = [root]
            walk(directory: root, relative: "", root: root, visited: &visited, files: &files, notes: &notes)
        }
        // Same relative path from two inputs: keep both, they are disambiguated by the absolute path order.
        files.sort()
        var seen: Set<String> = []
        files = files.filter { seen.insert($0.absolutePath).inserted }
        return Result(files: files, notes: notes, missing: missing)
    }

    private func walk(directory: String, relative: String, root: String, visited: inout Set<String>,
                      files: inout [SourceFile], notes: inout [DiscoveryNote]) {
        let names: [String]
        do { names = try FileSystem.names(inFolder: directory) } catch {
            notes.append(DiscoveryNote(path: directory, reason: "cannot list folder: \(error.reason)"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            guard var info = FileSystem.linkStatus(path) else {
                // Bytes that are not UTF-8 arrive as U+FFFD, so such a name cannot be opened.
                let reason = name.unicodeScalars.contains("\u{FFFD}") ? "the file name is not valid UTF-8; rename it"
                    : String(cString: strerror(errno))
                notes.append(DiscoveryNote(path: relativePath, reason: "skipped: " + reason))
                continue
            }
            var target = path
            if (info.st_mode & S_IFMT) == S_IFLNK {
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                let inside = resolved == root || resolved.hasPrefix(root + "/")
                if !inside && !followSymlinksOutside {
                    notes.append(DiscoveryNote(path: relativePath, reason: "skipped: symbolic link points outside the input folder"))
                    continue
                }
                guard let resolvedInfo = FileSystem.status(resolved) else {
                    notes.append(DiscoveryNote(path: relativePath, reason: "skipped: broken symbolic link"))
                    continue
                }
                info = resolvedInfo
                target = resolved
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let canonical = URL(fileURLWithPath: target).resolvingSymlinksInPath().path
                if excludedFolders.contains(canonical) {
                    notes.append(DiscoveryNote(path: relativePath, reason: "skipped: the output folder (--out) is not an input"))
                    continue
                }
                guard visited.insert(canonical).inserted else { continue }
                walk(directory: target, relative: relativePath, root: root, visited: &visited, files: &files, notes: &notes)
            } else if (info.st_mode & S_IFMT) == S_IFREG {
                let ext = (name as NSString).pathExtension.lowercased()
                if Self.imageExtensions.contains(ext) {
                    files.append(SourceFile(absolutePath: path, relativePath: relativePath, stamp: FileStamp(info)))
                }
            }
        }
    }
}
