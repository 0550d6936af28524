/**
 * The bytes a file holds that its field tree's values do not give back — padding text, gaps
 * between tables, bytes no field claims, values JSON cannot carry (NaN floats), Shift-JIS names —
 * as runs `{offset, hex}`: the export's `rawBytes` (schema v3). Found by writing the tree into
 * zeros and comparing with the file, so nothing can be missed; zero bytes cost nothing.
 */
import { arrayAt, fail, integerAt, member, objectAt, stringAt } from './input';

export interface RawRun {
  /** Absolute offset in the (decompressed) file. */
  offset: number;
  /** The bytes, lower-case hex. */
  hex: string;
}

function toHex(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}

/** Where `encoded` differs from `original` (same length), as runs of the original's bytes. */
export function rawRuns(original: Uint8Array, encoded: Uint8Array): RawRun[] {
  const runs: RawRun[] = [];
  let i = 0;
  const n = original.length;
  while (i < n) {
    if (original[i] === encoded[i]) { i++; continue; }
    const start = i;
    // only the differing bytes: joining runs across bytes the values wrote would let the run
    // overwrite an edited value
    let end = i + 1;
    while (end < n && original[end] !== encoded[end]) end++;
    runs.push({ offset: start, hex: toHex(original, start, end) });
    i = end;
  }
  return runs;
}

/** Writes the document's `rawBytes` into `out`, checking each run (`path` names the list). */
export function applyRawRuns(value: unknown, out: Uint8Array, path: string): void {
  arrayAt(value, path).forEach((r, i) => {
    const runPath = member(path, i);
    const run = objectAt(r, runPath);
    const offset = integerAt(run.offset, member(runPath, 'offset'), 0, out.length);
    const hex = stringAt(run.hex, member(runPath, 'hex'));
    if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) fail(member(runPath, 'hex'), 'expected an even number of hex digits');
    if (offset + hex.length / 2 > out.length) fail(runPath, `${hex.length / 2} bytes at ${offset} run past the end of the file (${out.length} bytes)`);
    for (let k = 0; k < hex.length; k += 2) out[offset + k / 2] = parseInt(hex.substr(k, 2), 16);
  });
}
