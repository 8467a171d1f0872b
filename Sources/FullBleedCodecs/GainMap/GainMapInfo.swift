import FullBleedImage

/// What a probe or decode learned about a photo's gain map: where its metadata came from, the map's size
/// and the metadata. The pixels are in `DecodedImage.gainMap`.
public struct GainMapInfo: Sendable, Equatable {
    /// Which metadata was used.
    public enum Source: String, Sendable, Equatable, Codable {
        /// The ISO 21496-1 binary metadata (preferred when an Ultra HDR file carries both).
        case iso21496 = "iso21496"
        /// Ultra HDR v1.0 `hdrgm:` XMP.
        case ultraHDRXMP = "xmp"
        /// Apple's gain map with the headroom from the maker note or `HDRGainMap` XMP (see `AppleGainMap`).
        case apple = "apple"
    }

    public var source: Source
    /// The map's size in pixels, in the displayed orientation (as decoded with `applyOrientation`).
    public var size: PixelSize
    public var metadata: GainMapMetadata

    public init(source: Source, size: PixelSize, metadata: GainMapMetadata) {
        self.source = source
        self.size = size
        self.metadata = metadata
    }
}
