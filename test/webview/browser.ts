/**
 * Headless Chromium for the webview component tests: playwright-core from the host tools dir
 * (installed by test/host/setup.sh) and Debian's /usr/bin/chromium. The harness is served from
 * a fake origin through request routing (no network, no server).
 */
import * as fs from 'fs';
import { buildHarness, HARNESS_ORIGIN, resolveHarnessFile } from './build';
import { launchChromium, NO_GPU_STABLE_FONTS } from '../browser/launch';


/* Structural types for the small part of playwright-core used here. */
export interface Mouse { move(x: number, y: number, o?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void>; click(x: number, y: number): Promise<void> }
export interface Keyboard { press(key: string): Promise<void>; type(text: string): Promise<void>; down(key: string): Promise<void>; up(key: string): Promise<void> }
export interface ElementHandle { boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null> }
export interface Locator {
  locator(selector: string): Locator;
  first(): Locator;
  count(): Promise<number>;
  hover(o?: { timeout?: number }): Promise<void>;
  click(o?: { timeout?: number; modifiers?: string[] }): Promise<void>;
  focus(): Promise<void>;
  textContent(): Promise<string | null>;
  getAttribute(name: string): Promise<string | null>;
  waitFor(o?: { state?: string; timeout?: number }): Promise<void>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  evaluate<R>(fn: (el: Element) => R): Promise<R>;
}
export interface Page {
  goto(url: string): Promise<unknown>;
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  waitForFunction<A = unknown>(fn: string | ((arg: A) => unknown), arg?: A, o?: { timeout?: number }): Promise<unknown>;
  locator(selector: string): Locator;
  mouse: Mouse;
  keyboard: Keyboard;
  screenshot(o: { path: string; fullPage?: boolean }): Promise<Buffer>;
  route(url: string, handler: (route: Route) => Promise<void>): Promise<void>;
  on(event: 'console' | 'pageerror', fn: (arg: { text?: () => string; message?: string }) => void): void;
  setViewportSize(s: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}
export interface Route { request(): { url(): string }; fulfill(o: { status?: number; contentType?: string; body?: Buffer | string }): Promise<void> }
export interface Browser { newPage(o?: { viewport?: { width: number; height: number }; deviceScaleFactor?: number }): Promise<Page>; close(): Promise<void> }


export interface HarnessSession {
  browser: Browser;
  dir: string;
  /** A page at the harness (CSP variant unless `csp: false`), errors collected in `errors`. */
  open(options?: { csp?: boolean; theme?: 'light' | 'dark'; width?: number; height?: number }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<HarnessSession> {
  const dir = await buildHarness();
  const browser = await launchChromium<Browser>(NO_GPU_STABLE_FONTS);
  return {
    browser,
    dir,
    async open(options = {}) {
      const page = await browser.newPage({ viewport: { width: options.width ?? 1400, height: options.height ?? 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e.message ?? e)));
      page.on('console', (m) => { const t = m.text?.() ?? ''; if (/error|refused|violat/i.test(t)) errors.push(t); });
      await page.route(`${HARNESS_ORIGIN}/**`, async (route) => {
        const url = new URL(route.request().url());
        const hit = resolveHarnessFile(dir, url.pathname);
        if (!hit) { await route.fulfill({ status: 404, body: 'not found' }); return; }
        await route.fulfill({ status: 200, contentType: hit.type, body: fs.readFileSync(hit.file) });
      });
      const file = options.csp === false ? 'harness-nocsp.html' : 'harness.html';
      await page.goto(`${HARNESS_ORIGIN}/${file}?theme=${options.theme ?? 'dark'}`);
      await page.waitForFunction(() => !!(window as unknown as { harness?: unknown }).harness);
      return { page, errors };
    },
    async close() {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
