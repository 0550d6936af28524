/**
 * Screenshots of the component harness with real samples, light and dark, into
 * test-artifacts/webview/. Run: npx tsc -p . && node out/test/webview/screenshots.js
 */
import * as fs from 'fs';
import * as path from 'path';
import { PROJECT_ROOT } from './build';
import { startHarness } from './browser';

async function main(): Promise<void> {
  const outDir = path.join(PROJECT_ROOT, 'test-artifacts/webview');
  fs.mkdirSync(outDir, { recursive: true });
  const session = await startHarness();
  try {
    for (const theme of ['dark', 'light'] as const) {
      const { page, errors } = await session.open({ theme, width: 1500, height: 820 });
      const stats = await page.evaluate(() => (window as any).harness.load('samples/j3d/smg/TripodBossCore/2ndDemo.bck', '2ndDemo.bck'));
      console.log(theme, 'bck', JSON.stringify(stats));
      await page.evaluate(() => (window as any).harness.link.revealPath('ANK1/jointTable[1]/rotationY.count'));
      await page.evaluate(() => (window as any).harness.structure.focus());
      const row = page.locator('.structure-row.selected');
      await row.hover();
      await page.waitForFunction(() => !(document.querySelector('.hover-card') as HTMLElement).hidden);
      await page.screenshot({ path: path.join(outDir, `bck-${theme}.png`) });

      const motn = await page.evaluate(() => (window as any).harness.load('samples/motn/motion.bin', 'motion.bin'));
      console.log(theme, 'motn', JSON.stringify(motn));
      await page.evaluate(() => (window as any).harness.structure.setFilter('KICK'));
      await page.evaluate(() => (window as any).harness.link.revealPath('sequences[863]/block2Offset'));
      const hb = page.locator('.hex-body .hb.r-data').first();
      await hb.hover();
      await page.waitForFunction(() => !(document.querySelector('.hover-card') as HTMLElement).hidden);
      await page.screenshot({ path: path.join(outDir, `motn-${theme}.png`) });
      await page.evaluate(() => { const h = (window as any).harness; h.card.hide(); h.structure.setFilter('KICK'); h.structure.focus(); });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.screenshot({ path: path.join(outDir, `motn-filter-${theme}.png`) });
      if (errors.length) console.log('page errors:', errors);
      await page.close();
    }
  } finally {
    await session.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
