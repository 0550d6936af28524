/**
 * The editor page's toolbar offers what the file has: a model (no curves) has no "Export Curves",
 * an animation has it (the editor title's menu hides it the same way, package.json `when`).
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/toolbar.test.js
 */
import * as assert from 'assert';
import { AppPages, startAppPages } from '../app-page/session';
import type { Page } from './browser';

/** The toolbar's buttons a user sees: [command, visible]. */
const buttons = (page: Page): Promise<[string, boolean][]> => page.evaluate(() =>
  [...document.querySelectorAll<HTMLElement>('.as-toolbar button')].map((b): [string, boolean] => [b.dataset.command ?? '', b.offsetParent !== null]));

describe('the editor toolbar (chromium)', function () {
  this.timeout(120000);
  let pages: AppPages;
  let page: Page | undefined;

  before(async () => { pages = await startAppPages(); });
  after(async () => { await pages?.close(); });
  afterEach(async () => { await page?.close(); });

  it('Kuribo.bdl: Export JSON, Go to Offset and Open as Hex, no Export Curves; Walk.bck: all four', async () => {
    let errors: string[];
    ({ page, errors } = await pages.open('archives/Kuribo.arc/Kuribo/Kuribo.bdl', { width: 1280, height: 720 }));
    assert.deepStrictEqual(await buttons(page), [['exportJson', true], ['exportCurves', false], ['goToOffset', true], ['reopenAsHex', true]]);
    assert.deepStrictEqual(errors, []);
    await page.close();
    ({ page, errors } = await pages.open('archives/Kuribo.arc/Kuribo/Walk.bck', { width: 1280, height: 720 }));
    assert.deepStrictEqual(await buttons(page), [['exportJson', true], ['exportCurves', true], ['goToOffset', true], ['reopenAsHex', true]]);
    assert.deepStrictEqual(errors, []);
  });
});
