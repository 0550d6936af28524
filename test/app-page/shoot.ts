/**
 * Screenshots of the whole webview in a plain page with the simulated host:
 *   node out/test/app-page/shoot.js SAMPLE [light|dark|high-contrast] [OUT.png] [WIDTHxHEIGHT]
 */
import * as fs from 'fs';
import * as path from 'path';
import { loadPlaywright } from '../host/playwright';
import { buildAppPage, PROJECT_ROOT, Theme } from './build';

const SAMPLES = path.resolve(PROJECT_ROOT, '../shared/samples');
const ORIGIN = 'http://animscope.test';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf' };

interface Route { request(): { url(): string }; fulfill(o: { status?: number; contentType?: string; body?: Buffer | string }): Promise<void> }
interface PageLike {
  route(url: string, handler: (r: Route) => Promise<void>): Promise<void>;
  goto(url: string): Promise<unknown>;
  waitForFunction(fn: string, arg?: unknown, o?: { timeout?: number }): Promise<unknown>;
  waitForTimeout(ms: number): Promise<void>;
  screenshot(o: { path: string }): Promise<unknown>;
  evaluate<R>(fn: string): Promise<R>;
  on(event: string, fn: (x: { message?: string; text?: () => string }) => void): void;
}
interface BrowserLike { newPage(o: object): Promise<PageLike>; close(): Promise<void> }

export async function openAppPage(sample: string, theme: Theme, size = { width: 1400, height: 900 }): Promise<{ page: PageLike; close: () => Promise<void>; errors: string[] }> {
  const dir = await buildAppPage(theme);
  const { chromium } = loadPlaywright<{ chromium: { launch(o: object): Promise<BrowserLike> } }>();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: size });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e.message)));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const p = decodeURIComponent(new URL(route.request().url()).pathname);
    const file = p.startsWith('/samples/') ? path.join(SAMPLES, p.slice(9)) : path.join(dir, p.slice(1));
    if (!fs.existsSync(file)) { await route.fulfill({ status: 404, body: '' }); return; }
    await route.fulfill({ status: 200, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: fs.readFileSync(file) });
  });
  // SAMPLE may carry more fakeHost parameters: `…/2ndDemo.bck&modelCut=0.5`
  const [file, ...extra] = sample.split('&');
  await page.goto(`${ORIGIN}/app.html?sample=${encodeURIComponent(file)}${extra.map((p) => `&${p}`).join('')}`);
  await page.waitForFunction(`window.fakeHost && window.fakeHost.sent.some((m) => m.type === 'rendered')`, undefined, { timeout: 30000 });
  return { page, errors, close: async () => { await browser.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

if (require.main === module) {
  void (async () => {
    const [sample = 'j3d/smg/TripodBossCore/2ndDemo.bck', theme = 'dark', out = `test-artifacts/app/${path.basename(sample)}-${theme}.png`, size = '1400x900'] = process.argv.slice(2);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const [width, height] = size.split('x').map(Number);
    const { page, close, errors } = await openAppPage(sample, theme as Theme, { width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: out });
    console.log(out, errors.length ? `errors: ${errors.join('; ')}` : '');
    await close();
  })();
}
