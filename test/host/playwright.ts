/**
 * playwright-core lives in the host cache dir installed by setup.sh ($ANIMSCOPE_HOST_ROOT/tools), not in the
 * project's node_modules: load it from there at runtime. The structural types below cover what the harness
 * uses (the real objects have more).
 */
import * as path from 'path';
import { createRequire } from 'module';

export const HOST_ROOT = process.env.ANIMSCOPE_HOST_ROOT ?? '/tmp/animscope-host';

type WaitState = 'attached' | 'detached' | 'visible' | 'hidden';
export interface LocatorOptions { hasText?: string | RegExp }

export interface Locator {
  locator(selector: string, options?: LocatorOptions): Locator;
  first(): Locator;
  nth(index: number): Locator;
  count(): Promise<number>;
  waitFor(options?: { state?: WaitState; timeout?: number }): Promise<void>;
  isVisible(): Promise<boolean>;
  allInnerTexts(): Promise<string[]>;
  textContent(options?: { timeout?: number }): Promise<string | null>;
  innerText(options?: { timeout?: number }): Promise<string>;
  getAttribute(name: string, options?: { timeout?: number }): Promise<string | null>;
  click(options?: { timeout?: number }): Promise<void>;
  dblclick(options?: { timeout?: number }): Promise<void>;
  fill(value: string, options?: { timeout?: number }): Promise<void>;
  screenshot(options?: { path?: string; timeout?: number }): Promise<Buffer>;
}

export interface FrameLocator {
  locator(selector: string, options?: LocatorOptions): Locator;
  frameLocator(selector: string): FrameLocator;
}

export interface JSHandle { jsonValue(): Promise<unknown> }
export interface ConsoleMessage {
  type(): string;
  text(): string;
  args(): JSHandle[];
}

export interface Page {
  goto(url: string, options?: { timeout?: number; waitUntil?: 'load' | 'domcontentloaded' | 'commit' }): Promise<unknown>;
  locator(selector: string, options?: LocatorOptions): Locator;
  frameLocator(selector: string): FrameLocator;
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  waitForTimeout(ms: number): Promise<void>;
  screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Buffer>;
  exposeFunction(name: string, callback: (...args: never[]) => unknown): Promise<void>;
  on(event: 'console', listener: (message: ConsoleMessage) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  bringToFront(): Promise<void>;
  context(): { newCDPSession(page: Page): Promise<CDPSession> };
}

/** Chrome DevTools Protocol session (benchmarks' traces). */
export interface CDPSession {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (data: never) => void): void;
  once(event: string, listener: (data: never) => void): void;
}

export interface BrowserContext {
  pages(): Page[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  executablePath?: string;
  headless?: boolean;
  viewport?: { width: number; height: number };
  args?: string[];
  timeout?: number;
}

export interface Chromium {
  launchPersistentContext(userDataDir: string, options: LaunchOptions): Promise<BrowserContext>;
}

/**
 * The playwright-core module installed by test/host/setup.sh outside node_modules (override the
 * package dir with $PLAYWRIGHT_CORE). Callers pass the structural type of the part they use.
 */
export function loadPlaywright<T>(): T {
  const fromDir = process.env.PLAYWRIGHT_CORE ?? path.join(HOST_ROOT, 'tools', 'node_modules', 'playwright-core');
  try {
    return createRequire(path.join(HOST_ROOT, 'tools', 'package.json'))(fromDir) as T;
  } catch (e) {
    throw new Error(`playwright-core not found in ${fromDir}: run 'npm run host:setup' (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** chromium from the installed playwright-core. */
export function loadChromium(): Chromium {
  return loadPlaywright<{ chromium: Chromium }>().chromium;
}
