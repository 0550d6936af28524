#!/usr/bin/env bash
# Installs the REAL VS Code host used by the integration tests, for a machine that reaches only the npm
# registry and Debian apt (nothing may download binaries at install/test time):
#   apt: chromium (driven by playwright-core), libkrb5-dev + pkg-config (code-server builds 'kerberos'),
#        ripgrep (replaces @vscode/ripgrep's GitHub download), curl
#   npm: code-server@4.100.3 (VS Code 1.100.3 server + web workbench; the newest line that runs on Node 20)
#        playwright-core@1.65.1
# Everything goes into $ANIMSCOPE_HOST_ROOT (default /tmp/animscope-host), NOT into the project's
# node_modules/package.json. Idempotent; a warm run takes well under a second.
# usage: bash test/host/setup.sh [--force]      (root is needed for apt the first time)
set -euo pipefail
ROOT=${ANIMSCOPE_HOST_ROOT:-/tmp/animscope-host}
CODE_SERVER_VERSION=4.100.3     # 4.103+ need Node 22: keep engines.vscode <= ^1.100.0, @types/vscode 1.100.0
PLAYWRIGHT_CORE_VERSION=1.65.1
RG_CACHE_VER=1.15.11            # @vscode/ripgrep version pinned by code-server 4.100.3 (lib/vscode/npm-shrinkwrap.json)
RG_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
APT_PACKAGES="chromium libkrb5-dev pkg-config ripgrep curl"
STAMP_TEXT="code-server=$CODE_SERVER_VERSION playwright-core=$PLAYWRIGHT_CORE_VERSION"
FORCE=0; [ "${1:-}" = "--force" ] && FORCE=1

T_ALL=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
mkdir -p "$ROOT"

# Fast path: stamp written by a complete install with the same versions, and the files it vouches for exist.
installed() {
  [ "$(cat "$ROOT/.setup-ok" 2>/dev/null)" = "$STAMP_TEXT" ] &&
    [ -x "$ROOT/host/node_modules/.bin/code-server" ] &&
    [ -f "$ROOT/tools/node_modules/playwright-core/package.json" ] &&
    [ -x /usr/bin/chromium ] && [ -x /usr/bin/rg ]
}
if [ $FORCE = 0 ] && installed; then
  echo "host setup: already installed in $ROOT ($STAMP_TEXT) [$(ms "$T_ALL") ms]"
  exit 0
fi

# Two setups at once (several engineers/CI jobs on one machine) must not interleave npm installs.
exec 9>"$ROOT/.setup.lock"
flock 9
if [ $FORCE = 0 ] && installed; then echo "host setup: installed by a concurrent run"; exit 0; fi
rm -f "$ROOT/.setup-ok"

step() { echo "== $*"; T_STEP=$(date +%s%N); }
done_() { echo "   done in $(ms "$T_STEP") ms"; }

step "apt: $APT_PACKAGES"
# shellcheck disable=SC2086
if ! dpkg -s $APT_PACKAGES >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || { echo "apt packages missing ($APT_PACKAGES): run this script as root once"; exit 1; }
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $APT_PACKAGES >/dev/null
fi
done_

step "code-server@$CODE_SERVER_VERSION (native modules compiled with node-gyp against the system Node headers)"
mkdir -p "$ROOT/host" "$ROOT/tmp/vscode-ripgrep-cache-$RG_CACHE_VER"
# @vscode/ripgrep's postinstall downloads rg from api.github.com unless it finds this asset in $TMPDIR:
tar czf "$ROOT/tmp/vscode-ripgrep-cache-$RG_CACHE_VER/$RG_ASSET" -C /usr/bin rg
cd "$ROOT/host"
[ -f package.json ] || echo '{ "name": "animscope-vscode-host", "private": true }' > package.json
if [ ! -x node_modules/.bin/code-server ] ||
   ! XDG_CONFIG_HOME="$ROOT/xdg/config" XDG_DATA_HOME="$ROOT/xdg/data" node_modules/.bin/code-server --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION"; then
  # npm_config_unsafe_perm: code-server's postinstall refuses to run as root without it
  # npm_config_yes: node-pty's postinstall runs `npx node-gyp` (a ~/.npmrc with yes=false would cancel it)
  # TMPDIR: where @vscode/ripgrep looks for its cached asset
  TMPDIR="$ROOT/tmp" npm_config_unsafe_perm=true npm_config_yes=true \
    npm install --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION" > install.log 2>&1 \
    || { tail -40 install.log; echo "code-server install FAILED (full log: $ROOT/host/install.log)"; exit 1; }
fi
XDG_CONFIG_HOME="$ROOT/xdg/config" XDG_DATA_HOME="$ROOT/xdg/data" node_modules/.bin/code-server --version 2>/dev/null | grep -m1 "^[0-9]"
done_

step "playwright-core@$PLAYWRIGHT_CORE_VERSION (drives /usr/bin/chromium; no browser download)"
mkdir -p "$ROOT/tools" && cd "$ROOT/tools"
[ -f package.json ] || echo '{ "name": "animscope-vscode-host-tools", "private": true }' > package.json
if [ "$(node -p "try{require('./node_modules/playwright-core/package.json').version}catch{''}")" != "$PLAYWRIGHT_CORE_VERSION" ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund "playwright-core@$PLAYWRIGHT_CORE_VERSION" > install.log 2>&1 \
    || { tail -20 install.log; echo "playwright-core install FAILED"; exit 1; }
fi
done_

echo "$STAMP_TEXT" > "$ROOT/.setup-ok"
du -sh "$ROOT/host/node_modules" "$ROOT/tools/node_modules" 2>/dev/null || true
echo "host setup: installed in $ROOT [$(ms "$T_ALL") ms]"
