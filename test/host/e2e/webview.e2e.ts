/**
 * Playwright checks through the real workbench UI: Quick Open a sample, see the custom editor's webview render
 * it, in the light and the dark theme (screenshots in test-artifacts/host/).
 */
import * as fs from 'fs';
import * as path from 'path';
import { grouped } from '../../../src/formats/binary/text';
import { decode } from '../../../src/formats/index';
import { DARK, E2EContext, E2ETest, LIGHT, openInCustomEditor, runCommand, setTheme } from '../workbench';

function expected(ctx: E2EContext, name: string): { sizeText: string; format: string } {
  const decoded = decode(new Uint8Array(fs.readFileSync(path.join(ctx.folder, name))), name);
  return { sizeText: `${grouped(decoded.bytes.length)} bytes`, format: decoded.format };
}

async function openAndCheck(ctx: E2EContext, name: string, options: { editorName?: string; reopenWith?: boolean } = {}): Promise<void> {
  const want = expected(ctx, name);
  const wv = await openInCustomEditor(ctx.page, name, { ...options, log: ctx.log });
  // the file name is the first thing rendered from the host's `load`: wait for it, then compare
  await wv.locator('h1.as-title', { hasText: name }).waitFor({ timeout: 30000 });
  const size = (await wv.locator('.as-fact:has(dt:text-is("Size")) > dd').textContent({ timeout: 5000 }))?.trim();
  if (size !== want.sizeText) throw new Error(`Size fact: got "${size}", expected "${want.sizeText}"`);
  const format = (await wv.locator('.as-format-badge').first().textContent({ timeout: 5000 }))?.trim();
  if (format !== want.format.toUpperCase()) throw new Error(`format badge: got "${format}", expected "${want.format.toUpperCase()}"`);
  ctx.log(`${name}: webview shows "${size}", format ${format}`);
}

async function closeAll(ctx: E2EContext): Promise<void> {
  await runCommand(ctx.page, 'View: Close All Editors').catch(() => undefined);
}

export const tests: E2ETest[] = [
  {
    name: 'Wait.btk opens from Quick Open in the custom editor and shows its byte length (light + dark screenshots)',
    samples: [{ from: 'j3d/smg/TripodBossCore/Wait.btk' }],
    async run(ctx) {
      const name = ctx.copySample('j3d/smg/TripodBossCore/Wait.btk');
      await openAndCheck(ctx, name);
      ctx.log(`screenshot ${await ctx.screenshot('btk-light')}`);
      await setTheme(ctx.page, DARK);
      ctx.log(`screenshot ${await ctx.screenshot('btk-dark')}`);
      await setTheme(ctx.page, LIGHT);
      await closeAll(ctx);
    },
  },
  {
    name: 'motion.bin opens by default and shows its byte length',
    samples: [{ from: 'motn/motion.bin' }],
    async run(ctx) {
      const name = ctx.copySample('motn/motion.bin');
      await openAndCheck(ctx, name);
      ctx.log(`screenshot ${await ctx.screenshot('motn-light')}`);
      await closeAll(ctx);
    },
  },
  {
    name: 'a file with another name opens through "Reopen Editor With…" → AnimScope Animation (any file)',
    samples: [{ from: 'j3d/smg/TripodBossCore/2ndDemo.bck', as: 'renamed-animation.dat' }],
    async run(ctx) {
      const name = ctx.copySample('j3d/smg/TripodBossCore/2ndDemo.bck', 'renamed-animation.dat');
      await openAndCheck(ctx, name, { editorName: 'AnimScope Animation (any file)', reopenWith: true });
      ctx.log(`screenshot ${await ctx.screenshot('reopen-with-light')}`);
      await closeAll(ctx);
    },
  },
];
