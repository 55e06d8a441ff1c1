#!/usr/bin/env bash
# `npm run bench`: seeds BENCH_ROWS API-log rows (default 1,000,000) into a fresh SQLite file and a
# throwaway PostgreSQL, then on each measures the list calls of the data screens against an engine
# process (10 concurrent connections) and the time to the first row of /dashboard/logs in
# Chromium, and prints one report (bench/results.md keeps the last run).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export BENCH_ROWS=${BENCH_ROWS:-1000000}
bash scripts/build-dashboard.sh
SQLITE_FILE="$out/bench.sqlite" bash bench/measure.sh sqlite "$out"
bash scripts/pg-test.sh bash bench/measure.sh postgres "$out"
npx tsx bench/report.ts "$out/sqlite.json" "$out/postgres.json" | tee bench/results.md
