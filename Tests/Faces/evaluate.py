#!/usr/bin/env python3
"""Face-detector comparison for FullBleed: which Debian detector finds faces in hero photos.

Makes a labelled evaluation set by compositing real faces into the face-free corpus photos, runs every
candidate detector on it through Tests/Faces/eval_detectors.cpp (linked against Debian's OpenCV 4.6 and
dlib 19.24, exactly as the package would use them), and prints recall, false positives per image and
milliseconds per photo. `make faces-eval` runs it in a virtual environment; results land in
build/faces-eval/results.md.

Real faces (nothing is downloaded from the web; all from Debian packages and PyPI wheels):
  human: sk_astronaut (corpus; Eileen Collins, NASA, public domain), Grace Hopper (Debian
         python-matplotlib-data, sample_data/grace_hopper.jpg, US Navy, public domain), 100 LFW faces
         (scikit-image wheel, data/lfw_subset.npy, 25x25 grey crops), cameraman (scikit-image camera.png,
         profile, eye hidden by the camera: a hard native case)
  pet:   sk_chelsea (corpus, cat), the two spaniels of lomiri_friends (corpus), puppy.jpg and cat.jpg
         (Debian gnome-control-center-data, /usr/share/pixmaps/faces), 5_kitten.jpg and 5_puppy.jpg
         (cinnamon-common), kitten.jpg (cura), reftests/cat.jpg (gdk-pixbuf-tests), data/dog.jpg (darknet)
Negatives: the 13 corpus photos with no face of either kind, untouched; darknet's horses.jpg and
person.jpg (a person seen from behind, with a dog: a human negative only).

Every composite is at working size (long side 960 px, what the pipeline passes to the detector): the
face is scaled so its box is S px wide (S from 40 to 400), rotated by up to +-12 degrees, relit (gain,
gamma, colour cast) and pasted with a feathered mask; some are placed with the face box touching the top
edge (y <= 4% of the height). The label is the upright face box (brows-to-chin, cheek to cheek, as
hand-judged on the source) mapped through the same transform.

A detection matches a label of its kind when IoU >= 0.3 (detectors disagree on box conventions: Haar
boxes include the forehead, dlib's are tighter); each label matches at most one detection; every other
detection is a false positive.
"""
import argparse
import glob
import json
import math
import os
import random
import statistics
import subprocess
import sys

import numpy as np
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LONG_SIDE = 960

# Hand-judged face boxes (x, y, w, h) in the source images' pixels.
ASTRONAUT_FACE = (174, 76, 96, 104)          # sk_astronaut.png 512x512
HOPPER_FACE = (170, 140, 182, 185)           # grace_hopper.jpg 512x600
CAMERAMAN_FACE = (185, 110, 75, 90)          # skimage camera.png 512x512 (profile, occluded)
CHELSEA_CAT = (70, 10, 340, 290)             # sk_chelsea.png 451x300 (the cat's face fills the frame)
FRIENDS_DOGS = [(720, 780, 280, 330), (1000, 1480, 300, 300)]   # lomiri_friends 2056x3088
PUPPY_FACE = (18, 10, 62, 80)                # gnome puppy.jpg 96x96
GNOME_CAT = (80, 100, 380, 300)              # gnome cat.jpg 512x512 (profile, looking up: a hard case)
CURA_KITTEN = (320, 480, 300, 300)           # cura kitten.jpg 960x960 (frontal, mouth open)
GDK_CAT = (277, 120, 120, 120)               # gdk-pixbuf-tests reftests/cat.jpg 512x512 (frontal, black and white)
CINNAMON_KITTEN = (30, 8, 60, 65)            # cinnamon 5_kitten.jpg 96x96
CINNAMON_PUPPY = (15, 0, 81, 90)             # cinnamon 5_puppy.jpg 96x96 (golden retriever, close-up)
DARKNET_DOG = (210, 220, 95, 110)            # darknet data/dog.jpg 768x576 (three-quarter view)
WITH_FACES = {"sk_astronaut.png", "sk_chelsea.png", "lomiri_friends_by_Aitzol_Berasategi.jpg"}

CV = "/usr/share/opencv4"
HUMAN_CANDIDATES = [
    ("haar_default", f"cv:haar_default:{CV}/haarcascades/haarcascade_frontalface_default.xml:4:24"),
    ("haar_default_n6", f"cv:haar_default_n6:{CV}/haarcascades/haarcascade_frontalface_default.xml:6:24"),
    ("haar_alt", f"cv:haar_alt:{CV}/haarcascades/haarcascade_frontalface_alt.xml:3:20"),
    ("haar_alt2", f"cv:haar_alt2:{CV}/haarcascades/haarcascade_frontalface_alt2.xml:3:20"),
    ("haar_alt2_n5", f"cv:haar_alt2_n5:{CV}/haarcascades/haarcascade_frontalface_alt2.xml:5:20"),
    ("haar_alt_tree", f"cv:haar_alt_tree:{CV}/haarcascades/haarcascade_frontalface_alt_tree.xml:3:20"),
    ("lbp", f"cv:lbp:{CV}/lbpcascades/lbpcascade_frontalface.xml:3:24"),
    ("lbp_improved", f"cv:lbp_improved:{CV}/lbpcascades/lbpcascade_frontalface_improved.xml:3:45"),
    ("haar_profile", f"cv:haar_profile:{CV}/haarcascades/haarcascade_profileface.xml:4:20:mirror"),
    ("lbp_profile", f"cv:lbp_profile:{CV}/lbpcascades/lbpcascade_profileface.xml:3:24:mirror"),
    ("dlib_hog", "dlib:dlib_hog:0"),
    ("dlib_hog_up1", "dlib:dlib_hog_up1:1"),
]
PET_CANDIDATES = [
    ("haar_cat", f"cv:haar_cat:{CV}/haarcascades/haarcascade_frontalcatface.xml:3:24"),
    ("haar_cat_ext", f"cv:haar_cat_ext:{CV}/haarcascades/haarcascade_frontalcatface_extended.xml:3:24"),
    ("lbp_cat", f"cv:lbp_cat:{CV}/lbpcascades/lbpcascade_frontalcatface.xml:3:24"),
]
# dlib scores are SVM margins: a detection counts when score >= threshold.
DLIB_THRESHOLDS = [0.0, 0.3]


# ---------------------------------------------------------------------------------------------- sources

def sh(*args, **kw):
    return subprocess.run(list(args), check=True, **kw)


def debian_file(package, path, cache):
    """A file from a Debian package, fetched with apt-get download and unpacked with dpkg -x (no install)."""
    root = os.path.join(cache, package)
    target = os.path.join(root, path.lstrip("/"))
    if not os.path.exists(target):
        os.makedirs(cache, exist_ok=True)
        debs = glob.glob(os.path.join(cache, f"{package}_*.deb"))
        if not debs:
            sh("apt-get", "download", package, cwd=cache, stderr=subprocess.DEVNULL)
            debs = glob.glob(os.path.join(cache, f"{package}_*.deb"))
        sh("dpkg", "-x", debs[0], root)
    return target


def skimage_file(name):
    import skimage
    return os.path.join(os.path.dirname(skimage.__file__), "data", name)


def load_rgb(path):
    return Image.open(path).convert("RGB")


def reduced(im, long_side=LONG_SIDE):
    """The photo reduced to `long_side` on its long side (never enlarged), and the scale used."""
    scale = min(1.0, long_side / max(im.size))
    if scale == 1.0:
        return im, 1.0
    size = (round(im.width * scale), round(im.height * scale))
    return im.resize(size, Image.LANCZOS), scale


def scale_box(box, s):
    return tuple(round(v * s) for v in box)


# ------------------------------------------------------------------------------------------- compositing

class Sprite:
    """A real face cut from a photo: RGB pixels, a feathered mask and the face box inside it."""

    def __init__(self, name, image, face, mask):
        self.name, self.image, self.face, self.mask = name, image, face, mask


def ellipse_mask(size, feather, power=2.0, fill=0.98):
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w]
    nx = (xx + 0.5 - w / 2) / (w / 2 * fill)
    ny = (yy + 0.5 - h / 2) / (h / 2 * fill)
    inside = (np.abs(nx) ** power + np.abs(ny) ** power) <= 1
    m = Image.fromarray((inside * 255).astype(np.uint8))
    return m.filter(ImageFilter.GaussianBlur(feather))


def head_sprite(name, im, region, face):
    """Crop `region` (x0, y0, x1, y1) around a head; mask an ellipse over it."""
    x0, y0, x1, y1 = region
    crop = im.crop(region)
    mask = ellipse_mask(crop.size, feather=max(2, crop.width * 0.04))
    return Sprite(name, crop, (face[0] - x0, face[1] - y0, face[2], face[3]), mask)


def lfw_sprites():
    faces = np.load(skimage_file("lfw_subset.npy"))[:100]     # the first 100 are faces
    sprites = []
    for i, f in enumerate(faces):
        g = Image.fromarray((f * 255).round().astype(np.uint8)).convert("RGB")
        mask = ellipse_mask(g.size, feather=0.8, power=4.0, fill=1.0)
        sprites.append(Sprite(f"lfw{i:03d}", g, (0, 0, 25, 25), mask))
    return sprites


def relit(im, rng):
    a = np.asarray(im).astype(np.float32) / 255
    gain = rng.uniform(0.6, 1.3)
    gamma = rng.uniform(0.8, 1.25)
    tint = np.array([rng.uniform(0.9, 1.1), 1.0, rng.uniform(0.9, 1.1)], dtype=np.float32)
    a = np.clip((a ** gamma) * gain * tint, 0, 1)
    return Image.fromarray((a * 255).round().astype(np.uint8)), dict(gain=round(gain, 2), gamma=round(gamma, 2))


def composite(background, sprite, face_width, angle, rng, top_edge=False):
    """Paste `sprite` so its face box is `face_width` px wide; returns the image and the face label."""
    s = face_width / sprite.face[2]
    size = (max(1, round(sprite.image.width * s)), max(1, round(sprite.image.height * s)))
    img = sprite.image.resize(size, Image.LANCZOS)
    mask = sprite.mask.resize(size, Image.LANCZOS)
    img, light = relit(img, rng)
    fx, fy = (sprite.face[0] + sprite.face[2] / 2) * s, (sprite.face[1] + sprite.face[3] / 2) * s
    fw, fh = sprite.face[2] * s, sprite.face[3] * s
    if angle:
        # PIL rotates counter-clockwise about the image centre; expand keeps the whole sprite, so the
        # face centre moves to the rotated offset from the new image's centre.
        img = img.rotate(angle, resample=Image.BICUBIC, expand=True)
        mask = mask.rotate(angle, resample=Image.BICUBIC, expand=True)
        w0, h0 = size
        cx, cy = w0 / 2, h0 / 2
        t = math.radians(angle)
        dx, dy = fx - cx, fy - cy
        rx = dx * math.cos(t) + dy * math.sin(t)
        ry = -dx * math.sin(t) + dy * math.cos(t)
        fx, fy = img.width / 2 + rx, img.height / 2 + ry
    bw, bh = background.size
    lo_x, hi_x = fw / 2, bw - fw / 2
    if top_edge:
        cy_target = fh / 2 + rng.uniform(0, 0.04 * bh)
    else:
        cy_target = rng.uniform(fh / 2, bh - fh / 2)
    cx_target = rng.uniform(lo_x, hi_x)
    ox, oy = round(cx_target - fx), round(cy_target - fy)
    out = background.copy()
    out.paste(img, (ox, oy), mask)
    label = (round(cx_target - fw / 2), round(cy_target - fh / 2), round(fw), round(fh))
    return out, label, light


# ----------------------------------------------------------------------------------------------- the set

def build_set(work, cache):
    rng = random.Random(16)
    os.makedirs(os.path.join(work, "images"), exist_ok=True)
    corpus = os.environ.get("FULLBLEED_SHARED", os.path.join(ROOT, "..", "shared")) + "/corpus/photos"
    photos = sorted(glob.glob(os.path.join(corpus, "*")))
    negatives = [p for p in photos if os.path.basename(p) not in WITH_FACES]
    backgrounds = [reduced(load_rgb(p))[0] for p in negatives]
    entries = []

    def save(name, im, labels, group, **info):
        path = os.path.join(work, "images", name + ".png")
        im.save(path)
        entries.append(dict(file=path, name=name, group=group, labels=labels, size=im.size, **info))

    # Negatives: untouched face-free corpus photos.
    for p, bg in zip(negatives, backgrounds):
        save("neg_" + os.path.splitext(os.path.basename(p))[0], bg, [], "negative")

    # Native real photos with faces.
    astronaut = load_rgb(os.path.join(corpus, "sk_astronaut.png"))
    save("native_astronaut", astronaut, [dict(kind="human", box=ASTRONAUT_FACE)], "native")
    hopper_path = debian_file("python-matplotlib-data", "/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg", cache)
    hopper = load_rgb(hopper_path)
    save("native_hopper", hopper, [dict(kind="human", box=HOPPER_FACE)], "native")
    camera = load_rgb(skimage_file("camera.png"))
    save("native_cameraman", camera, [dict(kind="human", box=CAMERAMAN_FACE)], "native-hard")
    chelsea = load_rgb(os.path.join(corpus, "sk_chelsea.png"))
    save("native_chelsea", chelsea, [dict(kind="pet", box=CHELSEA_CAT)], "native")
    friends, s = reduced(load_rgb(os.path.join(corpus, "lomiri_friends_by_Aitzol_Berasategi.jpg")))
    save("native_friends", friends, [dict(kind="pet", box=scale_box(b, s)) for b in FRIENDS_DOGS], "native")
    gcat_path = debian_file("gnome-control-center-data", "/usr/share/pixmaps/faces/cat.jpg", cache)
    puppy_path = debian_file("gnome-control-center-data", "/usr/share/pixmaps/faces/puppy.jpg", cache)
    save("native_gnomecat", load_rgb(gcat_path), [dict(kind="pet", box=GNOME_CAT)], "native-hard")
    kitten = load_rgb(debian_file("cura", "/usr/share/cura/resources/images/kitten.jpg", cache))
    save("native_curakitten", kitten, [dict(kind="pet", box=CURA_KITTEN)], "native")
    gdkcat = load_rgb(debian_file("gdk-pixbuf-tests", "/usr/libexec/installed-tests/gdk-pixbuf/test-images/reftests/cat.jpg", cache))
    save("native_gdkcat", gdkcat, [dict(kind="pet", box=GDK_CAT)], "native")
    save("native_darknetdog", load_rgb(debian_file("darknet", "/usr/share/darknet/data/dog.jpg", cache)),
         [dict(kind="pet", box=DARKNET_DOG)], "native-hard")
    save("negx_horses", load_rgb(debian_file("darknet", "/usr/share/darknet/data/horses.jpg", cache)), [], "negative-extra")
    save("negx_person", load_rgb(debian_file("darknet", "/usr/share/darknet/data/person.jpg", cache)), [],
         "negative-extra", ignore=["pet"])
    ckitten = load_rgb(debian_file("cinnamon-common", "/usr/share/cinnamon/faces/5_kitten.jpg", cache))
    cpuppy = load_rgb(debian_file("cinnamon-common", "/usr/share/cinnamon/faces/5_puppy.jpg", cache))

    # Human composites: two head sprites at 7 sizes (random place + top edge), 100 LFW faces at 40-100 px.
    heads = [head_sprite("astronaut", astronaut, (140, 20, 305, 215), ASTRONAUT_FACE),
             head_sprite("hopper", hopper, (120, 10, 405, 380), HOPPER_FACE)]
    n = 0
    for sp in heads:
        for size in [40, 60, 90, 140, 200, 280, 400]:
            for top in (False, True):
                if top and size > 280:
                    continue
                bg = backgrounds[n % len(backgrounds)]
                if size > min(bg.size) * 0.7:
                    bg = backgrounds[(n + 1) % len(backgrounds)]
                angle = rng.uniform(-12, 12)
                im, label, light = composite(bg, sp, size, angle, rng, top_edge=top)
                save(f"comp_{sp.name}_{size}{'_top' if top else ''}_{n:03d}", im,
                     [dict(kind="human", box=label)], "composite-top" if top else "composite",
                     source=sp.name, face_width=size, angle=round(angle, 1), **light)
                n += 1
    for i, sp in enumerate(lfw_sprites()):
        bg = backgrounds[n % len(backgrounds)]
        size = rng.randint(40, 100)
        angle = rng.uniform(-10, 10)
        top = i % 5 == 4
        im, label, light = composite(bg, sp, size, angle, rng, top_edge=top)
        save(f"comp_{sp.name}_{size}{'_top' if top else ''}_{n:03d}", im, [dict(kind="human", box=label)],
             "composite-top" if top else "composite", source="lfw", face_width=size, angle=round(angle, 1), **light)
        n += 1

    # Pet composites: chelsea's face and the puppy.
    chelsea_sprite = Sprite("chelsea", chelsea, CHELSEA_CAT, ellipse_mask(chelsea.size, feather=10))
    puppy = load_rgb(puppy_path)
    puppy_sprite = Sprite("puppy", puppy, PUPPY_FACE, ellipse_mask(puppy.size, feather=3, power=3))
    pet_sprites = [
        (chelsea_sprite, [60, 90, 140, 200, 280]),
        (puppy_sprite, [50, 70, 100, 140]),
        (Sprite("ckitten", ckitten, CINNAMON_KITTEN, ellipse_mask(ckitten.size, feather=3, power=3)), [50, 70, 100, 140]),
        (Sprite("cpuppy", cpuppy, CINNAMON_PUPPY, ellipse_mask(cpuppy.size, feather=3, power=3)), [50, 70, 100, 140]),
        (head_sprite("gdkcat", gdkcat, (250, 95, 425, 270), GDK_CAT), [50, 80, 120, 200, 280]),
        (head_sprite("curakitten", kitten, (260, 420, 680, 840), CURA_KITTEN), [50, 80, 120, 200, 280]),
    ]
    for sp, sizes in pet_sprites:
        for size in sizes:
            for top in (False, True):
                bg = backgrounds[n % len(backgrounds)]
                angle = rng.uniform(-10, 10)
                im, label, light = composite(bg, sp, size, angle, rng, top_edge=top)
                save(f"pet_{sp.name}_{size}{'_top' if top else ''}_{n:03d}", im, [dict(kind="pet", box=label)],
                     "composite-top" if top else "composite", source=sp.name, face_width=size,
                     angle=round(angle, 1), **light)
                n += 1
    with open(os.path.join(work, "labels.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return entries


# ------------------------------------------------------------------------------------------------ scoring

def iou(a, b):
    ax1, ay1, bx1, by1 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    iw = max(0, min(ax1, bx1) - max(a[0], b[0]))
    ih = max(0, min(ay1, by1) - max(a[1], b[1]))
    inter = iw * ih
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union else 0


def match(labels, dets, min_iou=0.3):
    """Greedy one-to-one matching by IoU; returns (matched label indices, false positive count, IoUs)."""
    pairs = sorted(((iou(l, d), li, di) for li, l in enumerate(labels) for di, d in enumerate(dets)), reverse=True)
    used_l, used_d, ious = set(), set(), []
    for v, li, di in pairs:
        if v < min_iou or li in used_l or di in used_d:
            continue
        used_l.add(li)
        used_d.add(di)
        ious.append(v)
    return used_l, len(dets) - len(used_d), ious


def run_harness(work, entries, candidates):
    exe = os.path.join(work, "eval_detectors")
    src = os.path.join(HERE, "eval_detectors.cpp")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        sh("g++", "-O2", "-std=c++17", "-I/usr/include/opencv4", src, "-o", exe,
           "-lopencv_objdetect", "-lopencv_imgproc", "-lopencv_imgcodecs", "-lopencv_core",
           "-ldlib", "-l:liblapack.so.3", "-l:libblas.so.3", "-lpthread")
    lst = os.path.join(work, "images.txt")
    with open(lst, "w") as f:
        f.write("\n".join(e["file"] for e in entries) + "\n")
    out = subprocess.run([exe, lst] + [spec for _, spec in candidates], check=True, capture_output=True, text=True).stdout
    dets, times, loads = {}, {}, {}
    for line in out.splitlines():
        p = line.split("\t")
        if p[0] == "load":
            loads[p[1]] = float(p[2])
        elif p[0] == "time":
            times.setdefault(p[1], {})[p[2]] = float(p[3])   # thread CPU ms (p[4]: wall ms)
        elif p[0] == "det":
            dets.setdefault(p[1], {}).setdefault(p[2], []).append((tuple(map(int, p[3:7])), float(p[7])))
    return dets, times, loads


def score(entries, kind, dets_by_file, threshold=None):
    """Recall per group and overall, FP per image (all images; and on negatives only)."""
    found = total = fp_all = fp_neg = scored = 0
    by_group, by_band, ious, missed = {}, {}, [], []
    for e in entries:
        labels = [tuple(l["box"]) for l in e["labels"] if l["kind"] == kind]
        if kind in e.get("ignore", []):
            continue
        scored += 1
        dets = [d for d, s in dets_by_file.get(e["file"], []) if threshold is None or s >= threshold]
        hit, fp, v = match(labels, dets)
        ious += v
        fp_all += fp
        if e["group"] in ("negative", "negative-extra"):
            fp_neg += fp
        if not labels:
            continue
        total += len(labels)
        found += len(hit)
        g = by_group.setdefault(e["group"], [0, 0])
        g[0] += len(hit)
        g[1] += len(labels)
        if "face_width" in e:
            w = e["face_width"]
            band = "40-60" if w <= 60 else "61-100" if w <= 100 else "101-200" if w <= 200 else "201-400"
            b = by_band.setdefault(band, [0, 0])
            b[0] += len(hit)
            b[1] += len(labels)
        if len(hit) < len(labels):
            missed.append(e["name"])
    negatives = sum(1 for e in entries if e["group"] in ("negative", "negative-extra") and kind not in e.get("ignore", []))
    return dict(recall=found / total if total else 0, found=found, total=total,
                fp_per_image=fp_all / scored, fp_neg=fp_neg, negatives=negatives,
                by_group=by_group, by_band=by_band, mean_iou=statistics.mean(ious) if ious else 0, missed=missed)


def ms_per_photo(entries, times):
    big = [times[e["file"]] for e in entries if e["group"] in ("negative", "composite", "composite-top")
           and max(e["size"]) == LONG_SIDE and e["file"] in times]
    return statistics.median(big), statistics.mean(big)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "faces-eval"))
    args = ap.parse_args()
    work = os.path.abspath(args.work)
    cache = os.path.join(work, "debs")
    entries = build_set(work, cache)
    rows = []
    for kind, candidates in (("human", HUMAN_CANDIDATES), ("pet", PET_CANDIDATES)):
        dets, times, loads = run_harness(work, entries, candidates)
        for name, spec in candidates:
            thresholds = DLIB_THRESHOLDS if spec.startswith("dlib:") else [None]
            for t in thresholds:
                r = score(entries, kind, dets.get(name, {}), t)
                med, mean = ms_per_photo(entries, times[name])
                label = name if t is None else f"{name} (score>={t})"
                rows.append((kind, label, r, med, mean, loads[name]))
    lines = ["| kind | candidate | recall | found/total | composite | top edge | native | 40-60 px | 61-100 | 101-200 | 201-400 "
             "| FP/image (all) | FP on negatives | mean IoU | CPU ms/photo (median, 960 px, 1 thread) | load ms |",
             "|" + "---|" * 16]
    for kind, label, r, med, mean, load in rows:
        def frac(d, k):
            if k not in d:
                return "-"
            return f"{d[k][0]}/{d[k][1]}"
        native = [r["by_group"].get(g, [0, 0]) for g in ("native", "native-hard")]
        lines.append(f"| {kind} | {label} | {r['recall']:.1%} | {r['found']}/{r['total']} | {frac(r['by_group'], 'composite')} "
                     f"| {frac(r['by_group'], 'composite-top')} | {sum(n[0] for n in native)}/{sum(n[1] for n in native)} "
                     f"| {frac(r['by_band'], '40-60')} | {frac(r['by_band'], '61-100')} | {frac(r['by_band'], '101-200')} "
                     f"| {frac(r['by_band'], '201-400')} | {r['fp_per_image']:.3f} | {r['fp_neg']}/{r['negatives']} | {r['mean_iou']:.2f} "
                     f"| {med:.1f} | {load:.0f} |")
    counts = {}
    for e in entries:
        counts[e["group"]] = counts.get(e["group"], 0) + 1
    summary = [f"{len(entries)} images: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), ""]
    text = "\n".join(summary + lines) + "\n"
    with open(os.path.join(work, "results.md"), "w") as f:
        f.write(text)
    with open(os.path.join(work, "missed.json"), "w") as f:
        json.dump({f"{k}:{l}": r["missed"] for k, l, r, *_ in rows}, f, indent=1)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
