/**
 * What the keyed colour kinds (BPK, BXK) share (FORMATS.md §9.1): R, G, B, A s16 banks whose
 * values are 0–255 scale; the game stores a constant (count 1) as a byte — its low 8 bits,
 * unclamped — so a constant outside 0..255 wraps (§9.11 item 7).
 */
import { DiagnosticCode, hex } from '../binary/diagnostics';
import type { CodeCounter, LimitedSink } from './container';
import type { BankRef, TrackLabel } from './keytable';

export const COLOUR_CODES: DiagnosticCode[] = [
  { code: 'J3D_COLOUR_CONSTANT', severity: 'warning', summary: 'A BPK/BXK constant colour component is outside 0..255: the game stores its low byte, so it wraps (−1 → 255, 256 → 0).' },
];

export const RGBA = ['r', 'g', 'b', 'a'] as const;
export const RGBA_NAMES = ['R', 'G', 'B', 'A'] as const;

export class ColourConstantChecker {
  private readonly counter: CodeCounter;

  constructor(readonly sink: LimitedSink, readonly chunkId: string, readonly label: TrackLabel) {
    this.counter = sink.counter('J3D_COLOUR_CONSTANT', 'warning');
  }

  /** A count-1 track reading `bank[index]` (inside the bytes or not). */
  check(count: number, index: number, bank: BankRef, entry: number, component: number): void {
    if (count !== 1 || index >= bank.values.length) return;
    const v = bank.values[index];
    if (v >= 0 && v <= 255) return;
    const at = bank.offset + index * bank.elementSize;
    if (!this.counter.take(at)) return;
    this.sink.diagnostics.warning('J3D_COLOUR_CONSTANT', at, bank.elementSize,
      `${this.chunkId}: ${this.label(entry, component)} is the constant ${v} (${bank.name}[${index}] at ${hex(at)}), outside 0..255: the game stores its low byte, ${v & 0xFF}.`);
  }
}
