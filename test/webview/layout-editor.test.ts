/**
 * The editor page at the size VS Code gives it in its default window: 1280×720 with the Explorer
 * open leaves the webview 932×638; a 1920×1080 window with the Explorer 1573×998 (both measured in
 * the real VS Code: test/host/e2e/layout.e2e.ts logs them). Kuribo's Walk.bck beside its model with
 * "Also play" open, in the light and the dark theme: the hex text column whole, the model on
 * screen and clear of its caption, the curve plot's frame axis inside its pane, no label cut
 * without a tooltip.
 *   npx tsc -p . && node esbuild.mjs && npx mocha --no-config --timeout 120000 out/test/webview/layout-editor.test.js
 */
import * as assert from 'assert';
import { useAppPages } from '../app-page/session';
import { layoutComplaints, probeLayout } from '../browser/layoutProbe';
import type { Page } from './browser';

const WALK = 'archives/Kuribo.arc/Kuribo/Walk.bck';
const WEBVIEW_SIZES = [{ width: 932, height: 638, window: '1280×720' }, { width: 1573, height: 998, window: '1920×1080' }];

describe('the editor page at the sizes of VS Code\'s windows, the Explorer open (chromium, simulated host)', function () {
  this.timeout(120000);
  const pages = useAppPages();
  let page: Page;

  for (const size of WEBVIEW_SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${size.window} window (page ${size.width}×${size.height}), ${theme}: Walk.bck with Also play open, every pane usable`, async () => {
        page = await pages.open(WALK, { width: size.width, height: size.height, theme });
        await page.locator('.as-modelpanel canvas.as-model-canvas').waitFor({ timeout: 30000 });
        await page.locator('.as-along-summary').click();
        await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
        const probe = await page.evaluate(probeLayout);
        assert.deepStrictEqual(layoutComplaints(probe), [], JSON.stringify(probe));
      });
    }
  }
});
