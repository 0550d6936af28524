/**
 * Step curves (full tracks, FORMATS.md §9 "Full-track entry") and the missing-value policy of the
 * nine kinds, on hand-built banks (no decoder involved).
 */
import * as assert from 'assert';
import { Curve, CurvePost, evaluateCurve, evaluateSteps, sampleCurveInto } from '../../../src/anim/curve';
import { compileFullTrack, plannedFull, stepKeys } from '../../../src/anim/fullTrack';
import { compileJ3DTrack } from '../../../src/anim/j3dTrack';
import { describePlanned } from '../../../src/kinds/describe';
import { kt } from './fixtures';

const at = (c: Curve, f: number): number => evaluateCurve(c, f);

describe('anim/fullTrack: step curves', () => {
  const bank = [10, 11, 12, 13, 14, 15];

  it('f < 0 → bank[index]; f ≥ count → bank[index + count − 1]; else bank[index + ⌊f⌋] (the track\'s own count)', () => {
    const c = compileFullTrack({ count: 3, index: 2 }, bank);
    assert.deepStrictEqual([-5, -0.5, 0, 0.99, 1, 1.5, 2, 2.999, 3, 100].map((f) => at(c, f)), [12, 12, 12, 12, 13, 13, 14, 14, 14, 14]);
    // A NaN frame reads like f < 0 (bank[index]), as Hermite curves give their first value.
    assert.strictEqual(at(c, NaN), 12);
  });

  it('count 1 is a constant; count 0 is missing everywhere (the game reads bank[index − 1])', () => {
    const one = compileFullTrack({ count: 1, index: 4 }, bank);
    assert.deepStrictEqual([-1, 0, 7].map((f) => at(one, f)), [14, 14, 14]);
    const zero = compileFullTrack({ count: 0, index: 4 }, bank);
    assert.ok([-1, 0, 7].every((f) => Number.isNaN(at(zero, f))));
  });

  it('elements at or past the bank length are missing, the ones inside are read', () => {
    const c = compileFullTrack({ count: 4, index: 4 }, bank);
    const v = [0, 1, 2, 3, 4].map((f) => at(c, f));
    assert.deepStrictEqual(v.slice(0, 2), [14, 15]);
    assert.ok(v.slice(2).every(Number.isNaN));
    const past = compileFullTrack({ count: 2, index: 60 }, bank);
    assert.ok(Number.isNaN(at(past, -1)) && Number.isNaN(at(past, 0)));
  });

  it('a bank view: the limit is the bank\'s length, not the buffer behind it', () => {
    const buffer = new Float32Array([1, 2, 3, 4]);
    const c = compileFullTrack({ count: 3, index: 1 }, buffer.subarray(0, 2));
    assert.deepStrictEqual([0].map((f) => at(c, f)), [2]);
    assert.ok(Number.isNaN(at(c, 1)));
  });

  it('posts: BCA rotation degrees (no shift), BVA non-zero → 1', () => {
    const rot = compileFullTrack({ count: 3, index: 0 }, new Int16Array([16384, -32768, 8]), { post: CurvePost.Rotation, scale: 180 / 32768 });
    assert.deepStrictEqual([0, 1, 2].map((f) => at(rot, f)), [90, -180, (8 * 180) / 32768]);
    const vis = compileFullTrack({ count: 4, index: 0 }, new Uint8Array([0, 1, 2, 255]), { post: CurvePost.NonZero });
    assert.deepStrictEqual([0, 1, 2, 3].map((f) => at(vis, f)), [0, 1, 1, 1]);
    const visMissing = compileFullTrack({ count: 0, index: 0 }, new Uint8Array([1]), { post: CurvePost.NonZero });
    assert.ok(Number.isNaN(at(visMissing, 0)));
  });

  it('sampleCurveInto gives the same values as evaluateCurve', () => {
    const c = compileFullTrack({ count: 4, index: 3 }, bank);
    const out = new Array<number>(8);
    sampleCurveInto(c, out, 0, -2, 8);
    assert.deepStrictEqual(out.map((v) => (Number.isNaN(v) ? null : v)), [-2, -1, 0, 1, 2, 3, 4, 5].map((f) => (Number.isNaN(at(c, f)) ? null : at(c, f))));
    assert.deepStrictEqual(out.slice(0, 5), [13, 13, 13, 14, 15]);
  });

  it('evaluateSteps reads the source directly', () => {
    assert.strictEqual(evaluateSteps({ values: bank, first: 1, count: 2, limit: 6 }, 5), 12);
    assert.ok(Number.isNaN(evaluateSteps({ values: bank, first: 1, count: 2, limit: 2 }, 5)));
  });

  it('keys: one per stored value linked to its bank element, no tangents; missing ones without a path', () => {
    const c = compileFullTrack({ count: 3, index: 4 }, bank);
    assert.deepStrictEqual(stepKeys(c, 'TPT1', 'textureIndexBank').toArray().map((k) => [k.frame, Number.isNaN(k.value) ? null : k.value, k.valuePath ?? null, Number.isNaN(k.inSlope)]), [
      [0, 14, 'TPT1/textureIndexBank[4]', true],
      [1, 15, 'TPT1/textureIndexBank[5]', true],
      [2, null, null, true],
    ]);
    const [described] = describePlanned([plannedFull('entries/0/texture', 0, 'texture', 'index', 'units', c, 'TPT1', 'textureIndexBank')]);
    assert.strictEqual(described.interpolation, 'step');
    assert.strictEqual(described.evaluate(1.7), 15);
  });
});

describe('anim/j3dTrack: values from past the bank are missing', () => {
  const s16 = (v: number[]) => new Int16Array(v);

  it('missing: a constant past the bank, a first key past it; count 0 still gives the default', () => {
    const opts = { defaultValue: 1 };
    assert.ok(Number.isNaN(at(compileJ3DTrack(kt(1, 9), s16([1, 2]), opts).curve, 0)));
    assert.ok(Number.isNaN(at(compileJ3DTrack(kt(2, 9), s16([1, 2]), opts).curve, 0)));
    assert.strictEqual(at(compileJ3DTrack(kt(0, 9), s16([1, 2]), opts).curve, 3), 1);
  });

  it('missing: a keyed track cut short keeps its readable keys, then is missing from the last one on', () => {
    // Keys (0, 5) and (10, 9) readable, the third (6 more elements) is not.
    const c = compileJ3DTrack(kt(3, 0), s16([0, 5, 0, 10, 9, 0]), { defaultValue: 0 }).curve;
    assert.strictEqual(at(c, -3), 5);
    assert.strictEqual(at(c, 0), 5);
    assert.strictEqual(at(c, 5), 7); // Hermite with flat tangents: midpoint
    assert.ok(Number.isNaN(at(c, 10)));
    assert.ok(Number.isNaN(at(c, 50)));
    const out = new Array<number>(12);
    sampleCurveInto(c, out, 0, 0, 12);
    assert.deepStrictEqual(out.map((v, f) => (Number.isNaN(v) ? 'NaN' : v === at(c, f))), [true, true, true, true, true, true, true, true, true, true, 'NaN', 'NaN']);
  });

  it('BPK/BXK colour bytes: keyed → clamped 0..255 and truncated; constant → low byte; count 0 → 0', () => {
    const post = { defaultValue: 0, post: CurvePost.ColourByte, outside: 'missing' as const };
    // Keys at frames 0..4 with values −1, 0, 255, 256, 300 (flat tangents): the key values themselves.
    const keyed = compileJ3DTrack(kt(5, 0), s16([0, -1, 0, 1, 0, 0, 2, 255, 0, 3, 256, 0, 4, 300, 0]), post).curve;
    assert.deepStrictEqual([0, 1, 2, 3, 4].map((f) => at(keyed, f)), [0, 0, 255, 255, 255]);
    // (0, 0) → (2, 255), flat: 127.5 at frame 1, truncated to 127.
    assert.strictEqual(at(compileJ3DTrack(kt(2, 0), s16([0, 0, 0, 2, 255, 0]), post).curve, 1), 127);
    assert.deepStrictEqual([-1, 0, 255, 256, 511].map((v) => at(compileJ3DTrack(kt(1, 0), s16([v]), post).curve, 0)), [255, 0, 255, 0, 255]);
    assert.strictEqual(at(compileJ3DTrack(kt(0, 0), s16([99]), post).curve, 0), 0);
  });
});
