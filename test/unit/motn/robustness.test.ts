/** Truncated, corrupted and hostile MOTN input never throws, hangs or allocates without bound. */
import * as assert from 'assert';
import { decode } from '../../../src/formats/index';
import type { MotnAnim } from '../../../src/formats/motn/types';
import { sampleSequences, writeMotn } from '../../fixtures/motn-writer';
import { readSample } from '../helpers';
import { prng as rng } from '../../fixtures/prng';

/** Decodes and touches every track (the keys are built on first access). */
function decodeAll(bytes: Uint8Array): number {
  const file = decode(bytes, 'motion.bin');
  assert.ok(!file.diagnostics.some((d) => d.code === 'INTERNAL_ERROR'), file.diagnostics.find((d) => d.code === 'INTERNAL_ERROR')?.message);
  let keys = 0;
  for (const s of (file.anim as MotnAnim | undefined)?.sequences ?? []) for (const t of s.tracks) keys += t.keys.length;
  return keys;
}

describe('MOTN: robustness', () => {
  it('survives truncation of a synthetic file at every offset', () => {
    const { bytes } = writeMotn(sampleSequences());
    for (let n = 0; n <= bytes.length; n++) decodeAll(bytes.subarray(0, n));
  });

  it('survives truncation of the first 4 KiB of motion.bin at every offset', function () {
    const bytes = readSample('motn/motion.bin');
    for (let n = 0; n <= 4096; n++) decodeAll(bytes.subarray(0, n));
  });

  it('survives seeded random byte flips', function () {
    const random = rng(0x4d4f544e);
    const { bytes: small } = writeMotn(sampleSequences());
    for (let i = 0; i < 2000; i++) {
      const copy = small.slice();
      const flips = 1 + Math.floor(random() * 8);
      for (let f = 0; f < flips; f++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      decodeAll(copy);
    }
    const real = readSample('motn/motion.bin');
    for (let i = 0; i < 25; i++) {
      const copy = real.slice();
      for (let f = 0; f < 64; f++) {
        // Bias towards the header and tables, where a flip changes the most.
        const at = f < 16 ? Math.floor(random() * 0x13af0) : Math.floor(random() * copy.length);
        copy[at] = Math.floor(random() * 256);
      }
      decodeAll(copy);
    }
  });

  it('bounds the work of a hostile file (4094 overlapping sequences with 0xFFFF key counts)', function () {
    const size = 1 << 20;
    const bytes = new Uint8Array(size).fill(0xff);
    const view = new DataView(bytes.buffer);
    const count = 4094;
    const seqOff = 0x20, nameOff = seqOff + 8 * count, base = nameOff + 4 * count + 4;
    view.setUint32(0, seqOff, true);
    view.setUint32(4, nameOff, true);
    view.setUint32(8, base, true);
    view.setUint32(12, 0xfff, true); // (0xFFF − 1) = 4094 sequences
    view.setUint32(16, size, true);
    for (let i = 0; i < count; i++) {
      view.setUint32(seqOff + 8 * i, 64 * i, true);
      view.setUint32(seqOff + 8 * i + 4, 0, true);
      view.setUint32(nameOff + 4 * i, base - 4, true);
    }
    view.setUint32(base - 4, 0x00534f48, true); // "HOS"
    for (let i = 0; i < count; i++) {
      const at = base + 64 * i;
      view.setUint16(at, 0x8000 | 400, true); // frame flag: u16 key counts; u16 frame numbers
      view.setUint16(at + 2, 0, true);
      view.setUint16(at + 4, 16, true); // block 2
      view.setUint16(at + 6, 0x8000, true); // block 3
      view.setUint16(at + 8, 0xa000, true); // block 4
      view.setUint16(at + 10, 0xe000, true); // block 5
      view.setUint16(at + 12, 0x01ff, true); // bone 0, 9 tracks
      view.setUint16(at + 14, 0, true);
      // block 2 (+16..+34) stays 0xFFFF: 65535 intermediate keys per track
    }
    const file = decode(bytes, 'motion.bin');
    let keys = 0;
    for (const s of (file.anim as MotnAnim).sequences) for (const t of s.tracks) keys += t.keys.length;
    // The work is bounded by what is built: keys (at most one per byte, plus one sequence's worth), not by a clock.
    assert.ok(keys <= size + 0x10000, `${keys} keys`);
    assert.ok(file.diagnostics.some((d) => d.code === 'MOTN_LIMIT' && d.severity === 'error'));
    assert.ok(file.diagnostics.length <= 1001);
  });

  it('never lets a key count allocate more than the bytes hold', () => {
    const { bytes, layout } = writeMotn(sampleSequences());
    const copy = bytes.slice();
    const s = layout.sequenceOffsets[3]; // FLAGGED: u16 key counts
    const block2 = s + (copy[s + 4] | (copy[s + 5] << 8));
    copy[block2] = 0xff; copy[block2 + 1] = 0xff;
    const file = decode(copy, 'motion.bin');
    const anim = file.anim as MotnAnim;
    assert.ok(file.diagnostics.some((d) => d.code === 'MOTN_KEY_COUNT' && d.severity === 'error'));
    assert.deepStrictEqual(anim.sequences[4].tracks, []);
  });
});
