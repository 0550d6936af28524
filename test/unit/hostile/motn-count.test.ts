/**
 * The sample size of a MOTN file is counted before anything is sampled, without building its keys:
 * motion.bin's keys as objects take ~80 MB, and a file over the sample limit must be refused
 * without paying for them (fuzz seed 191507: a spliced motion.bin, 1.3 s and 170 MB to refuse).
 */
import * as assert from 'assert';
import { sampleStream } from '../../../src/kinds/sample';
import { decode } from '../../../src/formats/index';
import { motnSequenceSize } from '../../../src/formats/motn/motn';
import type { MotnAnim, MotnSequence } from '../../../src/formats/motn/types';
import { readSample } from '../helpers';
import { prng } from '../../fixtures/prng';

const built = (seq: MotnSequence): boolean => 'value' in (Object.getOwnPropertyDescriptor(seq, 'tracks') ?? {});

function motn(bytes: Uint8Array): MotnAnim {
  return decode(bytes, 'motion.bin').anim as MotnAnim;
}

describe('hostile: MOTN sample size counted without building keys', () => {
  const bytes = readSample('motn/motion.bin');

  it('sampleStream of the whole motion.bin builds no track, and its count is what the built tracks hold', () => {
    const file = decode(bytes, 'motion.bin');
    const anim = file.anim as MotnAnim;
    const stream = sampleStream(file);
    assert.ok(anim.sequences.length > 1000);
    const unbuilt = anim.sequences.filter((s) => !built(s)).length;
    assert.strictEqual(unbuilt, anim.sequences.length, `${anim.sequences.length - unbuilt} sequences built by counting`);
    // The same count from the built tracks: one value per track and frame, plus each key.
    let expected = 0;
    for (const s of anim.sequences) {
      if (!s.standard) continue;
      const frames = (Number.isFinite(s.frames) && s.frames > 0 ? Math.floor(s.frames) : 0) + 1;
      for (const t of s.tracks) expected += frames + t.keys.length;
    }
    assert.ok(expected > 4_000_000, `${expected}`);
    assert.strictEqual(stream.samples, expected);
  });

  it('motnSequenceSize equals the built tracks of every sequence, for motion.bin and damaged copies of it', () => {
    const r = prng(17);
    const copies: Uint8Array[] = [bytes];
    for (let i = 0; i < 6; i++) {
      const c = bytes.slice(0, i % 2 ? Math.floor(r() * bytes.length) : bytes.length);
      for (let k = 0; k < 200; k++) c[Math.floor(r() * c.length)] = Math.floor(r() * 256);
      copies.push(c);
    }
    for (const [n, copy] of copies.entries()) {
      const anim = motn(copy);
      for (const s of anim.sequences) {
        const counted = motnSequenceSize(s);
        assert.ok(!built(s));
        const tracks = s.tracks;
        const keys = tracks.reduce((a, t) => a + t.keys.length, 0);
        assert.deepStrictEqual(counted, { tracks: tracks.length, keys }, `copy ${n} sequence ${s.index}`);
        // Once built, the count comes from the tracks themselves.
        assert.deepStrictEqual(motnSequenceSize(s), counted);
      }
    }
  });
});
