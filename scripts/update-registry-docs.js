#!/usr/bin/env node
// Rewrites what is generated from the format registry (src/kinds/registry.ts): README.md's
// formats, diagnostic-code and sample-path sections, schema/animscope-export.schema.json's format
// parts, and package.json's editor selectors. Run `npm run docs:registry` after changing a
// FormatSpec or a code; a unit test fails while any of them is out of date.
'use strict';
const fs = require('fs');
const path = require('path');
const docs = require(path.join(__dirname, '../out/src/export/registryDocs.js'));

const root = path.join(__dirname, '..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const write = (file, text) => {
  const before = read(file);
  if (before !== text) fs.writeFileSync(path.join(root, file), text);
  console.log(`${file}: ${before === text ? 'up to date' : 'updated'}`);
};
const json = (value) => JSON.stringify(value, null, 2) + '\n';

write('README.md', docs.updateReadme(read('README.md')));
write('schema/animscope-export.schema.json', json(docs.updateExportSchema(JSON.parse(read('schema/animscope-export.schema.json')))));
write('package.json', json(docs.updatePackageJson(JSON.parse(read('package.json')))));
