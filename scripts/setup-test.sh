#!/usr/bin/env bash
# Installs what the tests need beyond npm: Debian's Chromium (Playwright drives /usr/bin/chromium;
# never `npx playwright install`) and PostgreSQL (engine suite on both databases). Idempotent.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup-test: installing ${need[*]} with apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "setup-test: chromium $( /usr/bin/chromium --version 2>/dev/null | head -1 ), postgresql $(ls /usr/lib/postgresql)"
