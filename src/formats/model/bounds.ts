/**
 * Counts read from a model chunk are checked against the chunk before anything is allocated:
 * a count whose table cannot fit between the table start and the chunk end is cut to what fits
 * (MDL_COUNT). A hostile u16 count (65,535 joints) then costs no more than the chunk's bytes.
 */
import { hex } from '../binary/diagnostics';
import type { ChunkContext } from '../jsystem/container';
import type { FieldNode } from '../binary/fields';

/**
 * The number of `elementSize`-byte elements of a table at chunk-relative `tableRel` that fit in
 * the chunk (declared size, cut to the bytes). When the table offset is unusable (0, inside the
 * header or past the end) the bound is what fits after `headerSize`.
 */
export function fittingCount(ctx: ChunkContext, tableRel: number, elementSize: number, headerSize: number): number {
  const chunkEnd = Math.min(ctx.chunk.declaredSize, ctx.bytes.length - ctx.start);
  const from = tableRel >= headerSize && tableRel < chunkEnd ? tableRel : headerSize;
  return Math.max(0, Math.floor((chunkEnd - from) / Math.max(1, elementSize)));
}

/**
 * `count` (the u16/u32 at chunk-relative `countRel`) cut to the elements that fit; reports
 * MDL_COUNT when it does not fit. `what` names the count in the message (`joint count`).
 */
export function boundedCount(
  ctx: ChunkContext, what: string, countRel: number, count: number,
  tableRel: number, elementSize: number, headerSize: number,
): number {
  const fit = fittingCount(ctx, tableRel, elementSize, headerSize);
  if (count <= fit) return count;
  const at = ctx.start + countRel;
  ctx.diagnostics.error('MDL_COUNT', at, 2,
    `${ctx.chunk.id}: ${what} ${count} at ${hex(at)} needs ${count} × ${elementSize} bytes, but the chunk (${hex(ctx.chunk.declaredSize)} bytes) holds at most ${fit}; only ${fit} are read.`);
  return fit;
}

const PADDING_TEXT = 'This is padding data to alignment';

/**
 * True when bytes[start, end) are padding as the J3D writers leave it between tables: one or more
 * cut copies of the padding text back to back (`ThThis is ` = a 2-byte then a longer alignment),
 * or a run of one fill byte (0x00, 0xFF, 0xCD).
 */
export function isPaddingRun(bytes: Uint8Array, start: number, end: number): boolean {
  if (end <= start) return true;
  const first = bytes[start];
  if (first === 0x00 || first === 0xFF || first === 0xCD) {
    for (let i = start + 1; i < end; i++) if (bytes[i] !== first) return false;
    return true;
  }
  let k = 0;
  for (let i = start; i < end; i++) {
    if (k < PADDING_TEXT.length && bytes[i] === PADDING_TEXT.charCodeAt(k)) { k++; continue; }
    if (bytes[i] !== 0x54 /* T */) return false;
    k = 1;
  }
  return true;
}

/** Relabels the chunk's `unknown@…` gaps that are back-to-back padding text as padding. */
export function relabelPadding(node: FieldNode, bytes: Uint8Array): void {
  for (const c of node.children ?? []) {
    if (c.role === 'unknown' && c.name.startsWith('unknown@') && isPaddingRun(bytes, c.offset, c.offset + c.size)) {
      c.name = 'padding@' + c.name.slice('unknown@'.length);
      c.type = 'padding';
      c.role = 'padding';
    }
  }
}
