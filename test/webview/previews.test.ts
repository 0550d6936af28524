/**
 * The previews of the nine J3D kinds in headless Chromium (harness + previewHarness): the BTP
 * texture strip, the BVA visibility chart, the BXK/BXA vertex colour and the BPK/BPA colour swatch,
 * on the real samples (read from the shared archives in Node) and synthetic files. Theme colours
 * come from the `--vscode-*` variables of test/webview/theme.css; names from files stay text.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 'out/test/webview/*.test.js'
 */
import * as assert from 'assert';
import { archiveFile } from '../unit/model/fixtures';
import { writeBpa, writeBtp, writeBva, writeBxa, writeBxk } from '../fixtures/j3d-kinds-writer';
import { HarnessSession, Page, startHarness } from './browser';

/* eslint-disable @typescript-eslint/no-explicit-any */
type W = any;

async function show(page: Page, bytes: Uint8Array, name: string, group = 0): Promise<string | null> {
  return page.evaluate(([b, n, g]) => (window as W).previewHarness.show(b, n, g), [Array.from(bytes), name, group] as [number[], string, number]);
}

async function setFrame(page: Page, frame: number): Promise<void> {
  await page.evaluate((f) => (window as W).previewHarness.setFrame(f), frame);
}

async function call<R>(page: Page, method: string, ...args: number[]): Promise<R> {
  return page.evaluate(([m, a]) => (window as W).previewHarness.preview[m as string](...(a as number[])), [method, args] as [string, number[]]);
}

const rgb = (hex: string): string => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

describe('previews of the nine kinds (headless Chromium)', function () {
  this.timeout(120000);
  let session: HarnessSession;
  let page: Page;
  let errors: string[];

  before(async () => {
    session = await startHarness();
  });
  after(async () => {
    await session?.close();
  });
  beforeEach(async () => {
    ({ page, errors } = await session.open());
  });
  afterEach(async () => {
    await page.close();
    assert.deepStrictEqual(errors, [], 'no page errors or CSP violations');
  });

  it('BTP (Kuribo/Blink.btp): one strip of runs over 220 frames, the current frame outlined, its texture index in the caption', async () => {
    assert.strictEqual(await show(page, archiveFile('Kuribo', 'Kuribo/Blink.btp'), 'Blink.btp'), 'textureStrip');
    const runs = await call<{ first: number; frames: number; value: number }[]>(page, 'runs', 0);
    // Bank at 0x48: 0 ×5, 1, 2 ×9, 1 ×2, then 0 to the end (frames 0–219 drawn).
    assert.deepStrictEqual(runs.slice(0, 5).map((r) => [r.first, r.frames, r.value]), [[0, 5, 0], [5, 1, 1], [6, 9, 2], [15, 2, 1], [17, runs[4].frames, 0]]);
    assert.strictEqual(runs.reduce((n, r) => n + r.frames, 0), 220);
    assert.strictEqual(await page.locator('.as-strip-cell').count(), runs.length);
    assert.strictEqual(await page.locator('.as-strip-name').textContent(), 'KuriboAll_v');
    assert.strictEqual(await page.locator('.as-strip-head .as-badge').textContent(), 'TEXMAP0');

    await setFrame(page, 5);
    assert.strictEqual(await call<number>(page, 'current', 0), 1);
    assert.strictEqual(await page.locator('.as-strip-caption').textContent(), 'Frame 5: texture 1');
    const box = async (sel: string) => (await page.locator(sel).first().boundingBox())!;
    const strip = await box('.as-strip');
    const marker = await box('.as-strip-marker');
    // Frame 5 of 220 starts 5/220 of the way along the strip (±1 px for the border).
    assert.ok(Math.abs(marker.x - (strip.x + 1 + ((strip.width - 2) * 5) / 220)) <= 1.5, `marker at ${marker.x}, strip ${strip.x}+${strip.width}`);
    await setFrame(page, 10.6);
    assert.strictEqual(await call<number>(page, 'current', 0), 2);
    // Index 0 and 2 cells take palette colours from the theme (charts blue, charts yellow).
    const colours = await page.evaluate(() => [...document.querySelectorAll('.as-strip-cell')].slice(0, 3).map((c) => getComputedStyle(c).backgroundColor));
    assert.deepStrictEqual(colours, [rgb('#3794ff'), rgb('#89d185'), rgb('#cca700')]);
  });

  it('BTP: a missing value shows as a dashed "—" cell; a hostile material name stays text', async () => {
    const name = '<img src=x onerror=window.__pwned=1>';
    await show(page, writeBtp({ duration: 4, bank: [1, 2], entries: [{ name, texture: { raw: { count: 4, index: 0 } } }] }).bytes, 'evil.btp');
    const runs = await call<{ first: number; frames: number; value: number }[]>(page, 'runs', 0);
    assert.deepStrictEqual(runs.map((r) => [r.first, r.frames, Number.isNaN(r.value) ? 'missing' : r.value]), [[0, 1, 1], [1, 1, 2], [2, 2, 'missing']]);
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-strip-cell')].map((c) => c.textContent)), ['1', '2', '—']);
    assert.strictEqual(await page.locator('.as-strip-name').textContent(), name);
    assert.strictEqual(await page.evaluate(() => document.querySelectorAll('img').length), 0);
    assert.strictEqual(await page.evaluate(() => (window as W).__pwned), undefined);
  });

  it('BVA (PowerStar/PowerStarColor.bva): one row per shape, filled where shown, the selected shape marked, states at the frame', async () => {
    assert.strictEqual(await show(page, archiveFile('PowerStar', 'PowerStar/PowerStarColor.bva'), 'PowerStarColor.bva', 2), 'visibility');
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-visibility-label')].map((l) => l.textContent)), ['Shape 0', 'Shape 1', 'Shape 2', 'Shape 3']);
    assert.strictEqual(await page.locator('.as-visibility-label[aria-current="true"]').textContent(), 'Shape 2');
    // Duration 2: frames 0 and 1 drawn. Shapes 0/1 shown at 0 only, 2/3 hidden at 0 only.
    const states = await page.evaluate(() => [...document.querySelectorAll('.as-visibility-strip')].map((s) => [...s.querySelectorAll('.as-visibility-cell')].map((c) => (c as HTMLElement).dataset.state)));
    assert.deepStrictEqual(states, [['shown', 'hidden'], ['shown', 'hidden'], ['hidden', 'shown'], ['hidden', 'shown']]);
    const filled = await page.evaluate(() => getComputedStyle(document.querySelector('.as-visibility-cell[data-state="shown"]')!).backgroundColor);
    assert.strictEqual(filled, rgb('#89d185'));
    await setFrame(page, 0);
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-visibility-state')].map((s) => s.textContent)), ['shown', 'shown', 'hidden', 'hidden']);
    await setFrame(page, 1.5);
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-visibility-state')].map((s) => s.textContent)), ['hidden', 'hidden', 'shown', 'shown']);
    assert.deepStrictEqual([await call<number>(page, 'current', 0), await call<number>(page, 'current', 2)], [0, 1]);
    // Each row's marker sits on the second half of its strip (frame 1 of 2).
    const strip = (await page.locator('.as-visibility-strip').first().boundingBox())!;
    const marker = (await page.locator('.as-visibility-marker').first().boundingBox())!;
    assert.ok(Math.abs(marker.x - (strip.x + 1 + (strip.width - 2) / 2)) <= 1.5, `marker at ${marker.x}, strip ${strip.x}+${strip.width}`);
    assert.strictEqual(await page.locator('.as-visibility-marker').count(), 4);
  });

  it('BVA: a count-0 shape is missing (dashed), and many shapes draw a window with a note', async () => {
    await show(page, writeBva({ duration: 2, shapes: [null, [1, 0]] }).bytes, 'a.bva');
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-visibility-state')].map((s) => s.textContent)), ['missing', 'shown']);
    await show(page, writeBva({ duration: 2, shapes: Array.from({ length: 80 }, (_, i) => (i % 2 ? 1 : 0)) }).bytes, 'many.bva', 40);
    assert.strictEqual(await page.locator('.as-visibility-label').count(), 32);
    assert.strictEqual(await page.locator('.as-visibility-label[aria-current="true"]').textContent(), 'Shape 40');
    assert.match((await page.locator('.as-visibility-preview .as-preview-note').textContent()) ?? '', /48 more shape\(s\) not drawn/);
  });

  it('BXK: the vertex colour swatch follows the keyed colour; the index set is listed', async () => {
    const { bytes } = writeBxk({
      duration: 10,
      channels: [[{ r: { keys: [{ time: 0, value: 0, tangent: 0 }, { time: 10, value: 200, tangent: 0 }] }, g: 100, b: 50, a: 255, indices: [3, 4, 9] }], []],
    });
    assert.strictEqual(await show(page, bytes, 'a.bxk'), 'vertexColour');
    assert.strictEqual(await page.locator('.as-vtxcolour-indices').textContent(), 'Writes CLR0 entries 3, 4, 9');
    await setFrame(page, 10);
    assert.deepStrictEqual(await call<number[]>(page, 'current'), [200, 100, 50, 255]);
    assert.strictEqual(await page.evaluate(() => getComputedStyle(document.querySelector('.as-vtxcolour-swatch')!).backgroundColor), 'rgb(200, 100, 50)');
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-vtxcolour-values dd')].map((d) => d.textContent)), ['200', '100', '50', '255']);
    await setFrame(page, 5);
    assert.strictEqual((await call<number[]>(page, 'current'))[0], 100);
  });

  it('BXA: a missing component shows "—" and no swatch colour; channel 1 carries its note', async () => {
    const { bytes } = writeBxa({ duration: 2, channels: [[], [{ r: [10, 20, 30], g: null, b: 0, a: 255, indices: [0] }]] });
    await show(page, bytes, 'a.bxa', 0);
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-vtxcolour-values dd')].map((d) => d.textContent)), ['10', '—', '0', '255']);
    assert.strictEqual(await page.evaluate(() => getComputedStyle(document.querySelector('.as-vtxcolour-swatch')!).backgroundColor), 'rgba(0, 0, 0, 0)');
    assert.match((await page.locator('.as-vtxcolour-preview .as-preview-note').textContent()) ?? '', /channel 0 only/);
  });

  it('BPK (CrystalSwitch/Off.bpk): the colour swatch of material colour 0', async () => {
    assert.strictEqual(await show(page, archiveFile('CrystalSwitch', 'CrystalSwitch/Off.bpk'), 'Off.bpk', 1), 'colour');
    assert.strictEqual(await page.locator('.as-brk-head .as-badge').textContent(), 'colour 0');
    assert.strictEqual(await page.locator('.as-brk-name').textContent(), 'lambert3');
    assert.deepStrictEqual(await call<number[]>(page, 'values', 0), [255, 69, 69, 255]);
  });

  it('BPA: a component read from outside its bank shows "—", no colour and a note', async () => {
    await show(page, writeBpa({ duration: 2, entries: [{ name: 'm', r: [1, 2], g: null, b: 3, a: 4 }] }).bytes, 'a.bpa');
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-brk-values dd')].map((d) => d.textContent)), ['1', '—', '3', '4']);
    assert.strictEqual(await page.evaluate(() => getComputedStyle(document.querySelector('.as-brk-swatch')!).backgroundColor), 'rgba(0, 0, 0, 0)');
    assert.match((await page.locator('.as-brk-entry .as-preview-note').first().textContent()) ?? '', /G missing/);
    await setFrame(page, 1);
    assert.deepStrictEqual(await page.evaluate(() => [...document.querySelectorAll('.as-brk-values dd')].map((d) => d.textContent)), ['2', '—', '3', '4']);
  });
});
