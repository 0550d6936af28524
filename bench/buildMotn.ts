/**
 * `npm run bench`, MOTN keys → build (src/write/motn): motion.bin's keys form built in the
 * converter's layout — time (warm, from the parsed JSON), size, and how many sequences come out
 * byte-identical (each distinct sequence data, from its start to the next one's). Prints numbers;
 * never fails on them.
 */
import * as fs from 'fs';
import { jsonFileText } from '../src/export/serialize';
import { decode } from '../src/formats/index';
import type { MotnAnim } from '../src/formats/motn/types';
import { keysDocument } from '../src/write/keysForm';
import { buildMotnFromKeys } from '../src/write/motn/layout';
import { samplePath } from '../test/unit/helpers';
import { heading, row, time } from './timing';

/** Each distinct sequence's bytes (start to the next start, the last to the end of the data), in table order. */
function sequenceBytes(anim: MotnAnim, bytes: Uint8Array, dataEnd: number): Map<number, { standard: boolean; bytes: Uint8Array }> {
  const starts = [...new Set(anim.sequences.map((s) => s.offset))].sort((a, b) => a - b);
  const out = new Map<number, { standard: boolean; bytes: Uint8Array }>();
  for (const s of anim.sequences) {
    if (out.has(s.index)) continue;
    const next = starts[starts.indexOf(s.offset) + 1] ?? dataEnd;
    out.set(s.index, { standard: s.standard, bytes: bytes.subarray(s.offset, next) });
  }
  return out;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function benchMotnKeysBuild(): void {
  const bytes = new Uint8Array(fs.readFileSync(samplePath('motn/motion.bin')));
  const source = decode(bytes, 'motion.bin');
  const keys = JSON.parse(jsonFileText(keysDocument(source.anim!, bytes)));
  let built: Uint8Array = new Uint8Array(0);
  const t = time(() => { built = buildMotnFromKeys(keys); }, { budgetMs: 3000, minRuns: 3, warmup: 1 });
  const rebuilt = decode(built, 'motion.bin');
  const tail = Buffer.from(keys.layout.tail, 'base64').length;
  const a = sequenceBytes(source.anim as MotnAnim, bytes, bytes.length - tail);
  const b = sequenceBytes(rebuilt.anim as MotnAnim, built, built.length - tail);
  const seen = new Set<number>();
  const counts = { standard: [0, 0], raw: [0, 0] };
  for (const s of (source.anim as MotnAnim).sequences) {
    if (seen.has(s.offset)) continue;
    seen.add(s.offset);
    const c = counts[s.standard ? 'standard' : 'raw'];
    c[0]++;
    if (same(a.get(s.index)!.bytes, b.get(s.index)!.bytes)) c[1]++;
  }
  heading('MOTN from its keys (converter layout): motion.bin, sequences byte-identical', 'sequences', 'identical', 'fraction');
  const total = [counts.standard[0] + counts.raw[0], counts.standard[1] + counts.raw[1]];
  for (const [label, [n, k]] of [['standard (encoded from keys)', counts.standard], ['non-standard (kept raw)', counts.raw], ['all distinct sequence data', total]] as const) {
    row(label, String(n), String(k), `${((100 * k) / n).toFixed(1)} %`);
  }
  console.log(`  ${built.length} bytes built (source ${bytes.length}; the whole file identical: ${same(built, bytes) ? 'yes' : 'no'}), ` +
    `build ${t.medianMs.toFixed(1)} ms warm from the parsed keys form`);
}
