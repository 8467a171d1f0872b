#!/usr/bin/env python3
"""Unpacks Qt binary resource bundles (.rcc, as GCompris ships its activities' pictures) into a folder.

usage: extract_rcc.py OUT_DIR FILE.rcc...
Each file inside keeps its resource path under OUT_DIR. Reads format versions 1-3: a 'qres' header, a tree
of 14-byte (v1) or 22-byte (v2+) entries, UTF-16 names and size-prefixed data, zlib-compressed where the
entry's flag 1 says so; a zstd-compressed entry (flag 4) stops with an error naming it.
Standard library only.
"""
import os, struct, sys, zlib


def extract(path, out):
    b = open(path, 'rb').read()
    if b[:4] != b'qres':
        sys.exit(f'{path}: not a Qt resource bundle')
    version, tree, data, names = struct.unpack('>IIII', b[4:20])
    entry_size = 14 if version == 1 else 22

    def name(offset):
        length, = struct.unpack('>H', b[names + offset:names + offset + 2])
        return b[names + offset + 6:names + offset + 6 + 2 * length].decode('utf-16-be')

    def walk(index, prefix):
        e = tree + index * entry_size
        name_offset, flags = struct.unpack('>IH', b[e:e + 6])
        here = os.path.join(prefix, name(name_offset)) if index else prefix
        if flags & 2:
            count, first = struct.unpack('>II', b[e + 6:e + 14])
            for child in range(first, first + count):
                walk(child, here)
            return
        data_offset, = struct.unpack('>I', b[e + 10:e + 14])
        size, = struct.unpack('>I', b[data + data_offset:data + data_offset + 4])
        blob = b[data + data_offset + 4:data + data_offset + 4 + size]
        if flags & 4:
            sys.exit(f'{path}: {here} is zstd-compressed, which this reader does not handle')
        if flags & 1:
            blob = zlib.decompress(blob[4:])
        target = os.path.join(out, here)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, 'wb') as f:
            f.write(blob)

    walk(0, '')


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for rcc in sys.argv[2:]:
        extract(rcc, sys.argv[1])
