/**
 * MOTN work budgets bound what one garbage sequence can spend, not only the file as a whole
 * (issue 26). The recipe of ../shared/hostile/README.md is built here from motion.bin (never
 * written to disk): the u32 at 0x00 set to the u32 at 0x04, so the sequence table is read from
 * the name offset table and every "sequence" starts inside real motion data.
 */
import * as assert from 'assert';
import { serialize } from 'v8';
import { decode } from '../../../src/formats/index';
import { motnSequenceSize } from '../../../src/formats/motn/motn';
import { sequenceBudget } from '../../../src/formats/motn/sequence';
import type { MotnAnim, MotnSequence } from '../../../src/formats/motn/types';
import type { DecodedFile } from '../../../src/formats/types';
import { loadedFileOf } from '../../../src/wire/loadedFile';
import { readSample } from '../helpers';

const u16 = (b: Uint8Array, at: number): number => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number): number => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const setU16 = (b: Uint8Array, at: number, v: number): void => { b[at] = v & 0xff; b[at + 1] = v >> 8; };

function recipe(original: Uint8Array): Uint8Array {
  const bytes = original.slice();
  bytes.set(bytes.subarray(4, 8), 0);
  return bytes;
}

/** What a sequence's tracks spent of its budget (its instructions left out): 1 per track, 1 per key. */
function spent(seq: MotnSequence): number {
  const { tracks, keys } = motnSequenceSize(seq);
  return tracks + keys;
}

/** Unique standard sequences by data offset, the first index of each. */
function unique(anim: MotnAnim): MotnSequence[] {
  const seen = new Set<number>();
  return anim.sequences.filter((s) => s.standard && !seen.has(s.offset) && !!seen.add(s.offset));
}

/** The load message as the editor posts it (structured clone: v8.serialize stands for what crosses to the page). */
function loadMessageBytes(file: DecodedFile): number {
  return serialize(loadedFileOf(file, { fileByteLength: file.bytes.length })).length;
}

describe('hostile: MOTN budgets per sequence', () => {
  const original = readSample('motn/motion.bin');

  it('the recipe: no sequence spends more than 3 units per byte before its block 4 (its own budget)', () => {
    const bytes = recipe(original);
    const anim = decode(bytes, 'motion.bin').anim as MotnAnim;
    const sequences = unique(anim);
    assert.ok(sequences.length > 100, `${sequences.length} standard sequences`);
    for (const seq of sequences) {
      const o4 = u16(bytes, seq.offset + 8);
      // Before: sequence [1] (block 4 at +7090, a budget of 21,270) built 615,121 keys on 15 tracks.
      assert.ok(spent(seq) <= sequenceBudget(o4), `sequence [${seq.index}] at ${seq.offset}: ${spent(seq)} units, block 4 at +${o4}`);
    }
  });

  it('the recipe: the load message crosses no more bytes than the unchanged file\'s', () => {
    // Before: 34.3 MiB (the first sequence shown held 615,121 keys) against motion.bin's 2.7 MiB.
    const damaged = decode(recipe(original), 'motion.bin');
    const intact = decode(original, 'motion.bin');
    const firstKeys = (f: DecodedFile): number => {
      const file = loadedFileOf(f, { fileByteLength: f.bytes.length });
      return ((file.firstPart?.part ?? []) as { keys: unknown[] }[]).reduce((n, t) => n + t.keys.length, 0);
    };
    assert.ok(firstKeys(damaged) <= sequenceBudget(0xffff), `${firstKeys(damaged)} keys in the first part`);
    assert.ok(loadMessageBytes(damaged) <= loadMessageBytes(intact), `${loadMessageBytes(damaged)} > ${loadMessageBytes(intact)} bytes`);
  });

  it('five garbage sequences leave every other sequence of motion.bin decoded as before', () => {
    // The first five sequences by offset (each at least 464 bytes long) become 9 tracks of 65,535
    // intermediate keys each (u16 counts 0xFFFF at +16), blocks 3–5 far ahead in the real data:
    // each claims 589,833 keys, the five together more than the file's budget (its length + 64 KiB).
    const bytes = original.slice();
    const seqOff = u32(bytes, 0), base = u32(bytes, 8), count = (u32(bytes, 12) & 0xfff) - 1;
    const starts = [...new Set(Array.from({ length: count }, (_, i) => u32(bytes, seqOff + 8 * i)))].sort((a, b) => a - b);
    const garbage = new Set(starts.slice(0, 5).map((d) => base + d));
    for (const at of garbage) {
      for (const [i, v] of [0x8000 | 400, 0, 16, 0x8000, 0xa000, 0xe000, 0x01ff, 0].entries()) setU16(bytes, at + 2 * i, v);
      for (let t = 0; t < 9; t++) setU16(bytes, at + 16 + 2 * t, 0xffff);
    }
    const damaged = decode(bytes, 'motion.bin');
    const intact = decode(original, 'motion.bin').anim as MotnAnim;
    const anim = damaged.anim as MotnAnim;
    const limits = damaged.diagnostics.filter((d) => d.code === 'MOTN_LIMIT');
    assert.deepStrictEqual(limits.map((d) => d.offset).sort((a, b) => a - b), [...garbage].sort((a, b) => a - b));
    let compared = 0;
    for (const seq of anim.sequences) {
      if (garbage.has(seq.offset)) {
        assert.deepStrictEqual(motnSequenceSize(seq), { tracks: 0, keys: 0 });
        continue;
      }
      assert.deepStrictEqual(motnSequenceSize(seq), motnSequenceSize(intact.sequences[seq.index]), `sequence [${seq.index}] ${seq.name}`);
      compared++;
    }
    assert.ok(compared > 1500, `${compared} sequences compared`);
  });
});
