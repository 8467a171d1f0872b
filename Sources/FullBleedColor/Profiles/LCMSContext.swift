import FullBleedImage
import CLCMS2
import Foundation

/// One lcms2 context (`cmsCreateContext`) whose error handler records lcms2's messages instead of
/// printing them, so failures become typed errors carrying lcms2's own words.
///
/// lcms2 reports errors through this handler and a NULL/FALSE return, never by longjmp, so no C shim is
/// needed. Every conversion creates its own context, its profiles and its transform: nothing is shared
/// between threads except a finished transform, which lcms2 allows to run concurrently.
final class LCMSContext: @unchecked Sendable {
    let handle: cmsContext
    private let log: MessageLog

    init() throws(ColorManagementError) {
        let log = MessageLog()
        guard let handle = cmsCreateContext(nil, Unmanaged.passUnretained(log).toOpaque()) else {
            throw .transformFailed("cmsCreateContext failed (out of memory)")
        }
        self.handle = handle
        self.log = log
        cmsSetLogErrorHandlerTHR(handle) { context, _, text in
            guard let context, let userData = cmsGetContextUserData(context) else { return }
            let message = text.map { String(cString: $0) } ?? "unknown lcms2 error"
            Unmanaged<MessageLog>.fromOpaque(userData).takeUnretainedValue().append(message)
        }
    }

    deinit { cmsDeleteContext(handle) }

    /// The messages lcms2 logged since the last call, joined with "; " (nil when none); clears the log.
    func takeMessages() -> String? {
        log.take()
    }

    /// Messages collected by the context's error handler (lcms2 may call it from any thread).
    private final class MessageLog: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []

        func append(_ message: String) {
            lock.lock()
            defer { lock.unlock() }
            messages.append(message)
        }

        func take() -> String? {
            lock.lock()
            defer { lock.unlock() }
            defer { messages.removeAll() }
            return messages.isEmpty ? nil : messages.joined(separator: "; ")
        }
    }
}
