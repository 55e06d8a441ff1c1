#!/usr/bin/env bash
# Installs what the tests need: the npm packages (`npm ci`) and, beyond npm, Debian's Chromium
# (Playwright drives /usr/bin/chromium; never `npx playwright install`) and PostgreSQL (the engine
# suite on both databases). The apt install, when one is needed, runs beside `npm ci`: one waits on
# the npm registry and the other on Debian's mirrors and dpkg, so together they take the time of
# the longer one. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
apt_pid=""
apt_log=$(mktemp)
trap 'rm -f "$apt_log"' EXIT
if [ ${#need[@]} -gt 0 ]; then
  echo "setup-test: installing ${need[*]} with apt, beside npm ci"
  (
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}"
  ) >"$apt_log" 2>&1 &
  apt_pid=$!
fi
npm ci
if [ -n "$apt_pid" ] && ! wait "$apt_pid"; then
  echo "setup-test: apt-get failed:" >&2
  cat "$apt_log" >&2
  exit 1
fi
echo "setup-test: chromium $( /usr/bin/chromium --version 2>/dev/null | head -1 ), postgresql $(ls /usr/lib/postgresql)"
