#!/usr/bin/env bash
# The whole test run (README's test command ends here): contract lint, codegen check, spec
# coverage, types, unit tests, the engine suite on SQLite and on PostgreSQL, and the e2e suite.
# Each step prints how long it took, and a summary closes the run.
set -euo pipefail
cd "$(dirname "$0")/.."
summary=()
run_start=$SECONDS
step() {
  local name="$1"; shift
  printf '\n== %s\n' "$name"
  local start=$SECONDS
  "$@"
  local took=$((SECONDS - start))
  printf '== %s: %d s\n' "$name" "$took"
  summary+=("$(printf '%-22s %4d s' "$name" "$took")")
}

step "contract lint"        npm run -s lint:contract
step "codegen check"        npm run -s codegen:check
step "spec coverage"        npm run -s coverage:spec
step "typecheck"            npx tsc --noEmit
# Vitest keeps one core free by default, which on this 2-core machine means one worker: two
# workers take a third less time (the engine run on SQLite 148 s -> 101 s).
step "unit tests"           npx vitest run --project unit --project components --maxWorkers=2 --passWithNoTests
step "engine on SQLite"     npx vitest run --project engine --maxWorkers=2 --passWithNoTests
step "engine on PostgreSQL" bash scripts/pg-test.sh npx vitest run --project engine --maxWorkers=2 --passWithNoTests
if [ -f playwright.config.ts ]; then
  step "e2e in Chromium"    npx playwright test
fi

printf '\n== step times\n'
printf '%s\n' "${summary[@]}"
printf '%-22s %4d s\n' "total" $((SECONDS - run_start))
