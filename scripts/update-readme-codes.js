#!/usr/bin/env node
// Rewrites the diagnostic-code table in README.md (between the codes:start/end markers) from the
// registry in src/formats/codes.ts. Run `npm run docs:codes` after adding a code; a unit test
// fails while the table is out of date.
'use strict';
const fs = require('fs');
const path = require('path');
const { ALL_CODES } = require(path.join(__dirname, '../out/src/formats/codes.js'));

const GROUPS = [
  ['Any file', (c) => !/^(J3D|MOTN|YAZ0|ARC|PKS|INFLATE|GZIP|MDL)_/.test(c) || c === 'YAZ0_EMPTY'],
  ['J3D (BCK, BTK, BRK)', (c) => c.startsWith('J3D_')],
  ['MOTN', (c) => c.startsWith('MOTN_')],
  ['Yaz0, RARC, PKS and gzip containers', (c) => /^(YAZ0|ARC|PKS|INFLATE|GZIP)_/.test(c)],
  ['Models (BMD/BDL) and binding', (c) => c.startsWith('MDL_')],
];

const seen = new Set();
let table = '| code | default severity | meaning |\n|---|---|---|\n';
for (const [title, match] of GROUPS) {
  const rows = ALL_CODES.filter((c) => !seen.has(c.code) && match(c.code));
  if (rows.length === 0) continue;
  table += `| **${title}** | | |\n`;
  for (const c of rows) {
    seen.add(c.code);
    table += `| \`${c.code}\` | ${c.severity} | ${c.summary.replace(/\|/g, '\\|')} |\n`;
  }
}
const readmePath = path.join(__dirname, '../README.md');
const readme = fs.readFileSync(readmePath, 'utf8');
const start = '<!-- codes:start -->';
const end = '<!-- codes:end -->';
const a = readme.indexOf(start);
const b = readme.indexOf(end);
if (a < 0 || b < a) throw new Error('README.md has no codes:start/codes:end markers');
fs.writeFileSync(readmePath, readme.slice(0, a + start.length) + '\n' + table + readme.slice(b));
console.log(`README.md: ${seen.size} diagnostic codes`);
