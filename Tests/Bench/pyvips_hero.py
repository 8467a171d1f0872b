"""The benchmark's hero job (Pipelines/bench-parity.json) with the newest libvips: the pyvips-binary wheel
(libvips 8.18+ with its SIMD build, what a user who picks libvips today gets), through pyvips. The same
steps as Tests/Bench/vips_hero.c, written the way libvips' own documentation recommends:

    pyvips_hero.py --version            prints "libvips X.Y.Z (pyvips-binary, pyvips V)"
    pyvips_hero.py OUTDIR LIST          one input path a line in LIST

For each input: thumbnail (shrink-on-load, EXIF auto-rotation, centre crop to 1290x726 pixels), the 1290
image materialised in memory once, then JPEG q82 progressive (optimised Huffman) + WebP q80 (default
effort 4) for 1290x726, and 860x484 and 430x242 reduced from the in-memory 1290 image (resize, default
Lanczos3), each saved with keep="icc" (8.15+: the ICC profile kept, no EXIF/XMP/IPTC). Outputs:
OUTDIR/<file name>-<width>.jpg and .webp. One process handles a whole list, so Python's start-up is paid
once per process, not per photo. Exit status 1 if any file failed.

make bench installs the wheel into .build/bench-venv with PKG_CONFIG=/bin/false, so pyvips cannot find
Debian's libvips 8.14 and uses the wheel's.
"""
import os
import sys

import pyvips

SMALLER = ((860, 484), (430, 242))


def save_pair(image, outdir, name, width):
    base = os.path.join(outdir, f"{name}-{width}")
    image.jpegsave(base + ".jpg", Q=82, interlace=True, optimize_coding=True, keep="icc")
    image.webpsave(base + ".webp", Q=80, keep="icc")


def hero(path, outdir):
    name = os.path.basename(path)
    largest = pyvips.Image.thumbnail(path, 1290, height=726, crop="centre").copy_memory()
    save_pair(largest, outdir, name, 1290)
    for width, height in SMALLER:
        save_pair(largest.resize(width / 1290, vscale=height / 726), outdir, name, width)


def main(argv):
    if argv[1:] == ["--version"]:
        print(f"libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)} "
              f"(pyvips-binary, pyvips {pyvips.__version__})")
        return 0
    if len(argv) != 3:
        print("usage: pyvips_hero.py OUTDIR LIST | --version", file=sys.stderr)
        return 2
    outdir, listing = argv[1], argv[2]
    with open(listing, encoding="utf-8") as f:
        paths = [line.rstrip("\n") for line in f if line.strip()]
    failed = False
    for path in paths:
        try:
            hero(path, outdir)
        except pyvips.Error as error:
            print(f"pyvips_hero: {path}: {error}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
