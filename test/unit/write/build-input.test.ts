/**
 * `animscope build`: what an edited export does (the value lands in its field, nothing else moves)
 * and what a bad one does (one line naming the JSON path, exit 2, nothing written).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { exportDecoded } from '../../../src/export/json';
import { jsonFileText } from '../../../src/export/serialize';
import { halfToFloat, readScalar } from '../../../src/formats/binary/fields';
import { decode } from '../../../src/formats/index';
import { buildFromExport } from '../../../src/write/exportBuild';
import { BuildInputError } from '../../../src/write/input';
import { floatToHalf } from '../../../src/write/scalars';
import { cli } from '../cli/capture';
import { readSample } from '../helpers';

const BRK = 'j3d/smg/TripodBossCore/Wait.brk';

type Node = { name: string; path: string; offset: number; size: number; type: string; value?: unknown; children?: Node[]; elements?: unknown[] };

function exported(rel: string): { doc: Record<string, unknown> & { structure: Node }; bytes: Uint8Array } {
  const bytes = readSample(rel);
  return { doc: JSON.parse(jsonFileText(exportDecoded(decode(bytes, path.basename(rel))))), bytes };
}

function find(node: Node, fieldPath: string): Node {
  if (node.path === fieldPath) return node;
  for (const c of node.children ?? []) {
    const hit = fieldPath.startsWith(c.path) ? find(c, fieldPath) : undefined;
    if (hit) return hit;
  }
  return undefined as unknown as Node;
}

function buildError(doc: unknown): BuildInputError {
  try {
    buildFromExport(doc);
  } catch (e) {
    if (e instanceof BuildInputError) return e;
    throw e;
  }
  assert.fail('the build was not refused');
}

describe('write: build from an edited export', () => {
  it('an edited header value and bank value land in their fields; every other byte stays', () => {
    const { doc, bytes } = exported(BRK);
    const duration = find(doc.structure, 'TRK1/duration');
    duration.value = 1234;
    const bank = find(doc.structure, 'TRK1/registerRBank');
    assert.ok(bank?.elements && bank.elements.length > 0, 'the BRK has a register red bank');
    bank.elements![0] = -77;
    const built = buildFromExport(doc);
    assert.equal(readScalar(built, duration.offset, 's16', 'big'), 1234);
    assert.equal(readScalar(built, bank.offset, 's16', 'big'), -77);
    let changed = 0;
    for (let i = 0; i < bytes.length; i++) if (built[i] !== bytes[i]) changed++;
    assert.ok(changed >= 1 && changed <= 4, `${changed} bytes changed`);
    const anim = decode(built, 'Wait.brk');
    assert.equal((anim.anim as { duration: number }).duration, 1234);
  });

  it('−0 floats keep their sign bit (JSON reads −0 as 0; rawBytes has the byte)', () => {
    // Kuribo Recover-style banks hold −0.0; a synthetic check: an f32 bank value written as −0
    const { doc, bytes } = exported('j3d/smg/TripodBossCore/2ndDemo.bck');
    const bank = find(doc.structure, 'ANK1/translationBank');
    const i = (bank.elements as number[]).findIndex((v) => v === 0);
    assert.ok(i >= 0, 'a zero in the translation bank');
    const copy = bytes.slice();
    copy[bank.offset + 4 * i] |= 0x80; // 0.0 → −0.0
    const d2 = JSON.parse(jsonFileText(exportDecoded(decode(copy, '2ndDemo.bck'))));
    const built = buildFromExport(d2);
    assert.equal(built[bank.offset + 4 * i], copy[bank.offset + 4 * i]);
    assert.deepEqual(built, copy);
  });

  it('f16: every finite half survives number → half', () => {
    let checked = 0;
    for (let h = 0; h < 0x10000; h++) {
      const v = halfToFloat(h);
      if (!Number.isFinite(v) || Object.is(v, -0)) continue;
      assert.equal(floatToHalf(v), h, `half 0x${h.toString(16)} (${v})`);
      checked++;
    }
    assert.equal(checked, 0x10000 - 2 * 1024 - 1); // minus NaNs and infinities (2·1024 with exponent 31) and −0
  });
});

describe('write: a build it cannot do names the JSON path', () => {
  it('a value out of its field\'s range', () => {
    const { doc } = exported(BRK);
    find(doc.structure, 'TRK1/duration').value = 70000;
    const e = buildError(doc);
    assert.match(e.path, /^structure(\.children\[\d+\])+\.value$/);
    assert.match(e.message, /70000 does not fit in s16 .*\(field TRK1\/duration\)/);
  });

  it('a wrong type, a fraction in an integer bank, an element count that disagrees', () => {
    const { doc } = exported(BRK);
    find(doc.structure, 'TRK1/loopMode').value = 'two';
    assert.match(buildError(doc).message, /expected a number for u8, got the text "two"/);
    const fresh = exported(BRK).doc;
    find(fresh.structure, 'TRK1/registerRBank').elements![0] = 1.5;
    assert.match(buildError(fresh).message, /elements\[0\]: 1\.5 is not a whole number \(s16\)/);
    const short = exported(BRK).doc;
    find(short.structure, 'TRK1/registerRBank').elements!.pop();
    assert.match(buildError(short).message, /elements: \d+ elements for an array of count \d+/);
  });

  it('a field past the end of the file, a bad raw run, an older schema, a size beyond the bound', () => {
    const { doc } = exported(BRK);
    find(doc.structure, 'TRK1/duration').offset = 1 << 20;
    assert.match(buildError(doc).message, /\.value: s16 at 1048576 lies outside the file \(224 bytes\)/);
    const raw = exported(BRK).doc;
    (raw.rawBytes as { hex: string }[])[0].hex = 'xyz';
    assert.match(buildError(raw).message, /^rawBytes\[0\]\.hex: expected an even number of hex digits/);
    assert.match(buildError({ ...exported(BRK).doc, schemaVersion: 2 }).message, /^schemaVersion: version 2 cannot be built/);
    const big = exported(BRK).doc;
    (big.file as { size: number }).size = 2 ** 40;
    assert.match(buildError(big).message, /^file\.size: \d+ is outside 0\.\.67108864/);
  });

  it('the CLI: one line, exit 2, nothing written; a good document writes OUT and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-build-'));
    try {
      const { doc, bytes } = exported(BRK);
      fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify(doc));
      find(doc.structure, 'TRK1/duration').value = -40000;
      fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(doc));
      fs.writeFileSync(path.join(dir, 'broken.json'), '{"schemaVersion": 3,');
      const before = fs.readdirSync(dir).sort();

      for (const name of ['bad.json', 'broken.json']) {
        const r = cli('build', path.join(dir, name), '-o', path.join(dir, 'out.brk'));
        assert.equal(r.code, 2, name);
        assert.equal(r.stderr.split('\n').length, 1, r.stderr);
        assert.deepEqual(fs.readdirSync(dir).sort(), before, `${name}: nothing written`);
      }
      assert.match(cli('build', path.join(dir, 'bad.json'), '-o', path.join(dir, 'out.brk')).stderr,
        /^animscope build: .*bad\.json: structure\.children\[\d+\]\.children\[\d+\]\.value: -40000 does not fit in s16/);

      const ok = cli('build', path.join(dir, 'good.json'), '-o', path.join(dir, 'out.brk'));
      assert.equal(ok.code, 0, ok.stderr);
      assert.deepEqual(new Uint8Array(fs.readFileSync(path.join(dir, 'out.brk'))), bytes);
      assert.deepEqual(fs.readdirSync(dir).sort(), [...before, 'out.brk'].sort(), 'no temporary file left');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
