import Testing

extension Trait where Self == ConditionTrait {
    /// Disables a test (with a message saying why) when `../shared/corpus` is absent.
    public static var requiresCorpus: Self {
        .enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage))
    }

    /// Disables a test (with a message saying why) when `../shared/pngsuite` is absent.
    public static var requiresPngSuite: Self {
        .enabled(if: TestPaths.hasPngSuite, Comment(rawValue: TestPaths.pngSuiteMissingMessage))
    }
}
