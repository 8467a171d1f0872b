#!/usr/bin/env bash
# `make bench`: the hero job of Pipelines/bench-parity.json run side by side by FullBleed,
# libvips 8.14 from Debian (Tests/Bench/vips_hero.c), libvips 8.18+ from the pyvips-binary wheel
# (Tests/Bench/pyvips_hero.py, in the venv BENCH_PYTHON), ImageMagick 6 (Tests/Bench/magick_hero.sh) and the codec floor
# (Tests/Bench/floor_hero.sh: djpeg at FullBleed's shrink-on-load scale + cjpeg/cwebp of the outputs),
# on the JPEG photos of ../shared/corpus/photos plus ../shared/corpus/edge/large_8000x6000.jpg.
# Also: FullBleed --jobs 1 vs --jobs N, time per megapixel from 2 to 48 MP, and a no-op rebuild of 200
# assets. Writes build/bench/results.md (printed at the end), results.tsv (summary) and runs.tsv (every
# timed run). Expects `make build` to have made .build/static/release/fullbleed (`make bench` does).
#
# Environment: BENCH_RUNS (rounds per measurement, default 5; the median is reported),
# BENCH_JOBS (processes/jobs per tool, default nproc), BENCH_NOOP_ASSETS (default 200), BENCH_NOOP_RUNS
# (rounds with the full build + no-op rebuild, default min(BENCH_RUNS, 3): the full build is the longest),
# BENCH_TMP (scratch folder, default /dev/shm when writable), FULLBLEED_SHARED (default ../shared),
# BENCH_PYTHON (the venv's python with pyvips + pyvips-binary, default .build/bench-venv/bin/python:
# `make bench-venv` makes it).
# Without the shared corpus it prints a message and exits 0.
set -euo pipefail
export VIPS_WARNING=0   # libvips: no "unknown EXIF resolution unit" noise

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
BENCH_DIR=$ROOT/Tests/Bench
OUT_DIR=$ROOT/build/bench
BIN=$ROOT/.build/static/release/fullbleed
PIPELINE=$ROOT/Pipelines/bench-parity.json
SHARED=${FULLBLEED_SHARED:-$(dirname "$ROOT")/shared}
RUNS=${BENCH_RUNS:-5}
JOBS=${BENCH_JOBS:-$(nproc)}
NOOP_ASSETS=${BENCH_NOOP_ASSETS:-200}
NOOP_RUNS=${BENCH_NOOP_RUNS:-$(( RUNS < 3 ? RUNS : 3 ))}
CONVERT=/usr/bin/convert-im6.q16
COMPARE=/usr/bin/compare-im6.q16
GNU_TIME=/usr/bin/time
TIME_FORMAT='%e %U %S %M'
PYTHON=${BENCH_PYTHON:-$ROOT/.build/bench-venv/bin/python}
WIDTHS=(1290 860 430)
declare -A HEIGHT_OF=([1290]=726 [860]=484 [430]=242)

say() { printf 'bench [%4ds]: %s\n' "$(( $(date +%s) - STARTED ))" "$*" >&2; }
die() { printf 'bench: FAILED: %s\n' "$*" >&2; exit 1; }

if [ ! -d "$SHARED/corpus/photos" ] || [ ! -f "$SHARED/corpus/edge/large_8000x6000.jpg" ]; then
  echo "bench: $SHARED/corpus not found beside the project (set FULLBLEED_SHARED): nothing to benchmark, skipped."
  exit 0
fi
[ -x "$BIN" ] || die "$BIN missing: run 'make build' (or 'make bench', which builds first)"
for tool in vips vipsheader "$CONVERT" "$COMPARE" djpeg cjpeg cwebp "$GNU_TIME" jq pkg-config; do
  command -v "$tool" >/dev/null || die "$tool not found (make bench installs BENCH_APT_PACKAGES)"
done
[ -x "$PYTHON" ] || die "$PYTHON missing: run 'make bench-venv' (make bench does)"
VIPS_NEW_VERSION=$("$PYTHON" "$BENCH_DIR/pyvips_hero.py" --version) || die "pyvips_hero.py --version failed"
[[ "$VIPS_NEW_VERSION" =~ ^libvips\ 8\.(1[8-9]|[2-9][0-9]) ]] || die "pyvips runs $VIPS_NEW_VERSION, expected libvips 8.18+ (install pyvips with PKG_CONFIG=/bin/false)"
for n in "$RUNS" "$NOOP_RUNS" "$NOOP_ASSETS" "$JOBS"; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS, BENCH_NOOP_RUNS, BENCH_NOOP_ASSETS and BENCH_JOBS must be positive integers"; done

if [ -z "${BENCH_TMP:-}" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then BENCH_TMP=/dev/shm; else BENCH_TMP=$OUT_DIR; fi
fi
mkdir -p "$OUT_DIR" "$BENCH_TMP"
WORK=$(cd "$(mktemp -d "$BENCH_TMP/fullbleed-bench.XXXXXX")" && pwd)
trap 'rm -rf "$WORK"' EXIT
STARTED=$(date +%s)
RUNS_TSV=$OUT_DIR/runs.tsv
printf 'section\ttool\tround\tinput_mp\twall_s\tuser_s\tsys_s\tmax_rss_kb\n' > "$RUNS_TSV"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- tools --------------------------------------------------------------------------------------------
VIPS_HERO=$OUT_DIR/vips_hero
CC=${CC:-$(command -v gcc || command -v clang || echo cc)}
if [ ! -x "$VIPS_HERO" ] || [ "$BENCH_DIR/vips_hero.c" -nt "$VIPS_HERO" ]; then
  say "compiling $VIPS_HERO"
  # shellcheck disable=SC2046
  "$CC" -O2 -Wall -o "$VIPS_HERO" "$BENCH_DIR/vips_hero.c" $(pkg-config --cflags --libs vips)
fi

# Untimed runs for validation: OUTDIR and a list file (one input path a line); six outputs per input.
run_fullbleed() { # OUTDIR LIST JOBS
  local list=$2; local -a files; mapfile -t files < "$list"
  "$BIN" build "${files[@]}" --pipeline "$PIPELINE" --out "$1" --jobs "$3" --quiet
}
run_libvips() { xargs -d '\n' -n 1 -P "$JOBS" "$VIPS_HERO" "$1" < "$2"; }
# libvips 8.18: JOBS python processes, each over its share of LIST (dealt round-robin, so the largest
# photos spread over the processes); the share lists are LIST.share<k>, listed in LIST.shares.
share_list() { # LIST
  local k
  for (( k = 0; k < JOBS; k++ )); do awk -v k="$k" -v n="$JOBS" '(NR - 1) % n == k' "$1" > "$1.share$k"; echo "$1.share$k"; done > "$1.shares"
}
run_libvips_new() { xargs -d '\n' -n 1 -P "$JOBS" "$PYTHON" "$BENCH_DIR/pyvips_hero.py" "$1" < "$2.shares"; }
run_imagemagick() { xargs -d '\n' -n 1 -P "$JOBS" "$BENCH_DIR/magick_hero.sh" "$1" < "$2"; }

# timed SECTION TOOL ROUND INPUT_MP COMMAND...: runs COMMAND under GNU time, appends a row to runs.tsv.
timed() {
  local section=$1 tool=$2 round=$3 mp=$4; shift 4
  local log=$WORK/command.log times=$WORK/time.txt wall user sys rss
  if ! "$GNU_TIME" -f "$TIME_FORMAT" -o "$times" "$@" > "$log" 2>&1; then
    cat "$log" >&2; die "$section/$tool (round $round) failed: $*"
  fi
  read -r wall user sys rss < <(tail -n 1 "$times")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$section" "$tool" "$round" "$mp" "$wall" "$user" "$sys" "$rss" >> "$RUNS_TSV"
}

fresh() { rm -rf "$1"; mkdir -p "$1"; }

megapixels() { # FILE... -> sum of stored width*height / 1e6 (one vipsheader for all files)
  vipsheader "$@" | awk '{ split($(NF - 5), size, "x"); total += size[1] * size[2] } END { printf "%.2f", total / 1e6 }'
}

# ---- inputs (largest first, the same order for every tool) --------------------------------------------
# The corpus PNGs are left out: the floor is defined with libjpeg-turbo.
MAIN_LIST=$WORK/main.list
ls -S "$SHARED"/corpus/photos/*.jpg "$SHARED/corpus/edge/large_8000x6000.jpg" > "$MAIN_LIST"
mapfile -t MAIN_FILES < "$MAIN_LIST"
for f in "${MAIN_FILES[@]}"; do [[ "$f" != *[[:space:]]* ]] || die "input path with white space: $f"; done
MAIN_MP=$(megapixels "${MAIN_FILES[@]}")
say "${#MAIN_FILES[@]} JPEG inputs, $MAIN_MP MP; $RUNS rounds, $JOBS jobs; scratch $WORK"
cat "${MAIN_FILES[@]}" > /dev/null   # into the page cache before anything is timed

# ---- preparation and validation (untimed) -------------------------------------------------------------
say "preparing: one untimed run of every tool, output validation"
P3=$SHARED/corpus/edge/p3_v4.jpg          # validation only: a source with an ICC profile
VALIDATE_LIST=$WORK/validate.list
{ cat "$MAIN_LIST"; echo "$P3"; } > "$VALIDATE_LIST"
share_list "$VALIDATE_LIST"; share_list "$MAIN_LIST"
for tool in fullbleed libvips libvips-new imagemagick; do fresh "$WORK/check/$tool"; done
run_fullbleed "$WORK/check/fullbleed" "$VALIDATE_LIST" "$JOBS" || die "FullBleed failed on the inputs"
run_libvips "$WORK/check/libvips" "$VALIDATE_LIST" || die "vips_hero failed on the inputs"
run_libvips_new "$WORK/check/libvips-new" "$VALIDATE_LIST" || die "pyvips_hero.py failed on the inputs"
run_imagemagick "$WORK/check/imagemagick" "$VALIDATE_LIST" > "$WORK/magick.log" 2>&1 \
  || { cat "$WORK/magick.log" >&2; die "ImageMagick failed on the inputs"; }
MANIFEST=$WORK/check/fullbleed/manifest.json
[ "$(jq '.failures | length' "$MANIFEST")" = 0 ] || die "FullBleed manifest lists failures: $(jq -c .failures "$MANIFEST")"

# Shrink-on-load denominators FullBleed used, for the floor.
jq -r '.assets[] | [(.source.path | split("/") | last), (1 / (.decode.loadScale // 1) | round)] | @tsv' "$MANIFEST" > "$WORK/denominators.tsv"
denominator_of() { awk -F'\t' -v n="$(basename "$1")" '$1 == n { print $2; found = 1 } END { if (!found) exit 1 }' "$WORK/denominators.tsv"; }
floor_list() { # LIST -> LIST.floor ("DENOMINATOR PATH" lines)
  local f d
  while read -r f; do d=$(denominator_of "$f") || die "no FullBleed decode scale for $f"; echo "$d $f"; done < "$1" > "$1.floor"
}
floor_list "$MAIN_LIST"

# PPMs of the exact output sizes, for the floor's encoders (from libvips' outputs, any would do).
mkdir -p "$WORK/ppm"
for f in "${MAIN_FILES[@]}"; do
  name=$(basename "$f")
  for w in "${WIDTHS[@]}"; do djpeg -outfile "$WORK/ppm/$name-$w.ppm" "$WORK/check/libvips/$name-$w.jpg"; done
done

# Checks every output of one tool: six per input, JPEG/WebP by content (libvips' loader sniffs it), exact
# sizes, progressive 4:2:0 JPEG, the ICC profile of the P3 source kept, no XMP or IPTC, and no EXIF
# (libvips 8.14 always writes a minimal structural EXIF block: only its resolution, dimension and version
# tags are allowed there). One vipsheader for all the files, folded into one line per file.
ALLOWED_EXIF='^exif-ifd[02]-(Orientation|XResolution|YResolution|ResolutionUnit|YCbCrPositioning|ExifVersion|ComponentsConfiguration|FlashpixVersion|ColorSpace|PixelXDimension|PixelYDimension)$'
validate_outputs() { # TOOL DIR INPUT_COUNT
  local tool=$1 dir=$2 count=$3 file loader w h interlaced chroma icc exif xmp extra_exif kind
  local -a files; local -A seen=()
  mapfile -t files < <(find "$dir" -type f \( -name '*.jpg' -o -name '*.webp' \) | sort)
  [ "${#files[@]}" = $(( 6 * count )) ] || die "$tool: ${#files[@]} outputs, expected $(( 6 * count ))"
  while IFS=$'\t' read -r file loader w h interlaced chroma icc exif xmp extra_exif; do
    case "$loader" in jpegload) kind=jpg ;; webpload) kind=webp ;; *) die "$tool: $file is neither JPEG nor WebP ($loader)" ;; esac
    [[ "$file" == *."$kind" ]] || die "$tool: $file holds $kind"
    [ "${HEIGHT_OF[$w]:-}" = "$h" ] || die "$tool: $file is ${w}x${h}, not one of 1290x726 860x484 430x242"
    seen[$kind-$w]=$(( ${seen[$kind-$w]:-0} + 1 ))
    if [ "$kind" = jpg ]; then
      [ "$interlaced" = 1 ] || die "$tool: $file is not a progressive JPEG"
      [ "$chroma" = 4:2:0 ] || die "$tool: $file is $chroma, not 4:2:0"
    fi
    [[ "$file" != *p3_v4* || "$icc" = 1 ]] || die "$tool: $file lost the source's ICC profile"
    [ "$xmp" = 0 ] || die "$tool: $file carries XMP or IPTC"
    if [ "$tool" = libvips ]; then [ -z "$extra_exif" ] || die "$tool: $file carries EXIF beyond the structural minimum: $extra_exif"
    else [ "$exif" = 0 ] || die "$tool: $file carries EXIF"; fi
  done < <(vipsheader -a "${files[@]}" 2>/dev/null | awk -v allowed="$ALLOWED_EXIF" '
    # With several files, every line is "FILE: field: value" (the first one "FILE: WxH ..., loader").
    function flush() { if (file != "") print file "\t" loader "\t" w "\t" h "\t" interlaced "\t" chroma "\t" icc "\t" exif "\t" xmp "\t" extra }
    { i = index($0, ": "); name = substr($0, 1, i - 1); line = substr($0, i + 2); n = split(line, part, " ") }
    name != file { flush(); file = name; loader = part[n]; w = h = chroma = "-"; extra = ""; interlaced = icc = exif = xmp = 0; next }
    line ~ /^width: / { w = part[2] } line ~ /^height: / { h = part[2] } line ~ /^interlaced: / { interlaced = part[2] }
    line ~ /^jpeg-chroma-subsample: / { chroma = part[2] } line ~ /^icc-profile-data: / { icc = 1 }
    line ~ /^exif-data: / { exif = 1 } line ~ /^(xmp-data|iptc-data): / { xmp = 1 }
    line ~ /^exif-ifd/ { tag = part[1]; sub(/:$/, "", tag); if (tag !~ allowed) extra = extra tag " " }
    END { flush() }')
  for kind in jpg webp; do for w in "${WIDTHS[@]}"; do
    [ "${seen[$kind-$w]:-0}" = "$count" ] || die "$tool: ${seen[$kind-$w]:-0} $kind outputs of width $w, expected $count"
  done; done
}
VALIDATE_COUNT=$(wc -l < "$VALIDATE_LIST")
for tool in fullbleed libvips libvips-new imagemagick; do validate_outputs "$tool" "$WORK/check/$tool" "$VALIDATE_COUNT"; done

# Same picture: each peer's 1290 JPEG against FullBleed's, both box-reduced to 160x90 first, so resampler
# and encoder differences fade (measured: 40-55 dB) while a wrong crop, a shift by 1% or a mirrored or
# unrotated picture does not (13-29 dB). Peers below BENCH_MIN_PSNR (default 35 dB) fail the bench.
MIN_PSNR=${BENCH_MIN_PSNR:-35}
PSNR_TSV=$OUT_DIR/psnr.tsv
while IFS=$'\t' read -r name derivative; do
  read -r vips_psnr magick_psnr vips_new_psnr < <("$CONVERT" "$WORK/check/fullbleed/$derivative" "$WORK/check/libvips/$name-1290.jpg" \
      "$WORK/check/imagemagick/$name-1290.jpg" "$WORK/check/libvips-new/$name-1290.jpg" -filter box -resize '160x90!' -write mpr:heroes +delete \
      \( 'mpr:heroes[0]' 'mpr:heroes[1]' -metric PSNR -compare -format '%[distortion] ' -write info: +delete \) \
      \( 'mpr:heroes[0]' 'mpr:heroes[2]' -metric PSNR -compare -format '%[distortion] ' -write info: +delete \) \
      \( 'mpr:heroes[0]' 'mpr:heroes[3]' -metric PSNR -compare -format '%[distortion]\n' -write info: +delete \) null: 2>&1)
  printf '%s\t%s\t%s\t%s\n' "$name" "$vips_psnr" "$magick_psnr" "$vips_new_psnr"
done < <(jq -r '.assets[] | (.source.path | split("/") | last) as $n | (.folder // "") as $d | (.targets // [])[].derivatives[]
                | select(.width == 1290) | .files[] | select(.mimeType == "image/jpeg") | [$n, $d + .name] | @tsv' "$MANIFEST") > "$PSNR_TSV"
[ "$(wc -l < "$PSNR_TSV")" = "$VALIDATE_COUNT" ] || die "FullBleed's manifest does not list a 1290 JPEG per input"
awk -F'\t' -v m="$MIN_PSNR" '{ for (i = 2; i <= 4; i++) if ($i != "inf" && !($i + 0 >= m))
    { printf "bench: FAILED: %s: %s 1290 JPEG is not the same picture as FullBleed'"'"'s (%s dB at 160x90 < %s)\n", $1, (i == 2) ? "libvips 8.14" : (i == 3) ? "ImageMagick" : "libvips 8.18", $i, m; bad = 1 } }
    END { exit bad }' "$PSNR_TSV" >&2 || exit 1
PSNR_MIN_SEEN=$(awk -F'\t' '{ for (i = 2; i <= 4; i++) if ($i != "inf" && (min == "" || $i + 0 < min)) min = $i + 0 } END { print (min == "") ? "inf" : min }' "$PSNR_TSV")
say "outputs equivalent (sizes, formats, progressive 4:2:0 JPEG, ICC kept, no EXIF/XMP/IPTC); lowest PSNR vs FullBleed at 160x90: $PSNR_MIN_SEEN dB"

# Sources from 2 to 48 MP: the 48 MP file and reductions of it (same picture, same codec settings).
MP_SIZES=(2 6 12 24 48)
mkdir -p "$WORK/mp"
LARGE=$SHARED/corpus/edge/large_8000x6000.jpg
for mp in "${MP_SIZES[@]}"; do
  file=$WORK/mp/large-${mp}mp.jpg
  if [ "$mp" = 48 ]; then cp "$LARGE" "$file"
  else vips resize "$LARGE" "$file[Q=90,strip]" "$(awk -v m="$mp" 'BEGIN { printf "%.6f", sqrt(m / 48) }')"; fi
done

# NOOP_ASSETS distinct ~1.3 MP photos for the no-op rebuild: each corpus photo reduced to 1400 px on its
# long side, then inset by a different number of pixels per copy (one ImageMagick process per photo).
mkdir -p "$WORK/noop"
mapfile -t NOOP_BASES < <(ls "$SHARED"/corpus/photos/*.jpg)
for (( b = 0; b < ${#NOOP_BASES[@]}; b++ )); do
  args=()
  for (( i = b, inset = 1; i < NOOP_ASSETS; i += ${#NOOP_BASES[@]}, inset++ )); do
    args+=( \( +clone -shave "${inset}x${inset}" -write "$WORK/noop/photo-$(printf %03d "$i").jpg" +delete \) )
  done
  [ "${#args[@]}" = 0 ] || "$CONVERT" -quiet -define jpeg:size=2800x2800 "${NOOP_BASES[b]}" -resize 1400x1400 +profile '*' -quality 90 "${args[@]}" null:
done
NOOP_MP=$(megapixels "$WORK"/noop/*.jpg)
[ "$(find "$WORK/noop" -name '*.jpg' | wc -l)" = "$NOOP_ASSETS" ] || die "could not make $NOOP_ASSETS no-op inputs"
# The default jobs: FullBleed's ios-hero and web-hero over the main inputs, against the floor of
# the files they write: the source decode at FullBleed's shrink-on-load scale plus every output file
# encoded again by cjpeg / cwebp / heif-enc from its own pixels (decoded here, untimed). Steps in
# $WORK/hero-<job>.floor, "STEP ARG OUT" lines for Tests/Bench/floor_encode.sh.
HERO_JOBS=(ios-hero web-hero)
for job in "${HERO_JOBS[@]}"; do
  check=$WORK/check/$job; fresh "$check"; fresh "$WORK/hero-pixels/$job"
  "$BIN" build "${MAIN_FILES[@]}" --pipeline "$ROOT/Pipelines/$job.json" --out "$check" --jobs "$JOBS" --quiet || die "FullBleed $job failed"
  [ "$(jq '.failures | length' "$check/manifest.json")" = 0 ] || die "FullBleed $job lists failures: $(jq -c .failures "$check/manifest.json")"
  floor=$WORK/hero-$job.floor
  jq -r '.assets[] | ["decode", (1 / (.decode.loadScale // 1) | round), .source.path] | @tsv' "$check/manifest.json" \
    | while IFS=$'\t' read -r step d src; do
        for f in "${MAIN_FILES[@]}"; do [ "$(basename "$f")" != "$(basename "$src")" ] || echo "$step $d $f"; done
      done > "$floor"
  [ "$(wc -l < "$floor")" = "${#MAIN_FILES[@]}" ] || die "$job: no decode scale for every input"
  n=0
  while read -r file; do
    n=$(( n + 1 )); pixels=$WORK/hero-pixels/$job/$n
    case $file in
      *.jpg) vips copy "$file" "$pixels.ppm"; echo "jpeg $pixels.ppm $pixels.jpg" ;;
      *.webp) vips copy "$file" "$pixels.ppm"; echo "webp $pixels.ppm $pixels.webp" ;;
      *.avif) vips copy "$file" "$pixels.png"; echo "avif $pixels.png $pixels.avif" ;;
      *) die "$job: unexpected output $file" ;;
    esac
  done < <(find "$check" -type f \( -name '*.jpg' -o -name '*.webp' -o -name '*.avif' -o -name '*.heic' -o -name '*.png' \) | sort) >> "$floor"
  say "$job: ${#MAIN_FILES[@]} photos, $n files written; floor steps in $floor"
done

# The measured reason when ios-hero misses its floor target: the same job without face detection.
NOFACES_PIPELINE=$WORK/ios-hero-nofaces.json
jq '.crop.faces = false' "$ROOT/Pipelines/ios-hero.json" > "$NOFACES_PIPELINE"

say "prepared in $(( $(date +%s) - STARTED )) s"

# ---- timed rounds -------------------------------------------------------------------------------------
# The same job by each tool, in an order rotated every round; outputs go to a fresh folder each run.
MAIN_TOOLS=(fullbleed libvips libvips-new imagemagick floor fullbleed-jobs1)
for (( round = 1; round <= RUNS; round++ )); do
  say "round $round/$RUNS: main job"
  for (( k = 0; k < ${#MAIN_TOOLS[@]}; k++ )); do
    tool=${MAIN_TOOLS[(round - 1 + k) % ${#MAIN_TOOLS[@]}]}
    out=$WORK/out/$tool; fresh "$out"
    case $tool in
      fullbleed)       timed main fullbleed "$round" "$MAIN_MP" "$BIN" build "${MAIN_FILES[@]}" --pipeline "$PIPELINE" --out "$out" --jobs "$JOBS" --quiet ;;
      fullbleed-jobs1) timed main fullbleed-jobs1 "$round" "$MAIN_MP" "$BIN" build "${MAIN_FILES[@]}" --pipeline "$PIPELINE" --out "$out" --jobs 1 --quiet ;;
      libvips)         timed main libvips "$round" "$MAIN_MP" xargs -d '\n' -n 1 -P "$JOBS" -a "$MAIN_LIST" "$VIPS_HERO" "$out" ;;
      libvips-new)     timed main libvips-new "$round" "$MAIN_MP" xargs -d '\n' -n 1 -P "$JOBS" -a "$MAIN_LIST.shares" "$PYTHON" "$BENCH_DIR/pyvips_hero.py" "$out" ;;
      imagemagick)     timed main imagemagick "$round" "$MAIN_MP" xargs -d '\n' -n 1 -P "$JOBS" -a "$MAIN_LIST" "$BENCH_DIR/magick_hero.sh" "$out" ;;
      floor)           timed main floor "$round" "$MAIN_MP" xargs -n 2 -P "$JOBS" -a "$MAIN_LIST.floor" "$BENCH_DIR/floor_hero.sh" "$WORK/ppm" "$out" ;;
    esac
  done

  say "round $round/$RUNS: default jobs vs their floor"
  for job in "${HERO_JOBS[@]}"; do
    order=(fullbleed floor); [ $(( round % 2 )) = 1 ] || order=(floor fullbleed)
    for tool in "${order[@]}"; do
      out=$WORK/out/hero-$tool; fresh "$out"
      case $tool in
        fullbleed) timed "hero-$job" fullbleed "$round" "$MAIN_MP" "$BIN" build "${MAIN_FILES[@]}" --pipeline "$ROOT/Pipelines/$job.json" --out "$out" --jobs "$JOBS" --quiet ;;
        floor)     timed "hero-$job" floor "$round" "$MAIN_MP" xargs -n 3 -P "$JOBS" -a "$WORK/hero-$job.floor" "$BENCH_DIR/floor_encode.sh" ;;
      esac
    done
  done
  out=$WORK/out/hero-nofaces; fresh "$out"
  timed hero-ios-hero fullbleed-nofaces "$round" "$MAIN_MP" "$BIN" build "${MAIN_FILES[@]}" --pipeline "$NOFACES_PIPELINE" --out "$out" --jobs "$JOBS" --quiet

  say "round $round/$RUNS: time per megapixel"
  for mp in "${MP_SIZES[@]}"; do
    file=$WORK/mp/large-${mp}mp.jpg
    mpx=$(megapixels "$file")
    order=(fullbleed libvips); [ $(( round % 2 )) = 1 ] || order=(libvips fullbleed)
    for tool in "${order[@]}"; do
      out=$WORK/out/mp-$tool; fresh "$out"
      case $tool in
        fullbleed) timed "mp$mp" fullbleed "$round" "$mpx" "$BIN" build "$file" --pipeline "$PIPELINE" --out "$out" --jobs "$JOBS" --quiet ;;
        libvips)   timed "mp$mp" libvips "$round" "$mpx" "$VIPS_HERO" "$out" "$file" ;;
      esac
    done
  done

  if (( round <= NOOP_RUNS )); then
    say "round $round/$RUNS: full build and no-op rebuild of $NOOP_ASSETS assets"
    out=$WORK/out/noop; fresh "$out"
    timed noop full "$round" "$NOOP_MP" "$BIN" build "$WORK/noop" --pipeline "$PIPELINE" --out "$out" --jobs "$JOBS" --quiet
    timed noop rebuild "$round" "$NOOP_MP" "$BIN" build "$WORK/noop" --pipeline "$PIPELINE" --out "$out" --jobs "$JOBS" --quiet
  fi
done
rm -rf "$WORK/out"
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- summary ------------------------------------------------------------------------------------------
# summary SECTION TOOL FIELD: median over the rounds of wall, cpu (user+sys), or the maximum of max_rss_kb.
summary() {
  awk -F'\t' -v s="$1" -v t="$2" -v f="$3" '
    NR > 1 && $1 == s && $2 == t { n++; v[n] = (f == "wall") ? $5 : (f == "cpu") ? $6 + $7 : $8 }
    END {
      if (!n) { print "nan"; exit }
      if (f == "rss") { m = v[1]; for (i = 2; i <= n; i++) if (v[i] > m) m = v[i]; print m; exit }
      for (i = 2; i <= n; i++) { x = v[i]; j = i - 1; while (j > 0 && v[j] > x) { v[j + 1] = v[j]; j-- } v[j + 1] = x }
      printf "%.3f\n", (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }' "$RUNS_TSV"
}
calc() { awk "BEGIN { printf \"$1\n\", ($2) }"; }
verdict() { awk -v ok="$1" 'BEGIN { print (ok + 0) ? "met" : "not met" }'; }

SUMMARY_TSV=$OUT_DIR/results.tsv
RESULTS_MD=$OUT_DIR/results.md
printf 'section\ttool\tinput_mp\tmedian_wall_s\tmedian_cpu_s\tpeak_rss_mb\tinput_mp_per_s\twall_vs_fullbleed\n' > "$SUMMARY_TSV"

FB_WALL=$(summary main fullbleed wall)
FLOOR_WALL=$(summary main floor wall)
{
  echo "# FullBleed benchmark (make bench)"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC'); $RUNS rounds (medians), tools rotated each round."
  echo "- Machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(awk '/MemTotal/ { printf "%.0f GB RAM", $2 / 1048576 }' /proc/meminfo); load average $LOAD_BEFORE before, $LOAD_AFTER after."
  echo "- Tools: FullBleed $("$BIN" --version 2>&1 | head -1) (release); libvips $(vips --version | sed 's/^vips-//') (Debian, C API, vips_hero); $VIPS_NEW_VERSION (pyvips_hero.py);" \
       "ImageMagick $("$CONVERT" -version | sed -n '1s/^Version: ImageMagick \([^ ]*\).*/\1/p'); libjpeg-turbo $(djpeg -version 2>&1 | sed -n 's/^libjpeg-turbo version \([^ ]*\).*/\1/p'); cwebp $(cwebp -version | head -1)."
  echo "- Inputs: ${#MAIN_FILES[@]} JPEGs (corpus photos + 8000x6000), $MAIN_MP MP; the corpus PNGs are excluded (the floor is defined with libjpeg-turbo)."
  echo "- Job: Pipelines/bench-parity.json: auto-orient, centre crop 16:9, 1290x726 / 860x484 / 430x242, JPEG q82 progressive + WebP q80, ICC kept. $JOBS jobs (FullBleed --jobs $JOBS; the others one process per core with xargs -P $JOBS)."
  echo "- Outputs checked before timing: sizes, formats, progressive 4:2:0 JPEG, ICC kept, no EXIF/XMP/IPTC; lowest PSNR of a peer's 1290 JPEG vs FullBleed's (both reduced to 160x90): $PSNR_MIN_SEEN dB (build/bench/psnr.tsv)."
  echo
  echo "| tool | median wall (s) | median CPU (s) | peak RSS (MB) | input MP/s | wall / FullBleed |"
  echo "|---|---:|---:|---:|---:|---:|"
  for tool in fullbleed fullbleed-jobs1 libvips-new libvips imagemagick floor; do
    wall=$(summary main "$tool" wall); cpu=$(summary main "$tool" cpu); rss=$(summary main "$tool" rss)
    rss_mb=$(calc '%.0f' "$rss / 1024"); rate=$(calc '%.1f' "$MAIN_MP / $wall"); ratio=$(calc '%.2f' "$wall / $FB_WALL")
    label=$tool
    case $tool in
      fullbleed) label="FullBleed --jobs $JOBS" ;;
      fullbleed-jobs1) label="FullBleed --jobs 1" ;;
      libvips) label="libvips $(vips --version | sed 's/^vips-//; s/-.*//') Debian (vips_hero, xargs -P $JOBS)" ;;
      libvips-new) label="${VIPS_NEW_VERSION%% (*} PyPI wheel (pyvips_hero.py, $JOBS processes)" ;;
      imagemagick) label="ImageMagick (convert, xargs -P $JOBS)" ;;
      floor) label="floor (djpeg + cjpeg + cwebp, xargs -P $JOBS)" ;;
    esac
    echo "| $label | $wall | $cpu | $rss_mb | $rate | $ratio |"
    printf 'main\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$MAIN_MP" "$wall" "$cpu" "$rss_mb" "$rate" "$ratio" >> "$SUMMARY_TSV"
  done
  echo
  echo "Peak RSS: FullBleed is one process holding up to --jobs photos at once; for the xargs rows it is the"
  echo "largest single process (GNU time %M), while $JOBS run at once."
  echo
  echo "## Default jobs vs the floor of the files they write"
  echo
  echo "FullBleed --jobs $JOBS over the same ${#MAIN_FILES[@]} photos with Pipelines/<job>.json; the floor decodes each source at FullBleed's"
  echo "shrink-on-load scale (djpeg) and encodes every file FullBleed wrote again from its own pixels (cjpeg -quality 82"
  echo "-progressive, cwebp -q 80 -m 4, heif-enc -q 60 speed 6 one thread), xargs -P $JOBS: no analysis, crop search,"
  echo "resampling, extension or placeholders. Target: FullBleed CPU per photo <= 1.2x the floor's."
  echo
  echo "| job | files | FullBleed wall (s) | FullBleed CPU (s) | floor wall (s) | floor CPU (s) | CPU per photo FullBleed / floor (s) | ratio | | measured reason when not met |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"
  for job in "${HERO_JOBS[@]}"; do
    files=$(( $(wc -l < "$WORK/hero-$job.floor") - ${#MAIN_FILES[@]} ))
    fw=$(summary "hero-$job" fullbleed wall); fc=$(summary "hero-$job" fullbleed cpu)
    lw=$(summary "hero-$job" floor wall); lc=$(summary "hero-$job" floor cpu)
    r=$(calc '%.2f' "$fc / $lc")
    why=""
    if [ "$(calc '%d' "$r <= 1.2")" = 0 ] && [ "$job" = ios-hero ]; then
      nc=$(summary hero-ios-hero fullbleed-nofaces cpu)
      why="without face detection (\"faces\": false) $nc s CPU, $(calc '%.2f' "$nc / $lc")x the floor: the detector costs $(calc '%.3f' "($fc - $nc) / ${#MAIN_FILES[@]}") s per photo, the rest above the floor $(calc '%.3f' "($nc - $lc) / ${#MAIN_FILES[@]}") s (per stage: Tests/Bench/callgrind_stages.sh Pipelines/ios-hero.json)"
    elif [ "$(calc '%d' "$r <= 1.2")" = 0 ]; then
      why="$(calc '%.3f' "($fc - $lc) / ${#MAIN_FILES[@]}") s CPU per photo above the floor; per stage: Tests/Bench/callgrind_stages.sh Pipelines/$job.json"
    fi
    echo "| $job | $files | $fw | $fc | $lw | $lc | $(calc '%.3f' "$fc / ${#MAIN_FILES[@]}") / $(calc '%.3f' "$lc / ${#MAIN_FILES[@]}") | ${r}x | $(verdict "$(calc '%d' "$r <= 1.2")") | $why |"
    for tool in fullbleed floor; do
      printf 'hero-%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n' "$job" "$tool" "$MAIN_MP" "$(summary "hero-$job" "$tool" wall)" "$(summary "hero-$job" "$tool" cpu)" \
        "$(calc '%.0f' "$(summary "hero-$job" "$tool" rss) / 1024")" "$(calc '%.1f' "$MAIN_MP / $(summary "hero-$job" "$tool" wall)")" >> "$SUMMARY_TSV"
    done
  done
  echo
  echo "## Time per megapixel (one file, the 8000x6000 photo and reductions of it)"
  echo
  echo "| source MP | FullBleed wall (s) | FullBleed ms/MP | libvips wall (s) | libvips ms/MP |"
  echo "|---:|---:|---:|---:|---:|"
  for mp in "${MP_SIZES[@]}"; do
    mpx=$(awk -F'\t' -v s="mp$mp" '$1 == s { print $4; exit }' "$RUNS_TSV")
    fw=$(summary "mp$mp" fullbleed wall); vw=$(summary "mp$mp" libvips wall)
    echo "| $mpx | $fw | $(calc '%.1f' "1000 * $fw / $mpx") | $vw | $(calc '%.1f' "1000 * $vw / $mpx") |"
    printf 'mp%s\tfullbleed\t%s\t%s\t%s\t%s\t%s\t\n' "$mp" "$mpx" "$fw" "$(summary "mp$mp" fullbleed cpu)" "$(calc '%.0f' "$(summary "mp$mp" fullbleed rss) / 1024")" "$(calc '%.1f' "$mpx / $fw")" >> "$SUMMARY_TSV"
    printf 'mp%s\tlibvips\t%s\t%s\t%s\t%s\t%s\t%s\n' "$mp" "$mpx" "$vw" "$(summary "mp$mp" libvips cpu)" "$(calc '%.0f' "$(summary "mp$mp" libvips rss) / 1024")" "$(calc '%.1f' "$mpx / $vw")" "$(calc '%.2f' "$vw / $fw")" >> "$SUMMARY_TSV"
  done
  NOOP_FULL=$(summary noop full wall); NOOP_REBUILD=$(summary noop rebuild wall)
  for tool in full rebuild; do
    printf 'noop\t%s\t%s\t%s\t%s\t%s\t%s\t\n' "$tool" "$NOOP_MP" "$(summary noop "$tool" wall)" "$(summary noop "$tool" cpu)" "$(calc '%.0f' "$(summary noop "$tool" rss) / 1024")" "$(calc '%.1f' "$NOOP_MP / $(summary noop "$tool" wall)")" >> "$SUMMARY_TSV"
  done
  echo
  echo "## Incremental rebuild"
  echo
  echo "$NOOP_ASSETS distinct photos ($NOOP_MP MP): full build $NOOP_FULL s, no-op rebuild (same --out, no --force) $NOOP_REBUILD s (medians of $NOOP_RUNS rounds)."
  echo
  echo "## Targets"
  echo
  VIPS_WALL=$(summary main libvips wall); J1_WALL=$(summary main fullbleed-jobs1 wall)
  FB_RSS=$(summary main fullbleed rss); J1_RSS=$(summary main fullbleed-jobs1 rss); VIPS_RSS=$(summary main libvips rss)
  PER_MP=$(for mp in "${MP_SIZES[@]}"; do mpx=$(awk -F'\t' -v s="mp$mp" '$1 == s { print $4; exit }' "$RUNS_TSV"); calc '%.6f' "$(summary "mp$mp" fullbleed wall) / $mpx"; done)
  SPREAD=$(awk 'NR == 1 || $1 < lo { lo = $1 } NR == 1 || $1 > hi { hi = $1 } END { printf "%.2f", hi / lo }' <<< "$PER_MP")
  echo "| target | measured | |"
  echo "|---|---|---|"
  r=$(calc '%.2f' "$FB_WALL / $VIPS_WALL"); echo "| FullBleed wall <= 0.8x libvips | ${r}x | $(verdict "$(calc '%d' "$r <= 0.8")") |"
  r=$(calc '%.2f' "$FB_WALL / $FLOOR_WALL"); echo "| FullBleed wall <= 1.15x floor | ${r}x | $(verdict "$(calc '%d' "$r <= 1.15")") |"
  echo "| peak RSS <= libvips (one photo at a time: FullBleed --jobs 1 vs one vips_hero process) | $(calc '%.0f' "$J1_RSS / 1024") MB vs $(calc '%.0f' "$VIPS_RSS / 1024") MB (--jobs $JOBS: $(calc '%.0f' "$FB_RSS / 1024") MB vs $JOBS x $(calc '%.0f' "$VIPS_RSS / 1024") MB) | $(verdict "$(calc '%d' "$J1_RSS <= $VIPS_RSS")") |"
  r=$(calc '%.2f' "$J1_WALL / $FB_WALL"); echo "| --jobs $JOBS >= 1.8x faster than --jobs 1 | ${r}x | $(verdict "$(calc '%d' "$r >= 1.8")") |"
  echo "| time per MP flat within 20% (2-48 MP) | max/min ${SPREAD} | $(verdict "$(calc '%d' "$SPREAD <= 1.2")") |"
  r=$(calc '%.2f' "100 * $NOOP_REBUILD / $NOOP_FULL"); echo "| no-op rebuild of $NOOP_ASSETS assets < 2% of the full build | ${r}% | $(verdict "$(calc '%d' "$r < 2")") |"
  echo
  echo "## Targets against libvips 8.18"
  echo
  NEW_WALL=$(summary main libvips-new wall); NEW_CPU=$(summary main libvips-new cpu); NEW_RSS=$(summary main libvips-new rss)
  FB_CPU=$(summary main fullbleed cpu); FLOOR_CPU=$(summary main floor cpu)
  echo "| target | measured | | measured reason when not met |"
  echo "|---|---|---|---|"
  # The floor is the codecs alone (decode, encode, nothing else): a target below the floor's own ratio to
  # libvips asks for less than the encoders' time.
  fr=$(calc '%.2f' "$FLOOR_WALL / $NEW_WALL"); fr2=$(calc '%.2f' "$FLOOR_CPU / $NEW_CPU")
  r=$(calc '%.2f' "$FB_WALL / $NEW_WALL"); ok=$(calc '%d' "$r <= 0.75")
  echo "| parity job wall <= 0.75x ${VIPS_NEW_VERSION%% (*} | ${r}x | $(verdict "$ok") | $([ "$ok" = 1 ] || echo "the codec floor alone is ${fr}x libvips' wall$([ "$(calc '%d' "$fr > 0.75")" = 1 ] && echo ": the target is below the encoders' own time")") |"
  r=$(calc '%.2f' "$FB_CPU / $NEW_CPU"); ok=$(calc '%d' "$r <= 0.75")
  echo "| parity job CPU <= 0.75x ${VIPS_NEW_VERSION%% (*} | ${r}x | $(verdict "$ok") | $([ "$ok" = 1 ] || echo "the codec floor alone is ${fr2}x libvips' CPU$([ "$(calc '%d' "$fr2 > 0.75")" = 1 ] && echo ": the target is below the encoders' own time")") |"
  r=$(calc '%.2f' "$FB_WALL / $FLOOR_WALL"); r2=$(calc '%.2f' "$FB_CPU / $FLOOR_CPU"); ok=$(calc '%d' "$r <= 1.05 && $r2 <= 1.05")
  echo "| parity job <= 1.05x the codec floor (wall; CPU) | ${r}x; ${r2}x | $(verdict "$ok") | $([ "$ok" = 1 ] || echo "$(calc '%.3f' "($FB_CPU - $FLOOR_CPU) / ${#MAIN_FILES[@]}") s CPU per photo above the floor (libvips 8.18: $(calc '%.3f' "($NEW_CPU - $FLOOR_CPU) / ${#MAIN_FILES[@]}") s); per stage: Tests/Bench/callgrind_stages.sh Pipelines/bench-parity.json") |"
  echo "| peak RSS <= libvips 8.18's $JOBS processes together | $(calc '%.0f' "$FB_RSS / 1024") MB vs $JOBS x $(calc '%.0f' "$NEW_RSS / 1024") MB | $(verdict "$(calc '%d' "$FB_RSS <= $JOBS * $NEW_RSS")") | |"
  echo
  echo "Every timed run: build/bench/runs.tsv. Total bench time $(( $(date +%s) - STARTED )) s."
} > "$RESULTS_MD"
cat "$RESULTS_MD"
