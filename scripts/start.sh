#!/usr/bin/env bash
# `npm start`: builds the dashboard and the knit-auth component when their sources changed since
# their last build, then runs the engine, which serves the dashboard, the component
# (/knit-auth.js), the engine API (/api) and the AI service (/ai) on one port
# (PORT, default 3000), migrates its database (SQLite under data/ unless DATABASE_URL is set) and
# seeds a small demo organisation on first start.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-dashboard.sh
exec bash scripts/engine.sh
