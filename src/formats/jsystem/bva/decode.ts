/**
 * BVA — VAF1 chunk, shape visibility animation (FORMATS.md §9.5).
 *
 * Field tree: `header`, `VAF1` → id, size, loopMode, padding, duration, shapeCount,
 * visibilityCount, shapeTableOffset, visibilityBankOffset; then `shapeTable` (4-byte
 * FullTrackEntry: count, index) and `visibilityBank` (u8).
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import type { FormatDecoder, FormatResult } from '../../result';
import { ChunkContext, decodeJsystemFile, readTableAndBank } from '../container';
import { copyU8Bank } from '../banks';
import { FULL_TRACK_ENTRY, FULL_TRACK_ENTRY_SIZE, FullTrackChecker } from '../fulltrack';
import type { FullTrack } from '../types';
import type { BvaAnim } from './types';

export const VAF1_HEADER_SIZE = 0x18;

export const BVA_CODES: DiagnosticCode[] = [
  { code: 'J3D_VISIBILITY_VALUE', severity: 'info', summary: 'A BVA visibility byte is neither 0 nor 1 (any non-zero value shows the shape).' },
  { code: 'MDL_SHAPE_COUNT', severity: 'error', summary: 'A BVA has fewer entries than the model has SHP1 shapes (error: the game reads past the table for the others) or more (warning: the extra entries drive nothing).' },
];

export function decodeBva(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BvaAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bva1', 'VAF1', VAF1_HEADER_SIZE, decodeVaf1);
}

function decodeVaf1(ctx: ChunkContext): BvaAnim {
  const { bytes } = ctx;
  const { loopMode, duration, count: shapeCount, bankCount, table, bank } = readTableAndBank(ctx, {
    count: 'shapeCount', bankCount: 'visibilityCount', tableOffset: 'shapeTableOffset', bankOffset: 'visibilityBankOffset',
    table: 'shapeTable', bank: 'visibilityBank',
  }, FULL_TRACK_ENTRY, 'u8');
  const visibilityBank = copyU8Bank(bytes, bank.offset, bank.count);

  const checker = new FullTrackChecker(ctx.limited, 'VAF1', duration, (entry) => `shape ${entry}`);
  const fullBank = { name: 'visibilityBank', length: bankCount, offset: bank.offset };
  const shapes: FullTrack[] = [];
  for (let i = 0; i < table.count; i++) {
    const p = table.offset + i * FULL_TRACK_ENTRY_SIZE;
    const count = (bytes[p] << 8) | bytes[p + 1];
    const index = (bytes[p + 2] << 8) | bytes[p + 3];
    checker.check(count, index, p, fullBank, i, 0);
    shapes.push({ count, index });
  }
  for (let k = 0; k < visibilityBank.length; k++) {
    const v = visibilityBank[k];
    if (v > 1) {
      const at = bank.offset + k;
      ctx.limited.add('info', 'J3D_VISIBILITY_VALUE', at, 1,
        () => `VAF1: visibilityBank[${k}] at ${hex(at)} is ${v}, not 0 or 1: the game shows the shape (any non-zero value does).`);
    }
  }
  const anim: BvaAnim = { format: 'bva', loopMode, rotationFraction: 0, duration, shapes, visibilityBank };
  noteDeclaredCount(anim, 'shapes', shapeCount, table.count);
  return anim;
}

/** BVA at the byte level: `J3D1bva1`, `*.bva`. */
export const BVA_DECODER: FormatDecoder<BvaAnim> = {
  id: 'bva', magic: { kind: 'j3d', type: 'bva1' }, filePatterns: ['*.bva'], decode: decodeBva, codes: BVA_CODES,
};
