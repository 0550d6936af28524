/**
 * Words that fell behind the product (issue 26 item 7): what AnimScope reads, said by `animscope
 * --help` and the Marketplace description, must name every format of the registry; the export
 * carries no URL that does not resolve; the README's export row names the schema version written.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { EXPORT_SCHEMA_VERSION, exportDecoded } from '../../../src/export/json';
import { decode } from '../../../src/formats/index';
import { FORMAT_LIST, MODEL_KIND } from '../../../src/kinds/registry';
import { PROJECT_ROOT, readSample } from '../helpers';
import { cli } from './capture';

const read = (file: string): string => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

describe('stale words: help, description, export schema', () => {
  it("`animscope --help`'s first line and package.json's description name every format and models", () => {
    const firstLine = cli('--help').stdout.split('\n')[0];
    const description: string = JSON.parse(read('package.json')).description;
    for (const text of [firstLine, description]) {
      for (const spec of FORMAT_LIST) assert.match(text, new RegExp(`\\b${spec.label}\\b`), `${spec.label} missing from: ${text}`);
      assert.ok(text.includes(MODEL_KIND.label), text);
    }
  });

  it('package.json keywords hold every format id and the model extensions', () => {
    const keywords: string[] = JSON.parse(read('package.json')).keywords;
    for (const spec of FORMAT_LIST) assert.ok(keywords.includes(spec.id), spec.id);
    for (const ext of ['bmd', 'bdl']) assert.ok(keywords.includes(ext), ext);
    assert.ok(keywords.length <= 30, 'the Marketplace takes at most 30 keywords');
  });

  it('the export points at no URL: no $schema, and the schema\'s $id is not a web address', () => {
    const doc = exportDecoded(decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk')) as unknown as Record<string, unknown>;
    assert.ok(!('$schema' in doc), 'an export has no $schema');
    assert.equal(doc.schemaVersion, EXPORT_SCHEMA_VERSION);
    const schema = JSON.parse(read('schema/animscope-export.schema.json'));
    assert.doesNotMatch(schema.$id, /^https?:/);
    assert.equal(schema.properties.schemaVersion.const, EXPORT_SCHEMA_VERSION);
  });

  it("README's export row names the schema version the export writes", () => {
    const row = read('README.md').split('\n').find((l) => l.startsWith('| `animscope export '));
    assert.ok(row, 'README has the export row');
    assert.match(row, new RegExp(`\`schemaVersion\` ${EXPORT_SCHEMA_VERSION}\\b`));
  });
});
