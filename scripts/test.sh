#!/usr/bin/env bash
# The whole test run (README's test command ends here): contract lint, codegen check, spec
# coverage, types, unit tests, the engine suite on SQLite and on PostgreSQL, and the e2e suite.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }

step "contract lint";   npm run -s lint:contract
step "codegen check";   npm run -s codegen:check
step "spec coverage";   npm run -s coverage:spec
step "typecheck";       npx tsc --noEmit
step "unit tests";      npx vitest run --project unit --project components --passWithNoTests
step "engine on SQLite";     npx vitest run --project engine --passWithNoTests
step "engine on PostgreSQL"; bash scripts/pg-test.sh npx vitest run --project engine --passWithNoTests
if [ -f playwright.config.ts ]; then
  step "e2e in Chromium"; npx playwright test
fi
