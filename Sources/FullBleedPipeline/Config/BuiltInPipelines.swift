/// The shipped pipelines `ios-hero` and `web-hero`, built in so that a bare name resolves from any folder
/// (the SwiftPM plugin runs `fullbleed` in another package, where `Pipelines/` is that package's, if any).
/// Each text is the byte-for-byte content of `Pipelines/<name>.json` (a test compares them).
enum BuiltInPipelines {
    /// Pipeline JSON by name.
    static let json: [String: String] = [
        "ios-hero": #"""
        {
          "$schema": "schema/pipeline.schema.json",
          "name": "ios-hero",
          "description": "iOS 26 detail-screen heroes: iPhone @3x/@2x with stretch headroom, iPad @2x with the sidebar's baked background extension; JPEG only, the format an iOS app and its asset catalog use (add { \"format\": \"heic\" } to outputs for a HEIC catalog; Display P3 stays P3).",
          "targets": [
            { "device": "iphone-17-pro-max", "scales": [3, 2] },
            { "device": "iphone-17-pro", "scales": [3] },
            { "device": "ipad-pro-13-landscape", "scales": [2], "extension": true }
          ],
          "crop": { "mode": "attention", "toolbarAware": true },
          "resample": { "filter": "lanczos3", "space": "linear" },
          "tiers": { "stretchHeadroom": 1.25, "upscale": "skip" },
          "extension": { "edges": ["leading"], "lengthPoints": 320, "sigmaPoints": 24, "featherPoints": 0, "strips": true },
          "legibility": { "wcag": 4.5, "compositing": "gamma", "glassSigmaPoints": 10, "bakeGradient": true },
          "placeholders": { "thumbhash": true, "blurhash": [4, 3], "averageColor": true, "palette": 5, "dataURL": false },
          "outputs": [
            { "format": "jpeg", "quality": 82, "progressive": true, "chroma": "4:2:0" }
          ],
          "naming": "{asset}/{variant}.{ext}",
          "color": "keep",
          "limits": { "maxPixels": 268402689 }
        }
        """# + "\n",
        "web-hero": #"""
        {
          "$schema": "schema/pipeline.schema.json",
          "name": "web-hero",
          "description": "Responsive web heroes: 16:9 at srcset widths, AVIF + WebP + JPEG, with a legibility check of a title over the bottom-left.",
          "targets": [
            { "web": "hero", "widths": [1920, 1440, 1290, 1024, 860, 640, 430], "aspect": "16:9" }
          ],
          "crop": { "mode": "attention", "toolbarAware": false },
          "resample": { "filter": "lanczos3", "space": "linear" },
          "tiers": { "upscale": "skip" },
          "legibility": {
            "wcag": 4.5,
            "bakeGradient": false,
            "textBoxes": [{ "name": "title", "x": 0.05, "y": 0.7, "width": 0.6, "height": 0.22 }]
          },
          "placeholders": { "thumbhash": true, "blurhash": [4, 3], "averageColor": true, "palette": 5 },
          "outputs": [
            { "format": "avif", "quality": 60, "speed": 6 },
            { "format": "webp", "quality": 80, "method": 4 },
            { "format": "jpeg", "quality": 82, "progressive": true }
          ],
          "naming": "{asset}/{variant}.{ext}",
          "color": "keep",
          "hdr": "keep"
        }
        """# + "\n",
    ]
}
