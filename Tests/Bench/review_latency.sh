#!/usr/bin/env bash
# Latency of a save in `fullbleed review`: from the browser's POST of a new subject box to the answer that
# carries the rebuilt heroes (the page shows them as soon as it arrives). Starts the server on a copy of one
# photo (default: the corpus's 13.4 MP lomiri_Dragonfly_by_Bolly.jpg, 4224x3168) with the default pipeline,
# then saves REVIEW_SAVES times, alternating two subject boxes so every save changes the sidecar and
# rebuilds. Prints each save (curl's total, the server's whole rebuild, the photo's own build) and the
# medians. Expects .build/release/fullbleed (`make build`).
#
# Environment: REVIEW_PHOTO (a photo file), REVIEW_PIPELINE (default Pipelines/ios-hero.json),
# REVIEW_SAVES (default 7), REVIEW_JOBS (default nproc).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=$ROOT/.build/release/fullbleed
SHARED=${FULLBLEED_SHARED:-$(dirname "$(dirname "$ROOT")")/shared}
[ -d "$SHARED/corpus" ] || SHARED=$(dirname "$ROOT")/shared
PHOTO=${REVIEW_PHOTO:-$SHARED/corpus/photos/lomiri_Dragonfly_by_Bolly.jpg}
PIPELINE=${REVIEW_PIPELINE:-$ROOT/Pipelines/ios-hero.json}
SAVES=${REVIEW_SAVES:-7}
JOBS=${REVIEW_JOBS:-$(nproc)}
[ -f "$PHOTO" ] || { echo "review_latency: no photo at $PHOTO (set REVIEW_PHOTO)"; exit 0; }

WORK=$(mktemp -d)
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
mkdir -p "$WORK/in"
cp "$PHOTO" "$WORK/in/"
NAME=$(basename "$PHOTO")
KEY=${NAME//./-}
"$BIN" review "$WORK/in" --out "$WORK/out" --pipeline "$PIPELINE" --jobs "$JOBS" --port 0 --no-open >"$WORK/stdout" 2>"$WORK/stderr" &
SERVER=$!
for _ in $(seq 600); do grep -q '^review: http' "$WORK/stdout" 2>/dev/null && break; sleep 0.5; done
URL=$(sed -n 's/^review: //p' "$WORK/stdout" | head -1)
[ -n "$URL" ] || { echo "review_latency: the server did not start"; cat "$WORK/stderr"; exit 1; }
PORT=$(echo "$URL" | sed 's|http://127.0.0.1:\([0-9]*\)/.*|\1|')
TOKEN=${URL##*token=}
echo "photo: $NAME ($(identify -format '%wx%h' "$PHOTO" 2>/dev/null || echo '?')), pipeline $(basename "$PIPELINE"), jobs $JOBS, $(nproc) cores"
grep 'first build' "$WORK/stderr" || true
printf 'save\tcurl_total_s\tserver_rebuild_s\tphoto_build_s\n'
: >"$WORK/times"
for i in $(seq "$SAVES"); do
  if (( i % 2 )); then BOX='{"x": 0.30, "y": 0.40, "width": 0.35, "height": 0.30}'; else BOX='{"x": 0.32, "y": 0.42, "width": 0.33, "height": 0.28}'; fi
  curl -s -o "$WORK/answer.json" -w '%{time_total}' -H "X-FullBleed-Token: $TOKEN" -H 'Content-Type: application/json' \
    --data "{\"key\": \"$KEY\", \"subject\": $BOX}" "http://127.0.0.1:$PORT/api/save" >"$WORK/curl_time"
  python3 - "$WORK/answer.json" "$(cat "$WORK/curl_time")" "$i" >>"$WORK/times" <<'PY'
import json, sys
answer = json.load(open(sys.argv[1]))
if "asset" not in answer:
    sys.exit("review_latency: save failed: " + json.dumps(answer)[:300])
print(f"{sys.argv[3]}\t{float(sys.argv[2]):.2f}\t{answer['seconds']:.2f}\t{answer.get('photoSeconds', 0):.2f}")
PY
  tail -1 "$WORK/times"
done
python3 - "$WORK/times" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]) if line.strip()]
med = [statistics.median(float(r[c]) for r in rows) for c in (1, 2, 3)]
print(f"median of {len(rows)} saves: {med[0]:.2f} s to the answer; server rebuild {med[1]:.2f} s, of which the photo's build {med[2]:.2f} s;"
      f" the rest of the rebuild {med[1] - med[2]:.2f} s; HTTP + JSON {med[0] - med[1]:.2f} s")
PY
