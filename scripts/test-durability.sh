#!/usr/bin/env bash
# `npm run test:durability`: the durability test (tests/engine/durability.test.ts) with the issue's
# 10,000 deliveries (DURABILITY_RECORDS to change), on SQLite and then on a throwaway PostgreSQL.
# The engine suites of `npm test` run the same test with 2,000.
set -euo pipefail
cd "$(dirname "$0")/.."
export DURABILITY_RECORDS=${DURABILITY_RECORDS:-10000}
npx vitest run --project engine tests/engine/durability.test.ts
bash scripts/pg-test.sh npx vitest run --project engine tests/engine/durability.test.ts
