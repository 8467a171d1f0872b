/// FullBleedCore: pure image operations `(Image, parameters) -> Image / metrics`.
/// No codec, no file system: inputs and outputs are `FullBleedImage.Image` values.
public enum FullBleedCore {}
