import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { updateExportSchema, updatePackageJson, updateReadme } from '../../../src/export/registryDocs';
import { editorFilePatterns, FORMAT_LIST } from '../../../src/kinds/registry';
import { PROJECT_ROOT } from '../helpers';

const read = (file: string): string => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

describe('what is published about the formats agrees with the registry (npm run docs:registry)', () => {
  it("README.md's formats, diagnostic codes and sample paths", () => {
    const readme = read('README.md');
    assert.equal(readme, updateReadme(readme), 'README.md is out of date: run npm run docs:registry');
    for (const spec of FORMAT_LIST) assert.ok(readme.includes(`| **${spec.label}** |`), `${spec.label} has a row`);
  });

  it('the export schema: format enum, animation variants and one definition per format', () => {
    const schema = JSON.parse(read('schema/animscope-export.schema.json')) as { definitions: Record<string, unknown> };
    assert.deepStrictEqual(schema, updateExportSchema(schema), 'the schema is out of date: run npm run docs:registry');
    for (const spec of FORMAT_LIST) assert.deepStrictEqual(schema.definitions[spec.id], spec.schema);
  });

  it("package.json's editor selectors: every format's patterns, plain and Yaz0", () => {
    const pkg = JSON.parse(read('package.json'));
    assert.deepStrictEqual(pkg, updatePackageJson(pkg), 'package.json is out of date: run npm run docs:registry');
    const editor = pkg.contributes.customEditors.find((e: { viewType: string }) => e.viewType === 'animscope.animation');
    const patterns = editor.selector.map((s: { filenamePattern: string }) => s.filenamePattern);
    assert.deepStrictEqual(patterns, editorFilePatterns());
    for (const spec of FORMAT_LIST) for (const p of spec.filePatterns) assert.ok(patterns.includes(`${p}.szs`), `${p}.szs`);
  });

  it('a stale README, schema or selector list is caught (the check can fail)', () => {
    const readme = read('README.md').replace('| **BCK** |', '| **XYZ** |');
    assert.notEqual(updateReadme(readme), readme);
    const schema = JSON.parse(read('schema/animscope-export.schema.json'));
    delete schema.definitions.bck;
    assert.notDeepStrictEqual(updateExportSchema(schema), schema);
    const pkg = JSON.parse(read('package.json'));
    pkg.contributes.customEditors[0].selector.pop();
    assert.notDeepStrictEqual(updatePackageJson(pkg), pkg);
  });
});
