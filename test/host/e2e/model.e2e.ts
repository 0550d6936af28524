/**
 * Playwright through the real workbench, the 3D model view (WebGL2 in the webview: SwiftShader in
 * Debian chromium). Kuribo's files extracted from the shared Kuribo.arc in the game's layout
 * (Kuribo/ with Kuribo.bdl, its animations and an ActorInfo folder):
 *  - Kuribo.bdl: the canvas draws the textured Goomba (warm texture colours over most of the
 *    model), the gallery lists its 5 textures;
 *  - Walk.bck: the Goomba in the side pane, moving between two frames; "Also play" Blink.btp
 *    changes the eyes between two moments where Blink's texture number differs;
 *  - light and dark screenshots of the Goomba walking (test-artifacts/host/model-walk-*.png),
 *    checked against docs/screenshots/ (ANIMSCOPE_UPDATE_SCREENSHOTS=1 writes them there).
 */
import * as fs from 'fs';
import * as path from 'path';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import type { FrameLocator } from '../playwright';
import { closeAll, fail, L, PPage, scrubTo, sleep } from './editor-ui.e2e';
import { shoot } from './screenshots.e2e';
import { DARK, E2EContext, E2ETest, LIGHT, openInCustomEditor, runCommand, SAMPLES_DIR, setTheme } from '../workbench';

/* eslint-disable @typescript-eslint/no-explicit-any */
type W = any;

function extract(ctx: E2EContext, inner: string): void {
  const target = path.join(ctx.folder, inner);
  if (fs.existsSync(target)) return;
  const bytes = resolveInArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'archives', 'Kuribo.arc'))), inner, new DiagnosticSink());
  if (!bytes) throw new Error(`${inner} is not in Kuribo.arc`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
}

async function open(ctx: E2EContext, file: string): Promise<FrameLocator> {
  const wv = await openInCustomEditor(ctx.page, file, { log: ctx.log });
  await wv.locator('h1.as-title', { hasText: path.basename(file) }).waitFor({ timeout: 30000 });
  await wv.locator('.as-modelpanel canvas.as-model-canvas').waitFor({ timeout: 30000 });
  return wv;
}

interface Seen { inked: number; total: number; warm: number; colours: number; differing?: number }

/**
 * The model view drawn now and read back in the webview (its own readPixels), kept under `key`;
 * `against`: how many pixels differ from that earlier snap.
 */
function snap(wv: FrameLocator, key: string, against?: string): Promise<Seen> {
  return L(wv.locator('.as-modelpanel canvas.as-model-canvas')).evaluate((_c: HTMLElement, [k, other]: (string | undefined)[]) => {
    const w = window as W;
    const p = w.animscopeApp.panel('model').view.readPixels();
    const d = p.data as Uint8Array;
    w.__asShots ??= {};
    w.__asShots[k!] = d;
    let inked = 0, warm = 0, differing = 0;
    const colours = new Set<number>();
    const before = other ? w.__asShots[other] as Uint8Array : undefined;
    for (let i = 0; i < d.length; i += 4) {
      if (before && before.length === d.length && Math.abs(before[i] - d[i]) + Math.abs(before[i + 1] - d[i + 1]) + Math.abs(before[i + 2] - d[i + 2]) > 6) differing++;
      if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) <= 6) continue;
      inked++;
      if (d[i] > d[i + 1] + 20 && d[i + 1] >= d[i + 2]) warm++;
      colours.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3));
    }
    return { inked, total: d.length / 4, warm, colours: colours.size, ...(before ? { differing } : {}) };
  }, [key, against]);
}

/** Walk.bck and everything ticked in "Also play" at the player's frame (they play in lockstep). */
async function moment(wv: FrameLocator, frame = 10): Promise<number> {
  return L(wv.locator('body')).evaluate((_b: HTMLElement, f: number) => {
    const app = (window as W).animscopeApp;
    app.bus.frame.fire(f);
    return app.panel('model').composer.state.materials[0].texNumbers[0] as number;
  }, frame);
}

export const tests: E2ETest[] = [
  {
    name: 'Kuribo.bdl draws textured with its 5 textures; Walk.bck walks the Goomba, Also play Blink.btp blinks it (light + dark screenshots)',
    async run(ctx) {
      for (const f of ['Kuribo/Kuribo.bdl', 'Kuribo/Walk.bck', 'Kuribo/Blink.btp', 'Kuribo/Normal.brk', 'Kuribo/ActorInfo/InitActor.bcsv']) extract(ctx, f);
      await runCommand(ctx.page, 'View: Close All Editors').catch(() => undefined);
      await runCommand(ctx.page, 'View: Close All Editor Groups').catch(() => undefined);
      // the README's size (the side pane takes its width when the file loads)
      const page = ctx.page as PPage & { setViewportSize(size: { width: number; height: number }): Promise<void> };
      await page.setViewportSize({ width: 1400, height: 900 });
      await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
      await sleep(500);

      // the model file
      let wv = await open(ctx, 'Kuribo/Kuribo.bdl');
      await wv.locator('.as-textures-tile').nth(4).waitFor({ timeout: 15000 });
      const tiles = await wv.locator('.as-textures-tile').count();
      if (tiles !== 5) fail(`texture gallery: ${tiles} tiles, Kuribo.bdl's TEX1 holds 5`);
      const bind = await snap(wv, 'bdl');
      ctx.log(`Kuribo.bdl: ${bind.inked} of ${bind.total} pixels drawn, ${bind.warm} warm, ${bind.colours} colours`);
      // The Goomba's CMPR textures are orange and brown: most of the model is warm (an untextured draw is grey).
      if (bind.inked < bind.total * 0.05) fail(`the model view looks empty (${bind.inked} of ${bind.total} pixels drawn)`);
      if (bind.warm < bind.inked * 0.5 || bind.colours < 100) fail(`no texture colours: ${JSON.stringify(bind)}`);
      await closeAll(ctx);

      // the animation bound to it
      wv = await open(ctx, 'Kuribo/Walk.bck');
      const model = (await wv.locator('.as-bound-name').textContent({ timeout: 15000 }))?.trim();
      if (model !== 'Kuribo.bdl') fail(`header model: got "${model}", expected Kuribo.bdl`);
      if (await wv.locator('.as-skeleton-host').isVisible()) fail('the stick skeleton shows while the 3D view draws');
      const fps = (await wv.locator('.as-player-fps').first().textContent())?.trim();
      if (fps !== '60 fps (Super Mario Galaxy)') fail(`player rate: ${fps} (ActorInfo beside it: Galaxy)`);
      await moment(wv, 0);
      await snap(wv, 'walk0');
      await moment(wv, 20);
      const moved = await snap(wv, 'walk20', 'walk0');
      if ((moved.differing ?? 0) < 200) fail(`the Goomba did not move between frames 0 and 20 (${moved.differing} pixels differ)`);

      // Also play: Blink.btp, at Walk's frame: 10 (texture 2) and 20 (texture 0; the model's own is 4, another image).
      const summary = L(wv.locator('.as-along-summary'));
      await summary.click();
      await moment(wv, 20);
      await snap(wv, 'plain20');
      await L(wv.locator('.as-along input[data-companion="Blink.btp"]')).click();
      await L(wv.locator('body')).evaluate(() => new Promise<void>((resolve, reject) => {
        const t0 = Date.now();
        const poll = (): void => {
          if ((window as W).animscopeApp.panel('model').playing.includes('Blink.btp')) resolve();
          else if (Date.now() - t0 > 15000) reject(new Error('Blink.btp never arrived'));
          else setTimeout(poll, 100);
        };
        poll();
      }));
      if (await moment(wv, 10) !== 2) fail('Blink.btp at frame 10 should show texture 2');
      if (await moment(wv, 20) !== 0) fail('Blink.btp at frame 20 should show texture 0');
      const blink = await snap(wv, 'blink20', 'plain20');
      ctx.log(`Blink.btp: ${blink.differing} pixels differ between the model's texture 4 and Blink's 0 at frame 20 (model ${blink.inked} pixels)`);
      if ((blink.differing ?? 0) < 40 || (blink.differing ?? 0) > blink.inked * 0.25) fail(`the eyes: ${blink.differing} pixels differ of ${blink.inked}`);

      // the README's pictures: mid-walk, eyes open, Also play showing what plays along
      await summary.click();
      // frame 20 with the scrubber: Walk mid-step, Blink at 20 (texture 0, eyes open)
      await scrubTo(wv, 20);
      const disagree: string[] = [];
      for (const theme of [LIGHT, DARK]) {
        await setTheme(ctx.page, theme);
        await sleep(400);
        await shoot(ctx, wv, `model-walk-${theme === LIGHT ? 'light' : 'dark'}`).catch((e: Error) => disagree.push(e.message));
      }
      await setTheme(ctx.page, LIGHT);
      await runCommand(page, 'View: Toggle Primary Side Bar Visibility').catch(() => undefined);
      await page.setViewportSize({ width: 1280, height: 800 });
      // leave nothing remembered for the next run
      await summary.click();
      await L(wv.locator('.as-along input[data-companion="Blink.btp"]')).click();
      await closeAll(ctx);
      if (disagree.length) fail(disagree.join('\n    '));
    },
  },
];
