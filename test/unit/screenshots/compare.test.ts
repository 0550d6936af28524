/**
 * The e2e screenshots' comparison (test/host/screenshotCompare.ts) on a committed picture: what a
 * re-run or the quantised copy changes passes; a pane that is gone, a wrong theme or a wrong size fails.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { PNG } from 'pngjs';
import { compareScreenshots } from '../../host/screenshotCompare';
import { PROJECT_ROOT } from '../../paths';

const picture = (name: string): Buffer => fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'screenshots', name));

/** `png` decoded, changed by `edit` (RGBA, in place), encoded again. */
function edited(png: Buffer, edit: (p: PNG) => void): Buffer {
  const p = PNG.sync.read(png);
  edit(p);
  return PNG.sync.write(p);
}

/** Fills a rectangle with one colour (a pane that rendered nothing). */
function fill(p: PNG, x0: number, y0: number, x1: number, y1: number, rgb: number[]): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) p.data.set(rgb, (y * p.width + x) * 4);
}

describe('screenshot comparison against the committed pictures', () => {
  const light = picture('bck-light.png');

  it('the same picture agrees: no block differs', () => {
    const r = compareScreenshots(light, light);
    assert.strictEqual(r.ok, true);
    assert.strictEqual(r.differing, 0);
    assert.ok(r.compared > 1000, `${r.compared} blocks compared`);
  });

  it('noise of ±10 a channel on every pixel (as the quantised copy carries) agrees', () => {
    let seed = 12345;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % 21 - 10;
    const noisy = edited(light, (p) => {
      for (let i = 0; i < p.data.length; i += 4) for (let c = 0; c < 3; c++) p.data[i + c] = Math.max(0, Math.min(255, p.data[i + c] + rnd()));
    });
    const r = compareScreenshots(noisy, light);
    assert.strictEqual(r.ok, true, r.reason);
  });

  it('a pane that rendered nothing (300×200 px of flat background) fails, the differing blocks inside it; masked, it agrees', () => {
    const { width, height } = PNG.sync.read(light);
    const x0 = width - 320, y0 = height - 220, x1 = x0 + 300, y1 = y0 + 200;
    const bg = Array.from(PNG.sync.read(light).data.subarray(0, 3));
    const blank = edited(light, (p) => fill(p, x0, y0, x1, y1, bg));
    const r = compareScreenshots(blank, light);
    assert.strictEqual(r.ok, false);
    assert.match(r.reason ?? '', /blocks of 8×8 px differ/);
    assert.ok(r.diff, 'a diff picture');
    // every differing block touches the blanked rectangle
    const d = PNG.sync.read(r.diff!), b = PNG.sync.read(blank);
    for (let y = 0; y < height; y += 8) {
      for (let x = 0; x < width; x += 8) {
        const i = (y * width + x) * 4;
        const red = d.data[i] === 255 && b.data[i] !== 255;
        if (red) assert.ok(x + 8 > x0 && x < x1 && y + 8 > y0 && y < y1, `block (${x},${y}) outside the blanked pane`);
      }
    }
    const masked = compareScreenshots(blank, light, { masks: [{ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }] });
    assert.strictEqual(masked.ok, true, masked.reason);
  });

  it('the other theme fails', () => {
    const r = compareScreenshots(picture('bck-dark.png'), light);
    assert.strictEqual(r.ok, false);
    assert.ok(r.differing > r.compared / 2, `${r.differing} of ${r.compared}`);
  });

  it('another size fails, saying both sizes', () => {
    const small = new PNG({ width: 10, height: 10 });
    const r = compareScreenshots(PNG.sync.write(small), light);
    assert.strictEqual(r.ok, false);
    assert.match(r.reason ?? '', /^size 10×10, the committed picture is \d+×\d+$/);
  });
});
