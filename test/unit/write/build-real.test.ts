/**
 * export → build is byte-identical for every real animation file of the shared samples, loose and
 * inside the archives (entries decompressed): every J3D kind present there and motion.bin; and the
 * hostile reproducers that decode as animations (key bombs, 32767-frame BCKs, 400 MOTN aliases). The
 * document goes through its JSON text, as a script reading `animscope export -o` gets it.
 */
import { strict as assert } from 'assert';
import { exportDecoded } from '../../../src/export/json';
import { jsonFileText } from '../../../src/export/serialize';
import { decode } from '../../../src/formats/index';
import { buildFromExport } from '../../../src/write/exportBuild';
import * as fs from 'fs';
import * as path from 'path';
import { realFiles, SAMPLES_DIR } from '../helpers';

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

describe('write: export → build on every real file', () => {
  const animations = realFiles().filter((f) => decode(f.bytes, f.name).anim);

  it('covers the kinds in the samples (BCK, BTK, BRK, BCA, BPK, BTP, BVA, MOTN)', () => {
    const kinds = new Set(animations.map((f) => decode(f.bytes, f.name).format));
    for (const k of ['bck', 'btk', 'brk', 'bca', 'bpk', 'btp', 'bva', 'motn']) assert.ok(kinds.has(k as never), `no real ${k}`);
  });

  for (const f of animations) {
    it(`${f.path} builds back to the same bytes`, () => {
      const doc = JSON.parse(jsonFileText(exportDecoded(decode(f.bytes, f.name))));
      const built = buildFromExport(doc);
      const at = firstDifference(built, f.bytes);
      assert.equal(at, -1, `first difference at 0x${at.toString(16)} (${built.length} vs ${f.bytes.length} bytes)`);
    });
  }
});

describe('write: export → build on the hostile reproducers', () => {
  const dir = path.join(SAMPLES_DIR, '..', 'hostile');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => /\.(bck|bin)$/.test(n)).sort() : [];

  it('has hostile animations to check', () => assert.ok(files.length >= 5, files.join(', ')));

  for (const name of files) {
    it(`${name} builds back to the same bytes`, () => {
      const file = decode(new Uint8Array(fs.readFileSync(path.join(dir, name))), name);
      if (!file.anim) return assert.match(name, /^pks-/, `${name} decodes as no animation`);
      const built = buildFromExport(JSON.parse(jsonFileText(exportDecoded(file))));
      assert.equal(firstDifference(built, file.bytes), -1);
    });
  }
});
