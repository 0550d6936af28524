/**
 * The e2e screenshots checked against their committed pictures (docs/screenshots/), so that a page
 * that renders wrong fails: text (the webview's and the workbench's, and form fields) is masked, as
 * it depends on the machine's fonts; the rest must agree within screenshotCompare's tolerance.
 * ANIMSCOPE_UPDATE_SCREENSHOTS=1 writes the pictures instead (quantised like `npm run docs:screenshots`).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator, Locator } from './playwright';
import { compareScreenshots, MaskRect } from './screenshotCompare';
import { ARTIFACTS_DIR, E2EContext, PROJECT_ROOT } from './workbench';

export const DOCS_SCREENSHOTS = path.join(PROJECT_ROOT, 'docs', 'screenshots');
export const UPDATING = !!process.env.ANIMSCOPE_UPDATE_SCREENSHOTS;

type Evaluable = Locator & {
  evaluate<R, A = undefined>(fn: (element: HTMLElement, arg: A) => R, arg?: A): Promise<R>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  screenshot(options?: { path?: string }): Promise<Buffer>;
};
const E = (l: Locator): Evaluable => l as Evaluable;

/** Runs in a document: the boxes of its visible text and form fields, padded by 2 px, in its viewport's pixels. */
function textBoxes(): MaskRect[] {
  const out: MaskRect[] = [];
  const add = (r: DOMRect): void => { if (r.width > 0 && r.height > 0) out.push({ x: r.left - 2, y: r.top - 2, width: r.width + 4, height: r.height + 4 }); };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent?.trim()) continue;
    range.selectNodeContents(n);
    for (const r of Array.from(range.getClientRects())) add(r);
  }
  for (const f of Array.from(document.querySelectorAll('input:not([type=checkbox]):not([type=range]), select, textarea'))) add(f.getBoundingClientRect());
  return out;
}

/** Masks for a picture of `clip` (its top-left is the picture's 0,0): the workbench's text and, with `webview`, the page's. */
async function fontMasks(ctx: E2EContext, clip: { x: number; y: number }, webview?: FrameLocator): Promise<MaskRect[]> {
  const shift = (rs: MaskRect[], dx: number, dy: number): MaskRect[] => rs.map((r) => ({ ...r, x: r.x + dx - clip.x, y: r.y + dy - clip.y }));
  const masks = shift(await E(ctx.page.locator('body')).evaluate(textBoxes), 0, 0);
  if (webview) {
    const body = E(webview.locator('body'));
    const box = await body.boundingBox();
    const own = await body.evaluate((b) => { const r = b.getBoundingClientRect(); return { x: r.left, y: r.top }; });
    if (box) masks.push(...shift(await body.evaluate(textBoxes), box.x - own.x, box.y - own.y));
  }
  return masks;
}

/**
 * Takes the picture of `target` (a workbench element, e.g. `.part.editor`, or the whole window)
 * into test-artifacts/host/<name>.png and checks it against docs/screenshots/<name>.png (or, when
 * updating, writes it there). Throws when they disagree, with the differing blocks drawn in
 * test-artifacts/host/<name>-diff.png.
 */
export async function checkScreenshot(ctx: E2EContext, name: string, { target, webview }: { target?: Locator; webview?: FrameLocator } = {}): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  let clip = { x: 0, y: 0 };
  if (target) {
    const box = await E(target).boundingBox();
    if (!box) throw new Error(`${name}: nothing to take a picture of`);
    clip = box;
    await E(target).screenshot({ path: file });
  } else {
    await ctx.screenshot(name);
  }
  const reference = path.join(DOCS_SCREENSHOTS, `${name}.png`);
  if (UPDATING) {
    fs.mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    writeQuantised(file, reference);
    ctx.log(`screenshot ${file} → ${path.relative(PROJECT_ROOT, reference)}`);
    return file;
  }
  if (!fs.existsSync(reference)) throw new Error(`${name}: no committed picture ${path.relative(PROJECT_ROOT, reference)} (ANIMSCOPE_UPDATE_SCREENSHOTS=1 makes it)`);
  const result = compareScreenshots(fs.readFileSync(file), fs.readFileSync(reference), { masks: await fontMasks(ctx, clip, webview) });
  const diffFile = path.join(ARTIFACTS_DIR, `${name}-diff.png`);
  if (result.diff) fs.writeFileSync(diffFile, result.diff);
  ctx.log(`screenshot ${file}: ${result.differing} of ${result.compared} blocks differ from ${path.relative(PROJECT_ROOT, reference)}`);
  if (!result.ok) throw new Error(`${name} disagrees with ${path.relative(PROJECT_ROOT, reference)}: ${result.reason}; see ${diffFile}`);
  return file;
}

/** Copies `from` to `to` through a temporary file, quantised (pngquant, optipng) when they are installed. */
function writeQuantised(from: string, to: string): void {
  const tmp = `${to}.tmp-${process.pid}.png`;
  try {
    fs.copyFileSync(from, tmp);
    try {
      execFileSync('pngquant', ['--quality=85-98', '--speed', '1', '--strip', '--force', '--output', tmp, tmp], { stdio: 'ignore' });
      execFileSync('optipng', ['-quiet', '-o2', tmp], { stdio: 'ignore' });
    } catch {
      console.log(`    (pngquant/optipng missing or failed: ${path.basename(to)} is not quantised; run npm run docs:screenshots)`);
    }
    fs.renameSync(tmp, to);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
