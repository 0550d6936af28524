/**
 * Tracks that read the same keys the same way are sampled once and share one values array; any
 * difference in what or how a curve reads gives it its own.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { sampleFile, sampleStream } from '../../../src/kinds/sample';
import { Curve, CurvePost, evaluateCurve } from '../../../src/anim/curve';
import { SharedValues } from '../../../src/anim/sharedValues';
import { decode } from '../../../src/formats/index';
import { SAMPLES_DIR } from '../../paths';
import { bck, file, kt, srt } from './fixtures';

/** Keys (time, value, tangent) × 3 from element 0 and again from element 9. */
const BANK = new Float32Array([0, 1, 0, 5, 3, 0, 10, 2, 0, 0, 1, 0, 5, 3, 0, 10, 2, 0]);

describe('anim/sharedValues: tracks that read the same keys share their values', () => {
  it('the same slice read the same way: one array; another slice, bank, post, scale or length: its own', () => {
    const shared = new SharedValues(11);
    const a = shared.of(Curve.view(BANK, 0, 3, 3));
    assert.strictEqual(shared.of(Curve.view(BANK, 0, 3, 3)), a);
    // The slice at 9 holds the same numbers, so equal values, but it is other keys: not shared.
    const other = shared.of(Curve.view(BANK, 9, 3, 3));
    assert.notStrictEqual(other, a);
    assert.deepStrictEqual(other, a);
    const copy = new Float32Array(BANK);
    assert.notStrictEqual(shared.of(Curve.view(copy, 0, 3, 3)), a);
    assert.notStrictEqual(shared.of(Curve.view(BANK, 0, 2, 3)), a);
    assert.notStrictEqual(shared.of(Curve.view(BANK, 0, 3, 3, CurvePost.Rotation, 2)), a);
    assert.notStrictEqual(shared.of(Curve.view(BANK, 0, 3, 3, CurvePost.None, 2)), a);
    const cut = Curve.view(BANK, 0, 3, 3);
    cut.missingFrom = 5;
    const missing = shared.of(cut);
    assert.notStrictEqual(missing, a);
    assert.ok(Number.isNaN(missing[5]) && !Number.isNaN(a[5]));
  });

  it('constants share by value (0 and −0, NaN told apart the way Object.is does); step curves by their bank slice', () => {
    const shared = new SharedValues(4);
    const one = shared.of(Curve.constant(1));
    assert.strictEqual(shared.of(Curve.constant(1)), one);
    assert.deepStrictEqual(one, [1, 1, 1, 1]);
    const zero = shared.of(Curve.constant(0));
    const negative = shared.of(Curve.constant(-0));
    assert.notStrictEqual(zero, negative);
    assert.ok(Object.is(negative[0], -0));
    const nan = shared.of(Curve.constant(NaN));
    assert.strictEqual(shared.of(Curve.constant(NaN)), nan);
    assert.notStrictEqual(shared.of(Curve.constant(1, CurvePost.Rotation, 2)), one);
    // Fractions between two integers, taken in turn, each keep their own array.
    const fractions = [0.25, 0.5, 0.75, 0.125, 0.375];
    const first = fractions.map((v) => shared.of(Curve.constant(v)));
    fractions.forEach((v, i) => assert.strictEqual(shared.of(Curve.constant(v)), first[i], `constant ${v}`));
    const steps = shared.of(Curve.fromSteps(BANK, 3, 4, BANK.length));
    assert.strictEqual(shared.of(Curve.fromSteps(BANK, 3, 4, BANK.length)), steps);
    assert.notStrictEqual(shared.of(Curve.fromSteps(BANK, 3, 3, BANK.length)), steps);
  });

  it('past 4,096 lookups sharing goes on while tracks repeat, and stops (values still right) when they hardly ever do', () => {
    const shared = new SharedValues(4);
    const bank = new Float32Array(3 * 6000).map((_, i) => (i % 3 === 0 ? (i / 3) % 2 : i));
    const repeated = new Set<number[]>();
    for (let i = 0; i < 10_000; i++) repeated.add(shared.of(Curve.view(bank, 3 * (i % 10), 2, 3)));
    assert.strictEqual(repeated.size, 10);
    const rare = new SharedValues(4);
    for (let i = 0; i < 5000; i++) rare.of(Curve.view(bank, 3 * (i % 4500), 2, 3));
    const again = rare.of(Curve.view(bank, 0, 2, 3));
    assert.notStrictEqual(rare.of(Curve.view(bank, 0, 2, 3)), again);
    assert.deepStrictEqual(again, shared.of(Curve.view(bank, 0, 2, 3)));
  });

  it('a curve with keys of its own is never shared: its buffer may be refilled', () => {
    const shared = new SharedValues(6);
    const own = Curve.fromKeys([0, 5], [0, 10], [0, 0], [0, 0]);
    const first = shared.of(own);
    own.setKey(1, 5, 20, 0, 0);
    const second = shared.of(own);
    assert.notStrictEqual(second, first);
    assert.strictEqual(second[5], 20);
  });

  it('a held limit keeps at most limit ÷ frames readings, and a lookup past it samples again', () => {
    const shared = new SharedValues(10, 10);
    const a = shared.of(Curve.view(BANK, 0, 3, 3));
    assert.strictEqual(shared.of(Curve.view(BANK, 0, 3, 3)), a);
    shared.of(Curve.view(BANK, 9, 3, 3));
    const again = shared.of(Curve.view(BANK, 0, 3, 3));
    assert.notStrictEqual(again, a);
    assert.deepStrictEqual(again, a);
  });

  it('sampleFile: two joints pointing at one slice share one array per channel, and every value is evaluateCurve\'s', () => {
    const same = srt({ translation: kt(3, 0, 0) });
    const r = sampleFile(file(bck({
      duration: 10,
      joints: [{ x: same, y: same, z: srt() }, { x: same, y: srt({ translation: kt(3, 9, 0) }), z: srt() }],
      translationBank: BANK,
    }), 'x.bck'));
    const v = new Map(r.animations[0].tracks.map((t) => [t.path, t.values]));
    assert.strictEqual(v.get('joints/0/translation/x'), v.get('joints/1/translation/x'));
    assert.strictEqual(v.get('joints/0/translation/y'), v.get('joints/0/translation/x'));
    assert.notStrictEqual(v.get('joints/1/translation/y'), v.get('joints/0/translation/x'));
    assert.deepStrictEqual(v.get('joints/0/translation/x'), Array.from({ length: 11 }, (_, f) => evaluateCurve(Curve.view(BANK, 0, 3, 3), f)));
  });

  it('real files: a shared J3D sample shares arrays, and its streamed values equal sampleFile\'s track by track', () => {
    // 2ndDemo.bck, read by hand in its joint table (0x60): 5 joints × 9 tracks, 44 of them constants
    // (count 1, index 0: scale 1.0, rotation 0, translation 0.0) and one keyed rotation (count 4,
    // index 1, joint 1 y): 4 readings.
    const name = 'j3d/smg/TripodBossCore/2ndDemo.bck';
    const decoded = decode(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, name))), path.basename(name));
    const tracks = sampleFile(decoded).animations[0].tracks;
    assert.strictEqual(tracks.length, 45);
    assert.strictEqual(new Set(tracks.map((t) => t.values)).size, 4);
    const streamed = [...[...sampleStream(decoded).animations()][0].tracks()];
    assert.deepStrictEqual(streamed.map((t) => [t.path, t.values]), tracks.map((t) => [t.path, t.values]));
  });
});
