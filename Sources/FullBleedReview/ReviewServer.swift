import CFullBleedHTTP
import Foundation
import FullBleedCore
import FullBleedPipeline

/// The review server: libmicrohttpd on 127.0.0.1, a thread per connection. Every request is checked in
/// this order, before anything is read or written:
/// 1. `Host` must be `127.0.0.1:PORT` or `localhost:PORT` (a DNS-rebinding page sends its own name): 403;
/// 2. a present `Origin` must be `http://127.0.0.1:PORT` or `http://localhost:PORT` (another web page): 403;
/// 3. the token (`?token=` or the `X-FullBleed-Token` header) must match, in constant time: 403.
/// Then: `GET /` the page, `GET /api/assets` its data, `GET /api/state` the build generation, `POST
/// /api/save` an edit (JSON, at most `maximumBodyBytes`: 413 beyond, 400 when malformed), `GET /files/...`
/// the output folder's files read-only (`StaticFiles`). Photos are named by asset key, never by path.
public final class ReviewServer: @unchecked Sendable {
    /// The largest request body accepted (bytes); a save is a few hundred.
    public static let maximumBodyBytes = 64 * 1024

    public let session: ReviewSession
    public let token: ReviewToken
    private var handle: OpaquePointer?
    public private(set) var port: UInt16 = 0

    public init(session: ReviewSession, token: ReviewToken) {
        self.session = session
        self.token = token
    }

    /// Starts listening on 127.0.0.1:`port` (0: a free port).
    public func start(port: UInt16) throws(ReviewError) {
        var error: Int32 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let server = fbh_start(port, Self.maximumBodyBytes, { context, request, response in
            guard let context, let request, let response else { return }
            Unmanaged<ReviewServer>.fromOpaque(context).takeUnretainedValue().answer(request.pointee, into: response)
        }, context, &error) else {
            throw ReviewError(status: 500, message: "cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(error)))")
        }
        handle = server
        self.port = fbh_port(server)
    }

    /// The page's address, with the token.
    public var url: String { "http://127.0.0.1:\(port)/?token=\(token.hex)" }

    /// Stops accepting and waits for the requests in flight.
    public func stop() {
        if let handle { fbh_stop(handle) }
        handle = nil
    }

    // MARK: - Requests

    struct Request {
        var method: String
        var path: String
        var host: String?
        var origin: String?
        var token: String?
        var body: [UInt8]
        var bodyTooLarge: Bool
    }

    struct Response {
        var status: Int
        var type: String
        var body: [UInt8]
        var extraHeader: (String, String)?

        static func json(_ object: Any, status: Int = 200) -> Response {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            return Response(status: status, type: "application/json", body: Array(data))
        }

        static func error(_ error: ReviewError) -> Response {
            json(["error": error.message], status: error.status)
        }
    }

    private func answer(_ raw: fbh_request, into response: UnsafeMutablePointer<fbh_response>) {
        func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        let request = Request(method: string(raw.method) ?? "", path: string(raw.path) ?? "", host: string(raw.host), origin: string(raw.origin),
                              token: string(raw.token_header) ?? string(raw.token_query),
                              body: raw.body.map { Array(UnsafeBufferPointer(start: $0, count: raw.body_size)) } ?? [],
                              bodyTooLarge: raw.body_too_large != 0)
        let result = handle(request)
        response.pointee.status = UInt32(result.status)
        response.pointee.body_size = result.body.count
        if !result.body.isEmpty, let memory = malloc(result.body.count) {
            result.body.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            response.pointee.body = memory.assumingMemoryBound(to: UInt8.self)
        } else {
            response.pointee.body_size = 0
        }
        fbh_response_set_headers(response, result.type, result.extraHeader?.0, result.extraHeader?.1)
    }

    /// Allowed `Host` / `Origin` values for this port.
    var allowedHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    func handle(_ request: Request) -> Response {
        guard let host = request.host, allowedHosts.contains(host.lowercased()) else {
            return .error(ReviewError(status: 403, message: "refused: Host must be 127.0.0.1:\(port) or localhost:\(port)"))
        }
        if let origin = request.origin, !allowedHosts.map({ "http://" + $0 }).contains(origin.lowercased()) {
            return .error(ReviewError(status: 403, message: "refused: requests from another origin are not accepted"))
        }
        guard token.matches(request.token) else {
            return .error(ReviewError(status: 403, message: "refused: missing or wrong token (open the address fullbleed review printed)"))
        }
        if request.bodyTooLarge {
            return .error(ReviewError(status: 413, message: "request body larger than \(Self.maximumBodyBytes) bytes; nothing written"))
        }
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            return Response(status: 200, type: "text/html; charset=utf-8", body: Array(ReviewPage.html.utf8),
                            extraHeader: ("Content-Security-Policy", ReviewPage.contentSecurityPolicy))
        case ("GET", "/api/assets"):
            return .json(ReviewData.assets(session.snapshot, outputRoot: session.outputRoot))
        case ("GET", "/api/state"):
            let snapshot = session.snapshot
            return .json(["generation": snapshot.generation, "error": snapshot.error as Any])
        case ("POST", "/api/save"):
            do { return .json(try save(request.body)) } catch { return .error(error) }
        case ("GET", _) where request.path.hasPrefix("/files/"):
            guard let relative = StaticFiles.relativePath(String(request.path.dropFirst("/files/".count))) else {
                return .error(ReviewError(status: 404, message: "not found"))
            }
            do {
                let file = try StaticFiles.read(relative, in: session.outputRoot)
                // Pages of the output folder run sandboxed: they cannot call this server's API as this origin.
                return Response(status: 200, type: file.type, body: file.bytes, extraHeader: ("Content-Security-Policy", "sandbox"))
            } catch {
                return .error(error)
            }
        default:
            return .error(ReviewError(status: request.path.hasPrefix("/api/") ? 405 : 404, message: "not found"))
        }
    }

    /// `POST /api/save`: `{"key": K, "subject": {x, y, width, height}}`, `{"key": K, "focus": [x, y]}`,
    /// `{"key": K, "detect": true}` or `{"key": K, "reviewed": true}` (fractions 0...1 of the displayed
    /// photo), each optionally with `"glyphs": "white" | "black" | "recommended"` (the toolbar glyph tone;
    /// `recommended` drops the choice), which may also come alone. Writes the sidecar once, rebuilds,
    /// answers with the asset's new data.
    func save(_ body: [UInt8]) throws(ReviewError) -> [String: Any] {
        var edits: [SidecarEdit] = [], reviewed = false
        let key: String
        do {
            var reader = try JSONObjectReader(try JSONValue.parse(Data(body)), at: "$")
            key = try reader.requiredString("key")
            if let subject = reader.value("subject") {
                let box = try PipelineLoader.parseTextBox(Self.named(subject), at: "$.subject")
                edits.append(.subject(x: Self.rounded(box.x), y: Self.rounded(box.y), width: Self.rounded(box.width), height: Self.rounded(box.height)))
            } else if let focus = try PipelineLoader.parsePoint(reader.value("focus"), at: "$.focus") {
                edits.append(.focus(x: Self.rounded(focus.0), y: Self.rounded(focus.1)))
            } else if try reader.bool("detect") == true {
                edits.append(.detect)
            } else if try reader.bool("reviewed") == true {
                reviewed = true
            }
            if let glyphs = try reader.choice("glyphs", of: ["white", "black", "recommended"]) {
                edits.append(.glyphs(GlyphTone(rawValue: glyphs)))
            }
            if edits.isEmpty && !reviewed {
                throw ConfigError(location: "$", message: "expected one of \"subject\", \"focus\", \"detect\": true, \"reviewed\": true or \"glyphs\"")
            }
            try reader.rejectUnknownKeys()
        } catch let error as ConfigError {
            throw ReviewError(status: 400, message: "bad request: \(error.location) \(error.message); nothing written")
        } catch {
            throw ReviewError(status: 400, message: "bad request: \(error); nothing written")
        }
        return try session.withWork { () throws(ReviewError) -> [String: Any] in
            let snapshot = session.snapshot
            // A photo whose last build failed (a sidecar edited by hand into one the build cannot read) is
            // still one of the inputs: its save is judged on its sidecar, not refused as unknown.
            let built = snapshot.manifest?.assets.first(where: { $0.key == key })?.source.path
            let failed = snapshot.manifest?.failures.first(where: { AssetNaming.assetKey(forRelativePath: $0.source) == key })?.source
            guard let sourcePath = built ?? failed else {
                throw ReviewError(status: 404, message: "no photo with key \(key) in the last build; nothing written")
            }
            guard let photo = PreviewWriter.sourceFiles(in: session.options.inputs)[sourcePath], FileSystem.exists(photo) else {
                session.buildLocked(reason: "a photo was removed")
                throw ReviewError(status: 410, message: "\(sourcePath) is no longer on disk (deleted or moved); nothing written")
            }
            if reviewed {
                let bytes: [UInt8]
                do { bytes = try ImageFile.readBytes(atPath: photo) } catch {
                    throw ReviewError(status: 410, message: "\(sourcePath): cannot read the photo (\(error)); nothing written")
                }
                edits.insert(.reviewed(sha256: SHA256.hex(bytes)), at: 0)
            }
            try SidecarEditor.apply(edits, photoPath: photo)
            let after = session.buildLocked(reason: "saved \(sourcePath)")
            var answer: [String: Any] = ["generation": after.generation, "seconds": after.seconds,
                                         "photoSeconds": after.photoSeconds[sourcePath] ?? 0]
            if let error = after.error { answer["error"] = error }
            if let record = after.manifest?.assets.first(where: { $0.source.path == sourcePath }) {
                answer["asset"] = ReviewData.asset(record, snapshot: after, outputRoot: session.outputRoot)
            } else if let failure = after.manifest?.failures.first(where: { $0.source == sourcePath }) {
                answer["error"] = "\(failure.source): \(failure.error)"
            }
            return answer
        }
    }

    /// Fractions kept to 5 decimals (a hundredth of a pixel on a 1000-px photo): short, stable sidecars.
    static func rounded(_ value: Double) -> Double { (value * 100_000).rounded() / 100_000 }

    static func named(_ value: JSONValue) -> JSONValue {
        guard case .object(var fields) = value else { return value }
        if fields["name"] == nil { fields["name"] = .string("subject") }
        return .object(fields)
    }
}
