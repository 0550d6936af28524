/**
 * The 6-byte key table entry shared by ANK1, TTK1 and TRK1 (FORMATS.md §1) and the track checks
 * of §8 items 5–7: bank range, tangent mode, key time order, first/last key versus duration.
 *
 * Key time order is checked in O(1) per track: for each bank and key stride (3 or 4) the last
 * "time decreases to the next key" position per residue class is built once, so a worst-case
 * file (589,815 tracks sharing slices of 65,535-element banks) costs a few milliseconds. A small
 * bank's first tracks are read key by key instead (see BankRef.scanBudget).
 */
import { hex } from '../binary/diagnostics';
import { keepShape } from '../../runtime/shapes';
import { readable } from '../binary/text';
import { ElementLayout } from '../binary/fields';
import { recordElement } from '../binary/builder';
import type { KeyTrack } from './types';
import { KEPT_SINK } from './container';
import type { CodeCounter, LimitedSink } from './container';

export const KEY_TABLE_ENTRY_SIZE = 6;

export const KEY_TABLE_ENTRY: ElementLayout = recordElement('KeyTableEntry', [
  ['count', 'u16'],
  ['index', 'u16'],
  ['tangentMode', 'u16'],
]);

/** Reads a key table entry; missing bytes read as 0 (count 0 = default value). */
export function readKeyTrack(bytes: Uint8Array, offset: number): KeyTrack {
  if (offset < 0 || offset + KEY_TABLE_ENTRY_SIZE > bytes.length) return { count: 0, index: 0, tangentMode: 0 };
  return {
    count: (bytes[offset] << 8) | bytes[offset + 1],
    index: (bytes[offset + 2] << 8) | bytes[offset + 3],
    tangentMode: (bytes[offset + 4] << 8) | bytes[offset + 5],
  };
}

/** Bank elements per key: 3 for tangent mode 0, 4 otherwise (1, or unknown values). */
export function keyStride(tangentMode: number): number {
  return tangentMode === 0 ? 3 : 4;
}

/** A bank as the checks see it. */
export interface BankRef {
  /** Field name, e.g. `rotationBank`. */
  name: string;
  /** The copied values (clamped to the bytes). */
  values: Float32Array | Int16Array;
  /** Count declared in the chunk header. */
  declaredCount: number;
  /** Absolute offset of element 0. */
  offset: number;
  elementSize: number;
  /** Lazily built last-decrease positions (see lastDecreases) for key strides 3 and 4. */
  dec3: Int32Array | null;
  dec4: Int32Array | null;
  /**
   * Key times the order check may still read track by track before it builds the tables: for a
   * small bank, its few tracks cost less than a table, and many tracks read at most the bank's
   * length this way before paying for the table once. A big bank builds its table at once
   * (track by track, the early tracks of the worst case kept V8 from inlining `check`).
   */
  scanBudget: number;
}

/** Banks up to this many elements are checked for key order without a table while their budget lasts. */
const SMALL_BANK = 4096;

export function bankRef(name: string, values: Float32Array | Int16Array, declaredCount: number, offset: number, elementSize: number): BankRef {
  return { name, values, declaredCount, offset, elementSize, dec3: null, dec4: null, scanBudget: values.length <= SMALL_BANK ? values.length : 0 };
}

/** lastDecreases of a bank with no decrease at that stride: the key-order check is skipped. */
const NO_DECREASES = new Int32Array(0);

/**
 * last[p] = 1 + the last position q ≤ p with q ≡ p (mod stride) where the time at q + stride is
 * smaller than the time at q, or 0 when there is none. The keys of a track (index, keys) are out
 * of order exactly when last[index + (keys − 2)·stride] > index: one read per track.
 */
function lastDecreases(bank: BankRef, stride: number): Int32Array {
  const existing = stride === 3 ? bank.dec3 : bank.dec4;
  if (existing) return existing;
  const v = bank.values;
  const n = v.length;
  // A bank whose elements never decrease at this stride needs no table.
  let any = false;
  for (let p = 0; p + stride < n; p++) {
    if (v[p + stride] < v[p]) { any = true; break; }
  }
  if (!any) {
    if (stride === 3) bank.dec3 = NO_DECREASES;
    else bank.dec4 = NO_DECREASES;
    return NO_DECREASES;
  }
  const last = new Int32Array(n);
  const m = n - stride;
  for (let p = 0; p < stride && p < m; p++) last[p] = v[p + stride] < v[p] ? p + 1 : 0;
  for (let p = stride; p < m; p++) last[p] = v[p + stride] < v[p] ? p + 1 : last[p - stride];
  for (let p = Math.max(0, m); p < n; p++) last[p] = p >= stride ? last[p - stride] : 0;
  if (stride === 3) bank.dec3 = last;
  else bank.dec4 = last;
  return last;
}

/** Produces the track's name for a message, e.g. `joint 3 rotationY`. Only called when reporting. */
export type TrackLabel = (entry: number, component: number) => string;

/**
 * Runs the §8 track checks. `entryOffset` is the absolute offset of the 6-byte key table entry.
 * The hot path is small (so it inlines into the table loops); messages are built in the cold
 * report methods, and only for the diagnostics that are listed (see CodeCounter).
 */
export class TrackChecker {
  private readonly range: CodeCounter;
  private readonly tangent: CodeCounter;
  private readonly order: CodeCounter;
  private readonly firstLate: CodeCounter;
  private readonly lastEarly: CodeCounter;

  constructor(
    readonly sink: LimitedSink,
    readonly chunkId: string,
    readonly duration: number,
    readonly label: TrackLabel,
  ) {
    this.range = sink.counter('J3D_TRACK_RANGE', 'error');
    this.tangent = sink.counter('J3D_TANGENT_MODE', 'warning');
    this.order = sink.counter('J3D_KEY_ORDER', 'warning');
    this.firstLate = sink.counter('J3D_FIRST_KEY_LATE', 'hint');
    this.lastEarly = sink.counter('J3D_LAST_KEY_EARLY', 'hint');
  }

  check(count: number, index: number, tangentMode: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (count < 2) {
      if (count === 1 && index >= bank.declaredCount) this.reportConstantRange(index, entryOffset, bank, entry, component);
      return;
    }
    const stride = tangentMode === 0 ? 3 : 4;
    const last = index + (count - 1) * stride;
    const values = bank.values;
    const lastDecrease = stride === 3 ? bank.dec3 : bank.dec4;
    // The common case stays small enough for V8 to inline into the table loops: a known tangent
    // mode, every key inside the declared bank and the bytes, key times in order.
    if (tangentMode > 1 || last + stride > bank.declaredCount || last >= values.length || lastDecrease === null ||
      (lastDecrease !== NO_DECREASES && lastDecrease[last - stride] > index)) {
      this.checkIrregular(count, index, tangentMode, stride, entryOffset, bank, entry, component);
      return;
    }
    if (values[index] > 0) this.firstKeyLate(index, entryOffset, bank, entry, component);
    if (values[last] < this.duration) this.lastKeyEarly(last, entryOffset, bank, entry, component);
  }

  /** Every check of a keyed track (count ≥ 2), for tracks off the common path. */
  private checkIrregular(count: number, index: number, tangentMode: number, stride: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (tangentMode > 1) this.reportTangent(tangentMode, entryOffset, entry, component);
    if (index + stride * count > bank.declaredCount) this.reportRange(count, index, stride, entryOffset, bank, entry, component);
    // Key time checks over the keys whose time is really present.
    const values = bank.values;
    const n = values.length;
    if (index >= n) return;
    const keys = Math.min(count, (((n - 1 - index) / stride) | 0) + 1);
    if (keys >= 2 && this.outOfOrder(keys, index, stride, bank)) this.reportOrder(keys, index, stride, entryOffset, bank, entry, component);
    if (values[index] > 0) this.firstKeyLate(index, entryOffset, bank, entry, component);
    if (keys === count && values[index + (count - 1) * stride] < this.duration) this.lastKeyEarly(index + (count - 1) * stride, entryOffset, bank, entry, component);
  }

  /** Whether the times of `keys` keys from `index` ever decrease: read directly while the bank's scan budget lasts, then by table. */
  private outOfOrder(keys: number, index: number, stride: number, bank: BankRef): boolean {
    let table = stride === 3 ? bank.dec3 : bank.dec4;
    if (table === null && bank.scanBudget >= keys) {
      bank.scanBudget -= keys;
      const values = bank.values;
      const end = index + (keys - 1) * stride;
      for (let p = index; p < end; p += stride) if (values[p + stride] < values[p]) return true;
      return false;
    }
    table ??= lastDecreases(bank, stride);
    return table !== NO_DECREASES && table[index + (keys - 2) * stride] > index;
  }

  // Hints are common in hostile or synthetic files: once their limit is reached, only count.
  private firstKeyLate(index: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (this.firstLate.shown < this.firstLate.limit) this.reportFirstLate(index, entryOffset, bank, entry, component);
    else this.firstLate.dropped++;
  }

  private lastKeyEarly(lastIndex: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (this.lastEarly.shown < this.lastEarly.limit) this.reportLastEarly(lastIndex, entryOffset, bank, entry, component);
    else this.lastEarly.dropped++;
  }

  private where(entryOffset: number, entry: number, component: number): string {
    return `${this.chunkId}: ${this.label(entry, component)} (key table entry at ${hex(entryOffset)})`;
  }

  private reportConstantRange(index: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (!this.range.take(entryOffset)) return;
    this.sink.diagnostics.error('J3D_TRACK_RANGE', entryOffset, KEY_TABLE_ENTRY_SIZE,
      `${this.where(entryOffset, entry, component)} is a constant at ${bank.name}[${index}], but the bank holds ${bank.declaredCount} element(s).`);
  }

  private reportTangent(tangentMode: number, entryOffset: number, entry: number, component: number): void {
    if (!this.tangent.take(entryOffset + 4)) return;
    this.sink.diagnostics.warning('J3D_TANGENT_MODE', entryOffset + 4, 2,
      `${this.where(entryOffset, entry, component)} has tangent mode ${tangentMode} at ${hex(entryOffset + 4)}; expected 0 or 1. Read as 1 (separate in/out tangents, 4 elements per key).`);
  }

  private reportRange(count: number, index: number, stride: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (!this.range.take(entryOffset)) return;
    this.sink.diagnostics.error('J3D_TRACK_RANGE', entryOffset, KEY_TABLE_ENTRY_SIZE,
      `${this.where(entryOffset, entry, component)} has ${count} keys × ${stride} elements from ${bank.name}[${index}], needing ${index + stride * count} element(s), but the bank holds ${bank.declaredCount}.`);
  }

  private reportOrder(keys: number, index: number, stride: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    if (!this.order.take(bank.offset + index * bank.elementSize)) return;
    const values = bank.values;
    let k = 0;
    while (k < keys - 1 && !(values[index + (k + 1) * stride] < values[index + k * stride])) k++;
    let decreases = 0;
    for (let i = k; i < keys - 1; i++) if (values[index + (i + 1) * stride] < values[index + i * stride]) decreases++;
    const at = index + (k + 1) * stride;
    this.sink.diagnostics.warning('J3D_KEY_ORDER', bank.offset + at * bank.elementSize, bank.elementSize,
      `${this.where(entryOffset, entry, component)}: key ${k + 1} time ${readable(values[at])} at ${bank.name}[${at}] (${hex(bank.offset + at * bank.elementSize)}) is before key ${k} time ${readable(values[index + k * stride])}` +
      (decreases > 1 ? ` (${decreases} decreases in this track).` : '.'));
  }

  private reportFirstLate(index: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    const at = bank.offset + index * bank.elementSize;
    if (!this.firstLate.take(at)) return;
    this.sink.diagnostics.hint('J3D_FIRST_KEY_LATE', at, bank.elementSize,
      `${this.where(entryOffset, entry, component)}: first key at frame ${readable(bank.values[index])} (${bank.name}[${index}], ${hex(at)}) is after frame 0; its value is held before it.`);
  }

  private reportLastEarly(lastIndex: number, entryOffset: number, bank: BankRef, entry: number, component: number): void {
    const at = bank.offset + lastIndex * bank.elementSize;
    if (!this.lastEarly.take(at)) return;
    this.sink.diagnostics.hint('J3D_LAST_KEY_EARLY', at, bank.elementSize,
      `${this.where(entryOffset, entry, component)}: last key at frame ${readable(bank.values[lastIndex])} (${bank.name}[${lastIndex}], ${hex(at)}) is before the duration ${this.duration}; its value is held after it.`);
  }
}

keepShape(new TrackChecker(KEPT_SINK, '', 0, () => ''));
// Its dec3/dec4 fields change type during a decode: without a live one, `check` was thrown away after a GC.
keepShape(bankRef('', new Float32Array(0), 0, 0, 4));
