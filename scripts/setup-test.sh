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

# better-sqlite3 installs a prebuilt binary from github.com when it can, and otherwise compiles
# SQLite from source (about 80 s of `npm ci` here, where github.com is unreachable). Its installer
# (prebuild-install) first looks in npm's cache for a binary it fetched before: the binary compiled
# here is packed there in the same form, so the next `npm ci` on this machine unpacks it instead of
# compiling it again. The cache entry is named for this version, Node ABI, platform and CPU.
keep_native_build() {
  local module=node_modules/better-sqlite3 cached
  [ -f "$module/build/Release/better_sqlite3.node" ] || return 0
  cached=$(cd "$module" && node -e '
    const util = require("prebuild-install/util");
    const pkg = require("./package.json");
    console.log(util.cachedPrebuild(util.getDownloadUrl({ ...require("prebuild-install/rc")(pkg), pkg })));') || return 0
  [ -n "$cached" ] && [ ! -f "$cached" ] || return 0
  # Only a speed-up: if it cannot be kept, the next install compiles again.
  if mkdir -p "$(dirname "$cached")" && tar -czf "$cached.tmp" -C "$module" build/Release/better_sqlite3.node && mv "$cached.tmp" "$cached"; then
    echo "setup-test: kept the compiled better-sqlite3 binary for the next install ($cached)"
  else
    rm -f "$cached.tmp"
  fi
}
apt_log=$(mktemp)
trap 'rm -f "$apt_log"' EXIT
if [ ${#need[@]} -gt 0 ]; then
  echo "setup-test: installing ${need[*]} with apt, beside npm ci"
  (
    export DEBIAN_FRONTEND=noninteractive
    # A fresh machine may be running its own apt job (apt-daily, unattended upgrades): wait for
    # dpkg's lock instead of failing at once.
    apt-get -o DPkg::Lock::Timeout=300 update -qq
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${need[@]}"
  ) >"$apt_log" 2>&1 &
  apt_pid=$!
fi
npm ci
keep_native_build
if [ -n "$apt_pid" ] && ! wait "$apt_pid"; then
  echo "setup-test: apt-get failed:" >&2
  cat "$apt_log" >&2
  exit 1
fi
echo "setup-test: chromium $( /usr/bin/chromium --version 2>/dev/null | head -1 ), postgresql $(ls /usr/lib/postgresql)"
