/// The options of `fullbleed build`: what the parser accepts, what `--help` lists, and (through a symbolic
/// link in `Sources/FullBleedPlugin/`) how the SwiftPM plugin tells option values from input paths.
///
/// Plain Swift with no imports, so the plugin can compile it.
enum BuildOptionTable {
    static let options = [
        OptionSpec("pipeline", short: "p", value: "P", help: "Pipeline file or name in Pipelines/ (default ios-hero)"),
        OptionSpec("out", short: "o", value: "DIR", help: "Output folder (default build/heroes)"),
        OptionSpec("jobs", short: "j", value: "N", help: "Assets built at once (default: number of cores)"),
        OptionSpec("memory-budget", value: "MB", help: "Start a photo only while the estimated memory of the photos in flight stays within MB (2^20 bytes; a larger photo runs alone)"),
        OptionSpec("check", help: "Write nothing; exit 1 listing what is stale or missing (for CI)"),
        OptionSpec("force", help: "Rebuild every asset, even unchanged ones"),
        OptionSpec("json", help: "Newline-delimited JSON events on stdout"),
        OptionSpec("quiet", short: "q", help: "Print only errors"),
        OptionSpec("allow-failures", help: "Exit 0 when photos failed (bad inputs, listed and recorded in the manifest); full disk and usage errors keep their codes"),
        OptionSpec("shard", value: "I/N", help: "Build shard I of N, I from 1 to N (manifest.partial-I-of-N.json)"),
        OptionSpec("shards", value: "N", help: "Shard count; shard I = JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX + 1 (those count from 0)"),
        OptionSpec("no-wait", help: "Exit 4 at once when another build holds the output folder (default: wait for it)"),
        OptionSpec("follow-symlinks", help: "Follow symbolic links that point outside the input folders"),
        OptionSpec("emit", value: "LIST", help: "Also write xcassets, swift and/or html (comma list, repeatable; adds to the pipeline's \"emit\" and to what the folder already has); baked-sets: the catalog also holds the baked -scrim and -extended sets; none removes them"),
        OptionSpec("emit-dir", value: "DIR", help: "Folder inside --out for the catalog and Swift file, nothing else (default Xcode)"),
        OptionSpec("public-url", value: "URL", help: "URL prefix of the built files in the manifest and the HTML (http(s) URL or /path; default: the pipeline's publicPath)"),
        OptionSpec("widths", value: "LIST", help: "Pixel widths of the pipeline's web targets, e.g. 320,640,1280 (rebuilds every photo)"),
        OptionSpec("formats", value: "LIST", help: "Formats of the pipeline's web targets, best first, e.g. avif,webp,jpeg (rebuilds every photo)"),
        OptionSpec("upscale", value: "POLICY", help: "Tiers larger than the crop: skip (default: left out, with a warning) or upscale (enlarged, with a warning); the pipeline's tiers.upscale"),
        OptionSpec("naming", value: "NAMING", help: "Output names: plain ({asset}/{variant}.{ext}), hashed ({asset}/{variant}.{hash}.{ext}: a name changes when its bytes do) or a template; the pipeline's naming"),
        OptionSpec("decode-timeout", value: "SECONDS", help: "Abandon a photo whose decode takes longer (default: the pipeline's limits.decodeSeconds, 60)"),
        OptionSpec("detector", value: "COMMAND", help: "Executable that finds each photo's subjects (docs/detectors.md); overrides the pipeline's subjects.detector"),
        OptionSpec("detector-name", value: "NAME", help: "The --detector's name, recorded with its answers (default: the executable's file name)"),
        OptionSpec("preview", help: "Also write preview.html (phone and iPad frames, crops, legibility) into the output folder (implies --report)"),
        OptionSpec("report", help: "Also write each photo's analysis report (every glyph region's measurements) as <asset>/analysis.json"),
    ]
}
