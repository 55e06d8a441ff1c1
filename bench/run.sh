#!/usr/bin/env bash
# `npm run bench`: seeds BENCH_ROWS API-log rows (default 1,000,000) into a fresh SQLite file and a
# throwaway PostgreSQL, runs the list benchmarks against an engine process on each, and prints one
# table with both (bench/results.md keeps the last run).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export BENCH_ROWS=${BENCH_ROWS:-1000000}
SQLITE_FILE="$out/bench.sqlite" npx tsx bench/listLatency.ts sqlite "$out/sqlite.json"
bash scripts/pg-test.sh npx tsx bench/listLatency.ts postgres "$out/postgres.json"
npx tsx bench/report.ts "$out/sqlite.json" "$out/postgres.json" | tee bench/results.md
