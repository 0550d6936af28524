/**
 * The Problems panel navigates, as a new user would use it: a corrupt BCK open in AnimScope lists its
 * problems with hex-dump positions; clicking an entry's code link selects the offending bytes in the
 * AnimScope editor's hex view.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { decode } from '../../../src/formats/index';
import type { Page } from '../playwright';
import { E2ETest, openInCustomEditor, runCommand, SAMPLES_DIR, webviewContent } from '../workbench';
import { hexBytesWith, L } from './editor-ui.e2e';

const FIXTURES = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-e2e-problems-'));
const CORRUPT = 'problems-size.bck';
// 2ndDemo.bck with its declared file size (0x08) one byte too small: J3D_FILE_SIZE, a warning at 0x08
const bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'j3d/smg/TripodBossCore/2ndDemo.bck')));
new DataView(bytes.buffer).setUint32(8, bytes.length - 1);
fs.writeFileSync(path.join(FIXTURES, CORRUPT), bytes);

const fail = (message: string): never => { throw new Error(message); };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function showProblems(page: Page): Promise<void> {
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel').first().waitFor({ timeout: 15000 });
}

export const tests: E2ETest[] = [
  {
    name: 'Problems panel: an entry sits at its hex-dump position; clicking its code selects the offending bytes in AnimScope',
    samples: [{ from: path.relative(SAMPLES_DIR, path.join(FIXTURES, CORRUPT)) }],
    async run(ctx) {
      const file = ctx.copySample(path.relative(SAMPLES_DIR, path.join(FIXTURES, CORRUPT)));
      const d = decode(bytes, file).diagnostics.find((x) => x.code === 'J3D_FILE_SIZE') ?? fail('no J3D_FILE_SIZE for the fixture');
      await openInCustomEditor(ctx.page, file);
      const wv = webviewContent(ctx.page);
      await wv.locator('h1.as-title', { hasText: file }).waitFor({ timeout: 30000 });
      await showProblems(ctx.page);
      const row = ctx.page.locator('.markers-panel .monaco-list-row', { hasText: d.code }).first();
      await row.waitFor({ timeout: 15000 }).catch(() => fail(`no ${d.code} row in the Problems panel`));
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      const position = `[Ln ${Math.floor(d.offset / 16) + 1}, Col ${(d.offset % 16) + 1}]`;
      if (!text.includes(position)) fail(`the ${d.code} row "${text}" does not show ${position}`);
      ctx.log(`Problems row: ${text}`);
      await L(row.locator('a', { hasText: d.code }).first()).click();
      const want = Array.from({ length: Math.max(1, d.length) }, (_, i) => d.offset + i);
      let got: number[] = [];
      for (let i = 0; i < 50 && got.join() !== want.join(); i++) {
        got = await hexBytesWith(wv, 's');
        await sleep(100);
      }
      if (got.join() !== want.join()) fail(`hex selection after clicking ${d.code}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      await ctx.screenshot('problems-panel-reveal');
      // leave the workbench as the next tests expect it: no panel taking the editor's height
      await runCommand(ctx.page, 'View: Hide Panel');
      await runCommand(ctx.page, 'View: Close All Editors');
    },
  },
];
