#!/usr/bin/env bash
# Runs a command against a throwaway Redis:
#   bash scripts/with-redis.sh npx vitest run --project server
# Starts redis-server on 127.0.0.1 (free port, no persistence, temp dir), exports REDIS_URL for
# the command, then stops it. Exits with the command's status. Without REDIS_URL the Redis tests
# start a private redis-server themselves; this script is for running the whole suite on Redis.
# Fault tests stop and restart it mid-run: KJ_REDIS_STOP and KJ_REDIS_START name two scripts that
# do it (same port, same directory).
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

# shellcheck source=lib/free-port.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/free-port.sh"
PORT=$(free_port) || { echo "with-redis: no free port found" >&2; exit 2; }

DIR=$(mktemp -d "${TMPDIR:-/tmp}/kj-redis.XXXXXX")
cleanup() {
  "$DIR/redis-stop" 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Daemonised with a pid file, so that a test can stop it and start it again on the same port.
q() { printf '%q' "$1"; }
{
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  echo "$(q "$BIN") --port $PORT --bind 127.0.0.1 --save '' --appendonly no --dir $(q "$DIR") --logfile $(q "$DIR/redis.log") --daemonize yes --pidfile $(q "$DIR/redis.pid")"
  echo 'for _ in $(seq 1 200); do'
  echo "  (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null && exit 0"
  echo '  sleep 0.05'
  echo 'done'
  echo 'echo "with-redis: redis-server did not start" >&2'
  echo "cat $(q "$DIR/redis.log") >&2"
  echo 'exit 2'
} >"$DIR/redis-start"
{
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  echo "pid=\$(cat $(q "$DIR/redis.pid") 2>/dev/null) || exit 0"
  echo 'kill "$pid" 2>/dev/null || exit 0'
  echo 'for _ in $(seq 1 200); do'
  echo '  kill -0 "$pid" 2>/dev/null || exit 0'
  echo '  sleep 0.05'
  echo 'done'
  echo 'kill -9 "$pid" 2>/dev/null || true'
} >"$DIR/redis-stop"
chmod +x "$DIR/redis-start" "$DIR/redis-stop"
"$DIR/redis-start"

export REDIS_URL="redis://127.0.0.1:$PORT"
export KJ_REDIS_START="$DIR/redis-start" KJ_REDIS_STOP="$DIR/redis-stop"
echo "with-redis: Redis on 127.0.0.1:$PORT ($REDIS_URL)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
