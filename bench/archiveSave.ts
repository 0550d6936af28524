/**
 * `npm run bench`, archive save (src/write/archive): one edited entry written back into its
 * archive (decompress, rewrite the RARC, Yaz0 again), warm; and the Yaz0 encoder, in the style
 * detected from each shared archive, against the archive's own bytes. Prints numbers; never fails on them.
 */
import * as fs from 'fs';
import { decompressEntry, extractAny, openAnyArchive } from '../src/formats/archive/archive';
import { decompressYaz0 } from '../src/formats/archive/yaz0';
import { DiagnosticSink } from '../src/formats/binary/diagnostics';
import { replaceArchiveEntry } from '../src/write/archive/replaceEntry';
import { encodeYaz0 } from '../src/write/archive/yaz0Encode';
import { detectYaz0Style } from '../src/write/archive/yaz0Style';
import { listSamples, samplePath } from '../test/unit/helpers';
import { heading, mbPerSecond, row, time } from './timing';

function entryBytes(archive: Uint8Array, path: string): Uint8Array {
  const opened = openAnyArchive(archive, new DiagnosticSink(), { detectEntries: false });
  const entry = opened.entries.find((e) => e.path === path);
  if (!entry) throw new Error(`no ${path}`);
  return decompressEntry(extractAny(opened, entry), new DiagnosticSink()).slice();
}

export function benchArchiveSave(): void {
  heading('Archive save: one edited entry written back (decompress, rewrite, Yaz0; warm)', 'archive bytes', 'ms', 'target');
  const powerStar = new Uint8Array(fs.readFileSync(samplePath('archives/PowerStar.arc')));
  const btk = entryBytes(powerStar, 'PowerStar/PowerStarColor.btk');
  btk[btk.length - 8] ^= 0x01; // one byte of a key value: the same size
  const same = time(() => replaceArchiveEntry(powerStar, 'PowerStar/PowerStarColor.btk', btk), { budgetMs: 1500, minRuns: 5, warmup: 2 });
  row('PowerStar.arc, one byte of PowerStarColor.btk', powerStar.length, same.medianMs, '≤ 50');
  const grown = new Uint8Array(btk.length + 64);
  grown.set(btk);
  const bigger = time(() => replaceArchiveEntry(powerStar, 'PowerStar/PowerStarColor.btk', grown), { budgetMs: 1500, minRuns: 5, warmup: 2 });
  row('PowerStar.arc, PowerStarColor.btk grown by 64 bytes', powerStar.length, bigger.medianMs, '≤ 50');

  heading('Yaz0 encoder against the original archives, in the style detected from each (ratio = ours ÷ the original\'s size)', 'data bytes', 'original', 'ours', 'ratio', 'identical', 'ms', 'MB/s');
  for (const rel of listSamples('archives')) {
    const original = new Uint8Array(fs.readFileSync(samplePath(rel)));
    const data = decompressYaz0(original, new DiagnosticSink());
    let out: Uint8Array = new Uint8Array(0);
    let style = '';
    const t = time(() => {
      const detected = detectYaz0Style(original, data);
      style = detected.name;
      out = encodeYaz0(data, { style: detected.style, reserved: detected.reserved });
    }, { budgetMs: 600, minRuns: 3, warmup: 1 });
    const same = out.length === original.length && out.every((b, i) => b === original[i]);
    row(`${rel.replace('archives/', '')} (${style})`, data.length, original.length, out.length, (out.length / original.length).toFixed(4), same ? 'yes' : 'no', t.medianMs, mbPerSecond(data.length, t.medianMs));
  }
}
