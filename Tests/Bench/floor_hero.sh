#!/usr/bin/env bash
# The codec floor of `make bench` for one photo: what the hero job cannot avoid with libjpeg-turbo and
# libwebp. A libjpeg-turbo decode at the shrink-on-load scale FullBleed used (1/DENOMINATOR, read from its
# manifest; output discarded), plus encoding the six outputs (JPEG q82 progressive optimised, WebP q80
# default method 4) from PPMs of the exact output sizes made beforehand, untimed. No crop, no resampling.
#
#   floor_hero.sh PREPDIR OUTDIR DENOMINATOR FILE
#     reads PREPDIR/<file name>-{1290,860,430}.ppm, writes OUTDIR/<file name>-<width>.jpg / .webp
set -euo pipefail
prep=$1 out=$2 denominator=$3 file=$4
name=$(basename "$file")
djpeg -scale "1/$denominator" -outfile /dev/null "$file"
for width in 1290 860 430; do
  cjpeg -quality 82 -progressive -optimize -outfile "$out/$name-$width.jpg" "$prep/$name-$width.ppm"
  cwebp -quiet -q 80 "$prep/$name-$width.ppm" -o "$out/$name-$width.webp"
done
