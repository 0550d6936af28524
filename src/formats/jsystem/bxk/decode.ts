/**
 * BXK — VCK1 chunk, vertex colour animation with keyed tracks (FORMATS.md §9.7; from the
 * decompilation only: no real file and no public reader was available).
 *
 * Field tree: `header`, `VCK1` → id, size, loopMode, padding, duration, entryCount0/1,
 * unreadCounts (8 bytes), entryTableOffset0/1, indexSetTableOffset0/1, indexPoolOffset0/1,
 * rBankOffset … aBankOffset; then per channel `entryTable0/1` (24-byte ColourKeyEntry: r, g, b, a
 * key table entries), `indexSetTable0/1` (IndexSet: count, padding, first) and `indexPool0/1`
 * (u16), and the shared `rBank` … `aBank` (s16), each as long as its tracks need (no stored
 * length) up to the next table.
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import { ColourConstantChecker } from '../colour';
import { RGBA } from '../rgba';
import { ChunkContext, decodeJsystemFile } from '../container';
import { copyS16Bank } from '../banks';
import { KEY_TABLE_ENTRY, KEY_TABLE_ENTRY_SIZE, TrackChecker, bankRef, keyStride, readKeyTrack } from '../keytable';
import type { KeyTrack } from '../types';
import { readIndexSets, readVertexColourHeader, roomBefore, VERTEX_COLOUR_HEADER_SIZE, vertexColourLabel } from '../vtxcolour';
import type { BxkAnim, BxkEntry } from './types';

export const BXK_ENTRY_SIZE = 24;
export const BXK_ENTRY = compositeElement('ColourKeyEntry', RGBA.map((c) => [c, KEY_TABLE_ENTRY] as [string, typeof KEY_TABLE_ENTRY]));

/** BXK-specific diagnostics (the shared ones are the family's). */
export const BXK_CODES: DiagnosticCode[] = [];

export function decodeBxk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BxkAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bxk1', 'VCK1', VERTEX_COLOUR_HEADER_SIZE, decodeVck1);
}

/** Bank elements a keyed track reads (0 for count 0). */
function needs(t: KeyTrack): number {
  return t.count === 0 ? 0 : t.count === 1 ? t.index + 1 : t.index + keyStride(t.tangentMode) * t.count;
}

function decodeVck1(ctx: ChunkContext): BxkAnim {
  const { bytes } = ctx;
  const h = readVertexColourHeader(ctx);
  // Pass 1: the tracks, which say how long each bank is.
  const tables = [0, 1].map((c) => ctx.table(`entryTable${c}`, h.tableOffsets[c], h.entryCounts[c], BXK_ENTRY, 'table'));
  const tracks = tables.map((t) => Array.from({ length: t.count }, (_, i) =>
    RGBA.map((_, k) => readKeyTrack(bytes, t.offset + i * BXK_ENTRY_SIZE + k * KEY_TABLE_ENTRY_SIZE))));
  const refs = RGBA.map((c, k) => {
    let needed = 0;
    for (const channel of tracks) for (const e of channel) needed = Math.max(needed, needs(e[k]));
    const length = Math.min(needed, roomBefore(ctx, h, h.bankOffsets[k], 2));
    const t = ctx.table(`${c}Bank`, h.bankOffsets[k], length, scalarElement('s16'), 'bank');
    return bankRef(`${c}Bank`, copyS16Bank(bytes, t.offset, t.count), length, t.offset, 2);
  });
  // Pass 2: the checks, the index sets, the entries.
  const channels: BxkEntry[][] = [];
  const indexPools: Uint16Array[] = [];
  for (let c = 0; c < 2; c++) {
    const label = vertexColourLabel(c);
    const checker = new TrackChecker(ctx.limited, 'VCK1', h.duration, label);
    const constants = new ColourConstantChecker(ctx.limited, 'VCK1', label);
    const { sets, pool } = readIndexSets(ctx, h, c);
    channels.push(tracks[c].map((t, i) => {
      t.forEach((track, k) => {
        const p = tables[c].offset + i * BXK_ENTRY_SIZE + k * KEY_TABLE_ENTRY_SIZE;
        checker.check(track.count, track.index, track.tangentMode, p, refs[k], i, k);
        constants.check(track.count, track.index, refs[k], i, k);
      });
      return { r: t[0], g: t[1], b: t[2], a: t[3], indexSet: sets[i] ?? { count: 0, first: 0 } };
    }));
    indexPools.push(pool);
  }
  const banks = refs.map((r) => r.values as Int16Array);
  const anim: BxkAnim = {
    format: 'bxk', loopMode: h.loopMode, rotationFraction: 0, duration: h.duration, channels, indexPools,
    banks: { r: banks[0], g: banks[1], b: banks[2], a: banks[3] },
  };
  for (const c of [0, 1]) noteDeclaredCount(anim, `channel ${c} entries`, h.entryCounts[c], tables[c].count);
  return anim;
}

/** BXK at the byte level: `J3D1bxk1`, `*.bxk`. */
export const BXK_DECODER: FormatDecoder<BxkAnim> = {
  id: 'bxk', magic: { kind: 'j3d', type: 'bxk1' }, filePatterns: ['*.bxk'], decode: decodeBxk, codes: BXK_CODES,
};
