/**
 * Editing in the structure tree (issue 28), in the whole editor page with the simulated host
 * (test/app-page: `&editable` makes it accept edits, `&refuse=TEXT` refuses every one): F2, Enter
 * and a double-click on a value open a typed input; Enter posts exactly one `edit`; a value the
 * type cannot hold and a host's refusal show under the input and send nothing more; read-only
 * until the host says editable; a keepView load keeps the view.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/editing-tree.test.js
 */
import * as assert from 'assert';
import * as path from 'path';
import { useAppPages } from '../app-page/session';
import type { Page } from './browser';
import { ARTIFACTS, BCK, typeOver, W } from './editingPage';

/**
 * 2ndDemo.bck's ANK1 header: duration is the s16 at 0x2A (89 frames: bytes 00 59), loopMode the
 * u8 at 0x28 (2, Loop). FORMATS.md, ANK1 header.
 */
const DURATION = 'ANK1/duration';

const edits = (page: Page): Promise<W[]> => page.evaluate(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'edit'));

/** Focuses the row of `path` in the tree (revealed), as a user's arrow keys would. */
const focusRow = (page: Page, path: string): Promise<void> => page.evaluate((p) => {
  (window as W).animscopeApp.panel('structure').view.reveal(p, { focus: true });
}, path);

const editorOpen = (page: Page): Promise<boolean> => page.evaluate(() => document.querySelector('.structure-edit-input') !== null);

describe('editor page: editing in the structure tree (chromium, simulated host)', function () {
  this.timeout(120000);
  const pages = useAppPages();

  it('is read-only until the host says editable: F2, Enter and a double-click open nothing and send nothing', async () => {
    const page = await pages.open(BCK);
    await focusRow(page, DURATION);
    await page.keyboard.press('F2');
    await page.keyboard.press('Enter');
    await page.evaluate(() => document.querySelector('.structure-row.selected .col-value')!.dispatchEvent(new MouseEvent('dblclick', { bubbles: true })));
    assert.strictEqual(await editorOpen(page), false);
    assert.deepStrictEqual(await edits(page), []);
    assert.strictEqual(await page.evaluate(() => document.querySelector('.structure-grid')!.getAttribute('aria-readonly')), 'true');
  });

  it('F2 opens the value as stored; Enter posts one field edit with the typed value and an undo label', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await focusRow(page, DURATION);
    await page.keyboard.press('F2');
    assert.strictEqual(await page.evaluate(() => (document.querySelector('.structure-edit-input') as HTMLInputElement).value), '89');
    await typeOver(page, '120');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'edit'));
    const sent = await edits(page);
    assert.deepStrictEqual(sent.map((m) => ({ label: m.label, edits: m.edits })), [
      { label: `Edit ${DURATION}`, edits: [{ kind: 'field', path: DURATION, value: 120 }] },
    ]);
    // applied: the editor closes (the host's keepView load follows)
    await page.waitForFunction(() => document.querySelector('.structure-edit-input') === null);
  });

  it('a double-click on a value opens the editor; Escape cancels and sends nothing', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await focusRow(page, 'ANK1/loopMode');
    await page.evaluate(() => document.querySelector('.structure-row.selected .col-value')!.dispatchEvent(new MouseEvent('dblclick', { bubbles: true })));
    assert.strictEqual(await editorOpen(page), true);
    await typeOver(page, '3');
    await page.keyboard.press('Escape');
    assert.strictEqual(await editorOpen(page), false);
    assert.deepStrictEqual(await edits(page), []);
  });

  it('a value the type cannot hold shows its range under the input and sends nothing', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await focusRow(page, DURATION);
    await page.keyboard.press('Enter');
    for (const typed of ['40000', '1.5', 'abc']) {
      await typeOver(page, typed);
      await page.keyboard.press('Enter');
      const shown = await page.evaluate(() => {
        const m = document.querySelector('.structure-edit-message') as HTMLElement;
        return { hidden: m.hidden, text: m.textContent, invalid: document.querySelector('.structure-edit-input')!.classList.contains('invalid') };
      });
      // s16: −32768 to 32767 (FORMATS.md: duration is s16)
      assert.deepStrictEqual(shown, { hidden: false, text: 's16: an integer from -32768 to 32767', invalid: true }, typed);
    }
    assert.deepStrictEqual(await edits(page), []);
  });

  it("the host's refusal shows under the input, which stays open", async () => {
    const page = await pages.open(`${BCK}&editable&refuse=${encodeURIComponent('duration: the animation has keys up to frame 89')}`);
    await focusRow(page, DURATION);
    await page.keyboard.press('F2');
    await typeOver(page, '10');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !(document.querySelector('.structure-edit-message') as HTMLElement | null)?.hidden);
    assert.strictEqual(await page.evaluate(() => document.querySelector('.structure-edit-message')!.textContent), 'duration: the animation has keys up to frame 89');
    assert.strictEqual(await editorOpen(page), true);
    assert.strictEqual((await edits(page)).length, 1);
  });

  it('editable false with a reason: the header title says why, and nothing opens', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await page.evaluate(() => (window as W).fakeHost.post({ type: 'editState', version: 5, editable: false, reason: 'the file system is read-only', dirty: false, keyEdits: false }));
    await page.waitForFunction(() => document.querySelector('.as-title')!.getAttribute('title')!.includes('Read-only'));
    assert.strictEqual(await page.evaluate(() => document.querySelector('.as-title')!.getAttribute('title')), '2ndDemo.bck\nRead-only: the file system is read-only');
    await focusRow(page, DURATION);
    await page.keyboard.press('F2');
    assert.strictEqual(await editorOpen(page), false);
  });

  it('a keepView load keeps the tree selection, expansion and scroll (not the saved state)', async () => {
    const page = await pages.open(`${BCK}&editable`);
    await page.evaluate(() => (window as W).animscopeApp.panel('structure').view.reveal('ANK1/jointTable[4]/rotationY'));
    await focusRow(page, DURATION);
    const before = await page.evaluate(() => (window as W).animscopeApp.panel('structure').view.getState());
    // what VS Code saved is not what the page shows (the save is debounced): a keepView load keeps the page's own
    await page.evaluate(() => { const f = (window as W).fakeHost; f.state = undefined; f.sent.length = 0; });
    await page.keyboard.press('F2');
    await typeOver(page, '100');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as W).fakeHost.sent.some((m: W) => m.type === 'rendered'));
    const after = await page.evaluate(() => (window as W).animscopeApp.panel('structure').view.getState());
    assert.strictEqual(before.selected, DURATION);
    assert.ok(before.expanded.includes('ANK1/jointTable[4]'));
    assert.deepStrictEqual(after, before);
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`screenshot: the inline editor with a value out of range (${theme})`, async () => {
      const page = await pages.open(`${BCK}&editable`, { theme });
      await focusRow(page, DURATION);
      await page.keyboard.press('F2');
      await typeOver(page, '40000');
      await page.keyboard.press('Enter');
      await page.screenshot({ path: path.join(ARTIFACTS, `tree-inline-${theme}.png`) });
      assert.strictEqual(await page.evaluate(() => (document.querySelector('.structure-edit-message') as HTMLElement).hidden), false);
    });
  }
});
