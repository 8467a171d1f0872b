#!/usr/bin/env python3
"""A test subject detector for FullBleed's detector protocol (docs/detectors.md), stdlib only.

Reads the request on stdin, decodes its PNG (8-bit RGB, every PNG filter), and answers the bounding box of
the bright pixels (every channel above 200) as one `salient` box of confidence 0.9: on a dark synthetic
photo with one bright square, the square. It really reads the pixels it is given, so an image sent
unrotated or cropped gives a wrong box.

  bright-square.py [--count FILE] [--mode MODE] [--kind KIND] [--pids FILE]

--count FILE appends one line per run (to count runs). --mode makes it misbehave on images that have
bright pixels (other photos get an ordinary answer), one failure mode each:
exit (status 3 with a message on stderr), hang (with a forked child that hangs too; --pids FILE gets both
process ids), garbage, huge (2 MiB on stdout), outside (a box past the
right edge), confidence (1.5), many (101 boxes), none (no box).
"""
import base64
import json
import os
import sys
import time
import zlib


def decode_png(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            assert body[8] == 8 and body[9] == 2, "expected 8-bit RGB, got depth %d colour type %d" % (body[8], body[9])
            assert body[12] == 0, "interlaced"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride, bpp = width * 3, 3
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def main():
    args = sys.argv[1:]
    opts = {args[i]: args[i + 1] for i in range(0, len(args) - 1, 2)}
    if "--count" in opts:
        with open(opts["--count"], "a") as f:
            f.write("run\n")
    mode = opts.get("--mode", "")
    request = json.loads(sys.stdin.buffer.read())
    assert request["protocol"] == "fullbleed-subjects" and request["version"] == 1
    assert request["image"]["mediaType"] == "image/png" and request["image"]["encoding"] == "base64"
    width, height, rows = decode_png(base64.b64decode(request["image"]["data"]))
    assert (width, height) == (request["width"], request["height"]), "size mismatch"
    xs, ys = [], []
    for y, line in enumerate(rows):
        for x in range(width):
            if line[3 * x] > 200 and line[3 * x + 1] > 200 and line[3 * x + 2] > 200:
                xs.append(x)
                ys.append(y)
    if xs and mode == "exit":
        sys.stderr.write("model file not found\n")
        sys.exit(3)
    if xs and mode == "hang":
        # A child of its own that keeps stdout open too: the whole process group must be killed.
        child = os.fork()
        if child == 0:
            time.sleep(3600)
            os._exit(0)
        if "--pids" in opts:
            with open(opts["--pids"], "w") as f:
                f.write("%d\n%d\n" % (os.getpid(), child))
        time.sleep(3600)
    if xs and mode == "garbage":
        sys.stdout.write("<html>not json</html>")
        return
    if xs and mode == "huge":
        sys.stdout.write('{"version": 1, "boxes": [], "pad": "' + "x" * (2 << 20) + '"}')
        return
    boxes = []
    if xs and mode != "none":
        boxes.append({"kind": opts.get("--kind", "salient"), "confidence": 0.9,
                      "x": min(xs) / width, "y": min(ys) / height,
                      "width": (max(xs) + 1 - min(xs)) / width, "height": (max(ys) + 1 - min(ys)) / height})
    if xs and mode == "outside":
        boxes = [{"kind": "salient", "confidence": 0.9, "x": 0.8, "y": 0.1, "width": 0.5, "height": 0.2}]
    if xs and mode == "confidence":
        boxes[0]["confidence"] = 1.5
    if xs and mode == "many":
        boxes = boxes * 101
    json.dump({"version": 1, "detectorVersion": "bright-square 1", "boxes": boxes}, sys.stdout)


main()
