#!/usr/bin/env bash
# `npm run worker`: the sync scheduler and webhook delivery in their own process (src/engine/worker.ts),
# from the engine's bundle (scripts/build-engine.sh) with the engine's node flags (scripts/engine.sh
# says why).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-engine.sh
exec node --no-allocation-site-pretenuring --enable-source-maps "$@" dist/engine/worker.js
