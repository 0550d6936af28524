/**
 * DRW1 — draw matrices (FORMATS.md §10.5): per entry a kind (0 joint, 1 envelope) and a JNT1
 * joint or EVP1 envelope index. Shapes refer to draw matrices through the SHP1 matrix table.
 *
 * Field tree: `DRW1` → id, size, drawMatrixCount, padding, kindOffset, indexOffset, then
 * `kinds` (u8 per entry) and `indices` (u16 per entry).
 */
import { hex } from '../binary/diagnostics';
import { scalarElement } from '../binary/builder';
import { ChunkContext } from '../jsystem/container';
import { readU16 } from '../jsystem/banks';
import { boundedCount } from './bounds';
import { DrawMatrices, DrawMatrixKind } from './types';

export const DRW1_HEADER_SIZE = 0x14;

/** `jointCount` / `envelopeCount`: -1 when the chunk is missing (indices are then not checked). */
export function decodeDrw1(ctx: ChunkContext, jointCount: number, envelopeCount: number): DrawMatrices {
  const { bytes } = ctx;
  const s = ctx.start;
  const declared = ctx.b.u16('drawMatrixCount', s + 0x08);
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const kindRel = ctx.offsetField('kindOffset', 0x0C);
  const indexRel = ctx.offsetField('indexOffset', 0x10);
  if (s + DRW1_HEADER_SIZE > bytes.length) return { kinds: new Uint8Array(0), indices: new Uint16Array(0) };
  const count = boundedCount(ctx, 'draw-matrix count', 0x08, declared, kindRel, 1, DRW1_HEADER_SIZE);
  const kinds = ctx.table('kinds', kindRel, count, scalarElement('u8'), 'table');
  const indices = ctx.table('indices', indexRel, count, scalarElement('u16'), 'table');
  const n = Math.min(kinds.count, indices.count);
  const out: DrawMatrices = { kinds: new Uint8Array(n), indices: new Uint16Array(n) };
  for (let i = 0; i < n; i++) {
    const kindAt = kinds.offset + i;
    const at = indices.offset + i * 2;
    let kind = bytes[kindAt];
    const index = readU16(bytes, at);
    if (kind !== DrawMatrixKind.Joint && kind !== DrawMatrixKind.Envelope) {
      const k = kind;
      ctx.limited.add('warning', 'MDL_DRAW_MATRIX_KIND', kindAt, 1,
        () => `DRW1: entry ${i} at ${hex(kindAt)} has kind ${k}, not 0 (joint) or 1 (envelope); it is treated as a joint.`);
      kind = DrawMatrixKind.Joint;
    }
    const limit = kind === DrawMatrixKind.Joint ? jointCount : envelopeCount;
    if (limit >= 0 && index >= limit) {
      ctx.limited.add('error', 'MDL_DRAW_MATRIX_INDEX', at, 2,
        () => `DRW1: entry ${i} at ${hex(at)} refers to ${kind === DrawMatrixKind.Joint ? 'joint' : 'envelope'} ${index}, but ${kind === DrawMatrixKind.Joint ? `JNT1 has ${limit} joint(s)` : `EVP1 has ${limit} envelope(s)`}; vertices using it are drawn with the identity.`);
    }
    out.kinds[i] = kind;
    out.indices[i] = index;
  }
  return out;
}
