/**
 * Test support for the curve components: builds the harness, serves it, and drives Debian chromium
 * through playwright-core (installed outside the project by test/host/setup.sh).
 */
import { execFileSync } from 'child_process';
import * as path from 'path';
import { HarnessServer, startServer } from './server';
import { launchChromium, NO_GPU } from '../browser/launch';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'webview-curves');

/* Minimal structural types for what the tests use of playwright-core. */
export interface Mouse {
  move(x: number, y: number, options?: { steps?: number }): Promise<void>;
  down(): Promise<void>;
  up(): Promise<void>;
  click(x: number, y: number): Promise<void>;
  wheel(dx: number, dy: number): Promise<void>;
}
export interface ElementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Locator {
  focus(): Promise<void>;
  click(): Promise<void>;
  boundingBox(): Promise<ElementBox | null>;
  screenshot(options: { path: string }): Promise<Buffer>;
  selectOption(value: string): Promise<unknown>;
  fill(value: string): Promise<void>;
  press(key: string): Promise<void>;
  getAttribute(name: string): Promise<string | null>;
}
export interface Page {
  goto(url: string): Promise<unknown>;
  waitForFunction(fn: () => unknown, arg?: unknown, options?: { timeout?: number; polling?: number }): Promise<unknown>;
  evaluate<T>(fn: string | ((arg: never) => T), arg?: unknown): Promise<T>;
  locator(selector: string): Locator;
  keyboard: { press(key: string): Promise<void>; down(key: string): Promise<void>; up(key: string): Promise<void> };
  mouse: Mouse;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  on(event: 'pageerror', fn: (e: Error) => void): void;
  on(event: 'console', fn: (m: { type(): string; text(): string }) => void): void;
  close(): Promise<void>;
}
interface Browser {
  newPage(options?: { viewport?: { width: number; height: number }; deviceScaleFactor?: number }): Promise<Page>;
  close(): Promise<void>;
}

export interface Harness {
  server: HarnessServer;
  browser: Browser;
  /** Opens the harness on a sample (path under the samples root). */
  open(file: string, options?: { url?: string; group?: string; theme?: 'light' | 'dark'; clock?: 'manual'; width?: number; height?: number; scale?: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(generatedDir?: string): Promise<Harness> {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'test', 'webview-curves', 'build.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  const server = await startServer(path.join(REPO_ROOT, 'out', 'webview-curves-harness'), 0, generatedDir);
  const browser = await launchChromium<Browser>(NO_GPU);
  const pages: Page[] = [];
  return {
    server,
    browser,
    async open(file, o = {}) {
      const page = await browser.newPage({ viewport: { width: o.width ?? 1100, height: o.height ?? 760 }, deviceScaleFactor: o.scale ?? 1 });
      pages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const q = new URLSearchParams({ file, theme: o.theme ?? 'dark' });
      if (o.group) q.set('group', o.group);
      if (o.url) q.set('url', o.url);
      if (o.clock) q.set('clock', o.clock);
      await page.goto(`${server.url}index.html?${q}`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true' || document.body.dataset.ready === 'error', undefined, { timeout: 30000, polling: 50 });
      const state = await page.evaluate<string>('document.body.dataset.ready');
      if (state !== 'true' || errors.length) throw new Error(`harness failed on ${file}: ${errors.join('\n')} ${await page.evaluate<string>('document.body.innerText')}`);
      (page as Page & { errors: string[] }).errors = errors;
      return page;
    },
    async close() {
      for (const p of pages) await p.close().catch(() => undefined);
      await browser.close();
      await server.close();
    },
  };
}
