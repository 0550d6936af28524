/**
 * `npm run demo [-- SAMPLE]`: starts a real VS Code (code-server) with AnimScope loaded and the shared
 * samples as the workspace, opens SAMPLE (default the Galaxy BCK) in the AnimScope editor, saves a
 * screenshot, and prints the URL to open in a browser. With a terminal it keeps running until
 * Ctrl+C; without one (CI, scripts) it stops after the screenshot.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { launchBrowser, openInCustomEditor, parseHostInfo, PROJECT_ROOT, SAMPLES_DIR, waitForWorkbench, workbenchUrl } from './workbench';

const sample = process.argv[2] ?? 'j3d/smg/TripodBossCore/2ndDemo.bck';
const shot = path.join(PROJECT_ROOT, 'test-artifacts', 'demo.png');

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(SAMPLES_DIR, sample))) throw new Error(`no sample ${sample} in ${SAMPLES_DIR}`);
  const stdout = execFileSync('bash', [path.join(PROJECT_ROOT, 'test/host/start-host.sh'), '--folder', SAMPLES_DIR, '--theme', 'dark'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const host = parseHostInfo(stdout);
  const stop = (): void => {
    try { execFileSync('bash', [path.join(PROJECT_ROOT, 'test/host/stop-host.sh'), String(host.port)], { stdio: 'ignore' }); } catch { /* gone */ }
  };
  process.on('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(0));

  const url = workbenchUrl(host.url, SAMPLES_DIR, { extDevPath: PROJECT_ROOT });
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
