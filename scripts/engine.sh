#!/usr/bin/env bash
# The engine process, as `npm start`, `npm run engine` and `npm run bench` run it (extra node
# flags may come first: bash scripts/engine.sh --cpu-prof). It runs the bundle of
# scripts/build-engine.sh, rebuilt first when the engine's sources changed.
#
# --no-allocation-site-pretenuring: V8 learns per allocation site whether its objects outlive a
# young-generation collection and, if most do, allocates them in the old generation from then on.
# A list call's rows are parsed in one burst (pg's row parser, JSON.parse) just when a collection
# tends to start, so their sites were marked long-lived although each row dies with its response:
# the old generation filled with dead rows, each young collection took twice as long and full
# collections came three times as often (measured: 2.5 ms against 1.4 ms per young collection,
# organizations p99 -0.8 ms, p99.9 halved on PostgreSQL).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-engine.sh
exec node --no-allocation-site-pretenuring --enable-source-maps "$@" dist/engine/server.js
