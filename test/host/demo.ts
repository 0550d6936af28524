/**
 * `npm run demo [-- SAMPLE]`: starts a real VS Code (code-server) with AnimScope loaded, opens SAMPLE
 * in the AnimScope editor, saves a screenshot, and prints the URL to open in a browser. With a
 * terminal it keeps running until Ctrl+C; without one (stdin not a TTY) for ANIMSCOPE_DEMO_MINUTES
 * (30 by default; 0 under CI), and it says when the host has stopped.
 *
 * The workspace is a fresh copy of the shared samples (they stay untouched) plus TripodBossCore/
 * extracted from TripodBossCore.arc the way the game lays it out, so the default sample,
 * TripodBossCore/2ndDemo.bck, opens beside its model: named joints and the 3D skeleton.
 * ANIMSCOPE_DEMO_THEME=light | dark (default) | any theme name, e.g. "Default High Contrast".
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { HOST_ROOT } from './playwright';
import { launchBrowser, openInCustomEditor, parseHostInfo, PROJECT_ROOT, SAMPLES_DIR, waitForWorkbench, workbenchUrl } from './workbench';

const sample = process.argv[2] ?? 'TripodBossCore/2ndDemo.bck';
const shot = path.join(PROJECT_ROOT, 'test-artifacts', 'demo.png');

/** $HOST_ROOT/demo: the shared samples copied, and TripodBossCore.arc's files in TripodBossCore/. */
function demoWorkspace(): string {
  const dir = path.join(HOST_ROOT, 'demo');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(SAMPLES_DIR, dir, { recursive: true });
  // with AnimScope's own CLI (the tsc output): `animscope extract TripodBossCore.arc -o DIR`
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'out', 'src', 'cli', 'main.js'), 'extract',
    path.join(SAMPLES_DIR, 'archives', 'TripodBossCore.arc'), '-o', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  return dir;
}

async function main(): Promise<void> {
  const minutes = keepMinutes();
  const workspace = demoWorkspace();
  if (!fs.existsSync(path.join(workspace, sample))) throw new Error(`no sample ${sample} in ${workspace} (a copy of ${SAMPLES_DIR})`);
  const stdout = execFileSync('bash', [path.join(PROJECT_ROOT, 'test/host/start-host.sh'), '--folder', workspace, '--theme', process.env.ANIMSCOPE_DEMO_THEME ?? 'dark'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const host = parseHostInfo(stdout);
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try { execFileSync('bash', [path.join(PROJECT_ROOT, 'test/host/stop-host.sh'), String(host.port)], { stdio: 'ignore' }); } catch { /* gone */ }
  };
  process.on('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(0));

  const url = workbenchUrl(host.url, workspace, { extDevPath: PROJECT_ROOT });
  const browser = await launchBrowser({ width: 1400, height: 900 });
  try {
    await browser.page.goto(url);
    await waitForWorkbench(browser.page);
    const webview = await openInCustomEditor(browser.page, sample);
    await webview.locator('h1.as-title').waitFor({ timeout: 30000 });
    await browser.page.waitForTimeout(800);
    fs.mkdirSync(path.dirname(shot), { recursive: true });
    await browser.page.screenshot({ path: shot });
  } finally {
    await browser.close();
  }
  const rel = path.relative(process.cwd(), shot);
  if (minutes === 0) {
    // Nothing would keep the URL alive: say so rather than print a URL that is already dead.
    stop();
    console.log(`\n${sample} opened in the AnimScope editor in VS Code (screenshot: ${rel}).\n` +
      `The VS Code host has stopped (${process.env.CI ? 'CI is set' : 'ANIMSCOPE_DEMO_MINUTES=0'}); its URL no longer answers.`);
    return;
  }
  console.log(`\nAnimScope is running in VS Code at:\n  ${url}\n${sample} opened in the AnimScope editor; screenshot: ${rel}`);
  console.log('Open the URL in a browser on this machine.');
  if (minutes === undefined) {
    console.log('Press Ctrl+C to stop.');
    return new Promise<void>(() => undefined);
  }
  console.log(`No terminal: the host stays up for ${minutes} minutes (ANIMSCOPE_DEMO_MINUTES), ` +
    `or until Ctrl+C / kill ${process.pid}.`);
  await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
  stop();
  console.log(`The VS Code host has stopped after ${minutes} minutes; its URL no longer answers.`);
}

/**
 * How long the host stays up after the screenshot: undefined = until Ctrl+C (a terminal), else
 * minutes. Without a terminal (`npm run demo < /dev/null`, a script) it is ANIMSCOPE_DEMO_MINUTES,
 * 30 by default, 0 under CI (nobody is there to open the URL).
 */
function keepMinutes(): number | undefined {
  const set = process.env.ANIMSCOPE_DEMO_MINUTES;
  if (set !== undefined && set !== '') {
    const n = Number(set);
    if (!Number.isFinite(n) || n < 0) throw new Error(`ANIMSCOPE_DEMO_MINUTES must be a number of minutes ≥ 0 (got ${JSON.stringify(set)})`);
    return n;
  }
  if (process.env.CI) return 0;
  return process.stdin.isTTY ? undefined : 30;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
