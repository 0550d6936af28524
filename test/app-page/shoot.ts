/**
 * Screenshots of the whole webview in a plain page with the simulated host:
 *   node out/test/app-page/shoot.js SAMPLE [light|dark|high-contrast] [OUT.png] [WIDTHxHEIGHT]
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Theme } from './build';
import { startAppPages } from './session';

if (require.main === module) {
  void (async () => {
    const [sample = 'j3d/smg/TripodBossCore/2ndDemo.bck', theme = 'dark', out = `test-artifacts/app/${path.basename(sample)}-${theme}.png`, size = '1400x900'] = process.argv.slice(2);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const [width, height] = size.split('x').map(Number);
    const pages = await startAppPages();
    const { page, errors } = await pages.open(sample, { theme: theme as Theme, width, height });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: out });
    console.log(out, errors.length ? `errors: ${errors.join('; ')}` : '');
    await pages.close();
  })();
}
