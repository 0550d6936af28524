/**
 * Editing keys in the curve view (issue 28), in the whole editor page with the simulated host
 * (`&editable`: it accepts edits and reloads with keepView; `&refuse=TEXT`: it refuses them):
 * each interaction posts exactly one `edit` with the group's numbering; a refusal puts the curve
 * back and says why; a keepView load keeps the group, frame, zoom and selected key; nothing is
 * editable without the host's word.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/editing-curves.test.js
 */
import * as assert from 'assert';
import * as path from 'path';
import { useAppPages } from '../app-page/session';
import type { Page } from './browser';

import { ARTIFACTS, BCK, curvePointAt, edits, GROUP, keyAt, TRACK, W } from './editingPage';

/** What the plot reads at a client point in the lane of `track` (frame to a hundredth; value as the lane rounds it). */
const pointAt = (page: Page, track: number, x: number, y: number): Promise<{ frame: number; value: number }> => page.evaluate(([t, px, py]) => {
  const curves = (window as W).animscopeApp.panel('curves').deck.curves;
  const r = curves.overlay.getBoundingClientRect();
  return curves.pointAt(t, px - r.left, py - r.top, false);
}, [track, x, y]);

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, shift = false): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
}

async function selectKey(page: Page, track: number, key: number): Promise<void> {
  const k = await keyAt(page, track, key);
  await page.mouse.click(k.x, k.y);
}

const rendered = (page: Page): Promise<number> => page.evaluate(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'rendered').length);

describe('editor page: editing keys in the curves (chromium, simulated host)', function () {
  this.timeout(120000);
  const pages = useAppPages();

  it('dragging a key posts one key edit on release, at the frame and value it was dropped on', async () => {
    const page = await pages.open(`${BCK}&editable`);
    const from = await keyAt(page, TRACK, 0);
    const to = { x: from.x + 60, y: from.y - 30 };
    const expected = await pointAt(page, TRACK, to.x, to.y);
    await drag(page, from, to);
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    assert.ok(expected.frame > 0 && expected.value > 0, 'dropped right of and above frame 0, value 0');
    assert.deepStrictEqual(await edits(page), [{
      label: 'Move key 0 of joints/1/rotation/y',
      edits: [{ kind: 'key', group: GROUP, track: TRACK, key: 0, frame: expected.frame, value: expected.value }],
    }]);
  });

  it('Shift keeps a drag on one axis: a mostly vertical drag changes only the value', async () => {
    const page = await pages.open(`${BCK}&editable`);
    const from = await keyAt(page, TRACK, 0);
    await drag(page, from, { x: from.x + 8, y: from.y - 40 }, true);
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    const [sent] = await edits(page);
    assert.deepStrictEqual(Object.keys(sent.edits[0]).sort(), ['group', 'key', 'kind', 'track', 'value']);
  });

  it('a selected key: the arrows nudge it by a frame and a degree, Delete removes it, S makes the track stepped', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await selectKey(page, TRACK, 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Delete');
    await page.keyboard.press('s');
    await page.waitForFunction(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'edit').length === 4);
    // key 1 of rotation.y: frame 87, value 351.903076171875 (the bank's s16 × 180/32768, rotation fraction 1)
    assert.deepStrictEqual((await edits(page)).map((m) => m.edits[0]), [
      { kind: 'key', group: GROUP, track: TRACK, key: 1, frame: 88 },
      { kind: 'key', group: GROUP, track: TRACK, key: 1, value: Number((351.903076171875 + 1).toPrecision(10)) },
      { kind: 'deleteKey', group: GROUP, track: TRACK, key: 1 },
      { kind: 'interpolation', group: GROUP, track: TRACK, to: 'step' },
    ]);
  });

  it('a double-click on a curve adds a key there, on the curve', async () => {
    const page = await pages.open(`${BCK}&editable`);
    // frame 40 on rotation.y, between key 0 (frame 0) and key 1 (frame 87)
    const on = await curvePointAt(page, TRACK, 40);
    await (page.mouse as W).dblclick(on.x, on.y);
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    const [sent] = await edits(page);
    assert.strictEqual(sent.edits.length, 1);
    const e = sent.edits[0];
    assert.deepStrictEqual({ kind: e.kind, group: e.group, track: e.track }, { kind: 'addKey', group: GROUP, track: TRACK });
    assert.ok(Math.abs(e.frame - 40) <= 0.05, `frame ${e.frame}`);
    // the value on the curve at that frame, to six places
    const atFrame = await page.evaluate(([t, f]) => (window as W).animscopeApp.panel('curves').tracks[t].evaluate(f), [TRACK, e.frame]);
    assert.strictEqual(e.value, Number(atFrame.toPrecision(6)));
  });

  it("dragging the selected key's out handle posts its out slope only", async () => {
    const page = await pages.open(`${BCK}&editable`);
    await selectKey(page, TRACK, 0);
    const handle = await page.evaluate((t) => {
      const curves = (window as W).animscopeApp.panel('curves').deck.curves;
      const r = curves.overlay.getBoundingClientRect();
      const k = curves.keyScreenPosition(t, 0);
      // 36 px along the out slope: scan right of the key for the handle
      for (let dx = 10; dx <= 40; dx++) for (let dy = -40; dy <= 40; dy++) if (curves.handleAt(k.x + dx, k.y + dy) === 'out') return { x: r.left + k.x + dx, y: r.top + k.y + dy };
      return null;
    }, TRACK);
    assert.ok(handle, 'the out handle is drawn');
    await drag(page, handle, { x: handle.x, y: handle.y - 30 });
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    const [sent] = await edits(page);
    assert.deepStrictEqual(Object.keys(sent.edits[0]).sort(), ['group', 'key', 'kind', 'outSlope', 'track']);
    assert.ok(sent.edits[0].outSlope > 4.04296875, 'dragged up: steeper than the stored 4.04296875°/frame');
    assert.match(sent.label, /^Change the out slope of key 0 of joints\/1\/rotation\/y$/);
  });

  it('a refusal puts the curve back and says why', async () => {
    const page = await pages.open(`${BCK}&editable&refuse=${encodeURIComponent('frame 200 is past the end (89 frames)')}`);
    const from = await keyAt(page, TRACK, 0);
    await drag(page, from, { x: from.x + 60, y: from.y - 30 });
    await page.waitForFunction(() => !(document.querySelector('.as-notice') as HTMLElement).hidden);
    assert.strictEqual(await page.evaluate(() => document.querySelector('.as-notice')!.textContent), 'Move key 0 of joints/1/rotation/y: frame 200 is past the end (89 frames)');
    const key0 = await page.evaluate((t) => { const k = (window as W).animscopeApp.panel('curves').tracks[t].keys; return [k.frame(0), k.value(0)]; }, TRACK);
    assert.deepStrictEqual(key0, [0, 0]);
    // the view draws key 0 where frame 0, value 0 lie again (the notice moved the plot: compared in its coordinates)
    const drawn = await page.evaluate((t) => {
      const curves = (window as W).animscopeApp.panel('curves').deck.curves;
      const lane = curves.scale.lanes.find((l: W) => l.tracks.includes(t));
      const k = curves.keyScreenPosition(t, 0);
      return { dx: Math.abs(k.x - curves.scale.frameToX(0)), dy: Math.abs(k.y - curves.scale.valueToY(lane, 0)) };
    }, TRACK);
    assert.ok(drawn.dx < 1 && drawn.dy < 1, JSON.stringify(drawn));
  });

  it('without the host saying editable, a drag on a key pans and nothing is sent', async () => {
    const page = await pages.open(BCK);
    const view = await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.curves.getView());
    const from = await keyAt(page, TRACK, 1);
    await drag(page, from, { x: from.x - 30, y: from.y });
    await selectKey(page, TRACK, 1);
    await page.keyboard.press('Delete');
    assert.deepStrictEqual(await edits(page), []);
    assert.notDeepStrictEqual(await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.curves.getView()), view);
  });

  it('a keepView load keeps the frame, the zoom and the selected key', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await page.evaluate(() => {
      const deck = (window as W).animscopeApp.panel('curves').deck;
      deck.curves.setView({ start: 20, end: 95 });
      deck.setFrame(33);
    });
    await selectKey(page, TRACK, 1);
    await page.evaluate(() => { const f = (window as W).fakeHost; f.state = undefined; f.sent.length = 0; });
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'rendered'));
    assert.strictEqual(await rendered(page), 1);
    const kept = await page.evaluate(() => {
      const deck = (window as W).animscopeApp.panel('curves').deck;
      return { view: deck.curves.getView(), frame: deck.player.frame, selected: deck.curves.selectedKey, group: deck.state.group };
    });
    assert.deepStrictEqual(kept, { view: { start: 20, end: 95 }, frame: 33, selected: { track: TRACK, key: 1 }, group: 'joint:1' });
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`screenshot: a key dragged, with its handles (${theme})`, async () => {
      const page = await pages.open(`${BCK}&editable`, { theme });
      await selectKey(page, TRACK, 0);
      const from = await keyAt(page, TRACK, 0);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 80, from.y - 40, { steps: 8 });
      await page.screenshot({ path: path.join(ARTIFACTS, `curves-drag-${theme}.png`) });
      // the key's card (it opened on hover) does not cover the plot while the key is dragged
      assert.strictEqual(await page.evaluate(() => (document.querySelector('.hover-card') as HTMLElement).hidden), true);
      await page.mouse.up();
    });
  }

  it('the context menu (Shift+F10 on a selected key) offers delete and step ↔ keyed; Enter runs the focused item', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await selectKey(page, TRACK, 1);
    await page.keyboard.press('Shift+F10');
    const items = await page.evaluate(() => [...document.querySelectorAll('.as-curves-menu:not([hidden]) [role=menuitem]')].map((b) => b.textContent));
    assert.deepStrictEqual(items, ['Delete key 1 of joints/1/rotation/y', 'Make joints/1/rotation/y stepped']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    assert.deepStrictEqual((await edits(page)).map((m) => m.edits), [[{ kind: 'interpolation', group: GROUP, track: TRACK, to: 'step' }]]);
  });

  it('a right-click on a curve offers to add a key there', async () => {
    const page = await pages.open(`${BCK}&editable`);
    const on = await curvePointAt(page, TRACK, 40);
    await page.evaluate(([x, y]) => document.elementFromPoint(x, y)!.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: x, clientY: y })), [on.x, on.y]);
    const items = await page.evaluate(() => [...document.querySelectorAll('.as-curves-menu:not([hidden]) [role=menuitem]')].map((b) => b.textContent));
    assert.strictEqual(items.length, 1, JSON.stringify(items));
    assert.match(items[0]!, /^Add a key at frame (39|40)(\.\d+)? to joints\/1\/rotation\/y$/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    assert.strictEqual((await edits(page))[0].edits[0].kind, 'addKey');
  });
});
