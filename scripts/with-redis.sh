#!/usr/bin/env bash
# Runs a command against a throwaway Redis:
#   bash scripts/with-redis.sh npx vitest run --project server
# Starts redis-server on 127.0.0.1 (free port, no persistence, temp dir), exports REDIS_URL for
# the command, then stops it. Exits with the command's status. Without REDIS_URL the Redis tests
# start a private redis-server themselves; this script is for running the whole suite on Redis.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

BIN=${REDIS_SERVER:-$(command -v redis-server || true)}
if [ -z "$BIN" ]; then
  echo "with-redis: redis-server not found (apt-get install redis-server, or set REDIS_SERVER)" >&2
  exit 2
fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 40000))
  if port_free "$candidate"; then PORT=$candidate; break; fi
done
[ -n "$PORT" ] || { echo "with-redis: no free port found" >&2; exit 2; }

DIR=$(mktemp -d "${TMPDIR:-/tmp}/kj-redis.XXXXXX")
PID=""
cleanup() {
  if [ -n "$PID" ]; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$BIN" --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$DIR" \
  --logfile "$DIR/redis.log" &
PID=$!

for _ in $(seq 1 100); do
  if ! port_free "$PORT"; then break; fi
  if ! kill -0 "$PID" 2>/dev/null; then cat "$DIR/redis.log" >&2; exit 2; fi
  sleep 0.05
done
port_free "$PORT" && { echo "with-redis: redis-server did not start" >&2; cat "$DIR/redis.log" >&2; exit 2; }

export REDIS_URL="redis://127.0.0.1:$PORT"
echo "with-redis: Redis on 127.0.0.1:$PORT ($REDIS_URL)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
