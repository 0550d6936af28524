/**
 * `npm run bench`, writers (src/write): export → build of real files, motion.bin and the
 * worst-case BCK; keys → build (the converter's layout, every kind): how many distinct real files
 * come out byte-identical, per kind and game, and the worst-case BCK's time. Documents are parsed from
 * their JSON text once; builds are timed warm. Prints numbers; never fails on them.
 */
import * as fs from 'fs';
import { exportDecoded } from '../src/export/json';
import { jsonFileText } from '../src/export/serialize';
import { decode } from '../src/formats/index';
import { buildFromExport } from '../src/write/exportBuild';
import { writeWorstCaseBck } from '../test/fixtures/j3d-writer';
import { realFiles, samplePath } from '../test/unit/helpers';
import { keysDocument } from '../src/write/keysForm';
import { buildBckFromKeys } from '../src/write/j3d/kinds/bck';
import { buildFromKeys, canBuildFromKeys } from '../src/write/buildFromKeys';
import { BuildInputError } from '../src/write/input';
import { fmt, heading, mbPerSecond, row, time } from './timing';

function benchOne(label: string, bytes: Uint8Array, name: string, budgetMs: number): void {
  const file = decode(bytes, name);
  let doc: unknown;
  const exportTime = time(() => { doc = exportDecoded(file); }, { budgetMs, minRuns: 3, warmup: 1 });
  const parsed = JSON.parse(jsonFileText(doc));
  const raw = (parsed.rawBytes as { hex: string }[]).reduce((n, r) => n + r.hex.length / 2, 0);
  let built: Uint8Array = new Uint8Array(0);
  const buildTime = time(() => { built = buildFromExport(parsed); }, { budgetMs, minRuns: 3, warmup: 1 });
  const same = built.length === bytes.length && built.every((b, i) => b === file.bytes[i]);
  row(label, bytes.length, raw, exportTime.medianMs, buildTime.medianMs, mbPerSecond(bytes.length, buildTime.medianMs), same ? 'yes' : 'NO');
}

export function benchBuild(): void {
  heading('Build from an export (src/write; build warm, from the parsed JSON)', 'bytes', 'rawBytes', 'export ms', 'build ms', 'MB/s', 'identical');
  for (const rel of ['j3d/smg/TripodBoss/StartDemo.bck', 'j3d/smg/TripodBossCore/Wait.btk', 'j3d/smg/TripodBossCore/2ndDemo.brk', 'mkdd/objects/mariotree1_wait.bca']) {
    benchOne(rel, new Uint8Array(fs.readFileSync(samplePath(rel))), rel.split('/').pop() as string, 300);
  }
  benchOne('motn/motion.bin', new Uint8Array(fs.readFileSync(samplePath('motn/motion.bin'))), 'motion.bin', 4000);
  const worst = writeWorstCaseBck().bytes;
  benchOne(`worst-case BCK (${fmt(worst.length)} bytes)`, worst, 'worst-case.bck', 4000);
}

/** The game of a shared sample, by its folder (samples/SOURCES.md). */
function gameOfSample(rel: string): string {
  if (rel.startsWith('mkdd/')) return 'Mario Kart: Double Dash!!';
  if (rel.startsWith('motn/')) return 'Shenmue';
  return 'Super Mario Galaxy (1, 2)';
}

export function benchKeysBuild(): void {
  heading('Build from the keys form (the converter\'s layout): byte-identical distinct real files', 'files', 'identical', 'fraction');
  const rows = new Map<string, { files: number; same: number }>();
  const seen = new Set<string>();
  for (const f of realFiles()) {
    const file = decode(f.bytes, f.name);
    if (!file.anim || !canBuildFromKeys(file.format)) continue;
    const key = Buffer.from(f.bytes).toString('base64');
    if (seen.has(key)) continue;
    seen.add(key);
    const built = buildFromKeys(JSON.parse(jsonFileText(keysDocument(file.anim, f.bytes))));
    const same = built.length === f.bytes.length && built.every((b, i) => b === f.bytes[i]);
    const label = `${file.format.toUpperCase()} · ${gameOfSample(f.path)}`;
    const r = rows.get(label) ?? { files: 0, same: 0 };
    r.files++;
    if (same) r.same++;
    rows.set(label, r);
  }
  for (const [label, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) row(label, String(r.files), String(r.same), `${((100 * r.same) / r.files).toFixed(0)} %`);

  const worst = decode(writeWorstCaseBck().bytes, 'worst-case.bck');
  // its keys form as text passes V8's 512 MB string limit (shared bank slices expand per track): the document object is built from
  const keys = keysDocument(worst.anim!, undefined, Infinity);
  // Its tracks share bank slices at every offset, which the converter's run reuse cannot
  // reproduce: the scale bank passes 65,535 elements and the build is refused there. Timed to the refusal.
  let outcome = '';
  const t = time(() => {
    try {
      outcome = `${fmt(buildBckFromKeys(keys).length)} bytes`;
    } catch (e) {
      if (!(e instanceof BuildInputError)) throw e;
      outcome = `refused: ${e.reason}`;
    }
  }, { budgetMs: 0, minRuns: 1, warmup: 1 });
  heading('Worst-case BCK from its keys (target ≤ 100 ms warm)', 'ms');
  row(`${fmt(worst.bytes.length)}-byte BCK, 65,535 joints`, t.medianMs);
  console.log(`  ${outcome}`);
}
