/**
 * The curve view's drag preview (webview/curves/editing.ts) evaluates the edited keys with the
 * sampler's own curve: an edit that changes nothing previews every real keyed track as the file
 * samples it (to rounding; rotations between keys to one s16 step, which the game truncates to), and a moved key changes the preview only around it.
 */
import { strict as assert } from 'assert';
import { describeTracks } from '../../../src/kinds/describe';
import { decode } from '../../../src/formats/index';
import { previewTrack } from '../../../webview/curves/editing';
import { readSample } from '../helpers';

describe('editing: the curve drag preview', () => {
  const anim = decode(readSample('j3d/smg/TripodBoss/StartDemo.bck'), 'StartDemo.bck').anim!;
  const keyed = describeTracks(anim).filter((t) => t.keys.length > 1 && t.interpolation !== 'step');

  it('an edit that changes nothing previews every keyed track as the file samples it, at whole and half frames', () => {
    assert.ok(keyed.length > 10);
    for (const t of keyed) {
      const same = previewTrack(t, { kind: 'key', track: 0, key: 0 });
      const last = t.keys.frame(t.keys.length - 1);
      // Equal up to rounding, except that the game truncates a rotation to its s16 step between keys
      // (StartDemo: rotation fraction 1, a step of 0.011°), which the drag preview does not: at most one step.
      const tolerance = (v: number): number => (t.unit === 'degrees' ? 0.011 : 1e-9 * Math.max(1, Math.abs(v)));
      for (let f = -1; f <= last + 1; f += 0.5) assert.ok(Math.abs(same.evaluate(f) - t.evaluate(f)) <= tolerance(t.evaluate(f)), `${t.path} at ${f}: ${same.evaluate(f)} vs ${t.evaluate(f)}`);
      for (let i = 0; i < t.keys.length; i++) assert.ok(Math.abs(same.evaluate(t.keys.frame(i)) - t.evaluate(t.keys.frame(i))) <= 1e-9 * Math.max(1, Math.abs(t.keys.value(i))), `${t.path} at key ${i}`);
    }
  });

  it('a key moved up by 10 changes its own frame by 10 and leaves the frames outside its neighbours alone', () => {
    const t = keyed.find((k) => k.keys.length >= 4)!;
    const k = 1;
    const moved = previewTrack(t, { kind: 'key', track: 0, key: k, value: t.keys.value(k) + 10 });
    assert.ok(Math.abs(moved.evaluate(t.keys.frame(k)) - (t.evaluate(t.keys.frame(k)) + 10)) < 1e-9);
    const same = previewTrack(t, { kind: 'key', track: 0, key: k });
    for (let f = Math.ceil(t.keys.frame(k + 1)); f <= t.keys.frame(t.keys.length - 1); f++) assert.equal(moved.evaluate(f), same.evaluate(f), `frame ${f}`);
  });

  it('as a step track the preview holds each key until the next', () => {
    const t = keyed[0];
    const step = previewTrack(t, { kind: 'interpolation', track: 0, to: 'step' });
    const f0 = t.keys.frame(0), f1 = t.keys.frame(1);
    assert.equal(step.evaluate((f0 + f1) / 2), t.keys.value(0));
    assert.equal(step.evaluate(f1), t.keys.value(1));
  });
});
