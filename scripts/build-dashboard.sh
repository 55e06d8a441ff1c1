#!/usr/bin/env bash
# Builds the dashboard (dist/dashboard) and the knit-auth web component (dist/auth-component), each
# when its sources changed since its last build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f src/dashboard/index.html ]; then
  stamp=dist/dashboard/index.html
  if [ ! -f "$stamp" ] || [ -n "$(find src/dashboard src/generated src/shared vite.config.ts scripts/chunkGroups.ts scripts/routeHints.ts bench/routeBytes.ts bench/budgets.json -newer "$stamp" -type f -print -quit)" ]; then
    echo "Building the dashboard..."
    npx vite build --logLevel warn
  fi
fi
component=dist/auth-component/knit-auth.js
if [ ! -f "$component" ] || [ -n "$(find src/auth-component src/shared src/generated/api scripts/build-auth-component.ts -newer "$component" -type f -print -quit)" ]; then
  echo "Building the knit-auth component..."
  npx tsx scripts/build-auth-component.ts
fi
