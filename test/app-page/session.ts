/**
 * The whole editor page (dist/webview.js + dist/webview.css) with the simulated host, in headless
 * Chromium: built once, one browser, a page per sample. Build the bundle first
 * (`npx tsc -p . && node esbuild.mjs`).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { launchChromium, NO_GPU_STABLE_FONTS } from '../browser/launch';
import type { Browser, Page } from '../webview/browser';
import { buildAppPage, Theme } from './build';
import { SAMPLES_DIR as SAMPLES } from '../paths';

const ORIGIN = 'http://animscope.test';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf' };

export interface AppPageOptions {
  theme?: Theme;
  /** Files made by the test, served as samples under `generated/<name>`. */
  files?: Record<string, Uint8Array>;
  width?: number;
  height?: number;
  /** The page under the webview's CSP (scripts by nonce only: build.ts app-csp.html). */
  csp?: boolean;
}

export interface AppPages {
  /**
   * Opens the page on a sample (`j3d/…`, `motn/motion.bin`, `archives/X.arc/inner/path`, plus fakeHost
   * parameters after `&`) and waits for the webview's `rendered` of the whole file (with `&holdrest`,
   * of what came first). `errors` collects page errors.
   */
  open(sample: string, options?: AppPageOptions): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export async function startAppPages(): Promise<AppPages> {
  const dirs = new Map<Theme, string>();
  const browser = await launchChromium<Browser>(NO_GPU_STABLE_FONTS);
  return {
    async open(sample, o = {}) {
      const theme = o.theme ?? 'dark';
      let dir = dirs.get(theme);
      if (!dir) {
        dir = await buildAppPage(theme);
        dirs.set(theme, dir);
      }
      const page = await browser.newPage({ viewport: { width: o.width ?? 1280, height: o.height ?? 720 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e.message ?? e)));
      page.on('console', (m) => { const t = m.text?.() ?? ''; if (/error|refused|violat/i.test(t)) errors.push(t); });
      const root = dir;
      await page.route(`${ORIGIN}/**`, async (route) => {
        const p = decodeURIComponent(new URL(route.request().url()).pathname);
        const made = p.startsWith('/samples/generated/') ? o.files?.[p.slice('/samples/generated/'.length)] : undefined;
        if (made) { await route.fulfill({ status: 200, contentType: 'application/octet-stream', body: Buffer.from(made) }); return; }
        const file = p.startsWith('/samples/') ? path.join(SAMPLES, p.slice(9)) : path.join(root, p.slice(1));
        if (!fs.existsSync(file)) { await route.fulfill({ status: 404, body: '' }); return; }
        await route.fulfill({ status: 200, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: fs.readFileSync(file) });
      });
      const [file, ...extra] = sample.split('&');
      await page.goto(`${ORIGIN}/${o.csp ? 'app-csp' : 'app'}.html?sample=${encodeURIComponent(file)}${extra.map((p) => `&${p}`).join('')}`);
      await page.waitForFunction((anyRender) => (window as unknown as { fakeHost?: { sent: { type: string; partial?: boolean }[] } }).fakeHost?.sent
        .some((m) => m.type === 'rendered' && (anyRender || !m.partial)), extra.includes('holdrest'), { timeout: 60000 });
      return { page, errors };
    },
    async close() {
      await browser.close();
      for (const d of dirs.values()) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

/**
 * The hooks every editor-page suite shares: one browser for the suite (started before, closed
 * after), and after each test the page it opened last closed with no page errors left. `open`
 * gives the page; `errors()` the errors of the page opened last.
 */
export function useAppPages(): { open(sample: string, options?: AppPageOptions): Promise<Page>; errors(): string[] } {
  let pages: AppPages | undefined;
  let last: { page: Page; errors: string[] } | undefined;
  before(async () => {
    pages = await startAppPages();
  });
  after(async () => {
    await pages?.close();
  });
  afterEach(async () => {
    const opened = last;
    last = undefined;
    await opened?.page.close();
    if (opened) assert.deepStrictEqual(opened.errors, [], 'no page errors');
  });
  return {
    async open(sample, options) {
      last = await pages!.open(sample, options);
      return last.page;
    },
    errors: () => last?.errors ?? [],
  };
}
