/**
 * The sample contract is streamed (a track at a time, never one whole-document string) and
 * refused past a documented size unless asked (--max-samples); an aliased MOTN sequence is
 * sampled once.
 */
import * as assert from 'assert';
import { DEFAULT_MAX_SAMPLES, SampleLimitError, sampleFile, sampleStream } from '../../../src/kinds/sample';
import { sampleDocument, StreamedArray, writeJson } from '../../../src/export/serialize';
import { decode } from '../../../src/formats/index';
import { prng } from '../../fixtures/prng';
import { cli } from '../cli/capture';
import { hostilePath, readHostile } from '../hostile/files';
import { readSample } from '../helpers';

function written(value: unknown, indent: number): { text: string; chunks: number[] } {
  const parts: string[] = [];
  writeJson(value, (c) => parts.push(c), indent);
  return { text: parts.join(''), chunks: parts.map((p) => p.length) };
}

/** A random JSON-ish value; `stream` turns some arrays into StreamedArrays (and returns the plain twin). */
function randomValue(r: () => number, depth: number): { plain: unknown; streamed: unknown } {
  const pick = Math.floor(r() * (depth > 3 ? 5 : 8));
  const numbers = [0, -0, 1.5, -3, 1e21, 5e-324, NaN, Infinity, -Infinity, 0.1 + 0.2, 123456789012345680000];
  switch (pick) {
    case 0: { const n = numbers[Math.floor(r() * numbers.length)]; return { plain: n, streamed: n }; }
    case 1: { const s = ['', 'a"b', 'é\u0001\n\\', '\u2028x', 'Root/Wait.bck'][Math.floor(r() * 5)]; return { plain: s, streamed: s }; }
    case 2: return { plain: null, streamed: null };
    case 3: { const b = r() < 0.5; return { plain: b, streamed: b }; }
    case 4: { const n = Math.floor(r() * 4000); const a = Array.from({ length: n }, (_, i) => (i * 7.25) % 13 - 6); return { plain: a, streamed: a }; }
    case 5: case 6: {
      const n = Math.floor(r() * 5);
      const items = Array.from({ length: n }, () => randomValue(r, depth + 1));
      if (r() < 0.6) return { plain: items.map((i) => i.plain), streamed: new StreamedArray(() => items.map((i) => i.streamed)) };
      return { plain: items.map((i) => i.plain), streamed: items.map((i) => i.plain) };
    }
    default: {
      const n = Math.floor(r() * 5);
      const plain: Record<string, unknown> = {};
      const streamed: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const v = randomValue(r, depth + 1);
        const key = ['format', 'tracks', 'k"ey', `p${i}`, 'values'][Math.floor(r() * 5)];
        plain[key] = v.plain;
        streamed[key] = v.streamed;
      }
      if (r() < 0.3) { plain.gone = undefined; streamed.gone = undefined; }
      return { plain, streamed };
    }
  }
}

describe('sample: streamed writer', () => {
  it('writeJson writes exactly what JSON.stringify writes (indent 0 and 1), StreamedArrays included', () => {
    const r = prng(2024);
    for (let i = 0; i < 400; i++) {
      const v = randomValue(r, 0);
      for (const indent of [0, 1]) {
        const got = written(v.streamed, indent).text;
        const want = JSON.stringify(v.plain, null, indent);
        assert.ok(got === want, `case ${i} indent ${indent}: ${got.length} vs ${want.length} characters`);
      }
    }
  });

  it('the sample document of a real BCK, BTK, BRK and MOTN sequence is identical to JSON.stringify of sampleFile', () => {
    const files: [string, string, string?][] = [
      ['j3d/smg/TripodBoss/StartDemo.bck', 'StartDemo.bck'], ['j3d/smg/TripodBossCore/Wait.btk', 'Wait.btk'],
      ['j3d/smg/TripodBossCore/2ndDemo.brk', '2ndDemo.brk'], ['motn/motion.bin', 'motion.bin', 'WALK'],
    ];
    for (const [rel, name] of files) {
      const file = decode(readSample(rel), name);
      const options = rel.endsWith('.bin') ? { animation: file.anim?.format === 'motn' ? file.anim.sequences[5].name : undefined } : {};
      const doc = sampleDocument(sampleStream(file, options));
      for (const indent of [0, 1]) {
        const { text, chunks } = written(doc, indent);
        assert.ok(text === JSON.stringify(sampleFile(file, options), null, indent), `${rel} indent ${indent}`);
        assert.ok(Math.max(...chunks) < 2 * 65536 + 2_000_000, 'written in chunks');
      }
    }
  });
});

describe('sample: bounded (hostile files)', () => {
  it(`joints2000_dur32767.bck: 2,000 joints × 9 tracks × 32,768 frames are counted, not sampled, and refused past ${DEFAULT_MAX_SAMPLES}`, () => {
    const file = decode(readHostile('joints2000_dur32767.bck'), 'joints2000_dur32767.bck');
    const stream = sampleStream(file);
    assert.strictEqual(stream.samples, 2000 * 9 * 32768);
    assert.throws(() => sampleFile(file), (e: unknown) => e instanceof SampleLimitError && e.samples === 2000 * 9 * 32768 && e.limit === DEFAULT_MAX_SAMPLES);
    const r = cli('sample', hostilePath('joints2000_dur32767.bck'));
    assert.strictEqual(r.code, 2); // refused, nothing written
    assert.strictEqual(r.stdout, '');
    assert.strictEqual(r.stderr.split('\n').length, 1, 'one line');
    assert.match(r.stderr, /589,824,000 samples, more than the limit of 5,000,000; pass --max-samples 589824000/);
  });

  it('joints60_dur32767.bck: refused by default, allowed by --max-samples (streamed track by track)', () => {
    const path = hostilePath('joints60_dur32767.bck');
    assert.strictEqual(cli('sample', path).code, 2); // refused, nothing written
    const file = decode(readHostile('joints60_dur32767.bck'), 'joints60_dur32767.bck');
    const stream = sampleStream(file);
    assert.strictEqual(stream.samples, 60 * 9 * 32768);
    // Streamed: the biggest chunk is one track (32,768 values) plus the 64 KiB buffer, never the document.
    let total = 0;
    let biggest = 0;
    writeJson(sampleDocument(stream), (c) => { total += c.length; biggest = Math.max(biggest, c.length); });
    assert.ok(total > 30_000_000, `${total} characters`);
    assert.ok(biggest < 65536 + 32768 * 24, `biggest chunk ${biggest}`);
  });

  it('motion_alias400.bin: 400 names of one sequence are sampled once, written 400 times, refused by default', () => {
    const file = decode(readHostile('motion_alias400.bin'), 'motion_alias400.bin');
    assert.strictEqual(file.anim?.format, 'motn');
    const stream = sampleStream(file);
    assert.strictEqual(stream.animationCount, 400);
    const tracks = new Set<unknown>();
    let first: unknown;
    let n = 0;
    for (const a of stream.animations()) {
      const list = [...a.tracks()];
      first ??= list[0];
      tracks.add(list[0]);
      if (++n === 50) break;
    }
    assert.strictEqual(tracks.size, 1, 'one sampled track list for every alias');
    assert.ok(stream.samples > DEFAULT_MAX_SAMPLES);
    const r = cli('sample', hostilePath('motion_alias400.bin'));
    assert.strictEqual(r.code, 2); // refused, nothing written
    assert.match(r.stderr, /more than the limit of 5,000,000; pass --max-samples \d+ to write it anyway, or --animation NAME for one sequence$/);
    const one = cli('sample', hostilePath('motion_alias400.bin'), '--animation', 'S17');
    assert.strictEqual(one.code, 0);
    assert.strictEqual(JSON.parse(one.stdout).animations[0].name, 'S17');
  });

  it('--max-samples: a whole number, 0 refuses everything', () => {
    const path = hostilePath('keybomb_joints8.bck');
    assert.strictEqual(cli('sample', path, '--max-samples', 'lots').code, 2);
    assert.strictEqual(cli('sample', path, '--max-samples', '0').code, 2);
    // written in full; the file's J3D_TRACK_RANGE errors make the exit code 1, as for info
    assert.strictEqual(cli('sample', path, '--max-samples', String(8 * 9 * 11)).code, 1);
    assert.strictEqual(cli('sample', path, '--max-samples', String(8 * 9 * 11 - 1)).code, 2);
  });
});
