#!/usr/bin/env bash
# ImageMagick 6 side of `make bench`: the hero job of Pipelines/bench-parity.json for one photo, written
# the way an ImageMagick expert would: one process, one decode (shrink-on-load hint at twice the largest
# output, so libjpeg's DCT scaling never goes below it), auto-orient, centre crop to 16:9, every metadata
# profile but the ICC dropped, Lanczos (IM's default for reduction) to 1290x726 pixels, then 860x484 and
# 430x242 reduced from the 1290 image in memory; JPEG q82 progressive 4:2:0 + WebP q80 (default method 4).
#
#   magick_hero.sh OUTDIR FILE     -> OUTDIR/<file name>-<width>.jpg / .webp
#
# /usr/bin/convert-im6.q16 is called directly (on some machines `convert` on PATH is not ImageMagick).
set -euo pipefail
out="$1/$(basename "$2")"
exec /usr/bin/convert-im6.q16 -define jpeg:size=2580x1452 "$2" \
  -auto-orient -gravity center -crop 16:9 +repage +profile '!icc,*' -sampling-factor 4:2:0 \
  -resize '1290x726!' \
  -quality 82 -interlace Plane -write "$out-1290.jpg" -interlace None -quality 80 -write "$out-1290.webp" \
  -resize '860x484!' \
  -quality 82 -interlace Plane -write "$out-860.jpg" -interlace None -quality 80 -write "$out-860.webp" \
  -resize '430x242!' \
  -quality 82 -interlace Plane -write "$out-430.jpg" -interlace None -quality 80 "$out-430.webp"
