#!/usr/bin/env python3
"""How subtle the baked scrims are over a set of photos.

Builds the photos with a copy of the pipeline (default `ios-hero`) whose tiers are upscaled, as evaluate.py's
--upscale does (the labelled photos are 500-773 px wide: without it most of them deliver no tier), then reads
the manifest: for every baked `-scrim` tier, its `bandLightnessChange` (the mean |delta L*| per pixel, CIE
L*a*b* lightness 0-100, between the plain and the baked tier from the top edge to the far side of the top glyph
regions) and the colour of its target's top gradient (`recommendation.scrim.color`: a `white` veil under black
glyphs, or `black` under white glyphs).

Prints the mean and largest band change over every baked tier (and per device family), the number of baked
tiers under a white scrim and of those changing the band by more than 5 L*, the mean over every tier of the
targets with a toolbar recommendation (a tier without a scrim counting 0), and with --verbose one line per tier.

usage: scrims.py FULLBLEED PHOTO [PHOTO or DIR ...] [--labels LABELS.tsv --root DIR] [--pipeline ios-hero]
       [--keep OUT] [--report] [--verbose]
  LABELS.tsv (Tests/Subjects/*.tsv): the photos named in its first column, under --root.
  --keep OUT keeps the build; with --report it has the analysis reports, for Tests/Oracles/glyph_region_oracle.py.
Standard library only.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

WHITE_LIMIT = 5.0  # L*: the largest change a white scrim may make (ToolbarAnalysisParameters.lightScrimLightnessChange)


def labelled(path, root):
    photos = []
    for line in open(path):
        if line.startswith('#') or line.startswith('file\t') or not line.strip():
            continue
        photos.append(os.path.join(root, line.split('\t')[0]))
    return photos


def upscaled_pipeline(pipeline):
    source = pipeline if pipeline.endswith('.json') else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Pipelines', pipeline + '.json')
    spec = json.load(open(source))
    spec.setdefault('tiers', {})['upscale'] = 'upscale'
    variant = tempfile.NamedTemporaryFile('w', suffix='.json', delete=False)
    json.dump(spec, variant)
    variant.close()
    return variant.name


def baked_tiers(manifest):
    """(asset, target, tier file, scrim colour, band change) for every baked -scrim tier."""
    rows = []
    for asset in manifest['assets']:
        for target in asset.get('targets', []):  # a skipped photo has none
            scrim = (target.get('recommendation') or {}).get('scrim')
            for derivative in target['derivatives']:
                baked = derivative.get('scrim')
                if not baked or 'bandLightnessChange' not in baked:
                    continue
                name = baked['files'][0]['name'] if baked.get('files') else derivative.get('tier', '?')
                rows.append((asset['key'], target['name'], name, scrim['color'] if scrim else '?',
                             baked['bandLightnessChange']))
    return rows


def all_tiers(manifest):
    """(target name, band change) for every tier of every target with a toolbar recommendation: a tier whose
    target needs no scrim counts as 0 (the mean over baked tiers alone rises when a needless scrim goes)."""
    tiers = []
    for asset in manifest['assets']:
        for target in asset.get('targets', []):
            if not target.get('recommendation'):
                continue
            for derivative in target['derivatives']:
                baked = derivative.get('scrim') or {}
                tiers.append((target['name'], baked.get('bandLightnessChange', 0.0)))
    return tiers


def summary(rows, label):
    if not rows:
        return f"{label}: no baked scrim"
    changes = [r[4] for r in rows]
    white = [r for r in rows if r[3] == 'white']
    return (f"{label}: {len(rows)} baked scrims, mean band change {sum(changes) / len(changes):.2f} L*, "
            f"largest {max(changes):.2f}; white scrims {len(white)}, above {WHITE_LIMIT:g} L* "
            f"{sum(r[4] > WHITE_LIMIT for r in white)}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument('fullbleed'); p.add_argument('photos', nargs='*')
    p.add_argument('--labels', action='append', default=[]); p.add_argument('--root')
    p.add_argument('--pipeline', default='ios-hero'); p.add_argument('--keep')
    p.add_argument('--report', action='store_true'); p.add_argument('--verbose', action='store_true')
    a = p.parse_args()
    photos = list(a.photos)
    for labels in a.labels:
        if not a.root:
            p.error('--labels needs --root')
        photos += labelled(labels, a.root)
    if not photos:
        p.error('no photos')
    out = a.keep or tempfile.mkdtemp(prefix='fb-scrims-')
    pipeline = upscaled_pipeline(a.pipeline)
    try:
        build = subprocess.run([a.fullbleed, 'build', *photos, '--pipeline', pipeline, '--out', out, '--quiet']
                               + (['--report'] if a.report else []),
                               capture_output=True, text=True)
        if build.returncode not in (0, 1):  # 1: some photos failed, the rest is built
            sys.exit(f"fullbleed build failed ({build.returncode}): {build.stderr.strip()}")
        if build.stderr.strip():
            print(build.stderr.strip(), file=sys.stderr)
        manifest = json.load(open(os.path.join(out, 'manifest.json')))
        rows, tiers = baked_tiers(manifest), all_tiers(manifest)
    finally:
        os.unlink(pipeline)
        if not a.keep:
            shutil.rmtree(out, ignore_errors=True)
    if a.verbose:
        for row in sorted(rows, key=lambda r: -r[4]):
            print(f"{row[4]:6.2f} L*  {row[3]:5}  {row[0]} {row[1]} {row[2]}")
    print(summary(rows, 'all'))
    for family in ('iphone', 'ipad'):
        print(summary([r for r in rows if r[1].startswith(family)], family))
    for family in ('', 'iphone', 'ipad'):
        changes = [t[1] for t in tiers if t[0].startswith(family)]
        if changes:
            print(f"{family or 'all'} tiers, no scrim counting 0: {len(changes)} tiers, mean band change "
                  f"{sum(changes) / len(changes):.2f} L*")


if __name__ == '__main__':
    main()
