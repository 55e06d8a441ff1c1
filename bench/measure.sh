#!/usr/bin/env bash
# One database of `npm run bench` (SQLITE_FILE or DATABASE_URL set by the caller):
#   bash bench/measure.sh <label> <out dir>
# Seeds it with `npm run seed` (timed), then runs bench/listLatency.ts, which writes <out>/<label>.json.
set -euo pipefail
cd "$(dirname "$0")/.."
label=$1
out=$2
start=$(date +%s%N)
npx tsx src/engine/seed/cli.ts --scale "$BENCH_ROWS" --seed 7 --reset | grep -v 'rows written' | sed "s/^/$label seed: /"
export BENCH_SEED_SECONDS=$(( ($(date +%s%N) - start) / 1000000000 ))
npx tsx bench/listLatency.ts "$label" "$out/$label.json"
