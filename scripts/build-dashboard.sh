#!/usr/bin/env bash
# Builds the dashboard (dist/dashboard) when its sources changed since the last build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f src/dashboard/index.html ]; then
  stamp=dist/dashboard/index.html
  if [ ! -f "$stamp" ] || [ -n "$(find src/dashboard src/generated src/shared vite.config.ts -newer "$stamp" -type f -print -quit)" ]; then
    echo "Building the dashboard..."
    npx vite build --logLevel warn
  fi
fi
