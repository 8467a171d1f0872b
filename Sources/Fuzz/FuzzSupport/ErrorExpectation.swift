/// Runs `body`, ignoring errors of the `expected` type and trapping on any other error, so that a parser
/// that throws something other than its documented error type is reported as a crash by libFuzzer.
public func ignoringOnly<Expected: Error>(_ expected: Expected.Type, in what: String, _ body: () throws -> Void) {
    do {
        try body()
    } catch is Expected {
    } catch {
        fatalError("\(what) threw \(type(of: error)), not \(Expected.self): \(error)")
    }
}
