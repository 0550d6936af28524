/**
 * The curve plot's line through a track's per-column samples (webview/curves/paint.ts): step tracks
 * (full tracks: BTP texture numbers, BVA visibility …) are drawn as steps, keyed tracks as a line.
 */
import { strict as assert } from 'assert';
import { describeTracks } from '../../../src/kinds/describe';
import { decode } from '../../../src/formats/index';
import { trackVertices } from '../../../webview/curves/paint';
import type { Lane } from '../../../webview/curves/scale';
import { realFiles } from '../helpers';

const lane = { plotTop: 0, plotBottom: 100, min: 0, max: 10 } as Lane;
// one column per frame, the plot starting at x = 50; value v at y = 100 − 10 v
const scale = { plotLeft: 50, valueToY: (l: Lane, v: number) => l.plotBottom - ((v - l.min) / (l.max - l.min)) * (l.plotBottom - l.plotTop) };
const pairs = (v: number[]): number[][] => { const out: number[][] = []; for (let i = 0; i < v.length; i += 2) out.push([v[i], v[i + 1]]); return out; };

describe('curve plot lines (paint.ts trackVertices)', () => {
  it('a step track: a horizontal run, then a vertical edge where the value changes; a keyed track: straight from sample to sample', () => {
    const samples = Float64Array.from([0, 0, 2, 2, 1]);
    assert.deepStrictEqual(pairs(trackVertices(scale, lane, samples, true)), [[50, 100], [52, 100], [52, 80], [54, 80], [54, 90]]);
    assert.deepStrictEqual(pairs(trackVertices(scale, lane, samples, false)), [[50, 100], [51, 100], [52, 80], [53, 80], [54, 90]]);
  });

  it('a horizontal run is drawn from its first column to its last: a constant track is one segment, not a vertex per column', () => {
    const flat = new Float64Array(1000).fill(3);
    assert.deepStrictEqual(pairs(trackVertices(scale, lane, flat, false)), [[50, 70], [1049, 70]]);
    assert.deepStrictEqual(pairs(trackVertices(scale, lane, flat, true)), [[50, 70], [1049, 70]]);
    // runs inside a line keep their ends, so the slopes between them stay where they were
    assert.deepStrictEqual(pairs(trackVertices(scale, lane, Float64Array.from([1, 1, 1, 1, 2, 3, 3, 3]), false)),
      [[50, 90], [53, 90], [54, 80], [55, 70], [57, 70]]);
    // a run that ends at a missing value ends at its last column, then the line breaks
    const v = pairs(trackVertices(scale, lane, Float64Array.from([5, 5, 5, NaN, 4, 4]), false));
    assert.deepStrictEqual(v.filter((p) => !Number.isNaN(p[0])), [[50, 50], [52, 50], [54, 60], [55, 60]]);
    assert.ok(Number.isNaN(v[2][0]), 'the break comes right after the run\'s end');
  });

  it('a missing value (NaN) breaks the line instead of joining across it', () => {
    const v = pairs(trackVertices(scale, lane, Float64Array.from([1, NaN, NaN, 3]), true));
    assert.strictEqual(v.length, 3);
    assert.deepStrictEqual(v[0], [50, 90]);
    assert.ok(Number.isNaN(v[1][0]) && Number.isNaN(v[1][1]));
    assert.deepStrictEqual(v[2], [53, 70]);
  });

  it('Kuribo Blink.btp: its texture-number track is a step track; every segment of its line is horizontal or vertical', () => {
    const f = realFiles().find((x) => x.path === 'archives/Kuribo.arc/Kuribo/Blink.btp')!;
    const decoded = decode(f.bytes, 'Blink.btp');
    const [track] = describeTracks(decoded.anim!);
    assert.strictEqual(track.interpolation, 'step');
    // frames 0–30 at 4 columns per frame: the 0 → 1 → 2 → 1 → 0 of frames 4–17 (hand-checked keys in its unit test)
    const samples = Float64Array.from({ length: 121 }, (_, c) => track.evaluate(c / 4));
    const v = pairs(trackVertices(scale, lane, samples, true));
    for (let i = 1; i < v.length; i++) {
      const [x0, y0] = v[i - 1], [x1, y1] = v[i];
      assert.ok(x0 === x1 || y0 === y1, `segment ${i}: (${x0}, ${y0}) → (${x1}, ${y1}) is a slope`);
    }
    // four changes → four vertical edges, at frames 5, 6, 15 and 17 (columns 20, 24, 60, 68)
    const edges = v.filter((p, i) => i > 0 && p[0] === v[i - 1][0]).map((p) => p[0] - 50);
    assert.deepStrictEqual(edges, [20, 24, 60, 68]);
  });
});
