/**
 * BPA — PAF1 chunk, material colour animation with full tracks (FORMATS.md §9.3; from the
 * decompilation only: no real file was available).
 *
 * Field tree: `header`, `PAF1` → id, size, loopMode, padding (3 bytes), duration (at 0x0C),
 * entryCount, rCount … aCount, entryTableOffset, materialIdTableOffset, nameTableOffset,
 * rBankOffset … aBankOffset; then `entryTable` (16-byte ColourFullEntry: r, g, b, a full-track
 * entries), `materialIdTable` (u16, shown, never checked), `nameTable` (JUTNameTab) and
 * `rBank` … `aBank` (u8).
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import { colourEntryLabel, MATERIAL_COLOUR_HEADER_SIZE, readMaterialColourHeader } from '../colour';
import { RGBA } from '../rgba';
import { ChunkContext, decodeJsystemFile } from '../container';
import { copyU8Bank } from '../banks';
import { FULL_TRACK_ENTRY, FULL_TRACK_ENTRY_SIZE, FullTrackChecker } from '../fulltrack';
import { readGroupNames } from '../nametable';
import type { FullTrack } from '../types';
import type { BpaAnim, BpaEntry } from './types';

export const BPA_ENTRY_SIZE = 16;

export const BPA_ENTRY = compositeElement('ColourFullEntry', RGBA.map((c) => [c, FULL_TRACK_ENTRY] as [string, typeof FULL_TRACK_ENTRY]));

/** BPA-specific diagnostics (the shared ones are the family's). */
export const BPA_CODES: DiagnosticCode[] = [];

export function decodeBpa(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BpaAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bpa1', 'PAF1', MATERIAL_COLOUR_HEADER_SIZE, decodePaf1);
}

function decodePaf1(ctx: ChunkContext): BpaAnim {
  const { bytes } = ctx;
  const h = readMaterialColourHeader(ctx);
  const table = ctx.table('entryTable', h.tableOffset, h.entryCount, BPA_ENTRY, 'table');
  ctx.table('materialIdTable', h.idTableOffset, h.entryCount, scalarElement('u16'), 'table');
  const names = readGroupNames(ctx, 'nameTable', h.nameTableOffset, h.entryCount, ctx.start + 0x20);
  const banks = RGBA.map((c, i) => {
    const t = ctx.table(`${c}Bank`, h.bankOffsets[i], h.bankCounts[i], scalarElement('u8'), 'bank');
    return { name: `${c}Bank`, length: h.bankCounts[i], offset: t.offset, values: copyU8Bank(bytes, t.offset, t.count) };
  });
  const checker = new FullTrackChecker(ctx.limited, 'PAF1', h.duration, colourEntryLabel(names));
  const entries: BpaEntry[] = [];
  for (let i = 0; i < table.count; i++) {
    const base = table.offset + i * BPA_ENTRY_SIZE;
    const tracks: FullTrack[] = RGBA.map((_, c) => {
      const p = base + c * FULL_TRACK_ENTRY_SIZE;
      const count = (bytes[p] << 8) | bytes[p + 1];
      const index = (bytes[p + 2] << 8) | bytes[p + 3];
      checker.check(count, index, p, banks[c], i, c);
      return { count, index };
    });
    entries.push({ materialName: names[i] ?? '', r: tracks[0], g: tracks[1], b: tracks[2], a: tracks[3] });
  }
  const anim: BpaAnim = {
    format: 'bpa', loopMode: h.loopMode, rotationFraction: 0, duration: h.duration, entries,
    banks: { r: banks[0].values, g: banks[1].values, b: banks[2].values, a: banks[3].values },
  };
  noteDeclaredCount(anim, 'entries', h.entryCount, table.count);
  return anim;
}

/** BPA at the byte level: `J3D1bpa1`, `*.bpa`. */
export const BPA_DECODER: FormatDecoder<BpaAnim> = {
  id: 'bpa', magic: { kind: 'j3d', type: 'bpa1' }, filePatterns: ['*.bpa'], decode: decodeBpa, codes: BPA_CODES,
};
