/**
 * `npm run bench`, writers (src/write): export → build of real files, motion.bin and the
 * worst-case BCK. The document is parsed from its JSON text once; build is timed warm. Prints
 * numbers; never fails on them.
 */
import * as fs from 'fs';
import { exportDecoded } from '../src/export/json';
import { jsonFileText } from '../src/export/serialize';
import { decode } from '../src/formats/index';
import { buildFromExport } from '../src/write/exportBuild';
import { writeWorstCaseBck } from '../test/fixtures/j3d-writer';
import { samplePath } from '../test/unit/helpers';
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
