/**
 * What the vertex-colour kinds share (BXK — VCK1, BXA — VCF1; FORMATS.md §9.7, from the
 * decompilation only): the chunk header with two colour channels, each with an entry table, an
 * index-set table (8 bytes per entry: u16 count, 2 pad, u32 first element) and a pool of u16
 * colour-array indices; then the R, G, B, A banks shared by both channels.
 *
 * The game stores no length for the banks and pools it reads (the 8 bytes at 0x10 are counts it
 * never reads, and the two decompiled structs disagree on their layout): each is as long as its
 * users need, up to where the next table starts (or the chunk ends). Reading past that is
 * reported (J3D_TRACK_RANGE, J3D_FULL_TRACK_RANGE, J3D_INDEX_SET_RANGE) and shown as missing.
 */
import { DiagnosticCode, hex } from '../binary/diagnostics';
import { recordElement, scalarElement } from '../binary/builder';
import { RGBA_NAMES } from './rgba';
import { ChunkContext, readAnimationStart } from './container';
import { clampCount, readU32 } from './banks';

export const VERTEX_COLOUR_HEADER_SIZE = 0x40;
export const INDEX_SET_SIZE = 8;
export const INDEX_SET = recordElement('IndexSet', [['count', 'u16'], ['padding', 'u16'], ['first', 'u32']]);

export const VERTEX_COLOUR_CODES: DiagnosticCode[] = [
  { code: 'J3D_INDEX_SET_RANGE', severity: 'error', summary: 'A BXK/BXA index set reaches past its index pool (into the next table or past the chunk); those indices are not read.' },
];

/** One entry's colour-array indices: `count` elements of its channel's pool from `first`. */
export interface IndexSet {
  count: number;
  first: number;
}

export interface VertexColourHeader {
  loopMode: number;
  duration: number;
  entryCounts: number[];
  tableOffsets: number[];
  setTableOffsets: number[];
  poolOffsets: number[];
  bankOffsets: number[];
}

export function readVertexColourHeader(ctx: ChunkContext): VertexColourHeader {
  const { b } = ctx;
  const s = ctx.start;
  const { loopMode, duration } = readAnimationStart(ctx);
  const entryCounts = [0, 1].map((c) => b.u16(`entryCount${c}`, s + 0x0C + c * 2));
  const unread = b.bytesField('unreadCounts', s + 0x10, 8, 'header');
  unread.display = 'counts the game never reads (layout disputed)';
  const tableOffsets = [0, 1].map((c) => ctx.offsetField(`entryTableOffset${c}`, 0x18 + c * 4));
  const setTableOffsets = [0, 1].map((c) => ctx.offsetField(`indexSetTableOffset${c}`, 0x20 + c * 4));
  const poolOffsets = [0, 1].map((c) => ctx.offsetField(`indexPoolOffset${c}`, 0x28 + c * 4));
  const bankOffsets = RGBA_NAMES.map((c, i) => ctx.offsetField(`${c.toLowerCase()}BankOffset`, 0x30 + i * 4));
  return { loopMode, duration, entryCounts, tableOffsets, setTableOffsets, poolOffsets, bankOffsets };
}

/**
 * Elements of `size` bytes that fit from chunk-relative `rel` up to the next table the header
 * points at (or the chunk's end): how long a bank or pool without a stored length can be.
 */
export function roomBefore(ctx: ChunkContext, h: VertexColourHeader, rel: number, size: number): number {
  if (rel === 0) return 0;
  let next = ctx.chunk.declaredSize;
  for (const o of [...h.tableOffsets, ...h.setTableOffsets, ...h.poolOffsets, ...h.bankOffsets]) if (o > rel && o < next) next = o;
  return Math.max(0, Math.floor((next - rel) / size));
}

/** A channel's index sets and pool (the pool as long as the sets need, up to the next table). */
export function readIndexSets(ctx: ChunkContext, h: VertexColourHeader, channel: number): { sets: IndexSet[]; pool: Uint16Array } {
  const { bytes } = ctx;
  const table = ctx.table(`indexSetTable${channel}`, h.setTableOffsets[channel], h.entryCounts[channel], INDEX_SET, 'table');
  const sets: IndexSet[] = [];
  let needed = 0;
  for (let i = 0; i < table.count; i++) {
    const p = table.offset + i * INDEX_SET_SIZE;
    const set = { count: (bytes[p] << 8) | bytes[p + 1], first: readU32(bytes, p + 4) };
    sets.push(set);
    if (set.count > 0) needed = Math.max(needed, set.first + set.count);
  }
  const room = roomBefore(ctx, h, h.poolOffsets[channel], 2);
  const length = Math.min(needed, room);
  const poolTable = ctx.table(`indexPool${channel}`, h.poolOffsets[channel], length, scalarElement('u16'), 'table');
  sets.forEach((set, i) => {
    if (set.count > 0 && set.first + set.count > length) {
      const p = table.offset + i * INDEX_SET_SIZE;
      ctx.limited.add('error', 'J3D_INDEX_SET_RANGE', p, INDEX_SET_SIZE,
        () => `${ctx.chunk.id}: channel ${channel} index set ${i} at ${hex(p)} names ${set.count} indices from indexPool${channel}[${set.first}], ` +
          `but the pool has room for ${length} before the next table; ${Math.max(0, length - set.first)} are read.`);
    }
  });
  const n = clampCount(bytes, poolTable.offset, poolTable.count, 2);
  const pool = new Uint16Array(n);
  for (let k = 0, p = poolTable.offset; k < n; k++, p += 2) pool[k] = (bytes[p] << 8) | bytes[p + 1];
  return { sets, pool };
}

/** The label of a vertex-colour entry in messages: `channel 0 entry 3 g`. */
export function vertexColourLabel(channel: number): (entry: number, component: number) => string {
  return (entry, component) => `channel ${channel} entry ${entry} ${'rgba'[component]}`;
}
