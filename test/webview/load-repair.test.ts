/**
 * Issue 26, item 1 in the real page: a load message with one diagnostic at offset −1 (what the host
 * once sent for mogu-truncated-11520.bdl) is shown, the diagnostic repaired, with a visible note;
 * it was refused whole ("ignored an invalid message from the extension host").
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/load-repair.test.js
 */
import * as assert from 'assert';
import { AppPages, startAppPages } from '../app-page/session';

describe('editor page (chromium, simulated host): a load with one bad diagnostic', function () {
  this.timeout(120000);
  let pages: AppPages;
  before(async () => { pages = await startAppPages(); });
  after(async () => { await pages?.close(); });

  it('renders, lists the diagnostic and a DIAGNOSTIC_REPAIRED note, and sends no error', async () => {
    const { page, errors } = await pages.open('j3d/smg/TripodBossCore/2ndDemo.bck&baddiag');
    try {
      const sent = await page.evaluate(() => (window as unknown as { fakeHost: { sent: { type: string; message?: string }[] } }).fakeHost.sent);
      assert.deepStrictEqual(sent.filter((m) => m.type === 'error'), []);
      const text = await page.evaluate(() => document.body.innerText);
      assert.match(text, /DIAGNOSTIC_REPAIRED/);
      assert.match(text, /offset −1 \[sent with offset -1\]/);
      assert.deepStrictEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
