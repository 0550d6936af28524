/**
 * DEFLATE speed on a synthetic gzip PKS (no real PKS sample exists): every shared J3D sample and
 * motion.bin packed into one PKS, gzip-compressed by Node's zlib (level 6), then opened the way
 * AnimScope opens it (gunzip through src/formats/archive/inflate.ts, then the PKS dictionary).
 */
import * as fs from 'fs';
import * as zlib from 'zlib';
import { openAnyArchive } from '../src/formats/archive/archive';
import { gunzip } from '../src/formats/archive/inflate';
import { DiagnosticSink } from '../src/formats/binary/diagnostics';
import { listSamples, samplePath } from '../test/unit/helpers';
import { buildPks } from '../test/fixtures/pks-writer';
import { heading, mbPerSecond, row, time } from './timing';

export function benchInflate(): void {
  const files = [...listSamples('j3d'), 'motn/motion.bin'].map((rel, i) => ({
    name: `F${i}.${rel.endsWith('.bin') ? 'BIN' : rel.slice(-3).toUpperCase()}`,
    data: new Uint8Array(fs.readFileSync(samplePath(rel))),
  }));
  const pks = buildPks(files).bytes;
  const gz = new Uint8Array(zlib.gzipSync(pks, { level: 6 }));
  heading(`gzip PKS (synthetic): ${files.length} files, ${pks.length.toLocaleString('en-US')} → ${gz.length.toLocaleString('en-US')} bytes`, 'ms', 'MB/s out', 'diagnostics');
  const sink = new DiagnosticSink();
  const once = gunzip(gz, sink);
  if (once.length !== pks.length || !once.every((b, i) => b === pks[i])) console.log('  (gunzip output differs from the input!)');
  const t = time(() => gunzip(gz, new DiagnosticSink()), { budgetMs: 1500 });
  row('gunzip', t.medianMs, mbPerSecond(pks.length, t.medianMs), sink.list.length);
  const open = time(() => openAnyArchive(gz, new DiagnosticSink()), { budgetMs: 1500 });
  row('openAnyArchive (gunzip + PKS + detection)', open.medianMs, mbPerSecond(pks.length, open.medianMs), '');
  const z = time(() => zlib.gunzipSync(gz), { budgetMs: 800 });
  row('for reference: Node zlib.gunzipSync', z.medianMs, mbPerSecond(pks.length, z.medianMs), '');
}

if (require.main === module) benchInflate();
