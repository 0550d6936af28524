/**
 * BXA — VCF1 chunk, vertex colour animation with full tracks (FORMATS.md §9.7; from the
 * decompilation only: no real file and no public reader was available).
 *
 * Field tree: `header`, `VCF1` → id, size, loopMode, padding, duration, entryCount0/1,
 * unreadCounts (8 bytes), entryTableOffset0/1, indexSetTableOffset0/1, indexPoolOffset0/1,
 * rBankOffset … aBankOffset; then per channel `entryTable0/1` (16-byte ColourFullEntry: r, g, b, a
 * full-track entries), `indexSetTable0/1` and `indexPool0/1` (u16), and the shared `rBank` …
 * `aBank` (u8), each as long as its tracks need (no stored length) up to the next table.
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import { RGBA } from '../rgba';
import { ChunkContext, decodeJsystemFile } from '../container';
import { copyU8Bank } from '../banks';
import { FULL_TRACK_ENTRY, FULL_TRACK_ENTRY_SIZE, FullTrackChecker, readFullTrack } from '../fulltrack';
import { readIndexSets, readVertexColourHeader, roomBefore, VERTEX_COLOUR_HEADER_SIZE, vertexColourLabel } from '../vtxcolour';
import type { BxaAnim, BxaEntry } from './types';

export const BXA_ENTRY_SIZE = 16;
export const BXA_ENTRY = compositeElement('ColourFullEntry', RGBA.map((c) => [c, FULL_TRACK_ENTRY] as [string, typeof FULL_TRACK_ENTRY]));

/** BXA-specific diagnostics (the shared ones are the family's). */
export const BXA_CODES: DiagnosticCode[] = [];

export function decodeBxa(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BxaAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bxa1', 'VCF1', VERTEX_COLOUR_HEADER_SIZE, decodeVcf1);
}

function decodeVcf1(ctx: ChunkContext): BxaAnim {
  const { bytes } = ctx;
  const h = readVertexColourHeader(ctx);
  const tables = [0, 1].map((c) => ctx.table(`entryTable${c}`, h.tableOffsets[c], h.entryCounts[c], BXA_ENTRY, 'table'));
  const tracks = tables.map((t) => Array.from({ length: t.count }, (_, i) =>
    RGBA.map((_, k) => readFullTrack(bytes, t.offset + i * BXA_ENTRY_SIZE + k * FULL_TRACK_ENTRY_SIZE))));
  const banks = RGBA.map((c, k) => {
    let needed = 0;
    for (const channel of tracks) for (const e of channel) if (e[k].count > 0) needed = Math.max(needed, e[k].index + e[k].count);
    const length = Math.min(needed, roomBefore(ctx, h, h.bankOffsets[k], 1));
    const t = ctx.table(`${c}Bank`, h.bankOffsets[k], length, scalarElement('u8'), 'bank');
    return { name: `${c}Bank`, length, offset: t.offset, values: copyU8Bank(bytes, t.offset, t.count) };
  });
  const channels: BxaEntry[][] = [];
  const indexPools: Uint16Array[] = [];
  for (let c = 0; c < 2; c++) {
    const checker = new FullTrackChecker(ctx.limited, 'VCF1', h.duration, vertexColourLabel(c));
    const { sets, pool } = readIndexSets(ctx, h, c);
    channels.push(tracks[c].map((t, i) => {
      t.forEach((track, k) => checker.check(track.count, track.index, tables[c].offset + i * BXA_ENTRY_SIZE + k * FULL_TRACK_ENTRY_SIZE, banks[k], i, k));
      return { r: t[0], g: t[1], b: t[2], a: t[3], indexSet: sets[i] ?? { count: 0, first: 0 } };
    }));
    indexPools.push(pool);
  }
  const anim: BxaAnim = {
    format: 'bxa', loopMode: h.loopMode, rotationFraction: 0, duration: h.duration, channels, indexPools,
    banks: { r: banks[0].values, g: banks[1].values, b: banks[2].values, a: banks[3].values },
  };
  for (const c of [0, 1]) noteDeclaredCount(anim, `channel ${c} entries`, h.entryCounts[c], tables[c].count);
  return anim;
}

/** BXA at the byte level: `J3D1bxa1`, `*.bxa`. */
export const BXA_DECODER: FormatDecoder<BxaAnim> = {
  id: 'bxa', magic: { kind: 'j3d', type: 'bxa1' }, filePatterns: ['*.bxa'], decode: decodeBxa, codes: BXA_CODES,
};
