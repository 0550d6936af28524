/**
 * The curve plot's lanes for a BVA (issue 26.8): visibility is on/off, so its lane says so and its
 * value axis steps by whole units. Before, BVA planned its tracks in `units`: "Shape (units)" with
 * ticks 0.2 apart.
 */
import { strict as assert } from 'assert';
import { planBva } from '../../../src/kinds/jsystem/bva/plan';
import type { BvaAnim } from '../../../src/formats/jsystem/bva/types';
import { buildLanes, fitLaneRange, stackLanes } from '../../../webview/curves/scale';

// Two shapes of one bank: shape 0 shown for frames 0–1 then hidden, shape 1 always shown.
const anim: BvaAnim = {
  format: 'bva', loopMode: 0, rotationFraction: 0, duration: 3,
  shapes: [{ count: 3, index: 0 }, { count: 1, index: 3 }],
  visibilityBank: Uint8Array.from([1, 1, 0, 1]),
};

describe('curve lanes of a BVA', () => {
  it('one lane, titled as on/off, with ticks at 0 and 1 only', () => {
    const lanes = buildLanes(planBva(anim));
    assert.deepStrictEqual(lanes.map((l) => l.title), ['Shape (1 shown, 0 hidden)']);
    stackLanes(lanes, 200);
    fitLaneRange(lanes[0], 0, 1);
    assert.strictEqual(lanes[0].step, 1);
  });
});
