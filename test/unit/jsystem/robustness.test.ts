import * as assert from 'assert';
import { decode } from '../../../src/formats/index';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { uncoveredRanges } from '../../../src/formats/binary/fields';
import { decodeBck } from '../../../src/formats/jsystem/bck/decode';
import { decodeBtk } from '../../../src/formats/jsystem/btk/decode';
import { decodeBrk } from '../../../src/formats/jsystem/brk/decode';
import { writeBck, writeBrk, writeBtk } from '../../fixtures/j3d-writer';
import { listSamples, readSample } from '../helpers';
import { prng } from '../../fixtures/prng';

const DECODERS = { bck: decodeBck, btk: decodeBtk, brk: decodeBrk };

/** Decodes with the format's decoder directly (exceptions would escape) and through decode(). */
function check(bytes: Uint8Array, ext: 'bck' | 'btk' | 'brk', what: string): void {
  const sink = new DiagnosticSink();
  try {
    DECODERS[ext](bytes, sink);
  } catch (e) {
    assert.fail(`${what}: decoder threw ${(e as Error).stack}`);
  }
  const r = decode(bytes, `x.${ext}`, { format: ext });
  if (r.diagnostics.some((d) => d.code === 'INTERNAL_ERROR')) assert.fail(`${what}: INTERNAL_ERROR`);
  const gaps = uncoveredRanges(r.root, bytes.length);
  if (gaps.length) assert.fail(`${what}: uncovered ${JSON.stringify(gaps)}`);
}

const SAMPLES = listSamples('j3d', (n) => /\.(bck|btk|brk)$/i.test(n));

function synthetic(): [string, Uint8Array, 'bck' | 'btk' | 'brk'][] {
  const keys = { keys: [{ time: 0, value: 1, tangent: 0 }, { time: 10, value: 2, tangent: 0.5 }], tangentMode: 0 };
  return [
    ['synthetic.bck', writeBck({ duration: 10, joints: [{ x: { scale: keys, rotation: 5, translation: keys }, y: { rotation: { ...keys, tangentMode: 1 } } }, {}] }).bytes, 'bck'],
    ['synthetic.btk', writeBtk({ duration: 10, entries: [{ name: 'mat', s: { scale: keys } }, { name: 'other', q: { rotation: keys } }], post: { entries: [{ name: 'p', t: { translation: 2 } }] } }).bytes, 'btk'],
    ['synthetic.brk', writeBrk({ duration: 10, register: [{ name: 'a', r: keys, g: 1, colorId: 3 }], konstant: [{ name: 'k', a: 200, colorId: 1 }] }).bytes, 'brk'],
  ];
}

describe('jsystem: robustness', function () {

  it('decodes every sample truncated at every byte offset without throwing', () => {
    for (const file of SAMPLES) {
      const bytes = readSample(file);
      const ext = file.slice(-3) as 'bck' | 'btk' | 'brk';
      for (let n = 0; n < bytes.length; n++) check(bytes.subarray(0, n), ext, `${file} cut at ${n}`);
    }
  });

  it('reports a truncated file as an error', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/2ndDemo.bck');
    const r = decode(bytes.subarray(0, 0x100), '2ndDemo.bck');
    assert.ok(r.diagnostics.some((d) => d.code === 'J3D_FILE_SIZE' && d.severity === 'error'));
    assert.ok(r.diagnostics.some((d) => d.code === 'J3D_CHUNK_SIZE'));
    assert.ok(r.anim);
  });

  it('decodes every sample with a few hundred seeded random byte flips without throwing', () => {
    const random = prng(0xA11CE);
    for (const file of SAMPLES) {
      const original = readSample(file);
      const ext = file.slice(-3) as 'bck' | 'btk' | 'brk';
      for (let round = 0; round < 300; round++) {
        const bytes = original.slice();
        const flips = 1 + Math.floor(random() * 8);
        for (let f = 0; f < flips; f++) {
          const at = Math.floor(random() * bytes.length);
          bytes[at] = random() < 0.5 ? bytes[at] ^ (1 << Math.floor(random() * 8)) : Math.floor(random() * 256);
        }
        check(bytes, ext, `${file} round ${round}`);
      }
    }
  });

  it('decodes synthetic files with random flips and truncations', () => {
    const random = prng(1234);
    for (const [name, original, ext] of synthetic()) {
      for (let n = 0; n < original.length; n++) check(original.subarray(0, n), ext, `${name} cut at ${n}`);
      for (let round = 0; round < 300; round++) {
        const bytes = original.slice();
        for (let f = 0; f < 1 + Math.floor(random() * 6); f++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
        check(bytes, ext, `${name} round ${round}`);
      }
    }
  });

  it('survives hostile headers: every count and offset 0xFF…', () => {
    for (const [name, original, ext] of synthetic()) {
      const bytes = original.slice();
      bytes.fill(0xFF, 0x28, 0x80);
      check(bytes, ext, `${name} all 0xFF`);
      const zero = original.slice();
      zero.fill(0, 0x24, 0x80);
      check(zero, ext, `${name} zero`);
      const r = decode(bytes, name);
      assert.ok(r.diagnostics.length <= 1001);
    }
  });

  it('survives hostile name tables (65,535 entries pointing at unterminated strings)', () => {
    const base = writeBtk({ entries: [{ name: 'a' }] });
    const size = 0x20 + 0x60 + 4 + 65535 * 4 + 0x100;
    const bytes = new Uint8Array(size);
    bytes.set(base.bytes.subarray(0, 0x80));
    new DataView(bytes.buffer).setUint32(0x08, size);
    new DataView(bytes.buffer).setUint32(0x24, size - 0x20);
    new DataView(bytes.buffer).setUint32(0x20 + 0x1C, 0x60); // name table right after the header
    const t = 0x80;
    bytes[t] = 0xFF; bytes[t + 1] = 0xFF; bytes[t + 2] = 0xFF; bytes[t + 3] = 0xFF;
    for (let i = 0; i < 65535; i++) {
      const e = t + 4 + i * 4;
      // Hash 0x4141, offsets with no zero byte: every string starts inside the entries, no NUL anywhere.
      bytes[e] = 0x41; bytes[e + 1] = 0x41;
      bytes[e + 2] = 1 + (i % 255); bytes[e + 3] = 1 + (Math.floor(i / 255) % 255);
    }
    bytes.fill(0x41, t + 4 + 65535 * 4);
    const r = decode(bytes, 'hostile.btk');
    const codes = new Set(r.diagnostics.map((d) => d.code));
    // J3D_NAME_BUDGET: the name scan stopped at its byte budget (the bound on the work, not a clock).
    for (const code of ['J3D_NAME_UNTERMINATED', 'J3D_NAME_COUNT', 'J3D_NAME_OVERLAP', 'J3D_NAME_BUDGET']) assert.ok(codes.has(code), code);
    assert.deepStrictEqual(uncoveredRanges(r.root, bytes.length), []);
  });
});
