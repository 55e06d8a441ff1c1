#!/usr/bin/env bash
# `npm run worker`: the sync scheduler and webhook delivery in their own process (src/engine/worker.ts),
# with the engine's node flags (scripts/engine.sh says why).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --no-allocation-site-pretenuring "$@" --import tsx src/engine/worker.ts
