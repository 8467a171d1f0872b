#!/usr/bin/env bash
# Instruction counts per stage of one FullBleed build under callgrind: stable figures where
# wall time is noisy (other work shares this machine). valgrind 3.19 cannot read the DWARF 5 debug info of
# Swift 6 binaries, so the binary is copied without it first (function names stay in the symbol table).
#
#   callgrind_stages.sh PIPELINE OUTFILE.tsv FILE...     (BIN: default .build/release/fullbleed)
#
# Writes OUTFILE.tsv ("stage<TAB>instructions", printed) and keeps callgrind's profile beside it
# (OUTFILE.tsv.callgrind, for callgrind_annotate). Stages are inclusive counts of the
# functions that run them, summed over every call and thread: decode (DecodeStep.run), colour
# (ColorStep.run), crop (CropStep.run), resample (the resampler's band workers, BandPlan.run*, which also
# hold the rows' conversion to and from working Float), of which the horizontal filter
# (BandPlan.filterHorizontally), analysis (AnalyseStep.run + BakeStep.run + BandLightnessChange.mean:
# legibility, scrims and their reported lightness change), extension
# (ExtendStep.run: blur and background extension), placeholders (PlaceholderStep.run), encode
# (OutputEncoder.encodeQueued), and the whole program. Resampling inside placeholders and analysis is
# counted in both.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=${BIN:-$ROOT/.build/release/fullbleed}
pipeline=$1 tsv=$2; shift 2
command -v valgrind >/dev/null || { echo "callgrind_stages.sh: valgrind missing (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$BIN" "$work/fullbleed"
valgrind --tool=callgrind --callgrind-out-file="$tsv.callgrind" \
  "$work/fullbleed" build "$@" --pipeline "$pipeline" --out "$work/out" --jobs 1 --quiet 2> "$work/valgrind.log" \
  || { cat "$work/valgrind.log" >&2; exit 1; }
callgrind_annotate --inclusive=yes --threshold=100 "$tsv.callgrind" 2>/dev/null | swift demangle --simplified > "$work/inclusive.txt"
awk '
  function count(s) { gsub(",", "", s); return s + 0 }
  /PROGRAM TOTALS/ { total = count($1) }
  # The function name: after "file:" up to " [object]", without "specialized " (closures inside a
  # function start with "closure", "partial apply" or "fitted", so they never match a name below).
  {
    name = $0; sub(/^[^:]*:/, "", name); sub(/ \[[^]]*\]$/, "", name); sub(/^specialized /, "", name)
  }
  name ~ /^static DecodeStep\.run\(/ { decode += count($1) }
  name ~ /^static ColorStep\.run\(/ { colour += count($1) }
  name ~ /^static CropStep\.run\(/ { crop += count($1) }
  name ~ /^BandPlan\.run(VerticalFirst|HorizontalFirst)\(/ { resample += count($1) }
  name ~ /^BandPlan\.filterHorizontally\(/ { horizontal += count($1) }
  name ~ /^static (AnalyseStep|BakeStep)\.run\(|^static BandLightnessChange\.mean\(/ { analysis += count($1) }
  name ~ /^static ExtendStep\.run\(/ { extension += count($1) }
  name ~ /^static PlaceholderStep\.run\(/ { placeholders += count($1) }
  name ~ /^OutputEncoder\.encodeQueued\(\)/ { encode += count($1) }
  END {
    printf "decode\t%.0f\ncolour\t%.0f\ncrop\t%.0f\nresample\t%.0f\nresample: horizontal filter\t%.0f\nanalysis\t%.0f\nextension\t%.0f\nplaceholders\t%.0f\nencode\t%.0f\ntotal\t%.0f\n",
      decode, colour, crop, resample, horizontal, analysis, extension, placeholders, encode, total
  }' "$work/inclusive.txt" > "$tsv"
cat "$tsv"
