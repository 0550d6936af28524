/**
 * Test support for the 3D view: extracts the shared models and animations from their archives
 * (Node side, with the project's archive code) into a temporary folder served under /generated/,
 * builds and serves the harness page, and drives Debian chromium (SwiftShader WebGL2) through
 * playwright-core (installed outside the project by test/host/setup.sh).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PNG } from 'pngjs';
import { resolveInArchive } from '../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../src/formats/binary/diagnostics';
import { HarnessServer, SAMPLES_ROOT, startServer } from '../webview-curves/server';
import { launchChromium, SOFTWARE_WEBGL } from '../browser/launch';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'webview-render');

export interface SampleEntry { name: string; archive: string; inner: string }

/** Every shared model: [served name, archive (under samples/archives) or '', path inside / loose path]. */
export const MODELS: SampleEntry[] = [
  { name: 'Kuribo.bdl', archive: 'Kuribo', inner: 'Kuribo/Kuribo.bdl' },
  { name: 'PowerStar.bdl', archive: 'PowerStar', inner: 'PowerStar/PowerStar.bdl' },
  { name: 'Mogu.bdl', archive: 'Mogu', inner: 'Mogu/Mogu.bdl' },
  { name: 'TripodBossCore.bdl', archive: 'TripodBossCore', inner: 'TripodBossCore/TripodBossCore.bdl' },
  { name: 'CrystalSwitch.bdl', archive: 'CrystalSwitch', inner: 'CrystalSwitch/CrystalSwitch.bdl' },
  { name: 'mariotree1.bmd', archive: '', inner: 'mkdd/objects/mariotree1.bmd' },
];

export const ANIMATIONS: SampleEntry[] = [
  { name: 'Kuribo/Walk.bck', archive: 'Kuribo', inner: 'Kuribo/Walk.bck' },
  { name: 'Kuribo/Normal.brk', archive: 'Kuribo', inner: 'Kuribo/Normal.brk' },
  { name: 'PowerStar/PowerStarColor.brk', archive: 'PowerStar', inner: 'PowerStar/PowerStarColor.brk' },
  { name: 'PowerStar/PowerStarColor.btk', archive: 'PowerStar', inner: 'PowerStar/PowerStarColor.btk' },
  { name: 'PowerStar/PowerStarGet.bck', archive: 'PowerStar', inner: 'PowerStar/PowerStarGet.bck' },
  { name: 'Mogu/Wait.bck', archive: 'Mogu', inner: 'Mogu/Wait.bck' },
  { name: 'Mogu/Throw.bck', archive: 'Mogu', inner: 'Mogu/Throw.bck' },
  { name: 'TripodBossCore/2ndDemo.brk', archive: 'TripodBossCore', inner: 'TripodBossCore/2ndDemo.brk' },
  { name: 'TripodBossCore/Wait.btk', archive: 'TripodBossCore', inner: 'TripodBossCore/Wait.btk' },
];

/** Writes every model and animation (and `extra`) into a fresh temporary folder (returned). */
export function extractSamples(extra: readonly SampleEntry[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-render-'));
  const archives = new Map<string, Uint8Array>();
  for (const f of [...MODELS, ...ANIMATIONS, ...extra]) {
    let bytes: Uint8Array | undefined;
    if (f.archive) {
      let arc = archives.get(f.archive);
      if (!arc) archives.set(f.archive, (arc = new Uint8Array(fs.readFileSync(path.join(SAMPLES_ROOT, 'archives', `${f.archive}.arc`)))));
      const sink = new DiagnosticSink();
      bytes = resolveInArchive(arc, f.inner, sink);
      if (!bytes) throw new Error(`${f.inner} not found in ${f.archive}.arc: ${JSON.stringify(sink.list)}`);
    } else {
      bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES_ROOT, f.inner)));
    }
    const out = path.join(dir, f.name);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, bytes);
  }
  return dir;
}

export interface Page {
  goto(url: string): Promise<unknown>;
  waitForFunction(fn: string, arg?: unknown, options?: { timeout?: number; polling?: number }): Promise<unknown>;
  evaluate<T>(fn: string | ((arg: never) => T), arg?: unknown): Promise<T>;
  locator(selector: string): { screenshot(o: { path: string }): Promise<Buffer>; boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>; focus(): Promise<void>; textContent(): Promise<string | null>; count(): Promise<number> };
  keyboard: { press(key: string): Promise<void> };
  mouse: { move(x: number, y: number, o?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void>; wheel(dx: number, dy: number): Promise<void> };
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
  open(theme?: 'light' | 'dark'): Promise<Page & { errors: string[] }>;
  close(): Promise<void>;
}

export async function startHarness(extra: readonly SampleEntry[] = []): Promise<Harness> {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'test', 'webview-render', 'build.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  const generated = extractSamples(extra);
  const server = await startServer(path.join(REPO_ROOT, 'out', 'webview-render-harness'), 0, generated);
  // SwiftShader (software WebGL2): no GPU needed.
  const browser = await launchChromium<Browser>(SOFTWARE_WEBGL);
  const pages: Page[] = [];
  return {
    server,
    browser,
    async open(theme = 'dark') {
      const page = await browser.newPage({ viewport: { width: 820, height: 900 }, deviceScaleFactor: 1 });
      pages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
      await page.goto(`${server.url}index.html?theme=${theme}`);
      await page.waitForFunction('document.body.dataset.ready === "true"', undefined, { timeout: 30000, polling: 50 });
      return Object.assign(page, { errors });
    },
    async close() {
      for (const p of pages) await p.close().catch(() => undefined);
      await browser.close();
      await server.close();
      fs.rmSync(generated, { recursive: true, force: true });
    },
  };
}

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, rows top first. */
  data: Uint8Array;
}

/** The harness's pixel read (GL rows bottom first) as top-first RGBA. */
export function fromGl(p: { width: number; height: number; data: string }): Pixels {
  const raw = Buffer.from(p.data, 'base64');
  const out = new Uint8Array(raw.length);
  const row = p.width * 4;
  for (let y = 0; y < p.height; y++) out.set(raw.subarray((p.height - 1 - y) * row, (p.height - y) * row), y * row);
  return { width: p.width, height: p.height, data: out };
}

export function fromMask(p: { width: number; height: number; data: string }): { width: number; height: number; data: Uint8Array } {
  return { width: p.width, height: p.height, data: new Uint8Array(Buffer.from(p.data, 'base64')) };
}

export function savePng(file: string, p: Pixels): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const png = new PNG({ width: p.width, height: p.height });
  png.data = Buffer.from(p.data);
  fs.writeFileSync(file, PNG.sync.write(png));
}

export function pixelAt(p: Pixels, x: number, y: number): [number, number, number, number] {
  const o = (y * p.width + x) * 4;
  return [p.data[o], p.data[o + 1], p.data[o + 2], p.data[o + 3]];
}

/** Pixels differing from the background colour by more than `tolerance` in some channel. */
export function foregroundMask(p: Pixels, background: [number, number, number], tolerance = 6): Uint8Array {
  const mask = new Uint8Array(p.width * p.height);
  for (let i = 0; i < mask.length; i++) {
    const o = i * 4;
    if (Math.abs(p.data[o] - background[0]) > tolerance || Math.abs(p.data[o + 1] - background[1]) > tolerance || Math.abs(p.data[o + 2] - background[2]) > tolerance) mask[i] = 255;
  }
  return mask;
}

export function count(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) if (v) n++;
  return n;
}

/** Pixels (in `region` or all) where two pictures differ by more than `tolerance` in some channel. */
export function diffCount(a: Pixels, b: Pixels, tolerance = 8, region?: { x0: number; y0: number; x1: number; y1: number }): number {
  let n = 0;
  const r = region ?? { x0: 0, y0: 0, x1: a.width, y1: a.height };
  for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) {
    const o = (y * a.width + x) * 4;
    if (Math.abs(a.data[o] - b.data[o]) > tolerance || Math.abs(a.data[o + 1] - b.data[o + 1]) > tolerance || Math.abs(a.data[o + 2] - b.data[o + 2]) > tolerance) n++;
  }
  return n;
}

/** Pixels set in `a` that are farther than `radius` pixels from every pixel set in `b`. */
export function outsideBy(a: { width: number; height: number; data: Uint8Array }, b: Uint8Array, radius: number): number {
  const { width: w, height: h } = a;
  let n = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (!a.data[y * w + x]) continue;
    let near = false;
    for (let dy = -radius; dy <= radius && !near; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      for (let dx = -radius; dx <= radius; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < w && b[yy * w + xx]) { near = true; break; }
      }
    }
    if (!near) n++;
  }
  return n;
}

/** Theme background colours of test/webview/theme.css. */
export const BACKGROUND = { dark: [0x1f, 0x1f, 0x1f] as [number, number, number], light: [0xff, 0xff, 0xff] as [number, number, number] };
