/**
 * The 3D model in the editor page (dist/webview.js with the simulated host, Debian chromium with
 * SwiftShader WebGL2): the Goomba walking with "Also play" Blink.btp, PowerStarColor.bva hiding
 * shapes, a model file's texture gallery, and the skeleton standing in without WebGL2, after a lost
 * context or with a payload the page refuses. The 3D view's own script (dist/view3d.js), which only
 * pages with a model get: sent ahead, asked for, linked, under the webview's CSP, and one that fails.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/model.test.js
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { openAnyArchive } from '../../src/formats/archive/archive';
import { DiagnosticSink } from '../../src/formats/binary/diagnostics';
import { PAGE_NONCE } from '../app-page/build';
import { useAppPages } from '../app-page/session';
import type { Page } from './browser';
import { SAMPLES_DIR } from './build';

/* eslint-disable @typescript-eslint/no-explicit-any */
type W = any;
const WALK = 'archives/Kuribo.arc/Kuribo/Walk.bck';
const KURIBO = 'archives/Kuribo.arc/Kuribo/Kuribo.bdl';
const STAR = 'archives/PowerStar.arc/PowerStar/PowerStar.bdl';

interface Box { x0: number; y0: number; x1: number; y1: number }

/**
 * Draws the model view now and keeps its pixels in the page under `name` (the page's own
 * readPixels; RGBA, rows from the bottom). The comparisons run in the page: only counts come back.
 */
const snap = (page: Page, name: string): Promise<void> => page.evaluate<void, string>((n) => {
  const w = window as W;
  w.shots ??= {};
  w.shots[n] = w.animscopeApp.panel('model').view.readPixels();
}, name);

/** Pixels of two snaps that differ by more than a rounding step, and their bounding box. */
const diff = (page: Page, a: string, b: string): Promise<{ count: number; box?: Box }> => page.evaluate<{ count: number; box?: Box }, string[]>(([an, bn]) => {
  const A = (window as W).shots[an], B = (window as W).shots[bn];
  if (A.data.length !== B.data.length) throw new Error(`canvas sizes differ: ${A.width}×${A.height} and ${B.width}×${B.height}`);
  let count = 0, x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let i = 0; i < A.data.length; i += 4) {
    const d = Math.abs(A.data[i] - B.data[i]) + Math.abs(A.data[i + 1] - B.data[i + 1]) + Math.abs(A.data[i + 2] - B.data[i + 2]);
    if (d <= 6) continue;
    count++;
    const x = (i / 4) % A.width, y = Math.floor(i / 4 / A.width);
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  return count ? { count, box: { x0, y0, x1, y1 } } : { count };
}, [a, b]);

/** Where the model is in a snap (pixels unlike the corner's background), and how many colours it shows (5 bits a channel). */
const modelBox = (page: Page, name: string): Promise<Box & { count: number; pixels: number; colours: number }> => page.evaluate((n: string) => {
  const S = (window as W).shots[n];
  const d = S.data as Uint8Array;
  let count = 0, x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  const colours = new Set<number>();
  for (let i = 0; i < d.length; i += 4) {
    if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) <= 6) continue;
    count++;
    colours.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3));
    const x = (i / 4) % S.width, y = Math.floor(i / 4 / S.width);
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1, count, pixels: S.width * S.height, colours: colours.size };
}, name);

/** The animations beside `inner` in its archive folder with a kind that changes a model, by extension (the archive's own listing). */
function besideInArchive(archive: string, inner: string): Map<string, string[]> {
  const a = openAnyArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, archive))), new DiagnosticSink());
  const folder = inner.split('/').slice(0, -1).join('/');
  const byKind = new Map<string, string[]>();
  for (const e of a.entries) {
    if (e.kind !== 'file' || e.path === inner || e.path.split('/').slice(0, -1).join('/') !== folder) continue;
    const ext = e.name.split('.').pop()!.toUpperCase();
    if (!['BCK', 'BCA', 'BTK', 'BRK', 'BPK', 'BPA', 'BTP', 'BVA'].includes(ext)) continue;
    byKind.set(ext, [...(byKind.get(ext) ?? []), e.name]);
  }
  return byKind;
}

/** The last `rendered` counts the page sent. */
const lastCounts = (page: Page): Promise<W> => page.evaluate(() => (window as W).fakeHost.sent.filter((m: { type: string }) => m.type === 'rendered').pop().counts);

/** Ticks (or unticks) an "Also play" box by clicking it, as a user would. */
async function tick(page: Page, name: string): Promise<void> {
  if (!(await page.evaluate(() => (document.querySelector('.as-along') as HTMLDetailsElement).open))) await page.locator('.as-along-summary').click();
  await page.locator(`.as-along input[data-companion="${name}"]`).click();
}

describe('the 3D model in the editor page (chromium, SwiftShader WebGL2)', function () {
  this.timeout(120000);
  const pages = useAppPages();
  let page: Page;

  it('Kuribo Walk.bck: the textured Goomba in the side pane, the skeleton an overlay; Also play lists the animations beside it by kind', async () => {
    page = await pages.open(WALK, { width: 1280, height: 720 });
    const counts = await lastCounts(page);
    assert.deepStrictEqual(counts.modelView, { status: 'ready', shapesDrawn: 1, companionsApplied: 0 });
    const shown = await page.evaluate(() => ({
      model: !(document.querySelector('.as-modelpanel') as HTMLElement).hidden && !!document.querySelector('.as-slot-side .as-modelpanel canvas.as-model-canvas'),
      skeleton: (document.querySelector('.as-skeleton-host') as HTMLElement).hidden,
      message: (document.querySelector('.as-modelpanel-message') as HTMLElement).hidden,
    }));
    assert.deepStrictEqual(shown, { model: true, skeleton: true, message: true });
    // Textured: the model covers a good part of the view, in many colours (a flat or untextured draw has a handful).
    await snap(page, 'mesh');
    const box = await modelBox(page, 'mesh');
    assert.ok(box.count > box.pixels * 0.08, `model pixels ${box.count} of ${box.pixels}`);
    assert.ok(box.colours > 200, `${box.colours} distinct colours`);
    // The skeleton overlay: the K toggle draws the bones over the mesh.
    await page.locator('.as-model-canvas').focus();
    await page.keyboard.press('k');
    assert.strictEqual(await page.locator('.as-model-toolbar .as-model-button:nth-child(4)').getAttribute('aria-pressed'), 'true');
    await snap(page, 'bones');
    assert.ok((await diff(page, 'mesh', 'bones')).count > 50, 'the skeleton overlay changes pixels');
    // Also play: every animation beside Walk.bck that changes a model, grouped by kind.
    const want = besideInArchive('archives/Kuribo.arc', 'Kuribo/Walk.bck');
    const listed = await page.evaluate(() => [...document.querySelectorAll('.as-along-kind')].map((f) => [
      f.querySelector('legend')!.textContent, [...f.querySelectorAll('input')].map((i) => (i as HTMLInputElement).dataset.companion)]));
    assert.deepStrictEqual(listed, [...want].sort((a, b) => a[0].localeCompare(b[0])).map(([k, names]) => [`${k} (${names.length})`, names.sort((a, b) => a.localeCompare(b))]));
    assert.ok(want.get('BTP')?.includes('Blink.btp') && want.get('BRK')?.includes('Normal.brk'));
  });

  it('Kuribo Walk.bck + Blink.btp: Also play follows the player\'s frame (scrub, play through the loop, pause, loop mode); the eyes change; the choice is remembered', async () => {
    page = await pages.open(WALK, { width: 1280, height: 720 });
    // Walk.bck: 40 frames, loop. Blink.btp (220 frames, loop) from its keys (xxd of the TPT1 bank,
    // checked in the Blink.btp unit test): texture 0 at frames 0–4, 1 at 5, 2 at 6–14, 1 at 15–16,
    // 0 from 17 on. In lockstep Blink shows the player's frame, whatever time has passed.
    // "Also play" open the whole time (it takes room from the canvas: every snap the same size).
    await page.locator('.as-along-summary').click();
    const texture = (): Promise<number> => page.evaluate(() => (window as W).animscopeApp.panel('model').composer.state.materials[0].texNumbers[0]);
    const at = async (frame: number, name: string): Promise<number> => {
      await page.evaluate<void, number>((f) => (window as W).animscopeApp.panel('curves').deck.player.setFrame(f), frame);
      await snap(page, name);
      return texture();
    };
    /**
     * Plays from frame 0 for `elapsed` game frames on a manual clock (one tick), in `loopMode`, then
     * pauses: the player's frame and the texture Blink gives the model then.
     */
    const played = (elapsed: number, loopMode: number): Promise<[number, number]> => playedBox(elapsed, loopMode).then(([f, t]) => [f, t]);
    /** played(), and the frame box while playing and once paused. */
    const playedBox = (elapsed: number, loopMode: number): Promise<[number, number, string, string]> => page.evaluate(([e, mode]) => {
      const app = (window as W).animscopeApp;
      const player = app.panel('curves').deck.player;
      let now = 0;
      const ticks: (() => void)[] = [];
      player.clock = { now: () => now, requestFrame: (cb: () => void) => ticks.push(cb), cancelFrame: () => undefined };
      player.setLoopMode(mode);
      player.setFrame(0);
      player.play();
      now = (e / player.fps) * 1000;
      ticks.pop()!();
      const box = player.element.querySelector('.as-player-frame-input') as HTMLInputElement;
      const playing = box.value;
      player.pause();
      return [Math.round(player.frame * 1e6) / 1e6, app.panel('model').composer.state.materials[0].texNumbers[0], playing, box.value];
    }, [elapsed, loopMode]);
    assert.strictEqual(await at(10, 'plain10'), 4, 'the model\'s own texture number (MAT3) without Blink');
    assert.strictEqual(await at(20, 'plain20'), 4);

    await tick(page, 'Blink.btp');
    await page.waitForFunction(() => (window as W).animscopeApp.panel('model').playing.includes('Blink.btp'));
    await page.waitForFunction(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').pop().counts.modelView.companionsApplied === 1);
    const counts = await lastCounts(page);
    assert.strictEqual(counts.modelView.companionsApplied, 1, 'the page reports Blink applied');
    assert.deepStrictEqual(await page.evaluate(() => (window as W).fakeHost.asked), ['Blink.btp']);
    assert.deepStrictEqual(await page.evaluate(() => (window as W).fakeHost.chosen), ['Blink.btp'], 'companionsChosen told the host');

    // Scrubbing: Blink at the scrubbed frame.
    assert.strictEqual(await at(10, 'blink10'), 2);
    assert.strictEqual(await at(20, 'blink20'), 0);
    // Playing 50 game frames in Walk's loop: the player is at 50 − 40 = 10, and so is Blink (on its own
    // clock it would be at 50: texture 0). Paused there, it stays.
    assert.deepStrictEqual(await played(50, 2 /* loop */), [10, 2]);
    assert.strictEqual(await texture(), 2, 'paused: Blink holds the player\'s frame');
    // The player's loop mode, not Blink's: mirrored loop, 70 frames → t = 70 / 40 = 1.75 → 1 − |1.75 − 1| = 0.25 → frame 10.
    assert.deepStrictEqual(await played(70, 4 /* mirrored loop */), [10, 2]);
    // Between frames while playing (50.5 → 10.5): the frame box names the game frame shown, 10; paused, the exact 10.5.
    assert.deepStrictEqual(await playedBox(50.5, 2), [10.5, 2, '10', '10.5']);

    const d = await diff(page, 'plain20', 'blink20');
    const box = await modelBox(page, 'blink20');
    assert.ok(d.count > 40 && d.box, `${d.count} pixels differ`);
    // The change is on the face: inside the model, and neither its bottom fifth (the feet) nor most of it.
    const h = box.y1 - box.y0;
    assert.ok(d.box!.x0 >= box.x0 && d.box!.x1 <= box.x1 && d.box!.y0 >= box.y0 + h * 0.2 && d.box!.y1 <= box.y1,
      `changed ${JSON.stringify(d.box)} in model ${JSON.stringify(box)}`);
    assert.ok(d.count < box.count * 0.25, `${d.count} of ${box.count} model pixels changed: only the eyes`);
    // Blink at frame 10 shows texture 2, as texture 4 of the model's own material (the same image): no change there.
    assert.strictEqual((await diff(page, 'blink10', 'plain10')).count, 0, 'texture 2 and 4 share one image in TEX1');

    // Remembered: the page, loaded again, asks for Blink.btp by itself and applies it.
    await page.evaluate(() => { const f = (window as W).fakeHost; f.sent.length = 0; f.asked.length = 0; f.reload(); });
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: { type: string; counts?: W }) => m.type === 'rendered' && m.counts?.modelView?.companionsApplied === 1));
    assert.strictEqual(await page.evaluate(() => (document.querySelector('.as-along input[data-companion="Blink.btp"]') as HTMLInputElement).checked), true);
    assert.deepStrictEqual(await page.evaluate(() => (window as W).fakeHost.asked), ['Blink.btp']);
    // Unticked: gone from the pose and from the host's memory.
    await tick(page, 'Blink.btp');
    assert.deepStrictEqual(await page.evaluate(() => (window as W).fakeHost.chosen), []);
    assert.strictEqual(await at(20, 'after'), 4);
  });

  it('PowerStar.bdl + PowerStarColor.bva: the model file\'s own player plays it; shapes 0–1 and 2–3 swap between frames 0 and 1', async () => {
    page = await pages.open(STAR, { width: 1280, height: 720 });
    assert.strictEqual(await page.evaluate(() => (document.querySelector('.as-modelpanel-player') as HTMLElement).hidden), true, 'no player before an animation is ticked');
    await tick(page, 'PowerStarColor.bva');
    await page.waitForFunction(() => (window as W).animscopeApp.panel('model').playing.includes('PowerStarColor.bva'));
    assert.strictEqual(await page.evaluate(() => (document.querySelector('.as-modelpanel-player') as HTMLElement).hidden), false);
    const at = async (frame: number): Promise<boolean[]> => {
      await page.evaluate<void, number>((f) => (window as W).animscopeApp.panel('model').player.setFrame(f), frame);
      await snap(page, `f${frame}`);
      return page.evaluate(() => [...(window as W).animscopeApp.panel('model').composer.state.shapeVisible]);
    };
    // PowerStarColor.bva (2 frames, once): shapes 0 and 1 visible only at frame 0, 2 and 3 hidden only at frame 0 (its unit test, by hand from the VAF1 bank).
    assert.deepStrictEqual(await at(0), [true, true, false, false]);
    assert.deepStrictEqual(await at(1), [false, false, true, true]);
    assert.ok((await diff(page, 'f0', 'f1')).count > 500, 'hiding shapes changes pixels');
    assert.strictEqual((await lastCounts(page)).modelView.companionsApplied, 1);
    // Unticked: every shape again, whatever the frame.
    await tick(page, 'PowerStarColor.bva');
    assert.deepStrictEqual(await page.evaluate(() => [...(window as W).animscopeApp.panel('model').composer.state.shapeVisible]), [true, true, true, true]);
  });

  it('Kuribo.bdl: the model in bind pose and its five TEX1 textures with format, size, wrap and mips; hover names the offset, click selects the bytes', async () => {
    page = await pages.open(KURIBO, { width: 1280, height: 720 });
    const counts = await lastCounts(page);
    assert.strictEqual(counts.modelView.status, 'ready');
    assert.strictEqual(counts.modelView.textures, 5);
    await snap(page, 'bind');
    assert.ok((await modelBox(page, 'bind')).count > 1000, 'the model draws');
    const tiles = await page.evaluate(() => [...document.querySelectorAll('.as-textures-tile')].map((t) => t.querySelector('.as-textures-detail')!.textContent));
    // TEX1 at 0x40A0 (xxd): 5 headers of 0x20 from 0x40C0, each `0E` (CMPR) `00 40` `00 80` (64×128),
    // wrap `01 01` (repeat), image count 1 at +0x18.
    assert.deepStrictEqual(tiles, Array(5).fill('CMPR 64 × 128, wrap repeat/repeat, linear, 1 mip level'));
    // Image offsets: header + the u32 at +0x1C: 0x40C0+0xA0, 0x40E0+0x1080, 0x4100+0x2060, 0x4120+0x3040, 0x4140+0x2020; CMPR 64×128 = 0x1000 bytes.
    const want = [0x4160, 0x5160, 0x6160, 0x7160, 0x6160];
    await page.locator('.as-textures-tile[data-texture="3"]').hover();
    await page.waitForFunction(() => !(document.querySelector('.hover-card') as HTMLElement).hidden);
    const card = await page.evaluate(() => document.querySelector('.hover-card')!.textContent);
    assert.ok(card!.includes('0x00007160') || card!.includes('0x7160'), `hover card: ${card}`);
    // One row per fact: the card's raw "Bytes" and the texture's image data and header ranges each once.
    const labels = await page.evaluate(() => [...document.querySelectorAll('.hover-card dt')].map((d) => d.textContent));
    assert.deepStrictEqual(labels.filter((l, i) => labels.indexOf(l) !== i), [], `labels: ${labels.join(', ')}`);
    assert.ok(labels.includes('Image data') && labels.includes('Header'), `labels: ${labels.join(', ')}`);
    for (const t of [1, 4]) {
      await page.locator(`.as-textures-tile[data-texture="${t}"]`).click();
      await page.waitForFunction((o) => (window as W).fakeHost.sent.some((m: W) => m.type === 'selection' && m.offset === o), want[t]);
      const sel = await page.evaluate(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'selection').pop());
      assert.deepStrictEqual([sel.offset, sel.length], [want[t], 0x1000], `texture ${t}`);
    }
    // Keyboard: the tiles are buttons in tab order.
    await page.locator('.as-textures-tile[data-texture="0"]').focus();
    await page.keyboard.press('Tab');
    assert.strictEqual(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.texture), '1');
  });

  it('Blink.btp bound to Kuribo.bdl: the texture strip shows each run\'s texture and the current frame\'s texture large', async () => {
    page = await pages.open('archives/Kuribo.arc/Kuribo/Blink.btp', { width: 1280, height: 720 });
    const strip = (): Promise<{ thumbs: number; large: string; caption: string }> => page.evaluate(() => {
      const p = (window as W).animscopeApp.panel('preview').current;
      const large = document.querySelector('.as-strip-large') as HTMLCanvasElement;
      return { thumbs: p.thumbnails(0), large: large.hidden ? '' : large.toDataURL(), caption: document.querySelector('.as-strip-caption')!.textContent ?? '' };
    });
    // Blink's runs (unit test, by hand from the bank): 0 at 0–4, 1 at 5, 2 at 6–14, 1 at 15–16, 0 from 17 on;
    // the runs of 0 at 17–219 and 2 at 6–14 are wide enough for a thumbnail
    await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.setFrame(10));
    const shut = await strip();
    assert.ok(shut.thumbs >= 2, `thumbnails: ${shut.thumbs}`);
    assert.match(shut.caption, /texture 2 \(/, 'the caption names texture 2');
    assert.ok(shut.large, 'the current texture is drawn');
    await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.setFrame(100));
    const open = await strip();
    assert.match(open.caption, /texture 0 \(/);
    assert.ok(open.large && open.large !== shut.large, 'texture 0 is another picture than texture 2');
  });

  it('no WebGL2: the skeleton stands in, with a message saying why; nothing throws', async () => {
    page = await pages.open(`${WALK}&nowebgl`, { width: 1280, height: 720 });
    assert.strictEqual((await lastCounts(page)).modelView.status, 'no-webgl2');
    const seen = await page.evaluate(() => ({
      skeleton: !(document.querySelector('.as-skeleton-host') as HTMLElement).hidden,
      message: (document.querySelector('.as-modelpanel-message') as HTMLElement).hidden ? '' : document.querySelector('.as-modelpanel-message')!.textContent,
      role: document.querySelector('.as-modelpanel-message')!.getAttribute('role'),
    }));
    assert.ok(seen.skeleton, 'the skeleton shows');
    assert.match(seen.message!, /needs WebGL2.*skeleton/);
    assert.strictEqual(seen.role, 'status');
    // The player still drives the skeleton.
    await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.setFrame(20));
    assert.strictEqual(await page.evaluate(() => (window as W).animscopeApp.panel('skeleton').view.frame), 20);
  });

  it('a lost WebGL context: the skeleton stands in until the context comes back', async () => {
    page = await pages.open(WALK, { width: 1280, height: 720 });
    await page.evaluate(() => { (window as W).lose = (window as W).animscopeApp.panel('model').view.canvas.getContext('webgl2').getExtension('WEBGL_lose_context'); (window as W).lose.loseContext(); });
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'rendered' && m.counts.modelView?.status === 'context-lost'));
    assert.ok(await page.evaluate(() => !(document.querySelector('.as-skeleton-host') as HTMLElement).hidden), 'skeleton shown');
    assert.match((await page.evaluate(() => document.querySelector('.as-modelpanel-message')!.textContent))!, /lost its WebGL context/);
    await page.evaluate(() => (window as W).lose.restoreContext());
    await page.waitForFunction(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').pop().counts.modelView?.status === 'ready');
    assert.ok(await page.evaluate(() => (document.querySelector('.as-skeleton-host') as HTMLElement).hidden), 'skeleton hidden again');
    await snap(page, 'back');
    assert.ok((await modelBox(page, 'back')).count > 1000, 'the model draws again');
  });

  it('a payload the page refuses: the skeleton stands in with the reason', async () => {
    page = await pages.open(`${WALK}&badpayload`, { width: 1280, height: 720 });
    assert.strictEqual((await lastCounts(page)).modelView.status, 'failed');
    const seen = await page.evaluate(() => ({
      skeleton: !(document.querySelector('.as-skeleton-host') as HTMLElement).hidden,
      message: document.querySelector('.as-modelpanel-message')!.textContent,
    }));
    assert.ok(seen.skeleton);
    assert.match(seen.message!, /^The model cannot be shown: .*skeleton/);
  });
});

describe('the 3D view\'s script (dist/view3d.js): only pages with a model get it', function () {
  this.timeout(120000);
  const pages = useAppPages();

  /** What the page got of the 3D view: registered, the <script> elements it added (their nonce), how often it asked. */
  const view3dSeen = (page: Page): Promise<{ registered: boolean; scripts: string[]; asked: number }> => page.evaluate(() => ({
    registered: (window as W).animscopeView3d !== undefined,
    scripts: [...document.head.querySelectorAll('script')].map((e) => (e as HTMLScriptElement).nonce ?? ''),
    asked: (window as W).fakeHost.sent.filter((m: { type: string }) => m.type === 'requestView3d').length,
  }));

  /** The model view draws the Goomba (the page got the script and ran it). */
  async function drawsTheModel(page: Page): Promise<void> {
    assert.deepStrictEqual((await lastCounts(page)).modelView, { status: 'ready', shapesDrawn: 1, companionsApplied: 0 });
    await snap(page, 'model');
    const box = await modelBox(page, 'model');
    assert.ok(box.count > box.pixels * 0.08, `model pixels ${box.count} of ${box.pixels}`);
  }

  it('an animation without a model: no script is sent, asked for or run', async () => {
    for (const sample of ['j3d/smg/TripodBossCore/2ndDemo.bck', `${WALK}&nomodel`]) {
      const page = await pages.open(sample, { csp: true });
      assert.deepStrictEqual(await view3dSeen(page), { registered: false, scripts: [], asked: 0 }, sample);
      assert.ok((await lastCounts(page)).tracks > 0, `${sample}: the curves show`);
    }
  });

  it('sent ahead of the load, under the webview\'s CSP: run as a <script> with the page\'s nonce; the model draws', async () => {
    const page = await pages.open(WALK, { csp: true, width: 1280, height: 720 });
    assert.deepStrictEqual(await view3dSeen(page), { registered: true, scripts: [PAGE_NONCE], asked: 0 });
    await drawsTheModel(page);
    // the skeleton, from the same script, stands in when asked to
    await page.evaluate(() => (window as W).animscopeApp.bus.modelViewShown.fire(false));
    assert.ok(await page.evaluate(() => (window as W).animscopeApp.panel('skeleton').view.boneCount > 0));
  });

  it('not sent ahead: the page asks once, and not again when the file loads again', async () => {
    const page = await pages.open(`${WALK}&pull3d`, { csp: true, width: 1280, height: 720 });
    assert.deepStrictEqual(await view3dSeen(page), { registered: true, scripts: [PAGE_NONCE], asked: 1 });
    await drawsTheModel(page);
    await page.evaluate(() => { const f = (window as W).fakeHost; f.sent.length = 0; f.reload(); });
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: { type: string }) => m.type === 'rendered'));
    assert.deepStrictEqual(await view3dSeen(page), { registered: true, scripts: [PAGE_NONCE], asked: 0 });
  });

  it('linked (the extension cannot read dist/): by its URL, with the page\'s nonce', async () => {
    const page = await pages.open(`${WALK}&link3d`, { csp: true, width: 1280, height: 720 });
    assert.deepStrictEqual(await view3dSeen(page), { registered: true, scripts: [PAGE_NONCE], asked: 0 });
    await drawsTheModel(page);
  });

  it('a script that does not run: the model panel says so, the rest of the page shows, the host hears why', async () => {
    const page = await pages.open(`${WALK}&broken3d`, { csp: true, width: 1280, height: 720 });
    const counts = await lastCounts(page);
    assert.strictEqual(counts.modelView.status, 'failed');
    assert.ok(counts.tracks > 0 && counts.fields > 0, 'the tree and the curves show');
    const seen = await page.evaluate(() => ({
      message: document.querySelector('.as-modelpanel-message')!.textContent,
      skeleton: (document.querySelector('.as-skeleton-host') as HTMLElement).hidden,
      errors: (window as W).fakeHost.sent.filter((m: { type: string }) => m.type === 'error').map((m: { message: string }) => m.message),
    }));
    assert.deepStrictEqual(seen, {
      message: 'The 3D view cannot be shown: its script did not run.',
      skeleton: true,
      errors: ['the 3D view could not be loaded: its script did not run'],
    });
    // sent ahead and failed, then asked for by the load (and failed again)
    assert.strictEqual((await view3dSeen(page)).asked, 1);
  });
});
