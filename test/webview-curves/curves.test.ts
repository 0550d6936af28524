/**
 * Curve view, player and previews in headless chromium (playwright-core + /usr/bin/chromium),
 * on the real samples, through the dev harness (test/webview-curves/page/harness.ts).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeWorstCaseBck } from '../fixtures/j3d-writer';
import { takeScreenshots } from './shoot';
import { Harness, Page, startHarness } from './support';

const BTK = 'j3d/smg/TripodBossCore/Wait.btk';
const BRK = 'j3d/smg/TripodBossCore/Wait.brk';
const BCK = 'j3d/smg/TripodBossCore/2ndDemo.bck';
const MOTN = 'motn/motion.bin';
const BIG_MOTN_SEQUENCE = 'sequence:764'; // SPK_2_WARMING: 63 tracks, 3,463 keys, 410 frames

/* eslint-disable @typescript-eslint/no-explicit-any */
const js = <T>(page: Page, expr: string) => page.evaluate<T>(expr);

/** A cheap fingerprint of a canvas's pixels. */
function canvasHash(page: Page, selector: string): Promise<string> {
  return page.evaluate<string>(`(() => {
    const c = document.querySelector(${JSON.stringify(selector)});
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 2166136261;
    for (let i = 0; i < d.length; i += 1) { h ^= d[i]; h = Math.imul(h, 16777619); }
    return (h >>> 0).toString(16) + ':' + d.length;
  })()`);
}

describe('webview curves (chromium)', function () {
  this.timeout(120000);
  let h: Harness;
  let genDir: string;

  before(async () => {
    genDir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-curves-'));
    h = await startHarness(genDir);
  });
  after(async () => {
    await h?.close();
    if (genDir) fs.rmSync(genDir, { recursive: true, force: true });
  });

  it('moving the scrubber moves the time cursor (overlay only, no resampling)', async () => {
    const page = await h.open(BTK, { group: 'entry:0', clock: 'manual' });
    const x0 = await js<number>(page, 'harness.panel.curves.cursorX');
    const samples0 = await js<number>(page, 'harness.panel.curves.samplesEvaluated');
    const base0 = await canvasHash(page, '.as-curves-base');
    const over0 = await canvasHash(page, '.as-curves-overlay');
    await page.locator('.as-player-scrubber').fill('1200');
    assert.strictEqual(await js<number>(page, 'harness.panel.player.frame'), 1200);
    const x1 = await js<number>(page, 'harness.panel.curves.cursorX');
    assert.ok(x1 > x0 + 100, `cursor x ${x0} → ${x1}`);
    // Frame 1200 of 2400 is the middle of the plot (left gutter 66, right gutter 14).
    const width = await js<number>(page, "document.querySelector('.as-curves-overlay').getBoundingClientRect().width");
    assert.ok(Math.abs(x1 - (66 + (width - 80) / 2)) < 1.5, `cursor at ${x1} for width ${width}`);
    assert.notStrictEqual(await canvasHash(page, '.as-curves-overlay'), over0, 'overlay pixels changed');
    assert.strictEqual(await canvasHash(page, '.as-curves-base'), base0, 'base canvas untouched');
    assert.strictEqual(await js<number>(page, 'harness.panel.curves.samplesEvaluated'), samples0);
    assert.strictEqual(await js<string>(page, "document.querySelector('.as-player-frame-input').value"), '1200');
    await page.close();
  });

  it("the frame's badge on the axis hides a tick label it would half cover, whole", async () => {
    const page = await h.open(BCK, { group: 'joint:1', clock: 'manual' });
    // Columns of the axis band around the badge: is the base canvas's label text visible (not under an opaque overlay pixel)?
    const cut = (): Promise<{ badge: [number, number]; visibleBeside: number[] }> => js(page, `(() => {
      const base = document.querySelector('.as-curves-base'), over = document.querySelector('.as-curves-overlay');
      const W = base.width, H = base.height;
      const b = base.getContext('2d').getImageData(0, 0, W, H).data, o = over.getContext('2d').getImageData(0, 0, W, H).data;
      const a = (d, x, y) => d[(y * W + x) * 4 + 3];
      const cx = Math.round(harness.panel.curves.cursorX);
      const rows = []; for (let y = H - 30; y < H; y++) if (a(o, cx + 3, y) === 255) rows.push(y);
      const mid = rows[rows.length >> 1];
      let l = cx + 3, r = cx + 3;
      while (l > 0 && a(o, l - 1, mid) === 255) l--;
      while (r < W - 1 && a(o, r + 1, mid) === 255) r++;
      const visible = (x) => rows.some((y) => a(b, x, y) > 0 && a(o, x, y) === 0);
      return { badge: [l, r], visibleBeside: [l - 2, l - 1, r + 1, r + 2].filter(visible) };
    })()`);
    // 2ndDemo.bck: 89 frames, a tick every 10; the badge of frame 41 would cover the right part of "40"
    await page.locator('.as-player-scrubber').fill('41');
    const at41 = await cut();
    assert.ok(at41.badge[1] - at41.badge[0] > 10, `badge ${at41.badge}`);
    assert.deepStrictEqual(at41.visibleBeside, [], `label text right beside the badge at ${at41.badge}: a label cut in two`);
    for (const frame of ['19', '62']) {
      await page.locator('.as-player-scrubber').fill(frame);
      assert.deepStrictEqual((await cut()).visibleBeside, [], `frame ${frame}`);
    }
    await page.close();
  });

  it('plays with the manual clock and honours the loop modes', async () => {
    const page = await h.open(BCK, { group: 'joint:1', clock: 'manual' });
    assert.strictEqual(await js<string>(page, "document.querySelector('.as-player-loop').value"), '2', 'default = file loop mode (Loop)');
    const play = page.locator('.as-player-play');

    // Once: stops at the duration (89).
    await page.locator('.as-player-loop').selectOption('0');
    await js(page, 'harness.panel.setFrame(0)');
    await play.click();
    assert.strictEqual(await play.getAttribute('aria-pressed'), 'true');
    await js(page, 'harness.clock.advance(1000)');
    const f1 = await js<number>(page, 'harness.panel.player.frame');
    assert.ok(Math.abs(f1 - 30) < 1e-6, `1 s at 30 fps → frame 30, got ${f1}`);
    assert.ok(Math.abs((await js<number>(page, 'harness.panel.curves.frame')) - f1) < 1e-9, 'curve cursor follows');
    await js(page, 'harness.clock.advance(5000)');
    assert.strictEqual(await js<number>(page, 'harness.panel.player.frame'), 89);
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), false);
    assert.strictEqual(await play.getAttribute('aria-pressed'), 'false');

    // Loop: wraps (4 s = 120 frames → 31) and keeps playing.
    await page.locator('.as-player-loop').selectOption('2');
    await js(page, 'harness.panel.setFrame(0)');
    await play.click();
    await js(page, 'harness.clock.advance(4000)');
    assert.ok(Math.abs((await js<number>(page, 'harness.panel.player.frame')) - 31) < 1e-6);
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), true);
    await play.click();

    // Mirrored once: forward then back, stops at 0.
    await page.locator('.as-player-loop').selectOption('3');
    await js(page, 'harness.panel.setFrame(0)');
    await play.click();
    await js(page, 'harness.clock.advance(4000)'); // 120 frames: 89 - 31 = 58 on the way back
    assert.ok(Math.abs((await js<number>(page, 'harness.panel.player.frame')) - 58) < 1e-6);
    await js(page, 'harness.clock.advance(4000)');
    assert.strictEqual(await js<number>(page, 'harness.panel.player.frame'), 0);
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), false);

    // Once and reset: back to 0 and stopped.
    await page.locator('.as-player-loop').selectOption('1');
    await play.click();
    await js(page, 'harness.clock.advance(3500)');
    assert.strictEqual(await js<number>(page, 'harness.panel.player.frame'), 0);
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), false);

    const state = await js<any>(page, 'harness.panel.state');
    assert.deepStrictEqual({ playing: state.playing, loopMode: state.loopMode, group: state.group }, { playing: false, loopMode: 1, group: 'joint:1' });
    assert.ok(state.zoom && state.zoom.start === 0 && state.zoom.end === 89);
    await page.close();
  });

  it('plays in real time with requestAnimationFrame (the frames advance, the cursor follows)', async () => {
    const page = await h.open(BCK, { group: 'joint:1' });
    await js(page, 'harness.panel.player.play()');
    // However busy the machine, the clock moves: wait for the player to get past frame 1.
    await page.waitForFunction(() => (window as any).harness.panel.player.frame > 1, undefined, { timeout: 60000 });
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), true);
    await js(page, 'harness.panel.player.pause()');
    const f = await js<number>(page, 'harness.panel.player.frame');
    assert.ok(f > 1 && f <= 89, `frame ${f}`);
    assert.strictEqual(await js<number>(page, 'harness.panel.curves.frame'), f);
    await page.close();
  });

  it('BRK swatch of TripodBossCore/Wait.brk register 0 shows rgb(21, 49, 83)', async () => {
    const page = await h.open(BRK, { group: 'register:0' });
    assert.strictEqual(await js<string>(page, "getComputedStyle(document.querySelector('.as-brk-swatch')).backgroundColor"), 'rgb(21, 49, 83)');
    assert.deepStrictEqual(await js<number[]>(page, 'harness.preview.values(0)'), [21, 49, 83, 0]);
    assert.strictEqual(await js<string>(page, "document.querySelector('.as-brk-head .as-badge').textContent"), 'C0');
    assert.deepStrictEqual(await js<string[]>(page, "[...document.querySelectorAll('.as-brk-values dd')].map(d => d.textContent)"), ['21', '49', '83', '0']);
    await page.close();
  });

  it('BTK checkerboard changes between two frames of Wait.btk', async () => {
    const page = await h.open(BTK, { group: 'entry:0' });
    await js(page, 'harness.panel.setFrame(100)');
    const a = await canvasHash(page, '.as-btk-canvas');
    const ma = await js<number[]>(page, 'harness.preview.matrix');
    await js(page, 'harness.panel.setFrame(700)');
    const b = await canvasHash(page, '.as-btk-canvas');
    const mb = await js<number[]>(page, 'harness.preview.matrix');
    assert.notStrictEqual(a, b, 'checkerboard pixels differ');
    assert.notDeepStrictEqual(ma, mb);
    // Basic mode, scale 1, centre (0.5, 0.5): a pure rotation about the centre.
    assert.ok(Math.abs(mb[0] * mb[4] - mb[1] * mb[3] - 1) < 1e-9, 'rotation has determinant 1');
    const cells = await js<string[]>(page, "[...document.querySelectorAll('.as-btk-matrix td')].map(d => d.textContent)");
    assert.strictEqual(cells.length, 6);
    assert.strictEqual(cells[0], mb[0].toFixed(4));
    await page.close();
  });

  it('keyboard: Space toggles play, arrows step frames, curve keys zoom and reset', async () => {
    const page = await h.open(BCK, { group: 'joint:1', clock: 'manual' });
    const play = page.locator('.as-player-play');
    await play.focus();
    await page.keyboard.press('Space');
    assert.strictEqual(await play.getAttribute('aria-pressed'), 'true');
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), true);
    await page.keyboard.press('Space');
    assert.strictEqual(await play.getAttribute('aria-pressed'), 'false');
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), false);

    await js(page, 'harness.panel.setFrame(10)');
    await page.locator('.as-player-scrubber').focus();
    await page.keyboard.press('ArrowRight');
    assert.strictEqual(await js<number>(page, 'harness.panel.player.frame'), 11);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.strictEqual(await js<number>(page, 'harness.panel.player.frame'), 9);
    await page.keyboard.press('Space');
    assert.strictEqual(await js<boolean>(page, 'harness.panel.player.playing'), true, 'Space on the scrubber plays');
    await page.keyboard.press('Space');

    await page.locator('.as-curves-stage').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    assert.ok((await js<number>(page, 'harness.panel.curves.zoom')) > 1.5);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('0');
    assert.ok(Math.abs((await js<number>(page, 'harness.panel.curves.zoom')) - 1) < 1e-9);
    await page.keyboard.press(']');
    assert.ok((await js<string[]>(page, 'harness.events')).some((e) => e.startsWith('select:joints/1/')), 'a key was selected from the keyboard');

    // Legend toggles are real checkboxes.
    const box = page.locator('.as-legend-item input >> nth=3');
    await box.focus();
    await page.keyboard.press('Space');
    assert.strictEqual(await js<boolean>(page, 'harness.panel.curves.isTrackVisible(3)'), false);
    await page.close();
  });

  it('hovering a key reports it with where its value is stored; clicking selects it', async () => {
    const page = await h.open(BCK, { group: 'joint:1' });
    // Rotation y of joint 1 is keyed (track index 4: scale x,y,z, rotation x,y,...).
    const p = await js<{ x: number; y: number } | null>(page, 'harness.panel.curves.keyScreenPosition(4, 1)');
    assert.ok(p, 'key drawn');
    const box = (await page.locator('.as-curves-overlay').boundingBox())!;
    await page.mouse.move(box.x + p!.x, box.y + p!.y);
    const hover = await js<string>(page, "document.querySelector('.harness-hover').textContent");
    assert.match(hover, /^joints\/1\/rotation\/y · frame \d+ · ANK1\/rotationBank\[\d+\]$/);
    assert.strictEqual(await js<boolean>(page, "document.querySelector('.as-curves-tooltip').hidden"), false);
    await page.mouse.click(box.x + p!.x, box.y + p!.y);
    assert.ok((await js<string[]>(page, 'harness.events')).some((e) => e.startsWith('select:joints/1/rotation/y@')));
    // Wheel zooms the time axis; double-click resets.
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.wheel(0, -300);
    assert.ok((await js<number>(page, 'harness.panel.curves.zoom')) > 1.2);
    await page.locator('.as-curves-overlay').click(); // a click on the plot scrubs
    await page.close();
  });

  it('MOTN shows the inferred-interpolation note; CSP is never violated', async () => {
    const page = await h.open(MOTN, { group: BIG_MOTN_SEQUENCE });
    assert.strictEqual(await js<string>(page, "document.querySelector('.as-curves-note').textContent"), 'Interpolation inferred (cubic Hermite, tangents ÷ 30)');
    assert.strictEqual(await js<boolean>(page, "document.querySelector('.as-curves-note').hidden"), false);
    assert.strictEqual(await js<number>(page, 'harness.panel.tracks.length'), 63);
    assert.deepStrictEqual(await js<string[]>(page, 'harness.cspViolations'), []);
    await page.close();
  });

  it('a 65,535-joint BCK does not freeze: only the selected joint is described and drawn', async () => {
    const big = writeWorstCaseBck(65535);
    fs.writeFileSync(path.join(genDir, 'worst.bck'), big.bytes);
    const page = await h.open('generated/worst.bck', { url: 'generated/worst.bck', group: 'joint:65000' });
    assert.strictEqual(await js<number>(page, 'harness.panel.tracks.length'), 9);
    assert.strictEqual(await js<number>(page, 'harness.panel.tracks[0].group'), 65000);
    await js(page, "harness.show('joint:123')");
    assert.strictEqual(await js<number>(page, 'harness.panel.tracks.length'), 9);
    assert.deepStrictEqual(await js<number[]>(page, '[...new Set(harness.panel.tracks.map((t) => t.group))]'), [123]);
    await page.close();
  });

  it('screenshots (light and dark) of a BCK joint, a BTK entry, a BRK entry and a MOTN sequence', async () => {
    const files = await takeScreenshots();
    assert.strictEqual(files.length, 8);
    for (const f of files) assert.ok(fs.statSync(f).size > 5000, f);
  });
});
