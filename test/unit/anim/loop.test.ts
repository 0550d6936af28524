import * as assert from 'assert';
import { loopModeName, playbackFrame } from '../../../src/anim/loop';

const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

describe('anim/loop', () => {
  it('names', () => {
    assert.deepStrictEqual([0, 1, 2, 3, 4, 5, 255].map(loopModeName), ['once', 'onceAndReset', 'loop', 'mirroredOnce', 'mirroredLoop', 'unknown(5)', 'unknown(255)']);
  });

  it('Once: min(t, 1)', () => {
    near(playbackFrame(5, 10, 0), 5);
    near(playbackFrame(15, 10, 0), 10);
  });

  it('Once and reset: min(t, 1) % 1', () => {
    near(playbackFrame(5, 10, 1), 5);
    near(playbackFrame(10, 10, 1), 0);
    near(playbackFrame(15, 10, 1), 0);
  });

  it('Loop: t % 1', () => {
    near(playbackFrame(5, 10, 2), 5);
    near(playbackFrame(12, 10, 2), 2);
    near(playbackFrame(25, 10, 2), 5);
  });

  it('Mirrored once: 1 − |min(t, 2) − 1|', () => {
    near(playbackFrame(5, 10, 3), 5);
    near(playbackFrame(12, 10, 3), 8);
    near(playbackFrame(25, 10, 3), 0);
  });

  it('Mirrored loop: 1 − |t % 2 − 1|', () => {
    near(playbackFrame(12, 10, 4), 8);
    near(playbackFrame(25, 10, 4), 5);
    near(playbackFrame(30, 10, 4), 10);
    near(playbackFrame(35, 10, 4), 5);
  });

  it('unknown modes play like Once; degenerate inputs give 0', () => {
    near(playbackFrame(15, 10, 9), 10);
    near(playbackFrame(5, 10, 9), 5);
    assert.strictEqual(playbackFrame(5, 0, 2), 0);
    assert.strictEqual(playbackFrame(-5, 10, 2), 0);
    assert.strictEqual(playbackFrame(NaN, 10, 2), 0);
  });
});
