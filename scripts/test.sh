#!/usr/bin/env bash
# The whole test run (README's test command ends here): contract lint, codegen check, spec
# coverage, types, the dashboard's JavaScript bytes per route, unit tests, the engine suite on SQLite and on PostgreSQL, and the e2e suite.
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

# Lanes of steps that run side by side, each lane's steps one after another. The contract and
# type checks keep one core busy each, so on a 2-core machine two lanes of them take the time of
# the longer lane instead of the sum. Each step's output is held back and printed whole once all
# lanes are done, in order; the first failing step fails the run.
#   lanes "name=command args" ... -- "name=command args" ...   (-- separates lanes)
lanes() {
  local dir; dir=$(mktemp -d)
  local lane=0 pids=() steps=()
  local -a current=()
  start_lane() {
    [ ${#current[@]} -gt 0 ] || return 0
    local n=$lane
    (
      for entry in "${current[@]}"; do
        local name="${entry%%=*}" cmd="${entry#*=}" start=$SECONDS
        if bash -c "$cmd" >"$dir/$name.log" 2>&1; then echo 0 >"$dir/$name.rc"; else echo $? >"$dir/$name.rc"; fi
        echo $((SECONDS - start)) >"$dir/$name.took"
        [ "$(cat "$dir/$name.rc")" = 0 ] || exit 1
      done
    ) &
    pids+=($!)
    lane=$((n + 1))
    current=()
  }
  for arg in "$@"; do
    if [ "$arg" = -- ]; then start_lane; continue; fi
    current+=("$arg"); steps+=("${arg%%=*}")
  done
  start_lane
  local failed=""
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  for name in "${steps[@]}"; do
    [ -f "$dir/$name.rc" ] || continue
    printf '\n== %s\n' "$name"
    cat "$dir/$name.log"
    printf '== %s: %d s\n' "$name" "$(cat "$dir/$name.took")"
    summary+=("$(printf '%-22s %4d s' "$name" "$(cat "$dir/$name.took")")")
    [ "$(cat "$dir/$name.rc")" = 0 ] || printf '== %s FAILED (exit %s)\n' "$name" "$(cat "$dir/$name.rc")"
  done
  rm -rf "$dir"
  [ -z "$failed" ] || exit 1
}

# The typecheck is TypeScript 7's native compiler (@typescript/native), 14 s of one core here where
# TypeScript 5.9's took 52 s; one checker thread, as the other lanes have the second core.
# The e2e suite serves the built dashboard; building it here, beside the single-threaded checks,
# takes it off the e2e step (its web server builds only when the sources are newer than the build).
checks=("contract lint=npm run -s lint:contract" "codegen check=npm run -s codegen:check" "spec coverage=npm run -s coverage:spec" -- "typecheck=npm run -s typecheck -- --singleThreaded")
# The byte budgets read the builds: JavaScript per route (the dashboard's manifest) and the knit-auth
# component's script, against bench/budgets.json.
if [ -f playwright.config.ts ]; then checks+=(-- "dashboard build=bash scripts/build-dashboard.sh" "byte budgets=npm run -s check:budgets"); fi
lanes "${checks[@]}"
# Vitest keeps one core free by default, which on this 2-core machine means one worker: two
# workers take a third less time (the engine run on SQLite 148 s -> 101 s).
step "unit tests"           npx vitest run --project unit --project components --project components-isolated --maxWorkers=2 --passWithNoTests
step "engine on SQLite"     npx vitest run --project engine --maxWorkers=2 --passWithNoTests
step "engine on PostgreSQL" bash scripts/pg-test.sh npx vitest run --project engine --maxWorkers=2 --passWithNoTests
if [ -f playwright.config.ts ]; then
  step "e2e in Chromium"    npx playwright test
fi

printf '\n== step times\n'
printf '%s\n' "${summary[@]}"
printf '%-22s %4d s\n' "total" $((SECONDS - run_start))
