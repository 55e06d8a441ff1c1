#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster, with DATABASE_URL exported:
#   bash scripts/pg-test.sh npx vitest run --project engine
# There is no Docker and no systemd here, so the cluster is a private initdb in a temp dir
# (see STACK.md, "PostgreSQL without systemd, as root"). It is stopped and deleted on exit.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/pg-test.sh <command> [args...]" >&2
  exit 2
fi

find_initdb() { ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true; }

initdb_bin="$(find_initdb)"
if [ -z "$initdb_bin" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "pg-test: PostgreSQL is not installed and installing it needs root" >&2
    exit 1
  fi
  echo "pg-test: installing postgresql with apt" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  apt-get install -y -q --no-install-recommends postgresql >&2
  initdb_bin="$(find_initdb)"
fi
bindir="$(dirname "$initdb_bin")"

# initdb and pg_ctl refuse to run as root: become postgres when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

workdir="$(mktemp -d /tmp/pg-test.XXXXXX)"
datadir="$workdir/data"
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$workdir"; fi

cleanup() {
  as_pg "$bindir/pg_ctl" -D "$datadir" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# C locale: text ordering is bytewise like SQLite's, so text-id tie-breaks page the same way.
as_pg "$bindir/initdb" -D "$datadir" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# Another run may take the same free port between our check and its bind: try the next one.
# Durability is pointless for a throwaway cluster; max_connections covers parallel test workers.
port="${PG_TEST_PORT:-55432}"
started=""
for _ in $(seq 1 50); do
  if ! port_in_use "$port" && as_pg "$bindir/pg_ctl" -D "$datadir" -l "$workdir/postgres.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$workdir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null 2>&1; then
    started=1
    break
  fi
  port=$((port + 1))
done
if [ -z "$started" ]; then
  echo "pg-test: PostgreSQL did not start; log follows" >&2
  cat "$workdir/postgres.log" >&2 || true
  exit 1
fi
as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres engine_test

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/engine_test"
echo "pg-test: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
