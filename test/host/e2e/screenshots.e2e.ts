/**
 * Screenshots of the editor on each format, in "Default Light Modern" and "Default Dark Modern", at a 1400×900
 * window cropped to the editor part: test-artifacts/host/{bck,btk,brk,motn}-{light,dark}.png, each checked against
 * docs/screenshots/ (screenshotCheck.ts; ANIMSCOPE_UPDATE_SCREENSHOTS=1 writes them there). Each view is put in an
 * interesting state first (a moving joint selected, a rotated checker, a colour mid-animation, a MOTN sequence with curves).
 */
import type { FrameLocator } from '../playwright';
import { checkScreenshot } from '../screenshotCheck';
import { DARK, E2EContext, E2ETest, LIGHT, runCommand, setTheme, ThemeName } from '../workbench';
import { BCK_AS, BTK_AS, clickRow, closeAll, expand, fail, L, openRendered, pickGroup, PPage, scrubTo, sleep } from './editor-ui.e2e';

type Sized = PPage & { setViewportSize(size: { width: number; height: number }): Promise<void> };

interface Shot {
  key: 'bck' | 'btk' | 'brk' | 'motn';
  sample: string;
  /** Workspace name: never another module's file name (see BCK_AS in editor-ui.e2e.ts). */
  as: string;
  prepare(wv: FrameLocator, ctx: E2EContext): Promise<void>;
}

const SHOTS: Shot[] = [
  {
    key: 'bck',
    sample: 'j3d/smg/TripodBossCore/2ndDemo.bck',
    as: BCK_AS,
    async prepare(wv) {
      // joint 1 is the one with motion (rotationY, 4 keys): select its table row, mid-animation
      await expand(wv, 'jointTable');
      await clickRow(wv, '[1]');
      await wv.locator('#as-group-picker[data-key="joint:1"]').waitFor({ timeout: 5000 }).catch(() => undefined);
      const group = await wv.locator('#as-group-picker').getAttribute('data-key');
      if (group !== 'joint:1') fail(`selecting jointTable[1] should show joint 1's curves (group picker: ${group})`);
      await scrubTo(wv, 30);
    },
  },
  {
    key: 'btk',
    sample: 'j3d/smg/TripodBossCore/Wait.btk',
    as: BTK_AS,
    async prepare(wv) {
      await scrubTo(wv, 600);
    },
  },
  {
    key: 'brk',
    sample: 'j3d/smg/TripodBossCore/2ndDemo.brk',
    as: '2ndDemo-TripodBossCore.brk',
    async prepare(wv) {
      const key = await pickGroup(wv, 'C0 ·');
      if (key !== 'register:0') fail(`the first "C0 ·" entry should be register 0 (got ${key})`);
      await scrubTo(wv, 45);
    },
  },
  {
    key: 'motn',
    sample: 'motn/motion.bin',
    as: 'motion-shenmue.bin',
    async prepare(wv) {
      await pickGroup(wv, 'SPK_2_WARMING');
      await wv.locator('.as-curves-title', { hasText: 'SPK_2_WARMING' }).waitFor({ timeout: 10000 });
      const duration = Number(((await wv.locator('.as-player-duration').textContent()) ?? '').replace(/[^\d.]/g, ''));
      await scrubTo(wv, Math.round(duration / 2));
    },
  },
];

/** The editor part's picture, checked against docs/screenshots/<name>.png. */
export async function shoot(ctx: E2EContext, wv: FrameLocator, name: string): Promise<string> {
  // no hover card, workbench hover or focus ring (the scrubber keeps the focus after scrubTo) in the picture:
  // the mouse goes to the empty part of the tab bar
  await (ctx.page as PPage).mouse.move(900, 17);
  await L(wv.locator('body')).evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await sleep(400);
  return checkScreenshot(ctx, name, { target: ctx.page.locator('.part.editor'), webview: wv });
}

/**
 * Opens each shot (`open` puts its view in the state to show), shoots the editor area in the light
 * and the dark theme at 1400×900 (test-artifacts/host/<key>-<theme>.png) and checks each against
 * docs/screenshots/ (all of them, then fails naming every one that disagrees). The window comes
 * back as it was, whatever fails.
 */
export async function shootEach<T extends { key: string }>(ctx: E2EContext, shots: T[], open: (shot: T) => Promise<FrameLocator>): Promise<void> {
  const page = ctx.page as Sized;
  await page.setViewportSize({ width: 1400, height: 900 });
  await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
  const disagree: string[] = [];
  try {
    let theme: ThemeName = LIGHT;
    await setTheme(page, theme);
    for (const shot of shots) {
      const wv = await open(shot);
      // alternate the order so that the theme changes once per file
      const order: ThemeName[] = theme === LIGHT ? [LIGHT, DARK] : [DARK, LIGHT];
      for (const t of order) {
        await setTheme(page, t);
        theme = t;
        await sleep(300); // the canvases redraw on the theme change
        await shoot(ctx, wv, `${shot.key}-${t === LIGHT ? 'light' : 'dark'}`).catch((e: Error) => disagree.push(e.message));
      }
      await closeAll(ctx);
    }
    if (disagree.length) fail(disagree.join('\n    '));
  } finally {
    await setTheme(page, LIGHT).catch(() => undefined);
    await runCommand(page, 'View: Toggle Primary Side Bar Visibility').catch(() => undefined);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

export const tests: E2ETest[] = [
  {
    name: 'screenshots: BCK, BTK, BRK and MOTN in the light and the dark theme (1400×900, editor area) agree with docs/screenshots/',
    samples: SHOTS.map((s) => ({ from: s.sample, as: s.as })),
    run: (ctx) => shootEach(ctx, SHOTS, async (shot) => {
      const wv = await openRendered(ctx, ctx.copySample(shot.sample, shot.as));
      await shot.prepare(wv, ctx);
      return wv;
    }),
  },
];
