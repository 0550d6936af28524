import { strict as assert } from 'assert';
import Ajv from 'ajv';
import * as fs from 'fs';
import * as path from 'path';
import { exportDecoded } from '../../../src/export/json';
import { jsonFileText } from '../../../src/export/serialize';
import { decode } from '../../../src/formats/index';
import { writeBck, writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { listSamples, PROJECT_ROOT, readSample } from '../helpers';

const schema = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'schema/animscope-export.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

/** What a script reading the exported file gets: the JSON text parsed back. */
function exported(bytes: Uint8Array, name: string): unknown {
  return JSON.parse(jsonFileText(exportDecoded(decode(bytes, name))));
}

function assertValid(doc: unknown, label: string): void {
  const ok = validate(doc);
  assert.ok(ok, `${label}: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`);
}

describe('export schema (schema/animscope-export.schema.json)', () => {
  for (const rel of listSamples('', (n) => /\.(bck|btk|brk|bin)$/.test(n))) {
    it(`${rel} exports a document the schema accepts`, () => assertValid(exported(readSample(rel), rel), rel));
  }

  it('a broken file still exports a valid document, with its diagnostics', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/2ndDemo.bck').slice(0, 100);
    const doc = exported(bytes, 'cut.bck') as { diagnostics: { code: string }[] };
    assertValid(doc, 'truncated BCK');
    assert.ok(doc.diagnostics.some((d) => d.code === 'TRUNCATED' || d.code === 'J3D_FILE_SIZE'));
  });

  it('unknown bytes export as format "unknown" with a null animation', () => {
    const doc = exported(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), 'x.dat') as { file: { format: string }; animation: unknown };
    assertValid(doc, 'unknown');
    assert.equal(doc.file.format, 'unknown');
    assert.equal(doc.animation, null);
  });

  it('the schema rejects what it must: a wrong version, a bad diagnostic, a span without an offset', () => {
    const good = exported(readSample('j3d/smg/TripodBossCore/Wait.brk'), 'Wait.brk') as Record<string, unknown>;
    assert.ok(!validate({ ...good, schemaVersion: 2 }));
    assert.ok(!validate({ ...good, schemaVersion: 4 }));
    assert.ok(!validate({ ...good, diagnostics: [{ severity: 'fatal', code: 'X', offset: 0, length: 0, message: '' }] }));
    const structure = { ...(good.structure as Record<string, unknown>) };
    delete structure.offset;
    assert.ok(!validate({ ...good, structure }));
  });

  it('synthetic BCKs (tangent modes 0 and 1, worst case) validate', () => {
    const small = writeBck({
      duration: 10,
      joints: [{
        x: { scale: { keys: [{ time: 0, value: 1, tangent: 0 }, { time: 10, value: 2, tangent: 0 }] }, rotation: 0, translation: 0 },
        y: { rotation: { tangentMode: 1, keys: [{ time: 0, value: 0, inTangent: 0, outTangent: 100 }, { time: 10, value: 4000, inTangent: 100, outTangent: 0 }] } },
        z: {},
      }],
    }).bytes;
    assertValid(exported(small, 'small.bck'), 'small');
    assertValid(exported(writeWorstCaseBck(256).bytes, 'worst.bck'), 'worst case (256 joints)');
  });
});
