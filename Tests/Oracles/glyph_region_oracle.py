#!/usr/bin/env python3
"""Independent oracle for the glyph-region luminances of a `fullbleed build --report` output folder.

Written from the SPEC, not from FullBleed's code: for every device target of every asset in OUT/manifest.json
whose analysis.json exists, every delivered JPEG tier (plain and -scrim) is decoded with imagecodecs, its 8-bit
sRGB samples linearised with the sRGB curve (SPEC 2.1), Y = the sRGB row of SPEC 2.1 on linear R, G, B, the
plane box-reduced by the integer factor floor(pixels per point) (SPEC 2.7: about one pixel per point; a
partial last block is dropped), blurred with a true sampled Gaussian at the region's sigma (kernel
exp(-i^2 / 2 sigma^2) to ceil(4 sigma), normalised, separable, numpy mode='symmetric' edges), and the region
statistics of RegionMetrics computed over the rectangle the report names (its points times the plane's pixels
per point; the pixels whose centres lie inside it): mean Y, nearest-rank P0.5 and P99.5 (the ceil(p/100 n)-th
smallest).

On the baked (-scrim) tiers, each region that the top or bottom scrim serves at rest (scrollOffsetPoints 0)
also gets the contrast its recommended glyph colour reaches there, in WCAG 2 terms (SPEC 2.3: white glyphs
1.05 / (P99.5 + 0.05), black glyphs (P0.5 + 0.05) / 0.05) against the report's WCAG target; regions of an
APCA target get no contrast.

Prints one JSON object: {"rows": [...]} with, per (asset, target, tier file, region), the report's values
(plain tiers), the oracle's, and on baked tiers "glyphColor", "contrast" and "contrastTarget". Usage: glyph_region_oracle.py OUT
"""
import json
import math
import os
import sys

import imagecodecs
import numpy as np

SRGB_ROW = np.array([0.21263900587151027, 0.715168678767756, 0.07219231536073371])


def linear(encoded):
    c = encoded / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def luminance(path):
    pixels = imagecodecs.imread(path).astype(np.float64)
    if pixels.ndim == 2:
        return linear(pixels)
    return linear(pixels[..., :3]) @ SRGB_ROW


def box_reduced(plane, factor):
    if factor <= 1:
        return plane
    h, w = plane.shape[0] // factor, plane.shape[1] // factor
    return plane[: h * factor, : w * factor].reshape(h, factor, w, factor).mean(axis=(1, 3))


def gaussian(plane, sigma):
    if sigma <= 0:
        return plane
    radius = math.ceil(4 * sigma)
    i = np.arange(-radius, radius + 1, dtype=np.float64)
    kernel = np.exp(-i * i / (2 * sigma * sigma))
    kernel /= kernel.sum()
    padded = np.pad(plane, radius, mode="symmetric")
    rows = np.zeros((padded.shape[0], plane.shape[1]))
    for k, weight in enumerate(kernel):
        rows += weight * padded[:, k : k + plane.shape[1]]
    out = np.zeros(plane.shape)
    for k, weight in enumerate(kernel):
        out += weight * rows[k : k + plane.shape[0], :]
    return out


def nearest_rank(sorted_values, p):
    n = len(sorted_values)
    rank = math.ceil(p / 100 * n - 1e-9)
    return float(sorted_values[max(0, min(n - 1, rank - 1))])


def span(start, end, ppp, limit):
    """The pixels whose centres lie in [start, end) points (at least one, clamped to the plane)."""
    low = min(max(0, math.ceil(start * ppp - 0.5)), limit - 1)
    high = max(low + 1, min(limit, math.floor(end * ppp - 0.5) + 1))
    return low, high


def wcag_contrast(glyph, low, high):
    return 1.05 / (high + 0.05) if glyph == "white" else (low + 0.05) / 0.05


def main(out):
    manifest = json.load(open(os.path.join(out, "manifest.json")))
    rows = []
    for asset in manifest["assets"]:
        # Manifest v2's lean form: file names are relative to the asset's folder.
        folder = os.path.join(out, asset.get("folder", ""))
        if "report" not in asset:
            continue
        report_path = os.path.join(folder, asset["report"]["name"])
        report = json.load(open(report_path))
        legibility = {t["name"]: t["legibility"] for t in report["targets"] if t.get("legibility")}
        for target in asset.get("targets", []):  # a skipped photo has none
            analysis = legibility.get(target["name"])
            if analysis is None or analysis.get("deviceID") is None:
                continue
            hero_w = analysis["layout"]["heroWidthPoints"]
            low_p = analysis["parameters"]["metrics"]["lowPercentile"]
            wcag = (analysis["parameters"]["target"].get("wcag") or {}).get("ratio")
            recommendation = target.get("recommendation") or {}
            glyph = {"top": recommendation.get("glyphColor"),
                     "bottom": (recommendation.get("lowerText") or {}).get("glyphColor")}
            high_p = analysis["parameters"]["metrics"]["highPercentile"]
            # Each tier once, its baked-gradient variant nested as "scrim".
            variants = []
            for derivative in target["derivatives"]:
                variants.append(("plain", derivative["files"]))
                if "scrim" in derivative:
                    variants.append(("scrim", derivative["scrim"]["files"]))
            for kind, files in variants:
                for f in files:
                    if f["mimeType"] != "image/jpeg":
                        continue
                    path = os.path.join(asset.get("folder", ""), f["name"])
                    plane_full = luminance(os.path.join(out, path))
                    ppp = plane_full.shape[1] / hero_w
                    factor = max(1, int(math.floor(ppp)))
                    plane = box_reduced(plane_full, factor)
                    appp = ppp / factor
                    blurred = {}
                    for region in analysis["regions"]:
                        geometry, sigma = region["region"], region["blurSigmaPoints"] * appp
                        if sigma not in blurred:
                            blurred[sigma] = gaussian(plane, sigma)
                        x0, x1 = span(geometry["x"], geometry["x"] + geometry["width"], appp, plane.shape[1])
                        y0, y1 = span(geometry["y"], geometry["y"] + geometry["height"], appp, plane.shape[0])
                        values = np.sort(blurred[sigma][y0:y1, x0:x1].ravel())
                        row = {"asset": asset["key"], "target": target["name"], "file": path, "kind": kind,
                               "region": region["name"], "analysisPixelsPerPoint": appp,
                               "oracle": {"mean": float(values.mean()), "low": nearest_rank(values, low_p),
                                          "high": nearest_rank(values, high_p)}}
                        edge = geometry.get("scrimEdge", "top")
                        if kind == "scrim" and wcag is not None and geometry.get("scrollOffsetPoints", 0) == 0 and glyph.get(edge):
                            row["glyphColor"] = glyph[edge]
                            row["contrast"] = wcag_contrast(glyph[edge], row["oracle"]["low"], row["oracle"]["high"])
                            row["contrastTarget"] = wcag
                        if kind == "plain":
                            m = region["metrics"]
                            row["report"] = {"mean": m["meanLuminance"], "low": m["lowLuminance"], "high": m["highLuminance"]}
                        rows.append(row)
    json.dump({"rows": rows}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
