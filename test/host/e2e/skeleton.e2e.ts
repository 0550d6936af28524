/**
 * Playwright through the real workbench: 2ndDemo.bck next to TripodBossCore.bdl (extracted from the
 * shared TripodBossCore.arc into a TripodBossCore/ folder, the game's layout) opens with named joints;
 * its 3D view losing the WebGL context gives way to a skeleton canvas that moves with the scrubber (canvas pixels at two frames differ) and with
 * the keyboard (zoom); light and dark screenshots (test-artifacts/host/skeleton-*.png; the dark one checked against docs/screenshots/).
 */
import * as fs from 'fs';
import * as path from 'path';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import type { Locator } from '../playwright';
import { checkScreenshot } from '../screenshotCheck';
import { groupLabels } from './editor-ui.e2e';
import { DARK, E2EContext, E2ETest, LIGHT, openInCustomEditor, runCommand, SAMPLES_DIR, setTheme } from '../workbench';

function extract(ctx: E2EContext, inner: string): void {
  const target = path.join(ctx.folder, inner);
  if (fs.existsSync(target)) return;
  const bytes = resolveInArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'archives', 'TripodBossCore.arc'))), inner, new DiagnosticSink());
  if (!bytes) throw new Error(`${inner} is not in TripodBossCore.arc`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
}

/** Canvas pixels (RGBA) → a compact signature kept in the page; returns how many pixels differ from the previous one. */
async function snapshot(canvas: Locator, key: string): Promise<{ differing: number; total: number; inked: number }> {
  const result = await (canvas as unknown as { evaluate<R>(fn: (c: HTMLCanvasElement, k: string) => R, arg: string): Promise<R> })
    .evaluate((c: HTMLCanvasElement, k: string) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const store = window as unknown as Record<string, Uint8ClampedArray | undefined>;
      const before = store['__as_snap_' + k];
      let differing = 0;
      if (before && before.length === data.length) {
        for (let i = 0; i < data.length; i += 4) {
          if (before[i] !== data[i] || before[i + 1] !== data[i + 1] || before[i + 2] !== data[i + 2]) differing++;
        }
      }
      // pixels that are not the background (the top-left pixel)
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) inked++;
      store['__as_snap_' + k] = new Uint8ClampedArray(data);
      return { differing, total: data.length / 4, inked };
    }, key);
  return result;
}

async function setFrame(scrubber: Locator, frame: number): Promise<void> {
  await (scrubber as unknown as { evaluate(fn: (e: HTMLInputElement, f: number) => void, arg: number): Promise<void> })
    .evaluate((e: HTMLInputElement, f: number) => {
      e.value = String(f);
      e.dispatchEvent(new Event('input', { bubbles: true }));
    }, frame);
}

export const tests: E2ETest[] = [
  {
    name: 'TripodBossCore/2ndDemo.bck beside its model: named joints and a skeleton that moves with the scrubber (light + dark)',
    async run(ctx) {
      extract(ctx, 'TripodBossCore/TripodBossCore.bdl');
      extract(ctx, 'TripodBossCore/2ndDemo.bck');
      // start from a clean editor area (an earlier test may have left editors or a split open)
      await runCommand(ctx.page, 'View: Close All Editors').catch(() => undefined);
      await runCommand(ctx.page, 'View: Close All Editor Groups').catch(() => undefined);
      const wv = await openInCustomEditor(ctx.page, 'TripodBossCore/2ndDemo.bck', { log: ctx.log });
      await wv.locator('h1.as-title', { hasText: '2ndDemo.bck' }).waitFor({ timeout: 30000 });
      const model = (await wv.locator('.as-bound-name').textContent({ timeout: 15000 }))?.trim();
      if (model !== 'TripodBossCore.bdl') throw new Error(`header model: got "${model}", expected TripodBossCore.bdl`);
      const labels = await groupLabels(wv);
      const want = ['Joint 0 · TriPodBossCore', 'Joint 1 · CoreLight', 'Joint 2 · HeadLightCone', 'Joint 3 · HeadLight', 'Joint 4 · MetalBody1'];
      if (JSON.stringify(labels.map((l) => l.trim())) !== JSON.stringify(want)) throw new Error(`group picker labels: ${JSON.stringify(labels)}`);
      ctx.log(`picker: ${labels.join(' | ')}`);

      // The 3D view draws the model (model.e2e.ts); when it cannot (here: its WebGL context lost), the skeleton stands in.
      const modelCanvas = wv.locator('.as-modelpanel canvas.as-model-canvas');
      await modelCanvas.waitFor({ timeout: 30000 });
      await (modelCanvas as unknown as { evaluate(fn: (c: HTMLCanvasElement) => void): Promise<void> })
        .evaluate((c: HTMLCanvasElement) => c.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext());
      const message = (await wv.locator('.as-modelpanel-message').textContent({ timeout: 15000 }))?.trim() ?? '';
      if (!/lost its WebGL context.*skeleton/.test(message)) throw new Error(`fallback message: ${message}`);
      const canvas = wv.locator('canvas.as-skeleton-canvas');
      await canvas.waitFor({ timeout: 15000 });
      const aria = await canvas.getAttribute('aria-label');
      if (!aria || !/5 joints, 4 bones/.test(aria)) throw new Error(`skeleton aria-label: ${aria}`);
      const scrubber = wv.locator('.as-player input[type="range"]');

      await setFrame(scrubber, 0);
      await ctx.page.waitForTimeout(200);
      const first = await snapshot(canvas, 'frames');
      if (first.inked < 500) throw new Error(`the skeleton canvas looks empty (${first.inked} drawn pixels)`);
      await setFrame(scrubber, 45);
      await ctx.page.waitForTimeout(200);
      const second = await snapshot(canvas, 'frames');
      ctx.log(`canvas ${first.total} px: ${first.inked} drawn at frame 0; ${second.differing} differ at frame 45`);
      if (second.differing < 50) throw new Error(`the skeleton did not move between frames 0 and 45 (${second.differing} pixels differ)`);
      const caption = (await wv.locator('.as-skeleton-caption').textContent())?.trim();
      if (!caption?.endsWith('frame 45')) throw new Error(`skeleton caption: ${caption}`);
      ctx.log(`screenshot ${await ctx.screenshot('skeleton-light')}`);

      // keyboard: focus the canvas and zoom in; 0 resets
      await canvas.click();
      await snapshot(canvas, 'keys');
      await ctx.page.keyboard.press('+');
      await ctx.page.keyboard.press('+');
      await ctx.page.waitForTimeout(200);
      const zoomed = await snapshot(canvas, 'keys');
      if (zoomed.differing < 50) throw new Error(`"+" did not zoom the skeleton view (${zoomed.differing} pixels differ)`);
      await ctx.page.keyboard.press('0');

      await setTheme(ctx.page, DARK);
      await ctx.page.waitForTimeout(300);
      // the window, checked against docs/screenshots/skeleton-dark.png (the light one is an artifact only)
      await checkScreenshot(ctx, 'skeleton-dark', { webview: wv }).finally(() => setTheme(ctx.page, LIGHT));
      await runCommand(ctx.page, 'View: Close All Editors').catch(() => undefined);
    },
  },
];
