#!/usr/bin/env python3
"""Subject figures: labelled subject boxes against hero crops.

For every labelled photo and every target of the pipeline, from `fullbleed inspect --json`:
  whole    the labelled box lies in the delivered crop (counted over crops whose largest size can hold it),
  clear    whole and below the toolbar band (counted where some crop of the allowed sizes can do it:
           from the largest down to 1/maxZoom of it, never below the largest produced tier),
  verdict  the manifest's subjectClearsToolbar equals (whole and clear) computed from the box;
  false clear  crops reported clear (subjectClearsToolbar true) whose labelled subject is cut or under the band
           (the error that must not happen: nobody would look at them),
  true clear   crops reported clear whose labelled subject is whole and below the band,
  silent   crops that fail where a crop could do better (the subject cut where the largest crop can hold it, or
           under the band where a crop of the allowed sizes can clear it) on an asset without `review`: a
           failure nobody is asked to look at.
And per photo the detected subject box (the manifest's subjectBox) against the label: IoU and the share of the
label inside it.
The same sizes as the delivered crops, placed by libvips `smartcrop --interesting attention` (its crop is
the attention centre clamped into the image, as vips_smartcrop places it) and by a centre crop, are
scored the same way.

usage: evaluate.py FULLBLEED LABELS.tsv [LABELS.tsv ...] PHOTO_ROOT [--pipeline ios-hero] [--upscale] [--max-zoom 1.5]
                   [--no-vips] [--verbose] [--jobs N]
Several label sets give a table per set and one for all of them together.
--upscale evaluates a copy of the pipeline with "tiers": {"upscale": "upscale"}, so a photo smaller than
every tier still delivers its crops (a skipped photo has no targets in `inspect --json`: the held-out
photos are 500-773 px wide).
--jobs runs that many photos at once (default: the number of processors); the tables and the verbose lines come
out in the order of the label files whatever it is.
Standard library only (libvips-tools' `vips` and ImageMagick for the comparison).
"""
import argparse, concurrent.futures, json, os, subprocess, sys, tempfile


def load_labels(path):
    rows = []
    for line in open(path):
        if line.startswith('#') or line.startswith('file\t') or not line.strip():
            continue
        f = line.rstrip('\n').split('\t')
        rows.append((f[0], *map(float, f[1:5])))
    return rows


def largest_crop(W, H, aspect):
    if W / H > aspect:
        return min(W, max(1, round(H * aspect))), H
    return W, min(H, max(1, round(W / aspect)))


def can_clear(box, W, H, aspect, band, heights):
    bx, by, bw, bh = box
    for h in heights:
        w = h * aspect
        if w < bw or h * (1 - band) < bh or w > W + 0.5 or h > H + 0.5:
            continue
        if max(0, by + bh - h) <= min(by - band * h, H - h) and max(0, bx + bw - w) <= min(bx, W - w):
            return True
    return False


def judge(box, crop, band):
    bx, by, bw, bh = box
    x, y, w, h = crop
    whole = bx >= x and by >= y and bx + bw <= x + w and by + bh <= y + h
    return whole, whole and by >= y + band * h - 1e-6


def vips_crop(path, W, H, w, h):
    with tempfile.TemporaryDirectory() as scratch:
        def smartcrop(source):
            return subprocess.run(['vips', 'smartcrop', source, os.path.join(scratch, 'crop.v'), str(w), str(h),
                                   '--interesting', 'attention', '--attention-x', '--attention-y'], capture_output=True, text=True)
        def upright():
            copy = os.path.join(scratch, 'upright.png')
            subprocess.run(['convert', path, '-auto-orient', copy], check=True, capture_output=True)
            return copy
        # `vips smartcrop` works on the stored pixels: a photo turned by its EXIF orientation gets an upright copy
        # (the labels and FullBleed's crops are of the displayed photo).
        orientation = subprocess.run(['identify', '-format', '%[orientation]', path + '[0]'], capture_output=True, text=True).stdout
        run = smartcrop(upright() if orientation not in ('', 'Undefined', 'TopLeft') else path)
        if run.returncode != 0:
            # libvips' heifload (libheif 1.15) refuses a grid turned by its irot; ImageMagick decodes it upright.
            run = smartcrop(upright())
            run.check_returncode()
    out = run.stdout.split()
    ax, ay = int(out[0]), int(out[1])
    return min(max(0, ax - w // 2), W - w), min(max(0, ay - h // 2), H - h), w, h


FIELDS = ('whole', 'holdable', 'clear', 'clearable', 'verdict right', 'judged', 'false clear', 'true clear', 'silent')
METHODS = ('fullbleed', 'vips attention', 'centre')


def empty_tally():
    return {k: dict.fromkeys(FIELDS, 0) for k in METHODS}


def evaluate_photo(a, rel, fx, fy, fw, fh):
    """One photo's tallies (FIELDS per crop method), its detected box against the label (IoU, share of the label
    inside it), and its verbose lines."""
    tally = empty_tally()
    lines = []
    path = os.path.join(a.root, rel)
    rec = json.loads(subprocess.run([a.fullbleed, 'inspect', path, '--pipeline', a.pipeline, '--json'],
                                    capture_output=True, text=True, check=True).stdout)
    W, H = rec['source']['width'], rec['source']['height']
    box = (fx * W, fy * H, fw * W, fh * H)
    found = rec.get('subjectBox')
    if found:
        d = (found['x'], found['y'], found['width'], found['height'])
        inter = max(0, min(box[0] + box[2], d[0] + d[2]) - max(box[0], d[0])) * max(0, min(box[1] + box[3], d[1] + d[3]) - max(box[1], d[1]))
        match = (inter / (box[2] * box[3] + d[2] * d[3] - inter), inter / (box[2] * box[3]))
    else:
        match = (0.0, 0.0)
    if a.verbose:
        lines.append(f"{rel}: label {tuple(round(v) for v in box)} detected {found and tuple(found[k] for k in ('x', 'y', 'width', 'height'))} "
                     f"IoU {match[0]:.2f} label covered {match[1]:.2f} review {rec.get('review')}")
    for t in rec.get('targets', []):  # a skipped photo (too small for every tier) has none
        c = t['crop']
        crop = (c['x'], c['y'], c['width'], c['height'])
        band = t['device']['toolbarBandPoints'] / t['device']['heroHeightPoints'] if t.get('device') else 0
        aspect = t['aspectRatio']
        lw, lh = largest_crop(W, H, aspect)
        # Manifest v2's lean form: one entry per tier (its -scrim variant nested), status `exact` left out.
        produced = [d for d in t['derivatives'] if d.get('status', 'exact') != 'skipped']
        upscaled = any(d.get('status') == 'upscaled' for d in produced)
        floor_h = max([d['height'] for d in produced] + [max(d['width'] for d in produced) / aspect] if produced else [1])
        smallest = lh if upscaled else max(lh / a.max_zoom, floor_h)
        heights = [lh - (lh - smallest) * i / 200 for i in range(201)] if smallest < lh else [lh]
        holdable = box[2] <= lw and box[3] <= lh
        clearable = can_clear(box, W, H, aspect, band, heights)
        candidates = {'fullbleed': crop,
                      'centre': ((W - c['width']) // 2, (H - c['height']) // 2, c['width'], c['height'])}
        if not a.no_vips:
            candidates['vips attention'] = vips_crop(path, W, H, c['width'], c['height'])
        judged = {name: judge(box, r, band) for name, r in candidates.items()}
        for name, r in candidates.items():
            whole, clear = judged[name]
            s = tally[name]
            if holdable: s['whole'] += whole; s['holdable'] += 1
            if clearable: s['clear'] += clear; s['clearable'] += 1
            if name == 'fullbleed':
                said = c['subjectClearsToolbar']
                s['verdict right'] += said == (whole and clear); s['judged'] += 1
                s['false clear'] += said and not (whole and clear)
                s['true clear'] += said and whole and clear
                failed = (holdable and not whole) or (clearable and not clear)
                s['silent'] += failed and not rec.get('review')
                if a.verbose:
                    lines.append(f"{rel} {t['name']}: crop {r} zoom {c.get('zoom', 1)} whole {whole} clear {clear} "
                                 f"holdable {holdable} clearable {clearable} verdict {said} "
                                 f"({c.get('subjectClearsToolbarReason')})"
                                 + ''.join(f" | {other} whole {judged[other][0]} clear {judged[other][1]}"
                                           for other in judged if other != 'fullbleed')
                                 + (" FALSE CLEAR" if said and not (whole and clear) else "")
                                 + (" SILENT" if failed and not rec.get('review') else ""))
    return tally, match, lines


def evaluate_set(a, labels):
    """The tallies (FIELDS per crop method) and the detected boxes against the labels of one set."""
    tally = empty_tally()
    boxes = []  # (IoU, share of the label inside the detected box) per photo
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for photo, match, lines in pool.map(lambda row: evaluate_photo(a, *row), load_labels(labels)):
            for name, fields in photo.items():
                for f, v in fields.items():
                    tally[name][f] += v
            boxes.append(match)
            for line in lines:
                print(line, file=sys.stderr)
    return tally, boxes


def print_set(a, title, tally, boxes):
    print(f"\n{title}\n")
    print("| crops by | subject whole (of crops that can hold it) | clear of the band (where a crop can) | verdict true "
          "| false clear | true clear | silent failures |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, s in tally.items():
        if name == 'vips attention' and a.no_vips:
            continue
        judged = (f"{s['verdict right']}/{s['judged']}", str(s['false clear']), str(s['true clear']), str(s['silent'])) \
            if name == 'fullbleed' else ("-",) * 4
        print(f"| {name} | {s['whole']}/{s['holdable']} | {s['clear']}/{s['clearable']} | {' | '.join(judged)} |")
    if boxes:
        print(f"subject boxes: mean IoU with the labels {sum(b[0] for b in boxes) / len(boxes):.2f}, mean share of the label "
              f"inside the detected box {sum(b[1] for b in boxes) / len(boxes):.2f}, labels covered >= 95%: "
              f"{sum(b[1] >= 0.95 for b in boxes)}/{len(boxes)} ({len(boxes)} photos)")


def main():
    p = argparse.ArgumentParser()
    p.add_argument('fullbleed'); p.add_argument('paths', nargs='+', metavar='LABELS.tsv... PHOTO_ROOT')
    p.add_argument('--pipeline', default='ios-hero'); p.add_argument('--max-zoom', type=float, default=1.5)
    p.add_argument('--no-vips', action='store_true'); p.add_argument('--verbose', action='store_true')
    p.add_argument('--upscale', action='store_true')
    p.add_argument('--jobs', type=int, default=os.cpu_count())
    a = p.parse_args()
    if a.jobs < 1:
        p.error('--jobs must be at least 1')
    if len(a.paths) < 2:
        p.error('give at least one LABELS.tsv and the PHOTO_ROOT')
    *sets, a.root = a.paths
    if a.upscale:
        source = a.pipeline if a.pipeline.endswith('.json') else os.path.join(
            os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Pipelines', a.pipeline + '.json')
        spec = json.load(open(source))
        spec.setdefault('tiers', {})['upscale'] = 'upscale'
        variant = tempfile.NamedTemporaryFile('w', suffix='.json', delete=False)
        json.dump(spec, variant)
        variant.close()
        a.pipeline = variant.name
    results = [(labels, *evaluate_set(a, labels)) for labels in sets]
    for labels, tally, boxes in results:
        print_set(a, os.path.basename(labels), tally, boxes)
    if len(results) > 1:
        total = {name: {f: sum(r[1][name][f] for r in results) for f in FIELDS} for name in results[0][1]}
        print_set(a, f"all {len(results)} sets", total, [b for r in results for b in r[2]])


if __name__ == '__main__':
    main()
