/**
 * Binding a BCK plans the tracks of the joints the model has, not of every joint of the file: the
 * worst-case BCK (65,535 joints) on a 3-joint model plans 3 joints (it planned all 65,535, 590k
 * tracks, which was most of the 1,024-joint glTF export's time and memory).
 */
import * as assert from 'assert';
import * as tracks from '../../../src/anim/tracks';
import { bindAnimation } from '../../../src/anim/skeleton';
import { decode } from '../../../src/formats/index';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { decodeModel } from '../../../src/formats/model';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { HierarchyNodeType as T } from '../../../src/formats/model/types';
import { writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { writeModel } from '../model/fixtures';

describe('BCK binding plans joints on use', () => {
  it('the worst-case BCK on a 3-joint model plans 3 joints, and poses as planned all at once', () => {
    const anim = decode(writeWorstCaseBck().bytes, 'worst-case.bck').anim as BckAnim;
    assert.strictEqual(anim.joints.length, 65535);
    const bytes = writeModel({ nodes: [[T.Joint, 0], [T.Open, 0], [T.Joint, 1], [T.Joint, 2], [T.Close, 0], [T.End, 0]], joints: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], materials: ['m'] });
    const model = decodeModel(bytes, new DiagnosticSink()).model!;
    const original = tracks.planBck;
    let planned = 0;
    (tracks as { planBck: typeof original }).planBck = (a, first = 0, end = a.joints?.length ?? 0) => { planned += Math.min(end, a.joints.length) - first; return original(a, first, end); };
    let locals: Float64Array;
    try {
      locals = bindAnimation(model, anim).locals(7);
    } finally {
      (tracks as { planBck: typeof original }).planBck = original;
    }
    assert.ok(planned <= 3, `${planned} joints planned`);
    // The same values as the whole file's plan: joint j's 9 tracks, scale x y z, rotation, translation.
    const all = original(anim, 0, 3);
    locals.forEach((v, k) => assert.strictEqual(v, tracks.evaluatePlanned(all[k], 7)));
  });
});
