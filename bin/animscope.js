#!/usr/bin/env node
'use strict';
// The CLI is bundled to dist/cli.js by `npm run build` (the only one in the package); in a
// checkout, `npm run compile` output works too, and the newer of the two is used.
const path = require('path');
const fs = require('fs');
const mtime = (p) => { try { return fs.statSync(p).mtimeMs; } catch { return -1; } };
const candidates = [path.join(__dirname, '../dist/cli.js'), path.join(__dirname, '../out/src/cli/main.js')]
  .filter((p) => mtime(p) >= 0)
  .sort((a, b) => mtime(b) - mtime(a));
const entry = candidates[0];
if (!entry) {
  process.stderr.write('animscope: not built yet; run `npm run build` first\n');
  process.exit(2);
}
require(entry).main(process.argv.slice(2));
