import Foundation

/// Writes the preview page of a manifest (`PreviewPage`) and the source thumbnails it shows the crops on.
///
/// Thumbnails go to `preview/<asset key>-source-<first 8 hex of the source SHA-256>.jpg` next to the page:
/// an existing one is reused (the name pins the source's bytes), a missing one is made from the source
/// when `sources` lists it and its bytes still hash to the manifest's SHA-256. Thumbnails of earlier
/// builds that the page no longer shows are removed. All or nothing: the new thumbnails and the page are
/// staged first (a full disk fails there, leaving the previous page and its thumbnails as they were), then
/// renamed into place, thumbnails before the page; only then are the thumbnails nobody shows removed.
public enum PreviewWriter {
    /// The folder, next to the page, holding the source thumbnails.
    public static let thumbnailFolder = "preview"

    public struct Result: Sendable {
        /// Absolute path of the page written.
        public var pagePath: String
        /// Assets shown on their source thumbnail (made now or reused).
        public var thumbnails: Int
        /// Source paths (as in the manifest) whose photo was not found or not usable: their crops are
        /// drawn on a plain box. One line each, with the reason.
        public var sourcesNotAvailable: [String]
    }

    /// Writes the page to `pagePath` (a file path; its folder is created). `outputFolder` is the folder
    /// the manifest's file paths are relative to. `sources` maps a manifest source path to the file to
    /// read it from (see `sourceFiles(in:)`).
    /// - Parameter madeThumbnails: asset key -> thumbnail JPEG already made (by `build --preview` from the
    ///   build's own decode); written when missing, so their sources are not read again.
    public static func write(manifest: Manifest, outputFolder: String, pagePath: String,
                             sources: [String: String], madeThumbnails: [String: [UInt8]] = [:]) throws -> Result {
        let pageURL = URL(fileURLWithPath: pagePath).standardizedFileURL
        let pageFolder = try OutputDirectory(path: pageURL.deletingLastPathComponent().path)
        defer { pageFolder.endRun() }
        return try write(manifest: manifest, outputFolder: outputFolder, pageFolder: pageFolder, pageName: pageURL.lastPathComponent,
                         sources: sources, madeThumbnails: madeThumbnails)
    }

    /// `write` into a folder already open (`build --preview`: the build's own output folder and run).
    static func write(manifest: Manifest, outputFolder: String, pageFolder: OutputDirectory, pageName: String,
                      sources: [String: String], madeThumbnails: [String: [UInt8]]) throws -> Result {
        let outputRoot = URL(fileURLWithPath: outputFolder).standardizedFileURL.path
        var thumbnails: [String: String] = [:]
        var notAvailable: [String] = []
        var staged: [OutputDirectory.StagedFile] = []
        do {
            try stageThumbnails(manifest, in: pageFolder, sources: sources, madeThumbnails: madeThumbnails,
                                thumbnails: &thumbnails, notAvailable: &notAvailable, staged: &staged)
            let options = PreviewPage.Options(outputFolderURL: relativeURL(from: pageFolder.root, to: outputRoot),
                                              sourceThumbnails: thumbnails, reports: reports(of: manifest, outputRoot: outputRoot))
            let html = PreviewPage.html(for: manifest, options: options)
            staged.append(try pageFolder.stage(Array(html.utf8), to: pageName))
            for file in staged { try file.commit() }
        } catch {
            for file in staged { file.discard() }
            throw error
        }
        try removeStaleThumbnails(in: pageFolder, keeping: Set(thumbnails.values), outputs: Set(manifest.allOutputPaths))
        return Result(pagePath: pageFolder.root + "/" + pageName, thumbnails: thumbnails.count,
                      sourcesNotAvailable: notAvailable)
    }

    /// The analysis reports the manifest lists that can be read back (asset key -> report); a missing or
    /// unreadable report leaves its asset with the manifest's numbers alone.
    public static func reports(of manifest: Manifest, outputRoot: String) -> [String: AssetReport] {
        var reports: [String: AssetReport] = [:]
        for asset in manifest.assets {
            guard let file = asset.report,
                  let bytes = try? FileSystem.readFile(outputRoot + "/" + file.path, limit: Manifest.maximumBytes).bytes,
                  let report = try? AssetReport.decode(bytes) else { continue }
            reports[asset.key] = report
        }
        return reports
    }

    /// Stages the thumbnails the page needs that are not there yet (`thumbnails`: asset key -> path).
    private static func stageThumbnails(_ manifest: Manifest, in pageFolder: OutputDirectory, sources: [String: String],
                                        madeThumbnails: [String: [UInt8]], thumbnails: inout [String: String],
                                        notAvailable: inout [String], staged: inout [OutputDirectory.StagedFile]) throws {
        for asset in manifest.assets {
            let name = thumbnailPath(for: asset)
            if pageFolder.exists(name) {
                thumbnails[asset.key] = name
                continue
            }
            if let made = madeThumbnails[asset.key] {
                staged.append(try pageFolder.stage(made, to: name))
                thumbnails[asset.key] = name
                continue
            }
            guard let file = sources[asset.source.path] else {
                notAvailable.append("\(asset.source.path): source not found")
                continue
            }
            do {
                let bytes = try ImageFile.readBytes(atPath: file)
                guard SHA256.hex(bytes) == asset.source.sha256 else {
                    notAvailable.append("\(asset.source.path): source changed since the build")
                    continue
                }
                staged.append(try pageFolder.stage(try SourceThumbnail.jpeg(fromSource: bytes), to: name))
                thumbnails[asset.key] = name
            } catch let error as SystemError where error.isOutputFailure {
                throw error
            } catch {
                notAvailable.append("\(asset.source.path): \(error)".replacingOccurrences(of: "\n", with: " "))
            }
        }
    }

    /// `sourceFiles(in:)` for inputs the user named (`fullbleed preview --sources`): each must exist.
    /// - Throws: `ConfigError` naming the first input that does not exist.
    public static func namedSourceFiles(_ inputs: [String]) throws -> [String: String] {
        for input in inputs where !FileSystem.exists(input) {
            throw ConfigError(file: input, location: "--sources", message: "no such file or folder")
        }
        return sourceFiles(in: inputs)
    }

    /// Manifest source path -> absolute file, for the photos found in `inputs` (files and folders, as
    /// `fullbleed build` takes them). Inputs that do not exist are ignored.
    public static func sourceFiles(in inputs: [String], followSymlinksOutside: Bool = false) -> [String: String] {
        guard !inputs.isEmpty else { return [:] }
        let found = InputDiscovery(followSymlinksOutside: followSymlinksOutside).discover(inputs).files
        return Dictionary(found.map { ($0.relativePath, $0.absolutePath) }, uniquingKeysWith: { first, _ in first })
    }

    /// `preview/<key>-source-<sha8>.jpg`.
    public static func thumbnailPath(for asset: AssetRecord) -> String {
        "\(thumbnailFolder)/\(asset.key)-source-\(asset.source.sha256.prefix(8)).jpg"
    }

    /// Removes `preview/...-source-XXXXXXXX.jpg` files that are neither kept nor an output of the build.
    static func removeStaleThumbnails(in folder: OutputDirectory, keeping: Set<String>, outputs: Set<String>) throws {
        var stale: [String] = []
        folder.walk(under: thumbnailFolder) { _, name, relative, info in
            guard (info.st_mode & S_IFMT) != S_IFDIR, isThumbnailName(name), !keeping.contains(relative), !outputs.contains(relative) else { return }
            stale.append(relative)
        }
        for path in stale.sorted() { try folder.remove(path) }
    }

    /// Whether a file name ends in `-source-` + 8 lowercase hex digits + `.jpg`.
    static func isThumbnailName(_ name: String) -> Bool {
        guard name.hasSuffix(".jpg") else { return false }
        let stem = name.dropLast(4)
        guard stem.count > 16 else { return false }
        let hash = stem.suffix(8)
        return stem.dropLast(8).hasSuffix("-source-") && hash.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// The relative URL ("", or ending in "/") leading from folder `from` to folder `to` (both absolute).
    static func relativeURL(from: String, to: String) -> String {
        let a = from.split(separator: "/"), b = to.split(separator: "/")
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let parts = Array(repeating: "..", count: a.count - common) + b[common...].map(String.init)
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }
}
