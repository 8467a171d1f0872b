#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (Sources/Fuzz) under AddressSanitizer: `make fuzz` / `make fuzz-smoke`.
#
#   Tests/Fuzz/fuzz.sh [TARGET...]      (default: every target)
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_SEED_MAX_KB  largest corpus file copied as a seed (default 128: small seeds keep exec/s high)
#   SHARED         the shared data folder (default ../shared)
#   Tests/Fuzz/lsan.supp: leaks inside third-party libraries that are not reported (see the file).
#   FUZZ_SCRATCH   the build folder of the fuzz binaries (default .build-fuzz)
#   FUZZ_MIN_PCS   fewest instrumented PCs a binary may have (default 2000; fewer: the run is refused)
#   FUZZ_EXTRA_ARGS  more libFuzzer flags, appended (e.g. -jobs=2, or -rss_limit_mb=64 to check the failure path)
#   FUZZ_KEEP=1    a campaign run (`make fuzz-campaign`): afterwards the working corpus is minimised with
#                  libFuzzer's -merge=1 into Tests/Fuzz/corpus/<target>/ (committed, so the next run starts
#                  where this one stopped) and the run is appended to Tests/Fuzz/ledger.tsv (wall and CPU
#                  seconds, the CPU measured by GNU time: on a busy machine a run gets far less CPU than its
#                  wall time; and executions per target: the record of how long each decoder has been fuzzed)
#
# Working corpora live in build/fuzz/<target>/corpus (kept between runs; ../shared is never written). Every
# run is seeded from the committed corpus Tests/Fuzz/corpus/<target>/ as well as from the photos.
# A crash, timeout or out-of-memory input fails the run and is copied to
# Tests/Fixtures/fuzz-regressions/<target>/, where FuzzRegressionTests replays it.
set -uo pipefail
cd "$(dirname "$0")/../.."

FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_SEED_MAX_KB=${FUZZ_SEED_MAX_KB:-128}
SHARED=${SHARED:-../shared}
SWIFT=${SWIFT:-swift}
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
WORK=build/fuzz
LSAN_SUPPRESSIONS=$PWD/Tests/Fuzz/lsan.supp
REGRESSIONS=Tests/Fixtures/fuzz-regressions
COMMITTED=Tests/Fuzz/corpus
LEDGER=Tests/Fuzz/ledger.tsv
FUZZ_KEEP=${FUZZ_KEEP:-0}
ALL_TARGETS=(FuzzJPEG FuzzPNG FuzzWebP FuzzProbe FuzzPipelineJSON FuzzSidecar FuzzHEIF)
case "${FUZZ_EXTRA_ARGS:-}" in
  *-jobs=*|*-fork=*|*-workers=*)
    if [ "$FUZZ_KEEP" = 1 ]; then echo "fuzz: FUZZ_KEEP=1 records one process's seconds as CPU seconds: do not combine it with -jobs/-fork"; exit 2; fi ;;
esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

if [ -d "$SHARED/corpus" ]; then has_corpus=1; else
  has_corpus=0
  echo "fuzz: $SHARED/corpus not found: seeding from committed fixtures and synthetic seeds only"
fi

# copy_seeds DEST NAME-PATTERN FOLDER... : files under FOLDERs matching the pattern, at most FUZZ_SEED_MAX_KB.
copy_seeds() {
  local dest=$1 pattern=$2; shift 2
  local folder
  for folder in "$@"; do
    [ -d "$folder" ] || continue
    find "$folder" -maxdepth 1 -type f -name "$pattern" -size -"$((FUZZ_SEED_MAX_KB + 1))"k -exec cp {} "$dest"/ \;
  done
}

sidecar_seeds() {
  local dest=$1
  printf '%s' '{"focus": [0.3, 0.6], "crop": "focal", "title": {"x": 0.05, "y": 0.7, "width": 0.6, "height": 0.2}, "alt": "A bridge at dusk"}' > "$dest/seed_full.json"
  printf '%s' '{"crop": "center"}' > "$dest/seed_center.json"
  printf '%s' '{"crop": "attention", "alt": ""}' > "$dest/seed_attention.json"
  printf '%s' '{"focus": [0.5, 0.5], "title": null}' > "$dest/seed_focus.json"
  printf '%s' '{"title": {"x": 0, "y": 0, "width": 1, "height": 1, "name": "t"}}' > "$dest/seed_title.json"
}

image_folders=()
if [ $has_corpus = 1 ]; then image_folders=("$SHARED/corpus/photos" "$SHARED/corpus/edge" "$SHARED/corpus/bad"); fi

failed=()
# The PCs libFuzzer's coverage tables hold for `binary` (what it reports at start-up).
instrumented_pcs() {
  local empty; empty=$(mktemp -d)
  (cd "$empty" && SWIFT_BACKTRACE=enable=no "$1" -runs=0 "$empty" 2>&1) | sed -n 's/.*Loaded [0-9]* PC tables (\([0-9]*\) PCs).*/\1/p' | head -1
  rm -rf "$empty"
}
FUZZ_MIN_PCS=${FUZZ_MIN_PCS:-2000}

summary=()
case $SCRATCH in /*) SCRATCH_PATH=$SCRATCH ;; *) SCRATCH_PATH=$PWD/$SCRATCH ;; esac
# SwiftPM hands each `--sanitize` to swiftc as its own `-sanitize=` flag, in an order that differs from one
# `swift build` to the next, and swiftc's compile jobs keep only the last `-sanitize=` flag they are given
# (`swiftc -sanitize=fuzzer -sanitize=address -driver-print-jobs` shows the frontend getting
# `-sanitize=address` alone). So the Swift code came out with AddressSanitizer and no coverage (293 PCs, the
# C shims only), or with coverage and no AddressSanitizer. `-Xswiftc -sanitize=fuzzer,address` comes last
# and names both; clang takes every `-fsanitize=` it is given, so the C shims had both all along. The link
# keeps SwiftPM's flags (it merges them and links both runtimes).
fuzz_build() {
  $SWIFT build -c release --scratch-path "$SCRATCH" --product "$1" --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
}
# Whether the Swift decoders were compiled with both instrumentations: some object of FullBleedCodecs (every
# target links it) holds coverage counters (`__sancov` sections) and some calls AddressSanitizer's checks.
swift_instrumented() {
  local objects=("$SCRATCH_PATH"/release/FullBleedCodecs.build/*.swift.o) o coverage=0 asan=0
  for o in "${objects[@]}"; do
    [ -f "$o" ] || continue
    if readelf -S "$o" 2>/dev/null | grep -q __sancov; then coverage=1; fi
    if nm "$o" 2>/dev/null | grep -q __asan_report; then asan=1; fi
  done
  [ $coverage = 1 ] && [ $asan = 1 ]
}
for target in "${targets[@]}"; do
  binary=$SCRATCH_PATH/release/$target
  dir=$WORK/$target
  corpus=$dir/corpus
  rm -rf "$dir/artifacts"
  mkdir -p "$corpus" "$dir/artifacts"
  echo "== $target: building (release, fuzzer + address sanitizers)"
  if ! fuzz_build "$target" > "$dir/build.log" 2>&1; then
    tail -30 "$dir/build.log"; echo "fuzz: building $target failed"; exit 1
  fi
  # A binary whose Swift code lacks either instrumentation still runs, but fuzzes blind or unchecked (see
  # fuzz_build): count the PCs libFuzzer loads and look at the decoders' objects; refuse to fuzz otherwise.
  pcs=$(instrumented_pcs "$binary")
  if [ "${pcs:-0}" -lt "$FUZZ_MIN_PCS" ] || ! swift_instrumented; then
    echo "fuzz: $target has ${pcs:-0} instrumented PCs (at least $FUZZ_MIN_PCS expected) or Swift objects without coverage or AddressSanitizer: not fuzzing"
    exit 1
  fi
  echo "== $target: $pcs instrumented PCs"
  max_len=1048576
  case $target in
    FuzzJPEG|FuzzPNG|FuzzWebP|FuzzProbe)
      SWIFT_BACKTRACE=enable=no FULLBLEED_FUZZ_WRITE_SEEDS="$corpus" "$binary" || { echo "fuzz: writing seeds failed"; exit 1; }
      case $target in
        FuzzJPEG) pattern='*.jpg' ;; FuzzPNG) pattern='*.png' ;; FuzzWebP) pattern='*.webp' ;; *) pattern='*' ;;
      esac
      copy_seeds "$corpus" "$pattern" "${image_folders[@]}"
      if [ $target = FuzzPNG ] || [ $target = FuzzProbe ]; then copy_seeds "$corpus" '*.png' "$SHARED/pngsuite/png"; fi ;;
    FuzzPipelineJSON)
      max_len=65536
      copy_seeds "$corpus" '*.json' Pipelines Tests/Fixtures/pipelines ;;
    FuzzSidecar)
      max_len=65536
      sidecar_seeds "$corpus" ;;
    FuzzHEIF)
      copy_seeds "$corpus" '*' Tests/Fixtures/heif
      for pattern in '*.heic' '*.heif' '*.avif'; do copy_seeds "$corpus" "$pattern" "${image_folders[@]}"; done ;;
  esac
  copy_seeds "$corpus" '*' "$REGRESSIONS/$target"
  if [ -d "$COMMITTED/$target" ]; then cp "$COMMITTED/$target"/* "$corpus"/ 2>/dev/null; fi
  echo "== $target: fuzzing for ${FUZZ_SECONDS}s from $(ls "$corpus" | wc -l) inputs"
  log=$dir/fuzz.log
  timer=()
  rm -f "$dir/cpu.txt"
  if [ -x /usr/bin/time ]; then timer=(/usr/bin/time -f '%U %S' -o cpu.txt); fi
  (cd "$dir" && SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$LSAN_SUPPRESSIONS" "${timer[@]}" "$binary" -max_total_time="$FUZZ_SECONDS" -max_len=$max_len \
     -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix=artifacts/ ${FUZZ_EXTRA_ARGS:-} corpus > fuzz.log 2>&1)
  status=$?
  cpu=$(awk 'NF == 2 && $1 ~ /^[0-9.]+$/ { printf "%.0f", $1 + $2 }' "$dir/cpu.txt" 2>/dev/null)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$(grep -ao 'cov: [0-9]*' "$log" | tail -1 | sed 's/cov: //')
  line="$target: exit $status, ${runs:-?} executions, ${rate:-?} exec/s, ${cpu:-?} CPU s"
  if [ $status -ne 0 ]; then
    grep -E "ERROR|Fatal error|SUMMARY|deadly signal|timeout|out-of-memory" "$log" | head -10
    mkdir -p "$REGRESSIONS/$target"
    for artifact in "$dir"/artifacts/*; do
      [ -f "$artifact" ] || continue
      cp "$artifact" "$REGRESSIONS/$target/"
      line="$line; saved $REGRESSIONS/$target/$(basename "$artifact")"
    done
    failed+=("$target")
  fi
  if [ "$FUZZ_KEEP" = 1 ] && [ $status -eq 0 ]; then
    # Minimise into a fresh folder (only inputs that add coverage survive), then replace the committed one.
    merged=$dir/merged
    rm -rf "$merged"; mkdir -p "$merged"
    if (cd "$dir" && SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$LSAN_SUPPRESSIONS" "$binary" -merge=1 \
          -max_len=$max_len -rss_limit_mb=2048 -timeout=10 merged corpus > merge.log 2>&1); then
      rm -rf "${COMMITTED:?}/$target"; mkdir -p "$COMMITTED/$target"
      cp "$merged"/* "$COMMITTED/$target"/ 2>/dev/null
      kept=$(ls "$COMMITTED/$target" | wc -l)
      [ -f "$LEDGER" ] || printf 'date_utc\ttarget\twall_seconds\tcpu_seconds\texecutions\texec_per_s\tcorpus_files\tinstrumented_pcs\tcoverage_edges\tswift_sanitizers\n' > "$LEDGER"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$target" "$FUZZ_SECONDS" "${cpu:-0}" "${runs:-0}" "${rate:-0}" "$kept" "$pcs" "${coverage:--}" "fuzzer,address" >> "$LEDGER"
      line="$line; corpus minimised to $kept files in $COMMITTED/$target"
    else
      tail -5 "$dir/merge.log"; line="$line; corpus merge failed (see $dir/merge.log)"; failed+=("$target")
    fi
  fi
  echo "$line"
  summary+=("$line")
done
if [ -f "$LEDGER" ]; then
  echo "== fuzz ledger totals ($LEDGER)"
  # swift_sanitizers is what the Swift code was compiled with (see fuzz_build): "fuzzer,address" since the
  # fix; "fuzzer" (coverage-guided, the Swift code without AddressSanitizer) or "address" (blind: only the C
  # shims' 293 PCs) before it; "unverified" rows were not checked. Only coverage-guided rows count.
  awk -F'\t' -v min="$FUZZ_MIN_PCS" 'NR > 1 && $8 + 0 >= min { c[$2] += $4; e[$2] += $5; if ($10 == "fuzzer,address") { a[$2] += $4; ae[$2] += $5 } }
    END { for (t in c) printf "%s: %.2f CPU-hours, %d executions, coverage-guided; of which %.2f CPU-hours, %d executions with the Swift code under AddressSanitizer too\n", t, c[t] / 3600, e[t], a[t] / 3600, ae[t] }' "$LEDGER" | sort
fi

echo "== fuzz summary (${FUZZ_SECONDS}s per target; logs in $WORK/<target>/fuzz.log)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then echo "fuzz: FAILED: ${failed[*]}"; exit 1; fi
echo "fuzz: no crash, timeout or out-of-memory"
