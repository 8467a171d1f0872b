#!/usr/bin/env python3
"""Writes the raccoon photo that SciPy's wheels up to 1.9 ship as scipy/misc/face.dat to a PNG.

face.dat is the photo's 1024x768 8-bit sRGB pixels, row by row, R G B interleaved, compressed with bzip2 (what
scipy.misc.face reads). The PNG holds the same pixels, unfiltered, in stored (uncompressed) deflate blocks, so the
file's bytes depend on nothing but the pixels: the same on every machine, whatever its zlib. Standard library only.

    decode_scipy_face.py SCIPY_WHEEL OUT.png
"""
import bz2
import struct
import sys
import zipfile
import zlib

WIDTH, HEIGHT = 1024, 768


def stored_zlib(data):
    """A zlib stream of stored deflate blocks (at most 65,535 bytes each) holding data unchanged."""
    out = bytearray(b'\x78\x01')
    for start in range(0, len(data), 65535):
        block = data[start:start + 65535]
        final = 1 if start + 65535 >= len(data) else 0
        out += struct.pack('<BHH', final, len(block), len(block) ^ 0xFFFF) + block
    out += struct.pack('>I', zlib.adler32(data) & 0xFFFFFFFF)
    return bytes(out)


def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: decode_scipy_face.py SCIPY_WHEEL OUT.png')
    with zipfile.ZipFile(sys.argv[1]) as wheel:
        pixels = bz2.decompress(wheel.read('scipy/misc/face.dat'))
    row = WIDTH * 3
    if len(pixels) != row * HEIGHT:
        sys.exit(f'{sys.argv[1]}: scipy/misc/face.dat holds {len(pixels)} bytes, not {row * HEIGHT}')
    raw = b''.join(b'\x00' + pixels[y * row:(y + 1) * row] for y in range(HEIGHT))  # filter type 0 per row
    png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', WIDTH, HEIGHT, 8, 2, 0, 0, 0))
           + chunk(b'IDAT', stored_zlib(raw)) + chunk(b'IEND', b''))
    with open(sys.argv[2], 'wb') as f:
        f.write(png)


if __name__ == '__main__':
    main()
