/**
 * BLK — CLK1 chunk, cluster weight animation with keyed tracks (FORMATS.md §9.6; from the
 * decompilation and j3d-animation-editor: no real file was available).
 *
 * Field tree: `header`, `CLK1` → id, size, loopMode, padding, duration, trackCount, weightCount
 * (the game ignores both: it numbers tracks by the clusters of the model's BLS), trackTableOffset,
 * weightBankOffset; then `trackTable` (6-byte KeyTableEntry) and `weightBank` (f32).
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import type { FormatDecoder, FormatResult } from '../../result';
import { ChunkContext, decodeJsystemFile, readTableAndBank } from '../container';
import { copyF32Bank } from '../banks';
import { CLUSTER_HEADER_SIZE, CLUSTER_NAMES } from '../cluster';
import { KEY_TABLE_ENTRY, KEY_TABLE_ENTRY_SIZE, TrackChecker, bankRef, readKeyTrack } from '../keytable';
import type { KeyTrack } from '../types';
import type { BlkAnim } from './types';

/** BLK-specific diagnostics (the shared ones are the family's). */
export const BLK_CODES: DiagnosticCode[] = [];

export function decodeBlk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BlkAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'blk1', 'CLK1', CLUSTER_HEADER_SIZE, decodeClk1);
}

function decodeClk1(ctx: ChunkContext): BlkAnim {
  const { bytes } = ctx;
  const { loopMode, duration, count: trackCount, bankCount: weightCount, table, bank } = readTableAndBank(ctx, CLUSTER_NAMES, KEY_TABLE_ENTRY, 'f32');
  const ref = bankRef('weightBank', copyF32Bank(bytes, bank.offset, bank.count), weightCount, bank.offset, 4);
  const checker = new TrackChecker(ctx.limited, 'CLK1', duration, (entry) => `track ${entry}`);
  const tracks: KeyTrack[] = [];
  for (let i = 0; i < table.count; i++) {
    const p = table.offset + i * KEY_TABLE_ENTRY_SIZE;
    const t = readKeyTrack(bytes, p);
    checker.check(t.count, t.index, t.tangentMode, p, ref, i, 0);
    tracks.push(t);
  }
  const anim: BlkAnim = { format: 'blk', loopMode, rotationFraction: 0, duration, tracks, weightBank: ref.values as Float32Array };
  noteDeclaredCount(anim, 'weight tracks', trackCount, table.count);
  return anim;
}

/** BLK at the byte level: `J3D1blk1`, `*.blk`. */
export const BLK_DECODER: FormatDecoder<BlkAnim> = {
  id: 'blk', magic: { kind: 'j3d', type: 'blk1' }, filePatterns: ['*.blk'], decode: decodeBlk, codes: BLK_CODES,
};
