#!/usr/bin/env bash
# `npm test`: build, then every suite — unit (Node), webview components (chromium), and the
# integration tests in a real VS Code. Ends with one closing line `tests: N passed, M failed`.
# A pending or skipped test, a suite whose compiled tests are missing and a run that counts no test are failures.
set -uo pipefail
cd "$(dirname "$0")/.."
LOG_DIR=test-artifacts/logs; mkdir -p "$LOG_DIR"
passed=0; failed=0; rc=0

count_mocha() { # log → adds "N passing" / "N failing" + "N pending" of a mocha run; a run that passed nothing fails
  local p f s
  p=$(grep -Eo '^ *[0-9]+ passing' "$1" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ failing' "$1" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  s=$(grep -Eo '^ *[0-9]+ pending' "$1" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  [ "$p" -gt 0 ] || { echo "no passing test in $1"; f=$((f + 1)); rc=1; }
  [ "$s" = 0 ] || { echo "$s pending or skipped in $1"; rc=1; }
  passed=$((passed + p)); failed=$((failed + f + s))
}

echo "== build"
npm run --silent compile || { echo "tests: 0 passed, 1 failed"; exit 1; }
npm run --silent build || { echo "tests: 0 passed, 1 failed"; exit 1; }

echo "== unit tests"
npx mocha --config .mocharc.json 2>&1 | tee "$LOG_DIR/unit.log"
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
count_mocha "$LOG_DIR/unit.log"

# the chromium suites: every test/<dir> with *.test.ts besides unit (above), blender and host (below)
for suite in $(ls test/*/*.test.ts | xargs -n1 dirname | xargs -n1 basename | sort -u | grep -vx -e unit -e host -e blender); do
  echo "== $suite components (chromium)"
  # sources with tests but no compiled output: the suite did not run, a failure rather than nothing
  for src in test/$suite/*.test.ts; do
    js="out/test/$suite/$(basename "$src" .ts).js"
    [ -f "$js" ] || { echo "✘ $js is missing (compiled from $src)"; failed=$((failed + 1)); rc=1; }
  done
  bash test/host/setup.sh >/dev/null || { echo "host setup failed"; failed=$((failed + 1)); rc=1; continue; }
  npx mocha --no-config --forbid-only --forbid-pending --timeout 120000 "out/test/$suite/*.test.js" 2>&1 | tee "$LOG_DIR/$suite.log"
  [ "${PIPESTATUS[0]}" = 0 ] || rc=1
  count_mocha "$LOG_DIR/$suite.log"
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
[ "$hp" -gt 0 ] || { echo "✘ the integration run passed no test"; failed=$((failed + 1)); rc=1; }
hf=$(grep -Eo '^host: [0-9]+ passed, [0-9]+ failed' "$LOG_DIR/host.log" | tail -1 | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || echo 1)
passed=$((passed + hp)); failed=$((failed + hf))

[ "$rc" = 0 ] || [ "$failed" -gt 0 ] || failed=1
[ "$failed" = 0 ] || rc=1
echo "tests: $passed passed, $failed failed"
exit $rc
