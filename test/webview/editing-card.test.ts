/**
 * A curve key's numbers typed in the hover card (issue 28), in the whole editor page with the
 * simulated host (`&editable`): the card of a key shows frame, value and slopes as inputs; Enter
 * posts one `key` edit with the numbers changed; a number that is not one says so and sends
 * nothing; Enter on a selected key brings the keyboard there; a read-only file's card has text only.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/editing-card.test.js
 */
import * as assert from 'assert';
import * as path from 'path';
import { useAppPages } from '../app-page/session';
import type { Page } from './browser';

import { ARTIFACTS, BCK, edits, GROUP, keyAt, TRACK, typeOver, W } from './editingPage';

const cardInputs = (page: Page): Promise<Record<string, string>> => page.evaluate(() => {
  const out: Record<string, string> = {};
  for (const i of document.querySelectorAll<HTMLInputElement>('.hover-card:not([hidden]) input.hc-number')) out[i.dataset.field!] = i.value;
  return out;
});

async function typeIn(page: Page, field: string, text: string): Promise<void> {
  await page.locator(`.hover-card input[data-field="${field}"]`).focus();
  await typeOver(page, text);
}

describe('editor page: typing a key in the hover card (chromium, simulated host)', function () {
  this.timeout(120000);
  const pages = useAppPages();

  it("the card of a key shows its numbers as inputs; Enter posts one key edit with the changed ones", async () => {
    const page = await pages.open(`${BCK}&editable`);
    const k = await keyAt(page, TRACK, 1);
    await page.mouse.move(k.x, k.y);
    await page.waitForFunction(() => document.querySelectorAll('.hover-card:not([hidden]) input.hc-number').length === 4);
    assert.deepStrictEqual(await cardInputs(page), { frame: '87', value: '351.903076171875', inSlope: '4.04296875', outSlope: '4.04296875' });
    await typeIn(page, 'value', '300');
    await typeIn(page, 'outSlope', '-2.5');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    assert.deepStrictEqual(await edits(page), [{
      label: 'Edit key 1 of joints/1/rotation/y',
      edits: [{ kind: 'key', group: GROUP, track: TRACK, key: 1, value: 300, outSlope: -2.5 }],
    }]);
  });

  it('a number that is not one says so under the inputs and sends nothing', async () => {
    const page = await pages.open(`${BCK}&editable`);
    const k = await keyAt(page, TRACK, 1);
    await page.mouse.move(k.x, k.y);
    await page.waitForFunction(() => document.querySelectorAll('.hover-card:not([hidden]) input.hc-number').length === 4);
    await typeIn(page, 'frame', 'eighty');
    await page.keyboard.press('Enter');
    assert.strictEqual(await page.evaluate(() => document.querySelector('.hover-card .hc-form-message')!.textContent), 'Frame: a number');
    assert.deepStrictEqual(await edits(page), []);
  });

  it('keyboard: [ selects a key, Enter puts the focus in its card, Enter there sends', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await page.locator('.as-curves-stage').focus();
    await page.keyboard.press(']'); // the first key of the visible tracks, by frame: a frame-0 key
    const selected = await page.evaluate(() => (window as W).animscopeApp.panel('curves').deck.curves.selectedKey);
    await page.keyboard.press('Enter');
    assert.strictEqual(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.field), 'frame');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.screenshot({ path: path.join(ARTIFACTS, 'card-form-dark.png') });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    const [sent] = await edits(page);
    assert.deepStrictEqual(sent.edits, [{ kind: 'key', group: GROUP, track: selected.track, key: selected.key, frame: 2 }]);
  });

  it('a read-only file: the card shows the numbers as text', async () => {
    const page = await pages.open(BCK);
    const k = await keyAt(page, TRACK, 1);
    await page.mouse.move(k.x, k.y);
    await page.waitForFunction(() => !(document.querySelector('.hover-card') as HTMLElement).hidden);
    assert.strictEqual(await page.evaluate(() => document.querySelectorAll('.hover-card input').length), 0);
    assert.ok((await page.evaluate(() => document.querySelector('.hover-card')!.textContent))!.includes('351.9'));
  });
});
