#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   bash scripts/with-postgres.sh npx vitest run --project server
# Starts a private cluster on 127.0.0.1 (free port, temp dir), creates a database, exports
# DATABASE_URL for the command, then stops the cluster and deletes it. Exits with the command's
# status. PG_BIN may point at the directory holding initdb/pg_ctl.
# Fault tests stop and restart the cluster mid-run: KJ_PG_STOP and KJ_PG_START name two scripts
# that do it (same port, same data; KJ_PG_DATA is the data directory).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ]; then echo "$d"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)" >&2
  exit 2
}
BIN=$(find_bin)

# PostgreSQL refuses to run as root: the cluster then belongs to the postgres user.
if [ "$(id -u)" -eq 0 ]; then
  PG_USER=postgres
  if ! id "$PG_USER" >/dev/null 2>&1; then
    echo "with-postgres: running as root needs a '$PG_USER' system user" >&2
    exit 2
  fi
  as_pg() {
    if command -v runuser >/dev/null 2>&1; then runuser -u "$PG_USER" -- "$@"
    else su "$PG_USER" -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  }
else
  as_pg() { "$@"; }
fi

# shellcheck source=lib/free-port.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/free-port.sh"
PORT=$(free_port) || { echo "with-postgres: no free port found" >&2; exit 2; }

DIR=$(mktemp -d "${TMPDIR:-/tmp}/kj-pg.XXXXXX")
[ "$(id -u)" -eq 0 ] && chown "$PG_USER" "$DIR"

cleanup() {
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$DIR/initdb.log" 2>&1 ||
  { cat "$DIR/initdb.log" >&2; exit 2; }
# Durability is pointless for a throwaway cluster; turning it off makes the tests much faster.
start_cmd=("$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w -t 30
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  start)
stop_cmd=("$BIN/pg_ctl" -D "$DIR/data" -m fast -w -t 30 stop)
as_pg "${start_cmd[@]}" >/dev/null || { cat "$DIR/postgres.log" >&2; exit 2; }

# The same two commands as scripts, for tests that take the database away and bring it back.
as_pg_prefix=()
if [ "$(id -u)" -eq 0 ]; then as_pg_prefix=(runuser -u "$PG_USER" --); fi
write_script() {
  local file=$1
  shift
  { echo '#!/usr/bin/env bash'; echo 'set -euo pipefail'; printf '%q ' "${as_pg_prefix[@]}" "$@"; echo '>/dev/null'; } >"$file"
  chmod +x "$file"
}
write_script "$DIR/pg-start" "${start_cmd[@]}"
write_script "$DIR/pg-stop" "${stop_cmd[@]}"
export KJ_PG_START="$DIR/pg-start" KJ_PG_STOP="$DIR/pg-stop" KJ_PG_DATA="$DIR/data"

as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres kaijiang

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/kaijiang"
echo "with-postgres: PostgreSQL on 127.0.0.1:$PORT ($DATABASE_URL)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
