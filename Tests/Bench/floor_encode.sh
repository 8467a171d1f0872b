#!/usr/bin/env bash
# The codec floor of one step of the default jobs (ios-hero, web-hero) in `make bench`: what writing
# FullBleed's files costs with the plain encoders, from the same pixels (decoded beforehand, untimed).
#
#   floor_encode.sh decode DENOMINATOR SOURCE   libjpeg-turbo decode at 1/DENOMINATOR (output discarded)
#   floor_encode.sh jpeg PIXELS.ppm OUT.jpg     cjpeg -quality 82 -progressive -optimize (4:2:0, the default)
#   floor_encode.sh webp PIXELS.ppm OUT.webp    cwebp -q 80 -m 4
#   floor_encode.sh avif PIXELS.png OUT.avif    heif-enc (libaom) -q 60, speed 6, one thread, 4:2:0
# The settings are those of Pipelines/ios-hero.json and web-hero.json.
set -euo pipefail
case $1 in
  decode) djpeg -scale "1/$2" -outfile /dev/null "$3" ;;
  jpeg) cjpeg -quality 82 -progressive -optimize -outfile "$3" "$2" ;;
  webp) cwebp -quiet -q 80 -m 4 "$2" -o "$3" ;;
  avif) heif-enc -A -q 60 -p speed=6 -p threads=1 -p chroma=420 -o "$3" "$2" > /dev/null ;;
  *) echo "floor_encode.sh: unknown step $1" >&2; exit 2 ;;
esac
