/**
 * The editor in VS Code's default window, 1280×720 with the Explorer open, and at 1920×1080: Kuribo's
 * Walk.bck beside its model with "Also play" open. Every pane must stay usable: the 3D view on screen
 * while choosing animations, no label cut without a tooltip, the model caption off the model.
 * Screenshots of the whole window in light, dark and high contrast (test-artifacts/host/layout-*-window.png),
 * and of the editor part in light and dark, checked against docs/screenshots/layout-<size>-<theme>.png.
 */
import * as fs from 'fs';
import * as path from 'path';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { layoutComplaints, probeLayout } from '../../browser/layoutProbe';
import type { FrameLocator } from '../playwright';
import { closeAll, fail, L, openRendered, PPage, scrubTo, sleep } from './editor-ui.e2e';
import { shoot } from './screenshots.e2e';
import { DARK, E2ETest, HIGH_CONTRAST, LIGHT, runCommand, SAMPLES_DIR, setTheme, ThemeName } from '../workbench';

type Sized = PPage & { setViewportSize(size: { width: number; height: number }): Promise<void> };

/** A folder and names of its own: Quick Open in the other e2e modules must never find these files. */
const FOLDER = 'LayoutGoomba';
const ANIM = 'GoombaWalk.bck';
const FILES: [inner: string, as: string][] = [
  ['Kuribo/Kuribo.bdl', 'LayoutGoomba.bdl'],
  ['Kuribo/Walk.bck', ANIM],
  ['Kuribo/Blink.btp', 'Blink.btp'],
  ['Kuribo/Blink2.btp', 'Blink2.btp'],
  ['Kuribo/Close.btp', 'Close.btp'],
  ['Kuribo/Hit.btp', 'Hit.btp'],
  ['Kuribo/Normal.brk', 'Normal.brk'],
  ['Kuribo/ActorInfo/InitActor.bcsv', 'ActorInfo/InitActor.bcsv'],
];

function extractAll(folder: string): void {
  const arc = new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'archives', 'Kuribo.arc')));
  for (const [inner, as] of FILES) {
    const target = path.join(folder, FOLDER, as);
    if (fs.existsSync(target)) continue;
    const bytes = resolveInArchive(arc, inner, new DiagnosticSink());
    if (!bytes) throw new Error(`${inner} is not in Kuribo.arc`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
}

export const SIZES = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];
const THEMES: [ThemeName, string][] = [[LIGHT, 'light'], [DARK, 'dark'], [HIGH_CONTRAST, 'hc']];

export const tests: E2ETest[] = [
  {
    name: 'layout: Walk.bck beside its model with Also play open, 1280×720 with the Explorer and 1920×1080: every pane usable',
    async run(ctx) {
      extractAll(ctx.folder);
      const page = ctx.page as Sized;
      await closeAll(ctx);
      const disagree: string[] = [];
      try {
        await runCommand(page, 'View: Show Explorer');
        let wv: FrameLocator | undefined;
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await sleep(500);
          wv ??= await openRendered(ctx, ANIM);
          await wv.locator('.as-modelpanel canvas.as-model-canvas').waitFor({ timeout: 30000 });
          const summary = L(wv.locator('.as-along-summary'));
          if (!(await L(wv.locator('details.as-along')).evaluate((d) => (d as HTMLDetailsElement).open))) await summary.click();
          await scrubTo(wv, 20);
          await sleep(300); // the panes settle after the resize
          const probe = await L(wv.locator('body')).evaluate(probeLayout);
          ctx.log(`${size.width}×${size.height}: the webview is ${probe.viewport.width}×${probe.viewport.height}`);
          const complaints = layoutComplaints(probe);
          if (complaints.length) fail(`${size.width}×${size.height}: ${complaints.join('; ')}`);
          for (const [theme, key] of THEMES) {
            await setTheme(page, theme);
            await sleep(400);
            const name = `layout-${size.width}x${size.height}-${key}`;
            if (theme !== HIGH_CONTRAST) await shoot(ctx, wv, name).catch((e: Error) => disagree.push(e.message));
            ctx.log(`screenshot ${await ctx.screenshot(`${name}-window`)}`);
          }
          await setTheme(page, LIGHT);
        }
      } finally {
        await setTheme(page, LIGHT).catch(() => undefined);
        await page.setViewportSize({ width: 1280, height: 800 });
        await closeAll(ctx);
      }
      if (disagree.length) fail(disagree.join('\n    '));
    },
  },
];
