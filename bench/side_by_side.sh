#!/usr/bin/env bash
# Parlor side by side with the peer harnesses (issue 23), interleaved in the same hour:
#   bench/side_by_side.sh [RESULTS_DIR]          (default /tmp/side_by_side)
# ROUNDS rounds (default 3), each: Parlor closed loop (Postgres, python -m bench.load --shape
# peers --rate 0 --server-cpu 0 --client-cpu 1), Colyseus closed (peer-colyseus/run.sh),
# boardgame.io in memory closed (MODES=memory peer-bgio/run.sh), then the same three paced at
# RATE moves/s (default 300). Every server is pinned to CPU 0 and its load to CPU 1; the shape is
# the peers': Coloretto, 200 matches x 3 seats, WARMUP s (3) then DURATION s (30) measured.
# Each run's whole output goes to RESULTS_DIR/<stamp>-r<round>-<server>-<load>.txt (the last line
# is its JSON figures); at the end bench/side_by_side.py prints (and writes to
# <stamp>-summary.md) the median and range of moves/s, p50/p99 ms, server CPU µs/move ... per
# server and load.
# Environment: PEERS (/tmp/peers: a copy of /work/shared/bench with `npm ci` done in both
# harnesses), ROUNDS (3), DURATION (30), WARMUP (3), RATE (300), PAUSE (2 s between runs),
# PYTHON (the repo's .venv/bin/python). A round takes about 5 minutes at the defaults.
#   ROUNDS=1 DURATION=5 bench/side_by_side.sh /tmp/sbs-smoke     # a quick check
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
OUT=${1:-/tmp/side_by_side}
PEERS=${PEERS:-/tmp/peers}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-3}
RATE=${RATE:-300}
PAUSE=${PAUSE:-2}
PYTHON=${PYTHON:-$REPO/.venv/bin/python}
COLYSEUS=$PEERS/peer-colyseus
BGIO=$PEERS/peer-bgio

for dir in "$COLYSEUS" "$BGIO"; do
  if [ ! -x "$dir/run.sh" ] || [ ! -d "$dir/node_modules" ]; then
    echo "no ready harness in $dir: cp -r /work/shared/bench $PEERS, then npm ci in" \
      "$COLYSEUS and $BGIO (PEERS names the copy)" >&2
    exit 2
  fi
done
mkdir -p "$OUT"
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
# A run is stopped if it overruns (SIGINT first: bench.load then stops the server it started).
LIMIT=$((WARMUP + DURATION + 240))
files=()
failures=0

# run NAME COMMAND...: one run, its output (stdout and stderr) to a file and the terminal.
run() {
  local name=$1 file
  shift
  file=$OUT/$STAMP-$name.txt
  files+=("$file")
  echo "== $(date -u +%H:%M:%S) $name: $*" | tee "$file"
  timeout -s INT -k 30 "$LIMIT" "$@" 2>&1 | tee -a "$file"
  local status=${PIPESTATUS[0]}
  if [ "$status" != 0 ] || ! grep -q '^{' "$file"; then
    echo "!! $name failed (exit $status, see $file)" | tee -a "$file" >&2
    failures=$((failures + 1))
  fi
  sleep "$PAUSE"
}

# The commands (arrays, as timeout runs programs, not shell functions); run.sh of either peer
# changes to its own directory.
parlor=("$PYTHON" -m bench.load --shape peers --duration "$DURATION" --warmup "$WARMUP"
  --server-cpu 0 --client-cpu 1 --json)
colyseus=("$COLYSEUS/run.sh" --duration="$DURATION" --warmup="$WARMUP")
bgio=(env MODES=memory "$BGIO/run.sh" --duration="$DURATION" --warmup="$WARMUP")

echo "side by side: $ROUNDS rounds, warm-up $WARMUP s, $DURATION s measured, paced at $RATE/s;" \
  "results in $OUT/$STAMP-*; peers from $PEERS"
for round in $(seq "$ROUNDS"); do
  run "r$round-parlor-closed" "${parlor[@]}" --rate 0
  run "r$round-colyseus-closed" "${colyseus[@]}"
  run "r$round-bgio-closed" "${bgio[@]}"
  run "r$round-parlor-paced" "${parlor[@]}" --rate "$RATE"
  run "r$round-colyseus-paced" "${colyseus[@]}" --rate="$RATE"
  run "r$round-bgio-paced" "${bgio[@]}" --rate="$RATE"
done

"$PYTHON" -m bench.side_by_side "${files[@]}" | tee "$OUT/$STAMP-summary.md"
[ "$failures" = 0 ] || echo "$failures run(s) failed" >&2
exit $((failures > 0))
