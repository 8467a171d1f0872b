/// The pieces of the preview page that another page can embed: the review server's page (FullBleedReview)
/// shows each asset's section as the preview draws it, under the same stylesheet.
extension PreviewPage {
    /// The preview page's stylesheet (CSS px on the device frames stand for points).
    public static var stylesheet: String { PreviewAssets.stylesheet }

    /// One asset's section: its source panel (crops, toolbar bands, subjects), its frames and numbers.
    /// Image URLs are `options.outputFolderURL` + the manifest's paths, and the thumbnail URL as given.
    public static func section(for asset: AssetRecord, options: Options) -> String {
        assetSection(asset, options: options)
    }
}
