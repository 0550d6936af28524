/**
 * What the colour kinds share (FORMATS.md §9.1, §9.3): R, G, B, A banks whose values are 0–255
 * scale; the keyed ones (BPK, BXK) store a constant (count 1) as a byte — its low 8 bits,
 * unclamped — so a constant outside 0..255 wraps (§9.11 item 7); the material colour chunks
 * PAK1/PAF1 share their header.
 */
import { DiagnosticCode, hex } from '../binary/diagnostics';
import { keepShape } from '../../runtime/shapes';
import { ChunkContext, KEPT_SINK, readAnimationStart } from './container';
import type { CodeCounter, LimitedSink } from './container';
import type { BankRef, TrackLabel } from './keytable';
import { RGBA, RGBA_NAMES } from './rgba';

export const COLOUR_CODES: DiagnosticCode[] = [
  { code: 'J3D_COLOUR_CONSTANT', severity: 'warning', summary: 'A BPK/BXK constant colour component is outside 0..255: the game stores its low byte, so it wraps (−1 → 255, 256 → 0).' },
];


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

keepShape(new ColourConstantChecker(KEPT_SINK, '', () => ''));

/**
 * The PAK1 / PAF1 chunk header (BPK, BPA; FORMATS.md §9.3) after the shared start (duration at
 * 0x0C): u16 entry count at 0x0E, R, G, B, A bank counts at 0x10–0x16 (unused by the game), the
 * entry table (0x18), material ID table (0x1C, overwritten by the game at load: shown, never
 * checked) and name table (0x20) offsets, then the R, G, B, A bank offsets (0x24–0x30).
 */
export interface MaterialColourHeader {
  loopMode: number;
  duration: number;
  entryCount: number;
  bankCounts: number[];
  tableOffset: number;
  idTableOffset: number;
  nameTableOffset: number;
  bankOffsets: number[];
}

export const MATERIAL_COLOUR_HEADER_SIZE = 0x34;

export function readMaterialColourHeader(ctx: ChunkContext): MaterialColourHeader {
  const { b } = ctx;
  const s = ctx.start;
  const { loopMode, duration } = readAnimationStart(ctx, 0x0C);
  const entryCount = b.u16('entryCount', s + 0x0E);
  const bankCounts = RGBA_NAMES.map((c, i) => b.u16(`${c.toLowerCase()}Count`, s + 0x10 + i * 2));
  const tableOffset = ctx.offsetField('entryTableOffset', 0x18);
  const idTableOffset = ctx.offsetField('materialIdTableOffset', 0x1C);
  const nameTableOffset = ctx.offsetField('nameTableOffset', 0x20);
  const bankOffsets = RGBA_NAMES.map((c, i) => ctx.offsetField(`${c.toLowerCase()}BankOffset`, 0x24 + i * 4));
  return { loopMode, duration, entryCount, bankCounts, tableOffset, idTableOffset, nameTableOffset, bankOffsets };
}

/** The label of a material colour entry in messages: `entry 1 ("lambert3") g`. */
export function colourEntryLabel(names: readonly string[]): TrackLabel {
  return (entry, component) => `entry ${entry}${names[entry] ? ` (${JSON.stringify(names[entry])})` : ''} ${RGBA[component]}`;
}
