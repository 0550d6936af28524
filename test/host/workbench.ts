/**
 * Helpers to drive the code-server web workbench with playwright-core + Debian's /usr/bin/chromium.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as util from 'util';
import { BrowserContext, ConsoleMessage, FrameLocator, loadChromium, Page } from './playwright';
import { resolveInArchive, splitArchivePath } from '../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../src/formats/binary/diagnostics';

import { PROJECT_ROOT, SAMPLES_DIR } from '../paths';

export { PROJECT_ROOT, SAMPLES_DIR };
export const ARTIFACTS_DIR = path.resolve(process.env.ANIMSCOPE_ARTIFACTS ?? path.join(PROJECT_ROOT, 'test-artifacts/host'));

/** A shared sample's bytes: a loose file, or an archive entry (`archives/Kuribo.arc/Kuribo/Blink.btp`). */
export function readSampleFile(relative: string): Uint8Array {
  const full = path.join(SAMPLES_DIR, relative);
  if (fs.existsSync(full)) return new Uint8Array(fs.readFileSync(full));
  const split = splitArchivePath(relative, (p) => fs.statSync(path.join(SAMPLES_DIR, p), { throwIfNoEntry: false })?.isFile() ?? false);
  const bytes = split && resolveInArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, split.archivePath))), split.innerPath, new DiagnosticSink());
  if (!bytes) throw new Error(`no sample ${relative}`);
  return bytes;
}

export type ThemeName = 'Default Light Modern' | 'Default Dark Modern' | 'Default High Contrast';
export const LIGHT: ThemeName = 'Default Light Modern';
export const DARK: ThemeName = 'Default Dark Modern';
export const HIGH_CONTRAST: ThemeName = 'Default High Contrast';
/** Each theme's label in the theme picker, and the workbench's and the webview body's class. */
const THEME_CLASS: Record<ThemeName, { label: string; workbench: string; body: string }> = {
  [LIGHT]: { label: 'Light Modern', workbench: 'vs', body: 'vscode-light' },
  [DARK]: { label: 'Dark Modern', workbench: 'vs-dark', body: 'vscode-dark' },
  [HIGH_CONTRAST]: { label: 'Dark High Contrast', workbench: 'hc-black', body: 'vscode-high-contrast' },
};

/** What start-host.sh printed. */
export interface HostInfo {
  port: number;
  url: string;
  /** $ANIMSCOPE_HOST_ROOT/data/PORT: user-data dir, log, pid. */
  data: string;
  workspace: string;
  pgid: number;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Noise every run prints (missing proprietary vsda, no marketplace, service worker re-registration…). */
export const NOISE = /vsda|Failed to load resource|open-vsx|ChatSession|copilot|service worker controller|unexpected service worker|ENOTFOUND/i;

/**
 * Chromium with a fresh PERSISTENT profile (not launch()+newPage(): that incognito-like context blocks
 * third-party cookies, which the cross-origin webview iframes need for their service worker).
 */
export async function launchBrowser({ width = 1280, height = 800 } = {}): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-pw-'));
  fs.mkdirSync(path.join(profile, 'Default'));
  fs.writeFileSync(path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
  const context = await loadChromium().launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width, height },
    timeout: 60000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async (): Promise<void> => {
    await context.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, close };
}

/**
 * Workbench URL. `--extensionDevelopmentPath` is not a code-server flag: dev/test paths go in the `payload`
 * parameter as vscode-remote://HOST:PORT/abs/path URIs, so they load in the (Node) remote extension host.
 */
export function workbenchUrl(base: string, folder: string | undefined,
  { extDevPath, extTestsPath }: { extDevPath?: string; extTestsPath?: string } = {}): string {
  const authority = new URL(base).host;
  const q: string[] = [];
  if (folder) q.push(`folder=${encodeURIComponent(path.resolve(folder))}`);
  const payload: [string, string][] = [];
  if (extDevPath) payload.push(['extensionDevelopmentPath', `vscode-remote://${authority}${path.resolve(extDevPath)}`]);
  if (extTestsPath) payload.push(['extensionTestsPath', `vscode-remote://${authority}${path.resolve(extTestsPath)}`]);
  if (payload.length) q.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${base.replace(/\/$/, '')}/${q.length ? '?' + q.join('&') : ''}`;
}

/**
 * Extension-host console lines arrive in the page console as ('%c INFO', 'color: …', fmt, ...args):
 * re-format them. Returns undefined for noise.
 */
export async function consoleLine(m: ConsoleMessage): Promise<string | undefined> {
  if (NOISE.test(m.text())) return undefined;
  let args = await Promise.all(m.args().map((h) => h.jsonValue().catch(() => '?')));
  if (typeof args[0] === 'string' && args[0].startsWith('%c')) args = args.slice(2);
  return util.format(...args);
}

export async function waitForWorkbench(page: Page, timeout = 60000): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout });
  // the status bar appears once the workbench restored its layout
  await page.locator('.part.statusbar').waitFor({ timeout });
}

const QUICK_INPUT = '.quick-input-widget';

async function quickInput(page: Page, key: string, text: string): Promise<void> {
  const input = page.locator(`${QUICK_INPUT} input.input`);
  // A key press can get lost while the workbench moves focus (editor swap, webview focus): retry, then
  // fall back to the other palette key binding.
  for (const k of [key, key, key === 'F1' ? 'Control+Shift+P' : key]) {
    await page.keyboard.press(k);
    if (await input.waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false)) {
      // an editor that finishes opening takes the focus, which closes the quick input: then open it again
      if (await input.fill(text, { timeout: 3000 }).then(() => true, () => false)) return;
      continue;
    }
    await page.locator('.part.statusbar').click({ timeout: 2000 }).catch(() => undefined); // give the workbench focus back
  }
  throw new Error(`the quick input did not open with ${key}`);
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a quick-pick label exactly (labels may carry highlight spans, so match the text, trimmed). */
export const exactLabel = (label: string): RegExp => new RegExp(`^\\s*${escapeRe(label)}\\s*$`);

/** Click the first quick-pick row whose label is exactly `label`; false (and the picker closed) if none within `timeout`. */
async function pickRow(page: Page, label: string, timeout: number): Promise<boolean> {
  const row = page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row .label-name`, { hasText: exactLabel(label) }).first();
  try {
    await row.waitFor({ timeout });
  } catch {
    await page.keyboard.press('Escape');
    return false;
  }
  await row.click();
  return true;
}

/** Run a command-palette entry by its exact title. Retries while extensions are still being registered. */
export async function runCommand(page: Page, title: string, { retryUntilMs = 0 } = {}): Promise<void> {
  const deadline = Date.now() + retryUntilMs;
  for (;;) {
    await quickInput(page, 'F1', '>' + title);
    if (await pickRow(page, title, 3000)) return;
    if (Date.now() > deadline) throw new Error(`command "${title}" not found in the command palette`);
    await page.waitForTimeout(500);
  }
}

/**
 * Open a workspace file (path relative to the folder) with Quick Open (Ctrl+P), in its default editor.
 * A file created after the workbench started may be missing from the file search for a moment (the watcher
 * has not reported it yet): close the picker and search again.
 */
export async function quickOpen(page: Page, file: string, { timeoutMs = 30000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const rows = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
  const row = page.locator(rows, { hasText: path.basename(file) }).first();
  // Enter opens the FOCUSED row, and a recently opened file can rank first: move down to the file.
  const focused = page.locator(`${rows}.focused`, { hasText: path.basename(file) }).first();
  const focusFile = async (): Promise<boolean> => {
    for (let i = 0; i < 10; i++) {
      if (await focused.waitFor({ timeout: 500 }).then(() => true, () => false)) return true;
      await page.keyboard.press('ArrowDown');
    }
    return false;
  };
  for (;;) {
    await quickInput(page, 'Control+P', file);
    if (await row.waitFor({ timeout: 5000 }).then(() => true, () => false) && await focusFile()) break;
    await page.keyboard.press('Escape');
    if (Date.now() > deadline) throw new Error(`Quick Open did not find ${file}`);
    await page.waitForTimeout(500);
  }
  await page.keyboard.press('Enter');
  await page.locator(`${QUICK_INPUT}`).waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  // wait until the editor is active (it takes the focus when done, which would close a quick input opened now)
  await page.locator('.tabs-container .tab.active', { hasText: path.basename(file) }).waitFor({ timeout: 10000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

/** The active webview's content frame: outer iframe.webview (VS Code's host page) → inner iframe#active-frame. */
export function webviewContent(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame');
}

async function webviewVisible(page: Page): Promise<boolean> {
  return page.locator('iframe.webview.ready:visible').first().isVisible().catch(() => false);
}

async function failOnDialog(page: Page): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box');
  if (await dialog.isVisible().catch(() => false)) {   // e.g. "Unable to open 'x': <error from resolveCustomEditor>"
    throw new Error('VS Code dialog: ' + (await dialog.innerText()).replace(/\s+/g, ' ').trim());
  }
}

async function waitForWebview(page: Page, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await webviewVisible(page)) return true;
    await failOnDialog(page);
    await page.waitForTimeout(250);
  }
  return false;
}

/**
 * Open `file` in the custom editor and return its webview content. Opening a file before the dev extension
 * registered its contributions opens it as text (the "binary" placeholder): then try "Reopen Editor With…"
 * and pick `editorName`; if it is not offered yet, close all editors and retry until `timeoutMs`.
 * With `reopenWith` the first attempt already goes through "Reopen Editor With…" (editors of priority "option").
 */
export async function openInCustomEditor(page: Page, file: string,
  { editorName = 'AnimScope Animation', reopenWith = false, timeoutMs = 90000, log = (_m: string): void => undefined } = {}): Promise<FrameLocator> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    await quickOpen(page, file);
    if (!reopenWith && await waitForWebview(page, 6000)) return webviewContent(page);
    await quickInput(page, 'F1', '>View: Reopen Editor With...');
    if (await pickRow(page, 'View: Reopen Editor With...', 3000)) {
      // the editor picker: offered only once the extension host registered the contribution
      if (await pickRow(page, editorName, 3000) && await waitForWebview(page, 15000)) return webviewContent(page);
    }
    if (Date.now() > deadline) throw new Error(`${file} did not open in the "${editorName}" custom editor (${attempt} attempts)`);
    log(`${file}: not in the "${editorName}" editor yet (attempt ${attempt}): closing all editors and retrying`);
    await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    await page.waitForTimeout(1000);
  }
}

/**
 * Switch the colour theme through the UI ("Preferences: Color Theme" → pick), then wait until the workbench
 * and the visible webview (body class + --vscode-* variables) use it. (Rewriting the user settings.json does
 * not reach a running code-server workbench reliably.) start-host.sh --theme sets the initial theme.
 */
export async function setTheme(page: Page, theme: ThemeName): Promise<void> {
  const cls = THEME_CLASS[theme];
  const workbench = page.locator(`.monaco-workbench.${cls.workbench}`);
  if (!(await workbench.isVisible().catch(() => false))) {
    const label = cls.label;
    await runCommand(page, 'Preferences: Color Theme');
    await page.locator(`${QUICK_INPUT} input.input[placeholder*="Color Theme"]`).waitFor({ timeout: 10000 });
    await page.locator(`${QUICK_INPUT} input.input`).fill(label);
    if (!(await pickRow(page, label, 10000))) throw new Error(`theme "${label}" not offered by Preferences: Color Theme`);
    await workbench.waitFor({ timeout: 20000 });
  }
  // the webview gets the theme as a body class and --vscode-* variables
  if (await webviewVisible(page)) await webviewContent(page).locator(`body.${cls.body}`).waitFor({ timeout: 20000 });
}

/** Screenshot of the whole window into the artifacts dir; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, name.endsWith('.png') ? name : `${name}.png`);
  await page.waitForTimeout(300); // let the last paint land
  await page.screenshot({ path: file });
  return file;
}

/** Reads `KEY=value` lines printed by start-host.sh. */
export function parseHostInfo(stdout: string): HostInfo {
  const v = (k: string): string => {
    const m = new RegExp(`^ANIMSCOPE_HOST_${k}=(.*)$`, 'm').exec(stdout);
    if (!m) throw new Error(`start-host.sh did not print ANIMSCOPE_HOST_${k}`);
    return m[1].trim();
  };
  return { port: Number(v('PORT')), url: v('URL'), data: v('DATA'), workspace: v('WORKSPACE'), pgid: Number(v('PGID')) };
}

/** What an e2e test (test/host/e2e/*.ts, exporting `tests`) gets. */
export interface E2EContext {
  page: Page;
  host: HostInfo;
  /** The workspace folder the workbench has open (the e2e tests' own, not the in-host suite's). */
  folder: string;
  /** Copies a shared sample into `folder` (as `asName`) unless there; returns the name to open. Prefer
   *  E2ETest.samples: files that exist before the workbench loads are in the file search at once. */
  copySample(relative: string, asName?: string): string;
  screenshot(name: string): Promise<string>;
  log(message: string): void;
}

export interface E2ETest {
  name: string;
  /** Samples (relative to the samples dir) copied into the folder BEFORE the workbench loads, as `as` or their base name. */
  samples?: { from: string; as?: string }[];
  run(ctx: E2EContext): Promise<void>;
}
