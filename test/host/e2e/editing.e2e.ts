/**
 * Editing in the real VS Code (issue 28): Kuribo's Walk.bck (from Kuribo.arc, extracted loose into the
 * e2e folder: the host keeps archive entries read-only until the archive writer saves them) opens
 * editable; a key's value typed in the structure tree changes the file the page shows (tree, curves,
 * the editor tab dirty); Ctrl+Z restores it, Ctrl+Y redoes it, Ctrl+S writes it; reopened, it is there.
 */
import * as fs from 'fs';
import * as path from 'path';
import { decode } from '../../../src/formats/index';
import type { FrameLocator } from '../playwright';
import { closeAll, fail, L, openRendered, sleep } from './editor-ui.e2e';
import { E2EContext, E2ETest } from '../workbench';

/** A name no other e2e module's Quick Open can match. */
const NAME = 'EditWalk-Kuribo.bck';
/**
 * Walk.bck's joint 2 rotation.z, key 1 (frame 9): its value is ANK1/rotationBank[7], the s16 at 0x1EE
 * (the bank at 0x1E0 + 7 × 2) holding 8470 = 93.054° (× 180 / 16384, rotation fraction 1).
 */
const FIELD = 'ANK1/rotationBank[7]';
const OFFSET = 0x1ee;
const BEFORE = 8470;
const AFTER = 9000;

const s16At = (file: string, offset: number): number => {
  const b = fs.readFileSync(file);
  return b.readInt16BE(offset);
};

/** The value the tree shows for rotationBank[7] (the page's own reveal selects its row). */
async function treeValue(wv: FrameLocator): Promise<string> {
  return L(wv.locator('body')).evaluate((_b, path) => {
    const view = (window as unknown as { animscopeApp: { panel(id: string): { view: { reveal(p: string): unknown } } } }).animscopeApp.panel('structure').view;
    view.reveal(path);
    return (document.querySelector('.structure-row.selected .col-value')?.textContent ?? '').trim();
  }, FIELD) as Promise<string>;
}

async function waitTreeValue(wv: FrameLocator, want: string, what: string): Promise<void> {
  let got = '';
  for (let i = 0; i < 80; i++) {
    got = await treeValue(wv).catch((e: Error) => `(${e.message.split('\n')[0]})`);
    if (got === want) return;
    await sleep(250);
  }
  fail(`${what}: the tree shows ${got} for ${FIELD}, expected ${want}`);
}

async function dirty(ctx: E2EContext): Promise<boolean> {
  return ctx.page.locator('.tabs-container .tab.active.dirty').first().isVisible().catch(() => false);
}

export const tests: E2ETest[] = [
  {
    name: 'editing: a key value typed in the tree of Walk.bck changes the page; Ctrl+Z, Ctrl+Y, Ctrl+S; reopened, the value is there',
    samples: [{ from: 'archives/Kuribo.arc/Kuribo/Walk.bck', as: NAME }],
    async run(ctx) {
      const file = path.join(ctx.folder, NAME);
      if (s16At(file, OFFSET) !== BEFORE) fail(`${NAME} holds ${s16At(file, OFFSET)} at 0x1EE before the test, expected ${BEFORE}`);
      await closeAll(ctx);
      let wv = await openRendered(ctx, NAME);
      await wv.locator('.structure-grid[aria-readonly="false"]').waitFor({ timeout: 20000 });
      ctx.log(`${NAME}: editable`);
      await waitTreeValue(wv, String(BEFORE), 'opened');
      await L(wv.locator('.structure-row.selected .col-value')).dblclick();
      const input = L(wv.locator('input.structure-edit-input'));
      await input.waitFor({ timeout: 5000 });
      await input.fill(String(AFTER));
      await input.press('Enter');
      await waitTreeValue(wv, String(AFTER), 'after the edit');
      ctx.log(`${NAME}: edited`);
      if (!(await dirty(ctx))) fail('the editor tab is not dirty after the edit');
      ctx.log(`screenshot ${await ctx.screenshot('editing-edited')}`);
      // the file on disk is unchanged until saved
      if (s16At(file, OFFSET) !== BEFORE) fail('the file changed on disk before Save');

      // undo / redo: VS Code's own, from the page (a non-input element has the focus)
      await L(wv.locator('.structure-row:not(.structure-header) .col-offset').first()).click();
      await ctx.page.keyboard.press('Control+Z');
      await waitTreeValue(wv, String(BEFORE), 'after Ctrl+Z');
      await ctx.page.keyboard.press('Control+Y');
      await waitTreeValue(wv, String(AFTER), 'after Ctrl+Y');
      await ctx.page.keyboard.press('Control+S');
      for (let i = 0; i < 40 && s16At(file, OFFSET) !== AFTER; i++) await sleep(250);
      if (s16At(file, OFFSET) !== AFTER) fail(`after Ctrl+S the file holds ${s16At(file, OFFSET)} at 0x1EE, expected ${AFTER}`);
      if (await dirty(ctx)) fail('the editor tab is still dirty after Save');
      // the saved file decodes with the new key value and nothing else changed in its layout (a field edit is in place)
      const saved = decode(new Uint8Array(fs.readFileSync(file)), NAME);
      if (saved.diagnostics.some((d) => d.severity === 'error')) fail(`the saved file decodes with errors: ${saved.diagnostics.map((d) => d.code).join(', ')}`);

      await closeAll(ctx);
      wv = await openRendered(ctx, NAME);
      await waitTreeValue(wv, String(AFTER), 'reopened');
      ctx.log(`${NAME}: ${FIELD} edited ${BEFORE} → ${AFTER}, undone, redone, saved and reopened`);
      await closeAll(ctx);
    },
  },
];
