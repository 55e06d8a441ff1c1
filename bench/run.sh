#!/usr/bin/env bash
# `npm run bench`: two parts, each on a fresh SQLite file and a throwaway PostgreSQL, printed in one
# report (bench/results.md keeps the last run):
# - lists: seeds BENCH_ROWS API-log rows (default 1,000,000), then measures the list calls of the
#   data screens against the engine (one serving process per core, 10 concurrent connections) and the time to the first
#   row of /dashboard/logs in Chromium;
# - delivery: signed webhook deliveries per second from a worker process to a receiver on
#   127.0.0.1, and the time from a run's end to its first delivery (bench/deliveryRate.ts).
# BENCH_PARTS=delivery (or lists) runs one part; the other keeps its section of bench/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
parts=",${BENCH_PARTS:-lists,delivery},"
if [[ $parts == *,lists,* ]]; then
  export BENCH_ROWS=${BENCH_ROWS:-1000000}
  bash scripts/build-dashboard.sh
  SQLITE_FILE="$out/bench.sqlite" bash bench/measure.sh sqlite "$out"
  bash scripts/pg-test.sh bash bench/measure.sh postgres "$out"
fi
if [[ $parts == *,delivery,* ]]; then
  SQLITE_FILE="$out/delivery.sqlite" npx tsx bench/deliveryRate.ts sqlite "$out/delivery-sqlite.json"
  bash scripts/pg-test.sh npx tsx bench/deliveryRate.ts postgres "$out/delivery-postgres.json"
fi
npx tsx bench/report.ts --previous bench/results.md "$out"/*.json >"$out/results.md"
cp "$out/results.md" bench/results.md
cat bench/results.md
