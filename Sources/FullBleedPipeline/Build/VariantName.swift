import FullBleedCore

/// The names of the pictures an asset delivers, as the naming template's `{variant}` gets them. Built from
/// typed parts in this one place; nothing parses them back (records carry `DerivativeKind` and
/// `ExtensionPart`).
enum VariantName {
    /// `iphone-17-pro@3x` for device tiers, `hero-860w` for web widths.
    static func plain(target: HeroTarget, tier: HeroTarget.Tier) -> String {
        plain(targetName: target.name, tierLabel: tier.label)
    }

    /// The same from a record's target name and tier label: a scale tier (`@3x`) joins the name directly,
    /// a width (`860w`) after a hyphen.
    static func plain(targetName: String, tierLabel: String) -> String {
        tierLabel.hasPrefix("@") ? targetName + tierLabel : targetName + "-" + tierLabel
    }

    /// The same tier with the recommended gradient baked in.
    static func scrim(of plain: String) -> String { plain + "-scrim" }

    /// The tier's background extension canvas.
    static func extensionCanvas(of plain: String) -> String { plain + "-extended" }

    /// One edge's extension strip of the tier.
    static func extensionStrip(_ edge: ExtensionEdge, of plain: String) -> String { plain + "-strip-\(edge.rawValue)" }
}
