/**
 * Keys are read in place from the bank: a BCK whose every track claims 65,535 keys of one shared
 * bank (keybomb_joints*.bck, J3D_TRACK_RANGE) costs what its tracks and frames cost, not
 * tracks × bank. Measured deterministically by counting the bank reads through a Proxy.
 */
import * as assert from 'assert';
import { describeTracks } from '../../../src/kinds/describe';
import { sampleFile } from '../../../src/kinds/sample';
import { evaluateCurve } from '../../../src/anim/curve';
import { compileJ3DTrack } from '../../../src/anim/j3dTrack';
import { decode } from '../../../src/formats/index';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { readHostile } from '../hostile/files';

/** The bank behind a proxy that counts element reads. */
function counted<T extends ArrayLike<number>>(bank: T): { bank: T; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(bank, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && /^\d+$/.test(prop)) reads++;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : (prop === 'length' ? v : v ?? Reflect.get(target, prop, receiver));
    },
  });
  return { bank: proxy, reads: () => reads };
}

function keybomb(name: string): { anim: BckAnim; file: ReturnType<typeof decode> } {
  const file = decode(readHostile(name), name);
  assert.strictEqual(file.anim?.format, 'bck');
  return { anim: file.anim as BckAnim, file };
}

describe('anim: keys read in place (keybomb)', () => {
  it('keybomb_joints8.bck: every rotation track claims 65,535 keys of the 65,535-element bank; 21,845 are readable', () => {
    const { anim, file } = keybomb('keybomb_joints8.bck');
    // info: 8 joints, rotation bank 65,535 elements, duration 10; validate: J3D_TRACK_RANGE per rotation track.
    assert.strictEqual(anim.joints.length, 8);
    assert.strictEqual(anim.rotationBank.length, 65535);
    assert.ok(file.diagnostics.some((d) => d.code === 'J3D_TRACK_RANGE'));
    const tracks = describeTracks(anim);
    const rotation = tracks.filter((t) => t.channel === 'rotation');
    assert.strictEqual(rotation.length, 24);
    for (const t of rotation) assert.strictEqual(t.keys.length, Math.floor(65535 / 3));
  });

  it('describe + sample read the bank O(tracks × frames × log keys) times, not once per claimed key', () => {
    const { anim, file } = keybomb('keybomb_joints8.bck');
    const { bank, reads } = counted(anim.rotationBank);
    const view = { ...file, anim: { ...anim, rotationBank: bank as unknown as Int16Array } };
    const tracks = describeTracks(view.anim);
    let keys = 0;
    for (const t of tracks) keys += t.keys.length;
    assert.strictEqual(keys, 24 * 21845, 'what the tracks claim and the bank holds');
    const afterDescribe = reads();
    // Before: every key was copied out of the bank (3 reads × 21,845 keys × 24 tracks = 1.57 M reads).
    assert.ok(afterDescribe <= 24 * 4, `${afterDescribe} bank reads to describe`);
    const sampled = sampleFile(view);
    const frames = anim.duration + 1;
    assert.strictEqual(sampled.animations[0].tracks[0].values.length, frames);
    const perTrack = (reads() - afterDescribe) / 24;
    assert.ok(perTrack <= frames * 2 * (Math.ceil(Math.log2(21845)) + 4), `${perTrack} bank reads per track to sample ${frames} frames`);
  });

  it('a view evaluates exactly like the copied keys it replaces (tangent modes 0 and 1)', () => {
    const bank = Int16Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? i * 2 : (i * 37) % 500 - 250));
    for (const tangentMode of [0, 1]) {
      const stride = tangentMode === 0 ? 3 : 4;
      const ch = compileJ3DTrack({ count: 6, index: 2, tangentMode }, bank, { defaultValue: 0 });
      assert.strictEqual(ch.curve.data, bank, 'the curve reads the bank itself');
      assert.strictEqual(ch.keyCount, 6);
      for (let i = 0; i < 6; i++) {
        const e = 2 + i * stride;
        assert.deepStrictEqual([ch.curve.time(i), ch.curve.value(i), ch.curve.inSlope(i), ch.curve.outSlope(i), ch.valueElement(i)],
          [bank[e], bank[e + 1], bank[e + 2], bank[e + (stride === 3 ? 2 : 3)], e + 1]);
      }
      for (let f = -2; f < 90; f += 0.5) assert.ok(Number.isFinite(evaluateCurve(ch.curve, f)));
    }
  });

  it('keybomb_joints300.bck: describes 900 keyed tracks of 21,845 keys and samples without copying a key', () => {
    const { anim, file } = keybomb('keybomb_joints300.bck');
    const tracks = describeTracks(anim);
    assert.strictEqual(tracks.length, 300 * 9);
    const keyed = tracks.filter((t) => t.keys.length > 1);
    assert.strictEqual(keyed.length, 900);
    const k = keyed[0].keys.at(21844);
    assert.strictEqual(k.valuePath, `ANK1/rotationBank[${21844 * 3 + 1}]`);
    const r = sampleFile(file);
    assert.strictEqual(r.animations[0].tracks.length, 2700);
    for (const t of r.animations[0].tracks) assert.ok(t.values.every(Number.isFinite));
  });
});
