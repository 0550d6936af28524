/**
 * The 4-byte full-track entry of the full kinds (BCA, BPA, BTP, BVA, BLA, BXA; FORMATS.md §9):
 * u16 count, u16 index into a bank holding one value per frame, and its checks (§9.11 items 1,
 * 2 and 7): count 0, a slice past the bank, a count that does not match the duration.
 *
 * The checks run per track in the table loops, so like TrackChecker they count with CodeCounters
 * and build a message only for the diagnostics that are listed.
 */
import { DiagnosticCode, hex } from '../binary/diagnostics';
import { keepShape } from '../../runtime/shapes';
import { ElementLayout } from '../binary/fields';
import { recordElement } from '../binary/builder';
import { KEPT_SINK } from './container';
import type { CodeCounter, LimitedSink } from './container';
import type { TrackLabel } from './keytable';
import type { FullTrack } from './types';

export const FULL_TRACK_ENTRY_SIZE = 4;

export const FULL_TRACK_ENTRY: ElementLayout = recordElement('FullTrackEntry', [
  ['count', 'u16'],
  ['index', 'u16'],
]);

/** Diagnostics of full-track entries, shared by every full kind. */
export const FULL_TRACK_CODES: DiagnosticCode[] = [
  { code: 'J3D_FULL_TRACK_EMPTY', severity: 'error', summary: 'A full track has count 0: the game reads bank[index − 1], before the track\'s slice; its values are shown and exported as missing (null).' },
  { code: 'J3D_FULL_TRACK_RANGE', severity: 'error', summary: 'A full track reads past its bank (index + count > bank count); the values past the bank are shown and exported as missing (null).' },
  { code: 'J3D_FULL_TRACK_LONG', severity: 'info', summary: 'A full track holds more than duration + 1 values: the values past the duration are never shown.' },
  { code: 'J3D_FULL_TRACK_SHORT', severity: 'info', summary: 'A full track holds fewer values than the duration: it holds its last value to the end.' },
];

/** Reads a full-track entry; missing bytes read as 0. */
export function readFullTrack(bytes: Uint8Array, offset: number): FullTrack {
  if (offset < 0 || offset + FULL_TRACK_ENTRY_SIZE > bytes.length) return { count: 0, index: 0 };
  return { count: (bytes[offset] << 8) | bytes[offset + 1], index: (bytes[offset + 2] << 8) | bytes[offset + 3] };
}

/** A bank as the full-track checks see it: its name, length (elements) and where it starts. */
export interface FullBank {
  name: string;
  /** Elements the bank holds (its declared count, or the extent the tracks give it when the game stores none). */
  length: number;
  /** Absolute offset of element 0. */
  offset: number;
}

export class FullTrackChecker {
  private readonly empty: CodeCounter;
  private readonly range: CodeCounter;
  private readonly long: CodeCounter;
  private readonly short: CodeCounter;

  constructor(
    readonly sink: LimitedSink,
    readonly chunkId: string,
    readonly duration: number,
    readonly label: TrackLabel,
  ) {
    this.empty = sink.counter('J3D_FULL_TRACK_EMPTY', 'error');
    this.range = sink.counter('J3D_FULL_TRACK_RANGE', 'error');
    this.long = sink.counter('J3D_FULL_TRACK_LONG', 'info');
    this.short = sink.counter('J3D_FULL_TRACK_SHORT', 'info');
  }

  /** `entryOffset`: absolute offset of the 4-byte entry. */
  check(count: number, index: number, entryOffset: number, bank: FullBank, entry: number, component: number): void {
    if (count === 0) {
      if (this.empty.take(entryOffset)) {
        this.sink.diagnostics.error('J3D_FULL_TRACK_EMPTY', entryOffset, 2,
          `${this.where(entryOffset, entry, component)} has count 0: the game reads ${bank.name}[${index - 1}], ${index === 0 ? 'before the bank' : 'before the track\'s slice'}. Its values are missing.`);
      }
      return;
    }
    if (index + count > bank.length && this.range.take(entryOffset)) {
      this.sink.diagnostics.error('J3D_FULL_TRACK_RANGE', entryOffset, FULL_TRACK_ENTRY_SIZE,
        `${this.where(entryOffset, entry, component)} reads ${count} value(s) from ${bank.name}[${index}], needing ${index + count} element(s), but the bank holds ${bank.length}` +
        ` (at ${hex(bank.offset)}). The values past the bank are missing.`);
    }
    if (count === 1 || this.duration <= 0) return;
    if (count > this.duration + 1) {
      if (this.long.take(entryOffset)) {
        this.sink.diagnostics.info('J3D_FULL_TRACK_LONG', entryOffset, 2,
          `${this.where(entryOffset, entry, component)} holds ${count} values for a duration of ${this.duration}: values ${this.duration + 1}…${count - 1} are never shown.`);
      }
    } else if (count < this.duration && this.short.take(entryOffset)) {
      this.sink.diagnostics.info('J3D_FULL_TRACK_SHORT', entryOffset, 2,
        `${this.where(entryOffset, entry, component)} holds ${count} values for a duration of ${this.duration}: it holds its last value from frame ${count - 1} on.`);
    }
  }

  private where(entryOffset: number, entry: number, component: number): string {
    return `${this.chunkId}: ${this.label(entry, component)} (full-track entry at ${hex(entryOffset)})`;
  }
}

keepShape(new FullTrackChecker(KEPT_SINK, '', 0, () => ''));
keepShape<FullBank>({ name: '', length: 0, offset: 0 });
