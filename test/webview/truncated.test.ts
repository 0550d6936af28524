/**
 * A truncated BCK in the editor page (issue 26.2): the summary says how many joints are readable
 * of those the header declares. TripodBossCore/2ndDemo.bck cut at 268 bytes = the joint table at
 * 0x60 + 3 × 54 + 10: jointCount (0x2C) says 5, 3 fit.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { useAppPages } from '../app-page/session';
import type { Page } from './browser';
import { SAMPLES_DIR } from './build';

describe('editor page: a truncated file (chromium, simulated host)', function () {
  this.timeout(120000);
  const pages = useAppPages();
  let page: Page;

  it('the facts say "Joints 3 of 5 readable"', async () => {
    const cut = new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'j3d/smg/TripodBossCore/2ndDemo.bck'))).slice(0, 268);
    page = await pages.open('generated/2ndDemo.bck', { files: { '2ndDemo.bck': cut } });
    const joints = await page.evaluate(() => [...document.querySelectorAll('.as-fact')].find((f) => f.querySelector('dt')?.textContent === 'Joints')?.querySelector('dd')?.textContent);
    assert.strictEqual(joints, '3 of 5 readable');
  });
});
