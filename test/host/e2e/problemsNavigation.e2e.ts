/**
 * Every way of activating a Problems entry selects the offending bytes in AnimScope, as a user does it in
 * the real workbench: click the message (file's tab active), double-click it and press Enter on it and
 * click its code link (another tab active: the file's editor is hidden, its page gone), and F8 in the
 * AnimScope editor. The file is the issue's: a BCK cut to 300 bytes.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { decode } from '../../../src/formats/index';
import type { Diagnostic } from '../../../src/formats/binary/diagnostics';
import type { FrameLocator, Locator, Page } from '../playwright';
import { E2EContext, E2ETest, runCommand, SAMPLES_DIR, webviewContent } from '../workbench';
import { closeAll, fail, hexBytesWith, L, openRendered, sleep } from './editor-ui.e2e';

const FIXTURES = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-e2e-problems-nav-'));
const CUT = 'problems-cut300.bck';
const OTHER = 'problems-other.btk';
const bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'j3d/smg/TripodBossCore/2ndDemo.bck'))).slice(0, 300);
fs.writeFileSync(path.join(FIXTURES, CUT), bytes);
const fixture = (name: string): string => path.relative(SAMPLES_DIR, path.join(FIXTURES, name));

// 2ndDemo.bck declares 0x1E0 bytes at 0x08 and its ANK1 chunk 0x1C0 bytes at 0x24: cut to 300 bytes, both are wrong
const diagnostics = decode(bytes, CUT).diagnostics;
const entry = (code: string): Diagnostic => diagnostics.find((d) => d.code === code) ?? fail(`no ${code} for the cut file`);
const FILE_SIZE = entry('J3D_FILE_SIZE');
const CHUNK_SIZE = entry('J3D_CHUNK_SIZE');

const bytesOf = (d: Diagnostic): number[] => Array.from({ length: Math.max(1, d.length) }, (_, i) => d.offset + i);

async function showProblems(page: Page): Promise<void> {
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel').first().waitFor({ timeout: 15000 });
}

function problemRow(page: Page, d: Diagnostic): Locator {
  return page.locator('.markers-panel .monaco-list-row', { hasText: d.code }).first();
}

/** Waits until the hex view of the active AnimScope editor selects exactly `d`'s bytes, and a structure row (the field) is selected. */
async function expectSelected(ctx: E2EContext, d: Diagnostic, how: string): Promise<FrameLocator> {
  const wv = webviewContent(ctx.page);
  const want = bytesOf(d);
  let got: number[] = [];
  for (let i = 0; i < 100 && got.join() !== want.join(); i++) {
    got = await hexBytesWith(wv, 's').catch(() => []);
    if (got.join() !== want.join()) await sleep(100);
  }
  if (got.join() !== want.join()) fail(`${how}: hex selection ${JSON.stringify(got)}, expected ${d.code}'s ${JSON.stringify(want)}`);
  const field = wv.locator('.structure-body .structure-row[aria-selected="true"]').first();
  await field.waitFor({ timeout: 5000 }).catch(() => fail(`${how}: no field selected in the structure tree`));
  // the stand-in text editor the entry opened is gone: the tabs are the two files at most
  const tabs = await ctx.page.locator('.tabs-container .tab').count();
  if (tabs > 2) fail(`${how}: ${tabs} tabs open, expected the two files (a stand-in text tab was left)`);
  ctx.log(`${how}: ${d.code} bytes ${want[0]}…${want[want.length - 1]} selected, field "${(await field.innerText()).split('\n')[0]}"`);
  return wv;
}

/** Another file's tab comes forward: the cut file's editor is hidden (its page is gone until shown). */
async function otherTabActive(ctx: E2EContext): Promise<void> {
  await openRendered(ctx, OTHER);
  await showProblems(ctx.page);
}

export const tests: E2ETest[] = [
  {
    name: 'Problems panel: click, double-click, Enter and the code link on an entry, and F8, each select its bytes and field in AnimScope',
    samples: [{ from: fixture(CUT) }, { from: 'j3d/smg/TripodBossCore/Wait.btk', as: OTHER }],
    async run(ctx) {
      const { page } = ctx;
      await openRendered(ctx, CUT);
      await showProblems(page);
      await problemRow(page, CHUNK_SIZE).waitFor({ timeout: 15000 }).catch(() => fail(`no ${CHUNK_SIZE.code} row in the Problems panel`));
      const resourceRow = page.locator('.markers-panel .monaco-list-row', { hasText: CUT }).first();
      const resourceText = (await resourceRow.innerText()).replace(/\s+/g, ' ');
      ctx.log(`Problems resource row: ${resourceText}`);
      // the stand-in resource reads as the file and its folder (problemsUri.ts, package.json resourceLabelFormatters)
      if (!resourceText.startsWith(`${CUT} (AnimScope)`) || !resourceText.includes(ctx.folder.replace(/^\//, ''))) {
        fail(`the Problems resource row reads "${resourceText}", not the file and its folder ${ctx.folder}`);
      }
      await ctx.screenshot('problems-navigation-panel');

      // 1. click the message, the file's tab active
      await L(problemRow(page, CHUNK_SIZE).locator('.marker-message-line, .marker-message').first()).click();
      await expectSelected(ctx, CHUNK_SIZE, 'click (file active)');

      // 2. double-click the message, another tab active
      await otherTabActive(ctx);
      await L(problemRow(page, FILE_SIZE).locator('.marker-message-line, .marker-message').first()).dblclick();
      await expectSelected(ctx, FILE_SIZE, 'double-click (other tab active)');

      // 3. Enter on the entry, another tab active (keyboard only: focus moves down the list to the entry)
      await otherTabActive(ctx);
      // (Ctrl+Shift+M left the focus in the Problems list)
      for (let i = 0; i < 20; i++) {
        const focused = page.locator('.markers-panel .monaco-list-row.focused').first();
        if ((await focused.innerText().catch(() => '')).includes(CHUNK_SIZE.code)) break;
        await page.keyboard.press('ArrowDown');
        await sleep(100);
      }
      if (!(await page.locator('.markers-panel .monaco-list-row.focused').first().innerText()).includes(CHUNK_SIZE.code)) fail(`the keyboard did not reach the ${CHUNK_SIZE.code} row`);
      await page.keyboard.press('Enter');
      await expectSelected(ctx, CHUNK_SIZE, 'Enter (other tab active)');

      // 4. the code link, another tab active
      await otherTabActive(ctx);
      await L(problemRow(page, FILE_SIZE).locator('a', { hasText: FILE_SIZE.code }).first()).click();
      const wv = await expectSelected(ctx, FILE_SIZE, 'code link (other tab active)');

      // 5. F8 in the AnimScope editor: the next entry after the selected bytes (0x08 → 0x24)
      await L(wv.locator('h1.as-title')).click();
      await page.keyboard.press('F8');
      await expectSelected(ctx, CHUNK_SIZE, 'F8 in AnimScope');
      await ctx.screenshot('problems-navigation-f8');

      await runCommand(page, 'View: Hide Panel');
      await closeAll(ctx);
    },
  },
];
