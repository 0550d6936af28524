#!/usr/bin/env node
'use strict';
// The CLI is bundled to dist/cli.js by `npm run build`; `npm run compile` output works too.
const path = require('path');
const fs = require('fs');
const candidates = [path.join(__dirname, '../dist/cli.js'), path.join(__dirname, '../out/src/cli/main.js')];
const entry = candidates.find((p) => fs.existsSync(p));
if (!entry) {
  process.stderr.write('animscope: not built yet; run `npm run build` first\n');
  process.exit(2);
}
require(entry).main(process.argv.slice(2));
