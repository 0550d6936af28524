/**
 * `npm run demo [-- SAMPLE]`: starts a real VS Code (code-server) with AnimScope loaded, opens SAMPLE
 * in the AnimScope editor, saves a screenshot, and prints the URL to open in a browser. With a
 * terminal it keeps running until Ctrl+C; without one (CI, scripts) it stops after the screenshot.
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
  const workspace = demoWorkspace();
  if (!fs.existsSync(path.join(workspace, sample))) throw new Error(`no sample ${sample} in ${workspace} (a copy of ${SAMPLES_DIR})`);
  const stdout = execFileSync('bash', [path.join(PROJECT_ROOT, 'test/host/start-host.sh'), '--folder', workspace, '--theme', process.env.ANIMSCOPE_DEMO_THEME ?? 'dark'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const host = parseHostInfo(stdout);
  const stop = (): void => {
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
  console.log(`\nAnimScope is running in VS Code at:\n  ${url}\n${sample} opened in the AnimScope editor; screenshot: ${path.relative(process.cwd(), shot)}`);
  if (process.stdin.isTTY && !process.env.CI) {
    console.log('Open the URL in a browser on this machine. Press Ctrl+C to stop.');
    await new Promise(() => undefined);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
