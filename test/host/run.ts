/**
 * The integration run in a real VS Code (code-server), called by test/host/run.sh after the build:
 *   start the host (free port, fresh profile, light theme, temp workspace)
 *   (1) the in-host mocha suite (out/test/host/suite/index.js as extensionTestsPath)
 *   (2) the Playwright webview checks (out/test/host/e2e/*.js exporting `tests`)
 *   always: copy the host log to test-artifacts/host/, stop the host's process group, remove the workspace
 * Ends with `host: N passed, M failed, R passed after a retry, W webview reloads`; exit code 0 only when nothing
 * failed (a skipped test, an e2e file without tests or no e2e file at all is a failure). A retry or a webview the
 * first-load watchdog had to reload is not a failure, but each is printed and counted: a rising count is a regression.
 * usage: node out/test/host/run.js [--suite-only | --e2e-only]     (VERBOSE=1 prints all host console output;
 *        ANIMSCOPE_E2E_ONLY=<part of a file name> runs only those e2e files)
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { HOST_ROOT } from './playwright';
import type { SuiteResult } from './suite/index';
import {
  ARTIFACTS_DIR, consoleLine, E2EContext, E2ETest, HostInfo, launchBrowser, parseHostInfo, PROJECT_ROOT, readSampleFile,
  screenshot, waitForWorkbench, workbenchUrl,
} from './workbench';

const HERE = path.join(PROJECT_ROOT, 'test', 'host');
const OUT = path.join(PROJECT_ROOT, 'out', 'test', 'host');
const SUITE_TIMEOUT_MS = Number(process.env.ANIMSCOPE_SUITE_TIMEOUT_MS ?? 600000);
const VERBOSE = !!process.env.VERBOSE;

const t0 = Date.now();
const secs = (from: number): string => `${((Date.now() - from) / 1000).toFixed(1)}s`;
const lap = (m: string): void => console.log(`[${secs(t0)}] ${m}`);
const timings: [string, string][] = [];
async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const s = Date.now();
  try { return await f(); } finally { timings.push([label, secs(s)]); }
}

interface Tally { passed: number; failed: number; retried: number }

// ---- host lifecycle ---------------------------------------------------------------------------
let host: HostInfo | undefined;
let workspace: string | undefined;
// this run's browser profiles live here (removed at the end, even after a signal)
fs.mkdirSync(path.join(HOST_ROOT, 'tmp'), { recursive: true });
let runTmp: string | undefined = fs.mkdtempSync(path.join(HOST_ROOT, 'tmp', 'run-'));
process.env.TMPDIR = runTmp;

function startHost(): HostInfo {
  workspace = fs.mkdtempSync(path.join(HOST_ROOT, 'ws-'));
  const stdout = execFileSync('bash', [path.join(HERE, 'start-host.sh'), '--folder', workspace, '--theme', 'light'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return parseHostInfo(stdout);
}

/** The first-load watchdog's recoveries of a silent webview (src/extension/renderWatchdog.ts), counted from the logs. */
let watchdogReloads = 0;
const WATCHDOG_LINE = /: the webview (is ready but did not acknowledge the load .*posting it again|.*; loading it again)$/;

/** The AnimScope output channel of each extension host (its warnings explain a webview that did not render). */
function copyExtensionLogs(data: string): void {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries: fs.Dirent[] = [];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/AnimScope\.log$/.test(e.name)) found.push(p);
    }
  };
  walk(path.join(data, 'user-data', 'logs'));
  found.forEach((file, i) => {
    const target = path.join(ARTIFACTS_DIR, `animscope-${i + 1}.log`);
    try { fs.copyFileSync(file, target); } catch { return; }
    const lines = fs.readFileSync(target, 'utf8').split('\n');
    const reloads = lines.filter((l) => WATCHDOG_LINE.test(l));
    watchdogReloads += reloads.length;
    for (const l of reloads) console.log(`  ↻ webview reloaded by the first-load watchdog: ${l}`);
    const warnings = lines.filter((l) => /\[(warning|error)\]/.test(l));
    if (warnings.length) console.log(`AnimScope log ${target}: ${warnings.length} warning(s)/error(s)\n  ${warnings.slice(-20).join('\n  ')}`);
  });
}

/** Idempotent, synchronous (also used from signal handlers). */
function stopHost(): void {
  const h = host;
  host = undefined;
  if (h) {
    try {
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      fs.copyFileSync(path.join(h.data, 'code-server.log'), path.join(ARTIFACTS_DIR, 'code-server.log'));
    } catch { /* no log */ }
    copyExtensionLogs(h.data);
    try {
      execFileSync('bash', [path.join(HERE, 'stop-host.sh'), String(h.port)], { stdio: ['ignore', 'inherit', 'inherit'] });
    } catch {
      try { process.kill(-h.pgid, 'SIGKILL'); } catch { /* already gone */ }
    }
  }
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
  workspace = undefined;
  if (runTmp) fs.rmSync(runTmp, { recursive: true, force: true });
  runTmp = undefined;
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping the host`);
    stopHost();
    console.log('host: 0 passed, 1 failed');
    process.exit(130);
  });
}
process.on('exit', stopHost);

// ---- (1) in-host mocha ------------------------------------------------------------------------
const MOCHA_LINE = /^\s*(✔|✓|\d+\)|\d+ (passing|failing|pending))|Error|Assertion|expected|actual|^\s{2,}\S/;

async function runInHostSuite(h: HostInfo): Promise<Tally> {
  const resultFile = path.join(h.data, 'mocha-result.json');
  fs.rmSync(resultFile, { force: true });
  const browser = await launchBrowser();
  let exitCode: number | 'timeout';
  try {
    const { page } = browser;
    let resolveExit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((r) => (resolveExit = r));
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    page.on('console', (m) => {
      void consoleLine(m).then((line) => {
        if (line !== undefined && (VERBOSE || MOCHA_LINE.test(line))) console.log('  ' + line);
      });
    });
    const folder = path.join(h.workspace, 'suite');
    fs.mkdirSync(folder, { recursive: true });
    await page.goto(workbenchUrl(h.url, folder, {
      extDevPath: PROJECT_ROOT, extTestsPath: path.join(OUT, 'suite', 'index.js'),
    }));
    lap('in-host suite: workbench opened with extensionDevelopmentPath + extensionTestsPath');
    let timer: NodeJS.Timeout | undefined;
    exitCode = await Promise.race([exited, new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), SUITE_TIMEOUT_MS); })]);
    clearTimeout(timer);
    await screenshot(page, 'suite-end').catch(() => undefined);
  } finally {
    await browser.close();
  }
  lap(`in-host suite: exit code ${exitCode}`);
  let result: SuiteResult | undefined;
  try { result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as SuiteResult; } catch { /* no result */ }
  if (!result) {
    console.log(`  ✘ the in-host suite reported no result (${exitCode === 'timeout' ? `timeout after ${SUITE_TIMEOUT_MS} ms` : `exit code ${exitCode}`}); see ${ARTIFACTS_DIR}/code-server.log`);
    return { passed: 0, failed: 1, retried: 0 };
  }
  for (const t of result.tests) {
    if (t.state === 'failed') console.log(`  ✘ ${t.title}\n    ${(t.error ?? '').split('\n').slice(0, 6).join('\n    ')}`);
    else if (t.retries > 0) console.log(`  ↻ passed after ${t.retries} retr${t.retries === 1 ? 'y' : 'ies'}: ${t.title}`);
  }
  // a non-zero exit with no failed test (e.g. the runner itself threw), or a suite that ran nothing, is still a failure
  const extra = (exitCode !== 0 || result.tests.length === 0) && result.failed === 0 ? 1 : 0;
  if (result.tests.length === 0) console.log('  ✘ the in-host suite ran no test');
  return { passed: result.passed, failed: result.failed + extra, retried: result.retried };
}

// ---- (2) Playwright e2e ------------------------------------------------------------------------
/** The e2e tests, and what is wrong with the e2e folder (no file, a file without tests): each one a failure. */
function loadE2ETests(): { tests: { file: string; test: E2ETest }[]; problems: string[] } {
  const dir = path.join(OUT, 'e2e');
  const tests: { file: string; test: E2ETest }[] = [];
  const problems: string[] = [];
  // ANIMSCOPE_E2E_ONLY=problems runs only the e2e files whose name contains it (development)
  const only = process.env.ANIMSCOPE_E2E_ONLY;
  const files = (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []).filter((f) => f.endsWith('.e2e.js') && (!only || f.includes(only)));
  if (!files.length) problems.push(`no e2e test file in ${dir}${only ? ` matching ANIMSCOPE_E2E_ONLY=${only}` : ''} (build first: npx tsc -p .)`);
  for (const f of files) {
    const mod = require(path.join(dir, f)) as { tests?: E2ETest[] };
    if (!mod.tests?.length) problems.push(`${f} exports no tests`);
    for (const test of mod.tests ?? []) tests.push({ file: f, test });
  }
  return { tests, problems };
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

async function runE2E(h: HostInfo): Promise<Tally> {
  const { tests, problems } = loadE2ETests();
  const tally: Tally = { passed: 0, failed: problems.length, retried: 0 };
  for (const p of problems) console.log(`  ✘ e2e: ${p}`);
  if (!tests.length) return tally;
  const browser = await launchBrowser();
  try {
    const { page } = browser;
    page.on('pageerror', (e) => { if (VERBOSE) console.log(`  [page error] ${e.message.slice(0, 300)}`); });
    page.on('console', (m) => {
      if ((VERBOSE || m.type() === 'error') && !/vsda|Failed to load resource|open-vsx|service worker|ENOTFOUND/i.test(m.text())) {
        console.log(`  [browser ${m.type()}] ${m.text().slice(0, 300)}`);
      }
    });
    const folder = path.join(h.workspace, 'e2e');
    fs.mkdirSync(folder, { recursive: true });
    const copySample = (relative: string, asName = path.basename(relative)): string => {
      const target = path.join(folder, asName);
      if (!fs.existsSync(target)) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, readSampleFile(relative));
        fs.chmodSync(target, 0o644);
      }
      return asName;
    };
    for (const { test } of tests) for (const s of test.samples ?? []) copySample(s.from, s.as);
    await page.goto(workbenchUrl(h.url, folder, { extDevPath: PROJECT_ROOT }));
    await waitForWorkbench(page);
    lap('e2e: workbench loaded');
    const ctx: E2EContext = {
      page,
      host: h,
      folder,
      copySample,
      screenshot: (name) => screenshot(page, name),
      log: (m) => console.log(`    ${m}`),
    };
    for (const { file, test } of tests) {
      const s = Date.now();
      try {
        await test.run(ctx);
        tally.passed++;
        console.log(`  ✔ ${test.name} (${secs(s)})`);
      } catch (e) {
        tally.failed++;
        const shot = await screenshot(page, `failure-${slug(test.name)}`).catch(() => 'none');
        console.log(`  ✘ ${test.name} [${file}] (${secs(s)})\n    ${e instanceof Error ? e.message : String(e)}\n    screenshot: ${shot}`);
      }
    }
  } catch (e) {
    tally.failed++;
    console.log(`  ✘ e2e setup: ${e instanceof Error ? e.message : String(e)}`);
    await screenshot(browser.page, 'failure-e2e-setup').catch(() => undefined);
  } finally {
    await browser.close();
  }
  return tally;
}

// ---- main ---------------------------------------------------------------------------------------
async function main(): Promise<number> {
  const suite = !process.argv.includes('--e2e-only');
  const e2e = !process.argv.includes('--suite-only');
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const total: Tally = { passed: 0, failed: 0, retried: 0 };
  const add = (t: Tally): void => { total.passed += t.passed; total.failed += t.failed; total.retried += t.retried; };
  try {
    const h = await timed('host start', async () => startHost());
    host = h;
    lap(`host: ${h.url} (pgid ${h.pgid}), workspace ${h.workspace}`);
    if (suite) add(await timed('in-host mocha', () => runInHostSuite(h)));
    if (e2e) add(await timed('playwright e2e', () => runE2E(h)));
  } catch (e) {
    total.failed++;
    console.log(`  ✘ ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await timed('host stop', async () => stopHost());
  }
  console.log(`timings: ${timings.map(([k, v]) => `${k} ${v}`).join(', ')}, total ${secs(t0)}`);
  console.log(`artifacts: ${ARTIFACTS_DIR}`);
  console.log(`host: ${total.passed} passed, ${total.failed} failed, ${total.retried} passed after a retry, ${watchdogReloads} webview reloads`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (e: unknown) => {
  console.error(e);
  stopHost();
  console.log('host: 0 passed, 1 failed');
  process.exit(1);
});
