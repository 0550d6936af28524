/**
 * The whole editor page (dist/webview.js, dist/webview.css) in headless Chromium with the simulated
 * host (test/app-page): layout and splitters, the group and part pickers, the skeleton's fit and
 * names, the key hover card, the playback rate, and the three themes.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/app.test.js
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { decode } from '../../src/formats/index';
import { writeWorstCaseBck } from '../fixtures/j3d-writer';
import type { MotnAnim } from '../../src/formats/motn/types';
import { PROJECT_ROOT } from '../app-page/build';
import { useAppPages } from '../app-page/session';
import type { Page } from './browser';
import { SAMPLES_DIR } from './build';

/* eslint-disable @typescript-eslint/no-explicit-any */
type W = any;
const BCK_WITH_MODEL = 'archives/TripodBossCore.arc/TripodBossCore/2ndDemo.bck';
const BTK = 'j3d/smg/TripodBossCore/Wait.btk';
const BRK = 'j3d/smg/TripodBossCore/2ndDemo.brk';
const MOTN = 'motn/motion.bin';
const ARTIFACTS = path.join(PROJECT_ROOT, 'test-artifacts', 'app');

interface Rect { left: number; top: number; right: number; bottom: number; width: number; height: number }

const rectOf = (page: Page, selector: string): Promise<Rect> => page.evaluate((s) => {
  const r = document.querySelector(s)!.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
}, selector);

/** Waits until the page has painted the current state (two animation frames). */
const painted = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

function overlap(a: Rect, b: Rect): boolean {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

function motn(): MotnAnim {
  return decode(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, MOTN))), 'motion.bin').anim as MotnAnim;
}

describe('editor page (chromium, simulated host)', function () {
  this.timeout(120000);
  const pages = useAppPages();
  let page: Page;

  for (const [width, height] of [[1024, 640], [1280, 720], [1920, 1080]]) {
    it(`layout at ${width}×${height}: every pane shows, the hex view's 16 columns and text fit, the panes scroll`, async () => {
      page = await pages.open(BCK_WITH_MODEL, { width, height });
      const panes: Record<string, Rect> = {};
      for (const p of ['tree', 'hex', 'curves', 'side']) panes[p] = await rectOf(page, `.as-slot-${p}`);
      for (const [name, r] of Object.entries(panes)) {
        assert.ok(r.width >= 200 && r.height >= 96, `${name} pane ${r.width}×${r.height}`);
        assert.ok(r.left >= 0 && r.top >= 0 && r.right <= width + 0.5 && r.bottom <= height + 0.5, `${name} pane inside the page: ${JSON.stringify(r)}`);
      }
      const names = Object.keys(panes);
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) assert.ok(!overlap(panes[names[i]], panes[names[j]]), `${names[i]} and ${names[j]} overlap`);
      }
      // The header row's last byte column (0F) and the text column are inside the hex pane, unscrolled.
      const columns = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('.hex-header .hex-bytes .hb')];
        const last = cells[cells.length - 1].getBoundingClientRect();
        const text = document.querySelector('.hex-header .hex-ascii')!.getBoundingClientRect();
        const row = document.querySelector('.hex-body .hex-row .hex-ascii')!.getBoundingClientRect();
        return { lastText: cells[cells.length - 1].textContent, last: last.right, text: text.right, rowText: row.right };
      });
      assert.strictEqual(columns.lastText, '0F');
      assert.ok(columns.last <= panes.hex.right && columns.text <= panes.hex.right && columns.rowText <= panes.hex.right,
        `hex columns end at ${JSON.stringify(columns)}, the pane at ${panes.hex.right}`);
      // The curve plot gets its three lanes (scale, rotation, translation) whole, without scrolling.
      const lanes = await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.curves.laneHeights);
      assert.strictEqual(lanes.length, 3);
      const stage = await rectOf(page, '.as-curves-stage');
      assert.ok(stage.bottom <= panes.curves.bottom + 0.5, `plot ends at ${stage.bottom}, the pane at ${panes.curves.bottom}`);
      // Every pane scrolls what does not fit.
      const scrolls = await page.evaluate(() => ['.structure-body', '.hex-body', '.as-curves-pane .as-panel-body', '.as-slot-header', '.as-slot-side']
        .map((s) => getComputedStyle(document.querySelector(s)!).overflowY));
      assert.deepStrictEqual(scrolls, ['auto', 'auto', 'auto', 'auto', 'auto']);
      const hexScroll = await page.evaluate(() => { const b = document.querySelector('.hex-body')!; return b.scrollHeight > b.clientHeight; });
      assert.ok(hexScroll || height >= 1080, 'the hex dump scrolls');
    });
  }

  it('splitters: keyboard and pointer resize the panes; the sizes come back with the page state', async () => {
    page = await pages.open(BCK_WITH_MODEL, { width: 1280, height: 720 });
    const hexSplitter = page.locator('.as-splitter[aria-label="Resize the structure and hex panes"]');
    const hex0 = (await rectOf(page, '.as-slot-hex')).width;
    assert.strictEqual(Number(await hexSplitter.getAttribute('aria-valuenow')), Math.round(hex0));
    await hexSplitter.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const hex1 = (await rectOf(page, '.as-slot-hex')).width;
    assert.strictEqual(Math.round(hex1 - hex0), 32, 'two ArrowLeft: the hex pane 32 px wider');
    assert.strictEqual(Number(await hexSplitter.getAttribute('aria-valuenow')), Math.round(hex1));
    const topSplitter = page.locator('.as-splitter[aria-label="Resize the structure and curve panes"]');
    const top0 = (await rectOf(page, '.as-row-top')).height;
    await topSplitter.focus();
    await page.keyboard.press('Shift+ArrowDown');
    const top1 = (await rectOf(page, '.as-row-top')).height;
    assert.strictEqual(Math.round(top1 - top0), 96, 'Shift+ArrowDown: the tree 96 px taller');
    // Pointer: drag the curves | side splitter 60 px left (the side pane grows by as much).
    const side0 = (await rectOf(page, '.as-slot-side')).width;
    const bar = await rectOf(page, '.as-splitter[aria-label="Resize the curve and preview panes"]');
    await page.mouse.move(bar.left + bar.width / 2, bar.top + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.left + bar.width / 2 - 60, bar.top + bar.height / 2, { steps: 4 });
    await page.mouse.up();
    const side1 = (await rectOf(page, '.as-slot-side')).width;
    assert.strictEqual(Math.round(side1 - side0), 60);
    // The page state (debounced setState) holds them; a re-created webview gets them back.
    await page.waitForFunction((w) => Math.round((window as W).fakeHost.state?.layout?.side ?? 0) === w, Math.round(side1));
    const saved = await page.evaluate(() => (window as W).fakeHost.state.layout);
    assert.strictEqual(Math.round(saved.hex), Math.round(hex1));
    await page.evaluate(() => { const f = (window as W).fakeHost; f.sent.length = 0; f.reload(); });
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: { type: string }) => m.type === 'rendered'));
    assert.strictEqual(Math.round((await rectOf(page, '.as-slot-hex')).width), Math.round(hex1));
    assert.strictEqual(Math.round((await rectOf(page, '.as-row-top')).height), Math.round(top1));
    assert.strictEqual(Math.round((await rectOf(page, '.as-slot-side')).width), Math.round(side1));
    // Enter puts a splitter back to its default.
    await hexSplitter.focus();
    await page.keyboard.press('Enter');
    assert.strictEqual(Math.round((await rectOf(page, '.as-slot-hex')).width), Math.round(hex0));
  });

  it('MOTN: the sequence picker filters as you type, moves with the keyboard and lists only the rows in view', async () => {
    const anim = motn();
    const labels = anim.sequences.map((s) => `${s.name} (${s.frames} frames)`);
    page = await pages.open(MOTN);
    const input = page.locator('#as-group-picker');
    assert.strictEqual(await input.getAttribute('data-key'), 'sequence:0');
    await input.click();
    assert.strictEqual(await input.getAttribute('aria-expanded'), 'true');
    const open = await page.evaluate(() => ({
      options: document.querySelectorAll('.as-picker-popup:not([hidden]) .as-picker-option').length,
      status: document.querySelector('.as-picker-popup:not([hidden]) .as-picker-status')?.textContent,
    }));
    assert.strictEqual(open.status, String(labels.length));
    assert.ok(open.options > 5 && open.options < 40, `${open.options} option rows in the DOM for ${labels.length} sequences`);
    await page.keyboard.type('kick');
    const want = labels.filter((l) => l.toLowerCase().includes('kick'));
    assert.ok(want.length > 20, `${want.length} sequences named *kick*`);
    await page.waitForFunction((n) => document.querySelector('.as-picker-popup:not([hidden]) .as-picker-status')?.textContent === n, `${want.length} of ${labels.length}`);
    const listed = await page.evaluate(() => (window as W).animscopeApp.panel('curves').groupPicker.listed(1000));
    assert.deepStrictEqual(listed, want);
    // The active option (aria-activedescendant) moves with the arrows; Enter shows it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => document.getElementById(document.querySelector('#as-group-picker')!.getAttribute('aria-activedescendant')!)?.textContent);
    assert.strictEqual(active, want[2]);
    await page.keyboard.press('Enter');
    const chosen = labels.indexOf(want[2]);
    await page.waitForFunction((k) => document.querySelector('#as-group-picker')?.getAttribute('data-key') === k, `sequence:${chosen}`);
    await page.waitForFunction((t) => document.querySelector('.as-curves-title')?.textContent === t, want[2]);
    assert.strictEqual(await input.getAttribute('aria-expanded'), 'false');
    const tracks = await page.evaluate(() => (window as W).animscopeApp.panel('curves').tracks.length);
    assert.strictEqual(tracks, anim.sequences[chosen].tracks.length);
    // Escape gives up a search and keeps the choice.
    await input.click();
    await page.keyboard.type('zzzz-no-such-sequence');
    await page.waitForFunction(() => document.querySelector('.as-picker-popup:not([hidden]) .as-picker-status')?.textContent?.startsWith('0 of'));
    await page.keyboard.press('Escape');
    assert.strictEqual(await page.evaluate(() => (document.querySelector('#as-group-picker') as HTMLInputElement).value), want[2]);
  });

  it('MOTN: a bone picker shows one bone of a sequence ("all" stays), and keeps the bone across sequences', async () => {
    const anim = motn();
    page = await pages.open(MOTN);
    const seq = anim.sequences[0];
    const bones = [...new Set(seq.tracks.map((t) => t.bone))];
    const part = page.locator('#as-part-picker');
    assert.strictEqual(await page.evaluate(() => (document.querySelector('#as-part-picker')!.parentElement as HTMLElement).hidden), false);
    assert.strictEqual(await page.evaluate(() => document.querySelector('label[for="as-part-picker"]')?.textContent), 'bones');
    assert.strictEqual(await page.evaluate(() => (document.querySelector('#as-part-picker') as HTMLInputElement).value), `all ${bones.length} (${seq.tracks.length} tracks)`);
    assert.strictEqual(await page.evaluate(() => (window as W).animscopeApp.panel('curves').tracks.length), seq.tracks.length);
    await part.click();
    const five = seq.tracks.filter((t) => t.bone === 5).length;
    await page.keyboard.type(`bones/5 (`);
    await page.waitForFunction(() => document.querySelector('.as-picker-popup:not([hidden]) .as-picker-status')?.textContent?.startsWith('1 of'));
    await page.keyboard.press('Enter');
    const shown = await page.evaluate(() => (window as W).animscopeApp.panel('curves').tracks.map((t: { group: number; path: string }) => [t.group, t.path]));
    assert.strictEqual(shown.length, five);
    assert.ok(shown.every(([g, p]: [number, string]) => g === 5 && p.startsWith('bones/5/')), JSON.stringify(shown));
    assert.strictEqual(await page.evaluate(() => document.querySelector('.as-curves-title')?.textContent), `${seq.name} (${seq.frames} frames) · bones/5`);
    // Another sequence with bone 5: still bone 5.
    const other = anim.sequences.findIndex((s, i) => i > 0 && s.standard && s.tracks.some((t) => t.bone === 5));
    await page.evaluate((k) => (window as W).animscopeApp.bus.requestGroup.fire(k), `sequence:${other}`);
    await page.waitForFunction((k) => document.querySelector('#as-group-picker')?.getAttribute('data-key') === k, `sequence:${other}`);
    const again = await page.evaluate(() => (window as W).animscopeApp.panel('curves').tracks.map((t: { group: number }) => t.group));
    assert.deepStrictEqual(again, anim.sequences[other].tracks.filter((t) => t.bone === 5).map(() => 5));
    // "all" is the first item.
    await part.click();
    await page.keyboard.type('all');
    await page.keyboard.press('Enter');
    assert.strictEqual(await page.evaluate(() => (window as W).animscopeApp.panel('curves').tracks.length), anim.sequences[other].tracks.length);
  });

  it('a 65,535-joint BCK: the same picker searches every joint and renders only the rows in view', async () => {
    page = await pages.open('generated/worst.bck', { files: { 'worst.bck': writeWorstCaseBck(65535).bytes } });
    const input = page.locator('#as-group-picker');
    await input.click();
    const status = () => page.evaluate(() => document.querySelector('.as-picker-popup:not([hidden]) .as-picker-status')?.textContent);
    assert.strictEqual(await status(), '65535');
    await page.keyboard.type('Joint 6553');
    // Joint 6553, 6553x (10) and 6553xx: labels are "Joint N" (no model bound).
    const want = Array.from({ length: 65535 }, (_, i) => `Joint ${i}`).filter((l) => l.includes('Joint 6553'));
    await page.waitForFunction((t) => document.querySelector('.as-picker-popup:not([hidden]) .as-picker-status')?.textContent === t, `${want.length} of 65535`);
    const inDom = await page.evaluate(() => document.querySelectorAll('.as-picker-popup:not([hidden]) .as-picker-option').length);
    assert.ok(inDom <= want.length && inDom < 40, `${inDom} option rows in the DOM`);
    await page.keyboard.press('End');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    const key = await input.getAttribute('data-key');
    assert.ok(key && want.includes(`Joint ${key.split(':')[1]}`), `chose ${key}`);
    const tracks = await page.evaluate(() => (window as W).animscopeApp.panel('curves').tracks.map((t: { group: number }) => t.group));
    assert.deepStrictEqual(tracks, Array(9).fill(Number(key!.split(':')[1])));
  });

  it('BCK: a joint drives one joint (no part picker); the joint picker names the model\'s joints', async () => {
    page = await pages.open(BCK_WITH_MODEL);
    assert.strictEqual(await page.evaluate(() => (document.querySelector('#as-part-picker')!.parentElement as HTMLElement).hidden), true);
    const listed = await page.evaluate(() => (window as W).animscopeApp.panel('curves').groupPicker.listed());
    assert.deepStrictEqual(listed, ['Joint 0 · TriPodBossCore', 'Joint 1 · CoreLight', 'Joint 2 · HeadLightCone', 'Joint 3 · HeadLight', 'Joint 4 · MetalBody1']);
  });

  for (const [width, height] of [[1280, 720], [1920, 1080]]) {
    it(`skeleton at ${width}×${height}: fitted to the canvas on open; joint names never overlap; a joint's name shows on hover`, async () => {
      // The skeleton panel shows where the 3D view cannot draw (no WebGL2 here): model.test.ts has the 3D view.
      page = await pages.open(`${BCK_WITH_MODEL}&nowebgl`, { width, height });
      await painted(page);
      const s = await page.evaluate(() => {
        const v = (window as W).animscopeApp.panel('skeleton').view;
        return { extent: v.screenExtent(), labels: v.labels, positions: Array.from(v.positions as Float64Array), names: v.jointNames };
      });
      const e = s.extent;
      // Inside the canvas, centred, filling three quarters of its width or of its height (less the caption lines).
      assert.ok(e.left >= 0 && e.right <= e.width && e.top >= 0 && e.bottom <= e.height, `extent ${JSON.stringify(e)}`);
      const fill = Math.max((e.right - e.left) / e.width, (e.bottom - e.top) / (e.height - 44));
      assert.ok(fill >= 0.74, `the skeleton fills ${(fill * 100).toFixed(0)} % of the view: ${JSON.stringify(e)}`);
      assert.ok(Math.abs((e.left + e.right) / 2 - e.width / 2) < e.width * 0.03 && Math.abs((e.top + e.bottom) / 2 - e.height / 2) < e.height * 0.03,
        `the skeleton is centred: ${JSON.stringify(e)}`);
      assert.strictEqual(s.labels.length, 5, 'the five names have room here');
      const boxes = s.labels.map((l: { left: number; top: number; width: number; height: number }) => ({ left: l.left, top: l.top, right: l.left + l.width, bottom: l.top + l.height, width: l.width, height: l.height }));
      for (let i = 0; i < boxes.length; i++) {
        assert.ok(boxes[i].left >= 0 && boxes[i].right <= e.width && boxes[i].top >= 0 && boxes[i].bottom <= e.height, `name ${i} inside the canvas`);
        for (let j = i + 1; j < boxes.length; j++) assert.ok(!overlap(boxes[i], boxes[j]), `names of joints ${s.labels[i].joint} and ${s.labels[j].joint} overlap`);
      }
      // Hovering a joint names it (and every joint drawn at that point) in the tip.
      const canvas = await rectOf(page, 'canvas.as-skeleton-canvas');
      const sx = await page.evaluate(() => Array.from((window as W).animscopeApp.panel('skeleton').view.screen as Float64Array));
      await page.mouse.move(canvas.left + sx[4 * 3], canvas.top + sx[4 * 3 + 1]);
      await page.waitForFunction(() => !(document.querySelector('.as-skeleton-tip') as HTMLElement).hidden);
      assert.ok((await page.evaluate(() => document.querySelector('.as-skeleton-tip')!.textContent))!.includes('MetalBody1'));
    });
  }

  it('hovering a curve key shows one card, next to the key', async () => {
    page = await pages.open(BCK_WITH_MODEL, { width: 1280, height: 720 });
    await page.evaluate(() => (window as W).animscopeApp.bus.requestGroup.fire('joint:1'));
    await page.waitForFunction(() => document.querySelector('#as-group-picker')?.getAttribute('data-key') === 'joint:1');
    await painted(page);
    // Joint 1's rotation y (track 4: scale x y z, rotation x y …) is keyed; key 1.
    const key = await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.curves.keyScreenPosition(4, 1));
    assert.ok(key, 'key drawn');
    const plot = await rectOf(page, '.as-curves-overlay');
    const at = { x: plot.left + key.x, y: plot.top + key.y };
    await page.mouse.move(at.x, at.y);
    await page.waitForFunction(() => !(document.querySelector('.hover-card') as HTMLElement).hidden);
    const cards = await page.evaluate(() => ['.hover-card', '.as-curves-tooltip', '.as-skeleton-tip']
      .flatMap((s) => [...document.querySelectorAll(s)]).filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.className));
    assert.deepStrictEqual(cards, ['hover-card']);
    const card = await rectOf(page, '.hover-card');
    const dx = Math.max(card.left - at.x, 0, at.x - card.right);
    const dy = Math.max(card.top - at.y, 0, at.y - card.bottom);
    assert.ok(Math.hypot(dx, dy) <= 24, `card ${JSON.stringify(card)} is ${Math.hypot(dx, dy).toFixed(0)} px from the key at ${JSON.stringify(at)}`);
    assert.ok(!(at.x >= card.left && at.x <= card.right && at.y >= card.top && at.y <= card.bottom), 'the card does not cover the key');
    assert.match((await page.evaluate(() => document.querySelector('.hover-card .hover-card-name')?.textContent)) ?? '', /^joints\/1\/rotation\/y · key at frame \d+$/);
    assert.match((await page.evaluate(() => document.querySelector('.hover-card .hc-path')?.textContent)) ?? '', /^ANK1\/rotationBank\[\d+\]$/);
    // Off the key: no card.
    await page.mouse.move(plot.left + 2, plot.top + 2);
    await page.waitForFunction(() => (document.querySelector('.hover-card') as HTMLElement).hidden);
  });

  it('a file over 1 MiB (motion.bin): its start renders first (header, tree, the hex of its first 64 KiB, a notice), then the whole file, keeping what the user did meanwhile', async () => {
    page = await pages.open(`${MOTN}&holdrest`);
    const selectedRow = (): Promise<{ value: string; cls: string } | undefined> => page.evaluate(() => {
      const row = document.querySelector('.structure-row.selected');
      return row ? { value: row.querySelector('.col-value')!.textContent ?? '', cls: row.className } : undefined;
    });
    const size = (): Promise<string | undefined> => page.evaluate(() => [...document.querySelectorAll('.as-fact')].find((f) => f.textContent?.startsWith('Size'))?.textContent ?? undefined);
    const first = await page.evaluate(() => ({
      rendered: (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').map((m: W) => ({ partial: m.partial, byteLength: m.byteLength, tracks: m.counts.tracks, groups: m.counts.groups })),
      hexRows: (window as W).animscopeApp.panel('hex').view.rowCount,
      treeRows: (window as W).animscopeApp.panel('structure').view.rowCount,
      arriving: document.querySelector('.as-arriving:not([hidden])')?.textContent,
      curves: !(document.querySelector('.as-curves-pane') as HTMLElement).hidden,
    }));
    assert.deepStrictEqual(first.rendered, [{ partial: true, byteLength: 1826800, tracks: 0, groups: 0 }]);
    assert.strictEqual(first.hexRows, 65536 / 16, 'the hex view has the bytes that came');
    assert.ok(first.treeRows >= 10, `${first.treeRows} tree rows`);
    assert.match(first.arriving ?? '', /Loading the rest of this 1\.7 MB file.*first 64 KB/);
    assert.strictEqual(first.curves, false, 'no curves before the animation comes');
    assert.match(await size() ?? '', /1,826,800 bytes/);
    // An array element the page reads from bytes that have not come says it is arriving, not missing
    // (the name offset table starts at 0x12294, past the first 64 KiB).
    await page.evaluate(() => (window as W).animscopeApp.panel('structure').view.reveal('nameOffsetTable[3]', { select: true }));
    await painted(page);
    const before = await selectedRow();
    assert.ok(before && /arriving/.test(before.value) && /\barriving\b/.test(before.cls) && !/\bmissing\b/.test(before.cls), JSON.stringify(before));
    // and so does its hover card
    await page.locator('.structure-row.selected .col-value').hover();
    await page.waitForFunction(() => !(document.querySelector('.hover-card') as HTMLElement).hidden);
    const card = await page.evaluate(() => ['.hc-bytes', '.hc-value'].map((s) => document.querySelector(`.hover-card ${s}`)?.textContent));
    assert.deepStrictEqual(card, ['(arriving)', '(arriving: the rest of the file is on its way)']);
    await page.mouse.move(0, 0);

    assert.strictEqual(await page.evaluate(() => (window as W).fakeHost.sendRest()), true);
    await page.waitForFunction(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').length === 2);
    await painted(page);
    const whole = await page.evaluate(() => ({
      rendered: (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').map((m: W) => ({ partial: m.partial, byteLength: m.byteLength }))[1],
      hexRows: (window as W).animscopeApp.panel('hex').view.rowCount,
      arriving: !!document.querySelector('.as-arriving:not([hidden])'),
      picker: document.querySelector('#as-group-picker')?.getAttribute('data-key'),
    }));
    assert.deepStrictEqual(whole, { rendered: { partial: undefined, byteLength: 1826800 }, hexRows: Math.ceil(1826800 / 16), arriving: false, picker: 'sequence:0' });
    const after = await selectedRow();
    assert.ok(after && /^\d+$/.test(after.value) && !/arriving|missing/.test(after.cls), `the selection made meanwhile stays, now with its value: ${JSON.stringify(after)}`);
    assert.match(await size() ?? '', /1,826,800 bytes/);
  });

  it('the player shows the playback rate the host sends in the settings, and where it comes from', async () => {
    // A Galaxy archive folder (ActorInfo, .bcsv beside the file): the game's 60 fps.
    page = await pages.open('archives/Kuribo.arc/Kuribo/Walk.bck', { width: 1024, height: 640 });
    assert.strictEqual(await page.locator('.as-player-fps').textContent(), '60 fps (Super Mario Galaxy)');
    await page.close();
    // A loose file, nothing beside it says which game: the default.
    page = await pages.open(BTK, { width: 1024, height: 640 });
    assert.strictEqual(await page.locator('.as-player-fps').textContent(), '30 fps (default)');
    await page.close();
    page = await pages.open(`${BTK}&fps=60`, { width: 1024, height: 640 });
    const fps = page.locator('.as-player-fps');
    assert.strictEqual(await fps.textContent(), '60 fps (setting)');
    const r = await rectOf(page, '.as-player-fps');
    const pane = await rectOf(page, '.as-slot-curves');
    assert.ok(r.width > 0 && r.left >= pane.left && r.right <= pane.right && r.top >= pane.top && r.bottom <= pane.bottom, `fps label at ${JSON.stringify(r)} in ${JSON.stringify(pane)}`);
    await page.evaluate(() => (window as W).fakeHost.setFrameRate(30));
    await page.waitForFunction(() => document.querySelector('.as-player-fps')?.textContent === '30 fps');
  });

  it('the glTF import\'s preview: it plays as it opens; the file it would replace is drawn pale under each track it shares, and named (as text) above the plot', async () => {
    // Wait.btk over 2ndDemo.btk (the same model's materials); the reference's name is untrusted markup
    const evil = '<img src=x onerror="window.pwned=1">.btk';
    const reference = fs.readFileSync(path.join(SAMPLES_DIR, 'j3d/smg/TripodBossCore/2ndDemo.btk'));
    const plotInk = (): Promise<number> => page.evaluate(() => {
      const c = document.querySelector('.as-curves-base') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      // pixels of a curve's colour: saturated, where the lanes and the grid are grey
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 24) n++;
      return n;
    });
    const rendered = (): Promise<{ tracks: number; referenceTracks?: number }> => page.evaluate(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').at(-1).counts);
    page = await pages.open(BTK, { width: 1280, height: 720 });
    await painted(page);
    const alone = await plotInk();
    assert.strictEqual((await rendered()).referenceTracks, undefined, 'no reference, no count');
    assert.strictEqual(await page.evaluate(() => (document.querySelector('.as-curves-reference') as HTMLElement).hidden), true);
    assert.strictEqual(await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.player.playing), false, 'a file opens paused');
    await page.close();
    page = await pages.open(`${BTK}&play&reference=${encodeURIComponent(`generated/${evil}`)}`, { width: 1280, height: 720, files: { [evil]: new Uint8Array(reference) } });
    await painted(page);
    const counts = await rendered();
    assert.ok(counts.tracks > 0 && counts.referenceTracks === counts.tracks, `every track of the first entry has its reference: ${JSON.stringify(counts)}`);
    const note = await page.evaluate(() => { const e = document.querySelector('.as-curves-reference') as HTMLElement; return { hidden: e.hidden, text: e.textContent, imgs: e.querySelectorAll('img').length }; });
    assert.deepStrictEqual(note, { hidden: false, text: `Pale: ${evil} beside the model (${counts.tracks} of ${counts.tracks} tracks)`, imgs: 0 });
    assert.strictEqual(await page.evaluate(() => (window as W).pwned), undefined);
    assert.strictEqual(await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.player.playing), true, 'a preview plays as it opens');
    await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.player.pause());
    await painted(page);
    const over = await plotInk();
    assert.ok(over > alone * 1.05, `the pale curves add coloured pixels to the plot: ${alone} → ${over} pixels`);
  });

  it('light, dark and high contrast at 1280×720 and 1920×1080: screenshots (test-artifacts/app/)', async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const made: string[] = [];
    for (const theme of ['light', 'dark', 'high-contrast'] as const) {
      for (const [width, height] of [[1280, 720], [1920, 1080]]) {
        const samples = [['bck', BCK_WITH_MODEL], ['btk', BTK], ['brk', BRK], ['motn', MOTN]];
        for (const [name, sample] of width > 1280 ? samples.filter(([n]) => n === 'bck' || n === 'motn') : samples) {
          page = await pages.open(sample, { theme, width, height });
          await page.evaluate(() => { const p = (window as W).animscopeApp.panel('curves').deck; p.setFrame(p.player.animationDuration * 0.37); });
          await painted(page);
          const file = path.join(ARTIFACTS, `${name}-${theme}-${width}x${height}.png`);
          await page.screenshot({ path: file });
          made.push(file);
          assert.deepStrictEqual(pages.errors(), [], `${name} ${theme}`);
          await page.close();
        }
      }
    }
    page = await pages.open(BTK);
    for (const f of made) assert.ok(fs.statSync(f).size > 10000, f);
  });
});
