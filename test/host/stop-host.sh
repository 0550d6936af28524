#!/usr/bin/env bash
# Stop the code-server started by start-host.sh on PORT, with its extension hosts, file watchers and pty hosts
# (all in its process group; extension hosts otherwise linger for hours after a browser disconnects).
# usage: stop-host.sh PORT [--keep-data]
set -uo pipefail
ROOT=${ANIMSCOPE_HOST_ROOT:-/tmp/animscope-host}
PORT=${1:?usage: stop-host.sh PORT [--keep-data]}
DATA="$ROOT/data/$PORT"
PIDF="$DATA/pid"
[ -f "$PIDF" ] || { echo "no host running on port $PORT (no $PIDF)" >&2; exit 0; }
PGID=$(cat "$PIDF")
kill -TERM -- "-$PGID" 2>/dev/null || true
for _ in $(seq 1 20); do pgrep -g "$PGID" >/dev/null || break; sleep 0.25; done
if pgrep -g "$PGID" >/dev/null; then kill -KILL -- "-$PGID" 2>/dev/null || true; sleep 0.2; fi
rm -f "$PIDF"
[ "${2:-}" = "--keep-data" ] || rm -rf "$DATA"
echo "stopped code-server on port $PORT (pgid $PGID)" >&2
