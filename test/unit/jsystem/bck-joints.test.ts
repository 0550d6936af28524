import * as assert from 'assert';
import * as v8 from 'v8';
import * as vm from 'vm';
import { decode } from '../../../src/formats/index';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { writeBck, writeWorstCaseBck } from '../../fixtures/j3d-writer';

/** A full GC (the flag is set for this process once; mocha runs without --expose-gc). */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

describe('jsystem: BCK joints, each built when read (bck/joints.ts)', () => {
  it('reads every entry from the joint table bytes (FORMATS.md §2: 9 × count/index/tangentMode per joint)', () => {
    // Written tracks: joint 0 scaleX raw (4, 7, 1), joint 1 rotationZ raw (2, 3, 0); the rest count 0.
    const { bytes } = writeBck({
      duration: 10,
      joints: [{ x: { scale: { raw: { count: 4, index: 7, tangentMode: 1 } } } }, { z: { rotation: { raw: { count: 2, index: 3, tangentMode: 0 } } } }],
      banks: { scale: Array(40).fill(0), rotation: Array(40).fill(0), translation: Array(40).fill(0) },
    });
    const joints = (decode(bytes, 'a.bck').anim as BckAnim).joints;
    assert.strictEqual(joints.length, 2);
    assert.deepStrictEqual(joints[0].x.scale, { count: 4, index: 7, tangentMode: 1 });
    assert.deepStrictEqual(joints[1].z.rotation, { count: 2, index: 3, tangentMode: 0 });
    assert.deepStrictEqual(joints[1].x.translation, { count: 0, index: 0, tangentMode: 0 });
    assert.strictEqual(joints[2], undefined, 'past the count');
    assert.strictEqual(1 in joints, true);
    assert.strictEqual(2 in joints, false);
    assert.deepStrictEqual(Object.keys(joints), ['0', '1']);
    assert.deepStrictEqual(joints.map((j) => j.x.scale.count), [4, 0]);
    assert.deepStrictEqual([...joints].map((j) => j.z.rotation.count), [0, 2]);
  });

  it('keeps an assigned joint', () => {
    const { bytes } = writeBck({ joints: [{}, {}] });
    const joints = (decode(bytes, 'a.bck').anim as BckAnim).joints;
    const zero = { count: 0, index: 0, tangentMode: 0 };
    const replaced = { x: { scale: { count: 1, index: 9, tangentMode: 0 }, rotation: zero, translation: zero }, y: { scale: zero, rotation: zero, translation: zero }, z: { scale: zero, rotation: zero, translation: zero } };
    joints[1] = replaced;
    assert.strictEqual(joints[1], replaced);
    assert.strictEqual(joints[0].x.scale.count, 0);
  });

  it('holds no joint objects: the worst-case BCK with every joint read keeps under 8 MiB of heap beyond its decode', () => {
    // Before: the 65,535 joints were 851,955 objects held by the anim (~40 MiB of heap, 48 bytes each).
    const bytes = writeWorstCaseBck().bytes;
    collect();
    const file = decode(bytes, 'worst-case.bck');
    collect();
    const decoded = process.memoryUsage().heapUsed;
    const joints = (file.anim as BckAnim).joints;
    let keyed = 0;
    for (const j of joints) keyed += Number(j.x.scale.count >= 2);
    assert.strictEqual(keyed, 65535, 'the writer gives every joint ≥ 2 scaleX keys');
    collect();
    const grown = process.memoryUsage().heapUsed - decoded;
    assert.ok(grown < 8 * 2 ** 20, `heap grew by ${(grown / 2 ** 20).toFixed(1)} MiB`);
    assert.strictEqual(file.anim?.format, 'bck');
  });
});
