#!/usr/bin/env bash
# Installs Blender (Debian's package) and the numpy its glTF importer needs, for the Blender suite
# (test/blender/). Idempotent: a warm run only checks. Root is needed for apt the first time.
# usage: bash test/blender/setup.sh
set -euo pipefail
APT_PACKAGES="blender python3-numpy"
# shellcheck disable=SC2086
if dpkg -s $APT_PACKAGES >/dev/null 2>&1 && command -v blender >/dev/null; then
  echo "blender setup: $(blender --version 2>/dev/null | head -1) installed"
  exit 0
fi
[ "$(id -u)" = 0 ] || { echo "apt packages missing ($APT_PACKAGES): run this script as root once"; exit 1; }
# Two setups at once must not interleave apt.
exec 9>/tmp/animscope-blender-setup.lock
flock 9
# shellcheck disable=SC2086
if ! dpkg -s $APT_PACKAGES >/dev/null 2>&1; then
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $APT_PACKAGES >/dev/null
fi
echo "blender setup: $(blender --version 2>/dev/null | head -1) installed"
