/**
 * Playwright checks through the real workbench UI, as a new user would: right-click TripodBossCore.arc
 * in the Explorer → "AnimScope: Browse Archive" → "Show in the Archive view" → expand → click Wait.btk →
 * the AnimScope editor renders it. Then the archive overview (the default editor of .arc): its entries
 * table, a click on an animation's name, screenshots in the light and the dark theme.
 */
import type { FrameLocator, Locator, Page } from '../playwright';
import {
  DARK, E2EContext, E2ETest, exactLabel, LIGHT, quickOpen, runCommand, setTheme, webviewContent,
} from '../workbench';

const ARCHIVE = 'archives/TripodBossCore.arc';

/** The parts of Playwright's Locator this file needs beyond the structural type in playwright.ts. */
type RichLocator = Locator & {
  click(options?: { button?: 'left' | 'right'; timeout?: number }): Promise<void>;
  focus(options?: { timeout?: number }): Promise<void>;
  hover(options?: { timeout?: number }): Promise<void>;
};
const rich = (l: Locator): RichLocator => l as RichLocator;

async function waitForWebview(page: Page, ms: number): Promise<void> {
  await page.locator('iframe.webview.ready:visible').first().waitFor({ timeout: ms });
}

/** Right-click a file in the Explorer and pick a context-menu entry (retries while the extension registers its menus). */
async function explorerContextMenu(ctx: E2EContext, file: string, entry: string, timeoutMs = 60000): Promise<void> {
  const { page } = ctx;
  const deadline = Date.now() + timeoutMs;
  await runCommand(page, 'View: Show Explorer');
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: exactLabel(file) }).first();
  for (let attempt = 1; ; attempt++) {
    await row.waitFor({ timeout: 15000 });
    await rich(row).click({ button: 'right' });
    // the context menu lives in a shadow root: find its item by ARIA role (role locators pierce it)
    const item = page.locator(`role=menuitem[name="${entry}"]`).first();
    if (await item.waitFor({ timeout: 5000 }).then(() => true, () => false)) {
      // hovering focuses the item; Enter runs it (a synthetic click can be swallowed right after the menu opened)
      await rich(item).hover();
      await page.waitForTimeout(200);
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Escape');
    if (Date.now() > deadline) throw new Error(`"${entry}" is not in the Explorer context menu of ${file}`);
    ctx.log(`context menu of ${file} has no "${entry}" yet (attempt ${attempt})`);
    await page.waitForTimeout(1000);
  }
}

/** Expands or collapses an Explorer pane by its header (no-op when it is already so). */
async function setPaneExpanded(page: Page, header: Locator, expanded: boolean): Promise<void> {
  if (!(await header.waitFor({ timeout: 5000 }).then(() => true, () => false))) return;
  if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click();
  await page.waitForTimeout(200);
}

/** The Archive view's pane in the Explorer. */
function archivePane(page: Page) {
  return page.locator('.pane:has(.pane-header:has-text("Archive"))');
}

async function clickTreeRow(page: Page, label: string, { double = false } = {}): Promise<void> {
  // the row's text is the label followed by its description (a size): match the label as a whole word at the start
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const row = archivePane(page).locator('.monaco-list-row', { hasText: new RegExp(`^\\s*${escaped}(?![A-Za-z_.])`) }).first();
  await row.waitFor({ timeout: 15000 });
  if (double) await row.dblclick();
  else await row.click();
}

async function expectAnimationEditor(page: Page, name: string): Promise<FrameLocator> {
  await waitForWebview(page, 30000);
  const wv = webviewContent(page);
  await wv.locator('h1.as-title', { hasText: name }).waitFor({ timeout: 30000 });
  return wv;
}

export const tests: E2ETest[] = [
  {
    name: 'right-click TripodBossCore.arc → AnimScope: Browse Archive → Archive view → Wait.btk renders in the AnimScope editor',
    samples: [{ from: ARCHIVE }],
    async run(ctx) {
      const { page } = ctx;
      await explorerContextMenu(ctx, 'TripodBossCore.arc', 'AnimScope: Browse Archive');
      // first use: the quick pick asks how (and remembers the answer)
      const option = page.locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name', { hasText: /Show in the Archive view/ }).first();
      await option.waitFor({ timeout: 15000 });
      await option.click();
      await archivePane(page).locator('.monaco-list-row', { hasText: 'TripodBossCore.arc' }).first().waitFor({ timeout: 15000 });
      ctx.log('the Archive view shows TripodBossCore.arc');
      // give the Archive view the Explorer's height (its list renders only the rows in view): collapse the folder pane
      await setPaneExpanded(page, page.locator('.explorer-viewlet .pane > .pane-header').first(), false);
      await clickTreeRow(page, 'TripodBossCore');
      await clickTreeRow(page, 'Wait.btk');
      const wv = await expectAnimationEditor(page, 'Wait.btk');
      const size = (await wv.locator('.as-fact:has(dt:text-is("Size")) > dd').textContent({ timeout: 5000 }))?.trim();
      if (size !== '320 bytes') throw new Error(`Size fact: got "${size}", expected "320 bytes"`);
      ctx.log(`Wait.btk from inside the archive: the AnimScope editor shows "${size}"`);
      ctx.log(`screenshot ${await ctx.screenshot('archive-view-wait-btk-light')}`);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      // leave the Explorer as we found it: the folder pane open, the Archive view collapsed
      await setPaneExpanded(page, page.locator('.pane:has(.pane-header:has-text("Archive")) > .pane-header').first(), false);
      await setPaneExpanded(page, page.locator('.explorer-viewlet .pane > .pane-header').first(), true);
    },
  },
  {
    name: 'the archive overview lists the entries (light + dark screenshots); clicking Wait.btk opens it in AnimScope',
    samples: [{ from: ARCHIVE }],
    async run(ctx) {
      const { page } = ctx;
      await quickOpen(page, 'TripodBossCore.arc');
      await waitForWebview(page, 30000);
      let wv = webviewContent(page);
      await wv.locator('h1.as-title', { hasText: 'TripodBossCore.arc' }).waitFor({ timeout: 30000 });
      const rows = wv.locator('.ar-body .ar-row:not([hidden])');
      await rows.first().waitFor({ timeout: 10000 });
      const count = await rows.count();
      if (count !== 10) throw new Error(`the entries table shows ${count} rows, expected 10`);
      const btkRow = wv.locator('.ar-body .ar-row:has(.ar-name:text-is("Wait.btk"))');
      const offset = (await btkRow.locator('.ar-offset').textContent())?.trim();
      if (offset !== '0x00062B40') throw new Error(`Wait.btk data offset: got "${offset}", expected 0x00062B40`);
      const format = (await btkRow.locator('.ar-format').textContent())?.trim();
      if (format !== 'BTK') throw new Error(`Wait.btk format: got "${format}"`);
      await wv.locator('.as-diagnostics summary', { hasText: '1 diagnostic' }).waitFor({ timeout: 5000 });
      // keyboard: focus the table, move down, the selection follows
      await rich(wv.locator('.ar-body')).focus();
      await page.keyboard.press('ArrowDown');
      await wv.locator('.ar-body .ar-row.ar-selected').waitFor({ timeout: 5000 });
      ctx.log(`overview: ${count} rows, Wait.btk at ${offset} (${format})`);
      await (page as Page & { mouse: { move(x: number, y: number): Promise<void> } }).mouse.move(900, 600); // no hover over the title
      ctx.log(`screenshot ${await ctx.screenshot('archive-overview-light')}`);
      await setTheme(page, DARK);
      ctx.log(`screenshot ${await ctx.screenshot('archive-overview-dark')}`);
      await setTheme(page, LIGHT);
      wv = webviewContent(page);
      await wv.locator('.ar-body .ar-name.ar-link', { hasText: exactLabel('Wait.btk') }).click();
      await expectAnimationEditor(page, 'Wait.btk');
      ctx.log('clicking Wait.btk in the overview opened the AnimScope editor');
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      // the archive's Wait.btk would otherwise head Quick Open's "recently opened" for the other tests
      await runCommand(page, 'Clear Editor History').catch(() => undefined);
      const confirm = page.locator('.monaco-dialog-box .dialog-buttons .monaco-button', { hasText: exactLabel('Clear') }).first();
      if (await confirm.waitFor({ timeout: 5000 }).then(() => true, () => false)) await confirm.click();
    },
  },
];
