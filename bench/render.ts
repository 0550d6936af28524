/**
 * `npm run bench:render`: the 3D model view. Numbers, never pass/fail.
 *   - host: ModelPayload size (typed arrays + the rest) and build time per shared model (Node);
 *   - page (headless chromium, SwiftShader WebGL2 — software rendering, slower than any GPU): time
 *     from the payload's arrival to the first rendered frame per model (validation, buffers,
 *     textures, shader compiles, one draw) in a new view (new WebGL context: every program compiled)
 *     and again in the same view (programs cached), and the frame time while PowerStar plays every one of its
 *     BCK, BRK and BTK files together (target: under 16 ms), split into building the pose state
 *     (the animations' apply facets) and the view's part (setPose + draw, GPU included).
 * Needs playwright-core and chromium (`npm run host:setup`); the page part is skipped with a note without them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { resolveInArchive } from '../src/formats/archive/archive-path';
import { openAnyArchive } from '../src/formats/archive/archive';
import { DiagnosticSink } from '../src/formats/binary/diagnostics';
import { decodeModel } from '../src/formats/model';
import { buildModelPayload, payloadByteSize } from '../src/wire/modelPayloadBuild';
import { SAMPLES_ROOT } from '../test/webview-curves/server';
import { MODELS, SampleEntry, startHarness } from '../test/webview-render/support';
import { fmt, heading, row, time } from './timing';

function modelBytes(m: SampleEntry): Uint8Array {
  if (!m.archive) return new Uint8Array(fs.readFileSync(path.join(SAMPLES_ROOT, m.inner)));
  const arc = new Uint8Array(fs.readFileSync(path.join(SAMPLES_ROOT, 'archives', `${m.archive}.arc`)));
  return resolveInArchive(arc, m.inner, new DiagnosticSink())!;
}

function benchPayloads(): void {
  heading('ModelPayload (host): size and build time (median)', 'file bytes', 'typed bytes', 'other bytes', 'build ms');
  for (const m of MODELS) {
    const bytes = modelBytes(m);
    const model = decodeModel(bytes, new DiagnosticSink()).model!;
    const payload = buildModelPayload(model, bytes);
    const size = payloadByteSize(payload);
    const t = time(() => buildModelPayload(model, bytes), { budgetMs: 300 });
    row(m.name, bytes.length, size.typed, size.other, t.medianMs);
  }
}

/** Every BCK, BRK and BTK in PowerStar.arc. */
function powerStarAnimations(): SampleEntry[] {
  const arc = new Uint8Array(fs.readFileSync(path.join(SAMPLES_ROOT, 'archives', 'PowerStar.arc')));
  const opened = openAnyArchive(arc, new DiagnosticSink(), { detectEntries: false });
  return opened.entries
    .filter((e) => e.kind === 'file' && /\.(bck|brk|btk)$/i.test(e.name))
    .map((e) => ({ name: `bench/${e.path}`, archive: 'PowerStar', inner: e.path }));
}

async function benchPage(): Promise<void> {
  const extra = powerStarAnimations();
  let harness;
  try {
    harness = await startHarness(extra);
  } catch (e) {
    console.log(`\n3D view in chromium: skipped (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    return;
  }
  try {
    const page = await harness.open('dark');
    heading('3D view (chromium, SwiftShader): payload → first frame, median of 5', 'programs', 'new view ms', 'again ms');
    for (const m of MODELS) {
      await page.evaluate((n) => (window as any).harness.load(n), m.name as never);
      const median = async (fresh: boolean): Promise<{ ms: number; programs: number }> => {
        const runs: number[] = [];
        let programs = 0;
        for (let i = 0; i < 5; i++) {
          const r = await page.evaluate((f) => (window as any).harness.bench({ frames: 0, anims: [], fresh: f }), fresh as never) as { firstFrameMs: number; programs: number };
          runs.push(r.firstFrameMs);
          programs = r.programs;
        }
        runs.sort((a, b) => a - b);
        return { ms: runs[2], programs };
      };
      const cold = await median(true);
      const warm = await median(false);
      row(m.name, cold.programs, cold.ms, warm.ms);
    }
    await page.evaluate(() => (window as any).harness.load('PowerStar.bdl'));
    for (const a of extra) await page.evaluate((n) => (window as any).harness.loadAnim(n), a.name as never);
    const frames = 300;
    const r = await page.evaluate((s) => (window as any).harness.bench(s), { frames, anims: extra.map((a) => a.name) } as never) as { stateMs: number; renderMs: number };
    heading(`PowerStar playing ${extra.length} animations together (${extra.filter((a) => /bck$/i.test(a.name)).length} BCK, ${extra.filter((a) => /brk$/i.test(a.name)).length} BRK, ${extra.filter((a) => /btk$/i.test(a.name)).length} BTK), ${frames} frames`, 'ms/frame');
    row('pose state (apply facets)', r.stateMs);
    row('view: setPose + draw (GPU waited for)', r.renderMs);
    row('total (target < 16 ms)', r.stateMs + r.renderMs);
    const errors = page.errors.splice(0);
    if (errors.length) console.log(`page errors: ${errors.join('\n')}`);
  } finally {
    await harness.close();
  }
}

async function main(): Promise<void> {
  benchPayloads();
  await benchPage();
  console.log(`\n(${fmt(process.memoryUsage().rss / 1048576)} MiB RSS)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
