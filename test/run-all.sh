#!/usr/bin/env bash
# `npm test`: build, then every suite — unit (Node), webview components (chromium), and the
# integration tests in a real VS Code. Ends with one closing line `tests: N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
LOG_DIR=test-artifacts/logs; mkdir -p "$LOG_DIR"
passed=0; failed=0; rc=0

count_mocha() { # log → adds "N passing" / "N failing" of a mocha run
  local p f
  p=$(grep -Eo '^ *[0-9]+ passing' "$1" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ failing' "$1" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  passed=$((passed + p)); failed=$((failed + f))
}

echo "== build"
npm run --silent compile || { echo "tests: 0 passed, 1 failed"; exit 1; }
npm run --silent build || { echo "tests: 0 passed, 1 failed"; exit 1; }

echo "== unit tests"
npx mocha --config .mocharc.json 2>&1 | tee "$LOG_DIR/unit.log"
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
count_mocha "$LOG_DIR/unit.log"

for suite in webview webview-curves webview-render; do
  if ls out/test/$suite/*.test.js >/dev/null 2>&1; then
    echo "== $suite components (chromium)"
    bash test/host/setup.sh >/dev/null || { echo "host setup failed"; failed=$((failed + 1)); rc=1; continue; }
    npx mocha --no-config --timeout 120000 "out/test/$suite/*.test.js" 2>&1 | tee "$LOG_DIR/$suite.log"
    [ "${PIPESTATUS[0]}" = 0 ] || rc=1
    count_mocha "$LOG_DIR/$suite.log"
  fi
done

echo "== Blender (glTF export imported by Blender's own importer)"
if bash test/blender/setup.sh; then
  npx mocha --no-config --timeout 900000 "out/test/blender/*.test.js" 2>&1 | tee "$LOG_DIR/blender.log"
  [ "${PIPESTATUS[0]}" = 0 ] || rc=1
  count_mocha "$LOG_DIR/blender.log"
else
  echo "blender setup failed"; failed=$((failed + 1)); rc=1
fi

echo "== VS Code integration (code-server + chromium)"
ANIMSCOPE_HOST_NO_BUILD=1 bash test/host/run.sh 2>&1 | tee "$LOG_DIR/host.log"
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
hp=$(grep -Eo '^host: [0-9]+ passed' "$LOG_DIR/host.log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
hf=$(grep -Eo '^host: [0-9]+ passed, [0-9]+ failed' "$LOG_DIR/host.log" | tail -1 | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || echo 1)
passed=$((passed + hp)); failed=$((failed + hf))

[ "$rc" = 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "tests: $passed passed, $failed failed"
exit $rc
