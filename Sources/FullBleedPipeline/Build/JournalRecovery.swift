import Foundation

/// What a build finds of killed builds in its output folder, before it reads the previous manifest:
/// journals whose run is dead (`BuildJournal`).
///
/// - A journal with a commit line is rolled forward (outputs, manifest, stale removals), so the manifest
///   again lists exactly the files that exist.
/// - A journal without one, of the same manifest, tool and pipeline, offers its finished photos: `adopt`
///   takes over each one whose source and sidecar are unchanged and whose staged files hash to the record.
/// - Journals of other manifests (another shard's) are left to their own shard, unless this build holds the
///   folder exclusively: then uncommitted ones are dropped and committed ones rolled forward.
struct JournalRecovery {
    /// Where a finished photo of a killed run is: which of `journals`, and the byte range of its line (the
    /// line itself is read again when the photo is adopted, so recovery holds no records).
    struct Candidate {
        var journal: Int
        var line: Range<Int>
    }

    /// Source path -> a finished photo of a killed run (the last journaled wins).
    var candidates: [String: Candidate] = [:]
    /// The uncommitted journals of this manifest that offer the candidates, open for reading.
    var journals: [OutputDirectory.RangeReader] = []
    /// Journals this run consumed: removed once their photos are adopted.
    var consumed: [String] = []
    /// Run tokens whose temporary files must stay (a journal left for another shard).
    var protectedTokens: Set<String> = []

    static func token(ofJournal name: String) -> String? {
        guard name.hasPrefix(BuildJournal.prefix), name.hasSuffix(BuildJournal.suffix) else { return nil }
        let token = name.dropFirst(BuildJournal.prefix.count).dropLast(BuildJournal.suffix.count)
        return token.isEmpty ? nil : String(token)
    }

    /// Rolls forward or collects every dead journal in `out` (see the type).
    static func recover(_ out: OutputDirectory, manifestName: String, pipelineHash: String, exclusive: Bool,
                        onEvent: @Sendable (BuildEvent) -> Void) -> JournalRecovery {
        var recovery = JournalRecovery()
        let rootFD = open(out.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return recovery }
        defer { close(rootFD) }
        for name in out.rootNames().sorted() {
            guard let token = token(ofJournal: name), token != out.lease.token else { continue }
            if RunLease.isAlive(token, root: rootFD) {
                recovery.protectedTokens.insert(token)
                continue
            }
            // One pass: the header, the photos' line ranges, the commit line if any (the last one).
            guard let reader = try? out.openForReading(name) else { continue }
            var header: BuildJournal.Line?
            var commit: BuildJournal.Line?
            var photos: [String: Range<Int>] = [:]
            do {
                try BuildJournal.forEachLine(of: reader) { range, line in
                    if header == nil { header = line }
                    switch line.kind {
                    case .asset: if let path = line.record?.source.path { photos[path] = range }
                    case .commit: commit = line
                    case .header: break
                    }
                }
            } catch {
                onEvent(.note(OneLine.escaped("cannot read the journal of an interrupted build: \(error)")))
                recovery.protectedTokens.insert(token)
                continue
            }
            guard let header, header.kind == .header else {
                out.removeRootFile(name)
                continue
            }
            let ours = header.manifest == manifestName
            guard ours || exclusive else {
                recovery.protectedTokens.insert(token)
                continue
            }
            if let commit, let manifest = commit.stagedManifest {
                do {
                    let removed = try BuildJournal.rollForward(journal: reader, manifest: out.staged(manifest.path, temporaryName: manifest.staged),
                                                               stale: commit.remove ?? [], out: out, onEvent: onEvent)
                    out.removeRootFile(name)
                    onEvent(.note("\(manifest.path): finished the commit of an interrupted build (\(removed) stale outputs removed)"))
                } catch {
                    onEvent(.note(OneLine.escaped("cannot finish the commit of an interrupted build: \(error)")))
                    recovery.protectedTokens.insert(token)
                }
                continue
            }
            if ours, header.toolVersion == ToolVersion.current, header.pipelineHash == pipelineHash, !photos.isEmpty {
                recovery.journals.append(reader)
                for (path, line) in photos { recovery.candidates[path] = Candidate(journal: recovery.journals.count - 1, line: line) }
            }
            recovery.consumed.append(name)
        }
        return recovery
    }

    /// Takes over the finished photos of killed runs that are still valid for this build: the source is
    /// unchanged (size and time, or its hash), so is its sidecar, and every staged file hashes to the
    /// record. Each is journaled anew by this run and removed from `plan.toBuild`.
    /// - Returns: how many photos were adopted.
    func adopt(into plan: inout ReusePlan, inputs: BuildInputs, journal: BuildJournal, out: OutputDirectory) -> Int {
        guard !candidates.isEmpty else { return 0 }
        var adopted = 0
        var remaining: [SourceFile] = []
        let decoder = JSONDecoder()
        for source in plan.toBuild {
            guard let candidate = candidates[source.relativePath],
                  let bytes = try? journals[candidate.journal].read(candidate.line),
                  let line = try? decoder.decode(BuildJournal.Line.self, from: Data(bytes)),
                  let record = line.record, let entry = line.state,
                  case let files = (line.files ?? []).map({ out.staged($0.path, temporaryName: $0.staged) }),
                  let verified = Self.verify(source, record: record, entry: entry, files: files, journaled: line.files ?? [],
                                                inputs: inputs, out: out) else {
                remaining.append(source)
                continue
            }
            let moved = files.compactMap { out.adopt($0) }
            let digests = (line.files ?? []).map { $0.sha256 ?? "" }
            guard moved.count == files.count, (try? journal.recordAsset(record, entry: verified, files: Array(zip(moved, digests)))) != nil else {
                for file in moved { file.discard() }
                remaining.append(source)
                continue
            }
            adopted += 1
        }
        plan.toBuild = remaining
        return adopted
    }

    /// The state entry of `source` when the journaled photo is still what this build would make of it.
    /// - Parameter journaled: the journal's names of `files`, with the digest of each file as staged.
    static func verify(_ source: SourceFile, record: AssetRecord, entry: BuildState.Entry, files: [OutputDirectory.StagedFile],
                       journaled: [BuildJournal.StagedName], inputs: BuildInputs, out: OutputDirectory) -> BuildState.Entry? {
        guard inputs.namingConflicts[source.relativePath] == nil else { return nil }
        switch inputs.sidecars[source.relativePath] {
        case .failure: return nil
        case .success(let sidecar): guard sidecar.sha256 == record.sidecarSHA256 else { return nil }
        case nil: guard record.sidecarSHA256 == nil else { return nil }
        }
        guard let current = ReusePlan.unchanged(source, entry: entry, record: record) else { return nil }
        // Every file the record names was staged, each with its digest, and nothing else.
        let expected = Dictionary(journaled.compactMap { name in name.sha256.map { (name.path, $0) } }, uniquingKeysWith: { a, _ in a })
        guard expected.count == files.count, Set(files.map(\.relativePath)) == Set(expected.keys),
              Set(record.outputPaths) == Set(expected.keys) else { return nil }
        for file in files {
            guard let bytes = out.read(file), SHA256.hex(bytes) == expected[file.relativePath] else { return nil }
        }
        return current
    }

    /// Removes the journals whose photos were adopted (or that had nothing to adopt).
    func finish(_ out: OutputDirectory) {
        for name in consumed { out.removeRootFile(name) }
    }
}
