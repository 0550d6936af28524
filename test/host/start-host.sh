#!/usr/bin/env bash
# Start code-server (installed by setup.sh) on 127.0.0.1 with a FRESH user-data dir and settings that remove
# first-run UI, in its own process group (setsid). Stop it with stop-host.sh PORT.
# usage: start-host.sh [--port N (default: a free port)] [--folder DIR] [--theme light|dark|"<theme name>"]
# Prints machine-readable lines on stdout:
#   ANIMSCOPE_HOST_PORT=…  ANIMSCOPE_HOST_URL=…  ANIMSCOPE_HOST_DATA=…  ANIMSCOPE_HOST_PGID=…
set -euo pipefail
ROOT=${ANIMSCOPE_HOST_ROOT:-/tmp/animscope-host}
PORT="" WS="" THEME=light
while [ $# -gt 0 ]; do
  case "$1" in
    --port) PORT=$2; shift 2 ;;
    --folder) WS=$2; shift 2 ;;
    --theme) THEME=$2; shift 2 ;;
    *) echo "start-host.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$THEME" in
  light) THEME="Default Light Modern" ;;
  dark) THEME="Default Dark Modern" ;;
esac
CODE_SERVER="$ROOT/host/node_modules/.bin/code-server"
[ -x "$CODE_SERVER" ] || { echo "code-server is not installed in $ROOT: run 'npm run host:setup' first" >&2; exit 1; }

# keep code-server's config.yaml / logs out of $HOME
export XDG_CONFIG_HOME="$ROOT/xdg/config" XDG_DATA_HOME="$ROOT/xdg/data" XDG_CACHE_HOME="$ROOT/xdg/cache" XDG_STATE_HOME="$ROOT/xdg/state"
# extension hosts create vscode-ipc-*.sock and other files in $TMPDIR: keep them here (short path: sockets < 108 chars)
export TMPDIR="$ROOT/tmp"; mkdir -p "$TMPDIR"

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

start_on() {   # $1 = port; returns 0 when up, 1 when the process died (e.g. port taken meanwhile)
  local port=$1
  DATA="$ROOT/data/$port"
  local ws=${WS:-$DATA/workspace}
  rm -rf "$DATA" && mkdir -p "$DATA/user-data/User" "$DATA/extensions" "$ws"
  # the theme is read from here; rewriting this file while the workbench runs switches the theme live
  THEME="$THEME" node -e '
    const settings = {
      "workbench.colorTheme": process.env.THEME,
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "workbench.enableExperiments": false,
      "workbench.welcomePage.walkthroughs.openOnInstall": false,
      "security.workspace.trust.enabled": false,
      "telemetry.telemetryLevel": "off",
      "extensions.autoUpdate": false,
      "extensions.autoCheckUpdates": false,
      "extensions.ignoreRecommendations": true,
      "update.mode": "none",
      "git.enabled": false,
      "chat.commandCenter.enabled": false,
      "window.commandCenter": false,
      "workbench.layoutControl.enabled": false,
      "files.hotExit": "off"
    };
    require("fs").writeFileSync(process.argv[1], JSON.stringify(settings, null, 2));
  ' "$DATA/user-data/User/settings.json"
  local t0; t0=$(date +%s%N)
  # ANIMSCOPE_HOST_DATA is inherited by the extension hosts: the in-host suite writes its result there.
  ANIMSCOPE_HOST_DATA="$DATA" setsid "$CODE_SERVER" --bind-addr "127.0.0.1:$port" --auth none \
    --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    --ignore-last-opened --user-data-dir "$DATA/user-data" --extensions-dir "$DATA/extensions" "$ws" \
    > "$DATA/code-server.log" 2>&1 < /dev/null &
  local pid=$!
  echo "$pid" > "$DATA/pid"   # setsid => this pid is also the process-group id
  for _ in $(seq 1 240); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$DATA/pid"; return 1; }
    if curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; then
      echo "code-server up on http://127.0.0.1:$port/?folder=$ws  (pgid $pid, theme \"$THEME\", $(( ($(date +%s%N) - t0) / 1000000 )) ms)" >&2
      echo "ANIMSCOPE_HOST_PORT=$port"
      echo "ANIMSCOPE_HOST_URL=http://127.0.0.1:$port"
      echo "ANIMSCOPE_HOST_DATA=$DATA"
      echo "ANIMSCOPE_HOST_WORKSPACE=$ws"
      echo "ANIMSCOPE_HOST_PGID=$pid"
      return 0
    fi
    sleep 0.25
  done
  echo "code-server did not answer on port $port within 60 s" >&2
  tail -30 "$DATA/code-server.log" >&2
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$DATA/pid"
  exit 1
}

if [ -n "$PORT" ]; then
  if curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; then echo "port $PORT already serves something" >&2; exit 1; fi
  start_on "$PORT" || { echo "code-server exited at start:" >&2; tail -30 "$ROOT/data/$PORT/code-server.log" >&2; exit 1; }
else
  # another process may take the free port before code-server binds it: try a few
  for attempt in 1 2 3; do
    P=$(free_port)
    if start_on "$P"; then exit 0; fi
    echo "code-server exited at start on port $P (attempt $attempt):" >&2; tail -5 "$ROOT/data/$P/code-server.log" >&2
  done
  exit 1
fi
