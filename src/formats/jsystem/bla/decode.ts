/**
 * BLA — CLF1 chunk, cluster weight animation with full tracks (FORMATS.md §9.6; from the
 * decompilation and j3d-animation-editor: no real file was available).
 *
 * Field tree: `header`, `CLF1` → id, size, loopMode, padding, duration, trackCount, weightCount
 * (the game ignores both), trackTableOffset, weightBankOffset; then `trackTable` (4-byte
 * FullTrackEntry) and `weightBank` (f32).
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import type { FormatDecoder, FormatResult } from '../../result';
import { ChunkContext, decodeJsystemFile, readTableAndBank } from '../container';
import { copyF32Bank } from '../banks';
import { CLUSTER_HEADER_SIZE, CLUSTER_NAMES } from '../cluster';
import { FULL_TRACK_ENTRY, FULL_TRACK_ENTRY_SIZE, FullTrackChecker, readFullTrack } from '../fulltrack';
import type { FullTrack } from '../types';
import type { BlaAnim } from './types';

/** BLA-specific diagnostics (the shared ones are the family's). */
export const BLA_CODES: DiagnosticCode[] = [];

export function decodeBla(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BlaAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bla1', 'CLF1', CLUSTER_HEADER_SIZE, decodeClf1);
}

function decodeClf1(ctx: ChunkContext): BlaAnim {
  const { bytes } = ctx;
  const { loopMode, duration, count: trackCount, bankCount: weightCount, table, bank } = readTableAndBank(ctx, CLUSTER_NAMES, FULL_TRACK_ENTRY, 'f32');
  const checker = new FullTrackChecker(ctx.limited, 'CLF1', duration, (entry) => `track ${entry}`);
  const fullBank = { name: 'weightBank', length: weightCount, offset: bank.offset };
  const tracks: FullTrack[] = [];
  for (let i = 0; i < table.count; i++) {
    const p = table.offset + i * FULL_TRACK_ENTRY_SIZE;
    const t = readFullTrack(bytes, p);
    checker.check(t.count, t.index, p, fullBank, i, 0);
    tracks.push(t);
  }
  const anim: BlaAnim = { format: 'bla', loopMode, rotationFraction: 0, duration, tracks, weightBank: copyF32Bank(bytes, bank.offset, bank.count) };
  noteDeclaredCount(anim, 'weight tracks', trackCount, table.count);
  return anim;
}

/** BLA at the byte level: `J3D1bla1`, `*.bla`. */
export const BLA_DECODER: FormatDecoder<BlaAnim> = {
  id: 'bla', magic: { kind: 'j3d', type: 'bla1' }, filePatterns: ['*.bla'], decode: decodeBla, codes: BLA_CODES,
};
