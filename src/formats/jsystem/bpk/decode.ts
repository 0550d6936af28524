/**
 * BPK — PAK1 chunk, material colour animation with keyed tracks (FORMATS.md §9.3).
 *
 * Field tree: `header`, `PAK1` → id, size, loopMode, padding (3 bytes), duration (at 0x0C),
 * entryCount, rCount … aCount, entryTableOffset, materialIdTableOffset, nameTableOffset,
 * rBankOffset … aBankOffset; then `entryTable` (24-byte ColourKeyEntry: r, g, b, a key table
 * entries — no colour-id byte, unlike BRK), `materialIdTable` (u16, shown, never checked),
 * `nameTable` (JUTNameTab) and `rBank` … `aBank` (s16).
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import { ColourConstantChecker, colourEntryLabel, MATERIAL_COLOUR_HEADER_SIZE, readMaterialColourHeader } from '../colour';
import { RGBA } from '../rgba';
import { ChunkContext, decodeJsystemFile } from '../container';
import { copyS16Bank } from '../banks';
import { KEY_TABLE_ENTRY, KEY_TABLE_ENTRY_SIZE, TrackChecker, bankRef, readKeyTrack } from '../keytable';
import { readGroupNames } from '../nametable';
import type { BpkAnim, BpkEntry } from './types';

export const BPK_ENTRY_SIZE = 24;

export const BPK_ENTRY = compositeElement('ColourKeyEntry', RGBA.map((c) => [c, KEY_TABLE_ENTRY] as [string, typeof KEY_TABLE_ENTRY]));

/** BPK-specific diagnostics (the shared ones are the family's). */
export const BPK_CODES: DiagnosticCode[] = [];

export function decodeBpk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BpkAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bpk1', 'PAK1', MATERIAL_COLOUR_HEADER_SIZE, decodePak1);
}

function decodePak1(ctx: ChunkContext): BpkAnim {
  const { bytes } = ctx;
  const h = readMaterialColourHeader(ctx);
  const table = ctx.table('entryTable', h.tableOffset, h.entryCount, BPK_ENTRY, 'table');
  ctx.table('materialIdTable', h.idTableOffset, h.entryCount, scalarElement('u16'), 'table');
  const names = readGroupNames(ctx, 'nameTable', h.nameTableOffset, h.entryCount, ctx.start + 0x20);
  const refs = RGBA.map((c, i) => {
    const t = ctx.table(`${c}Bank`, h.bankOffsets[i], h.bankCounts[i], scalarElement('s16'), 'bank');
    return bankRef(`${c}Bank`, copyS16Bank(bytes, t.offset, t.count), h.bankCounts[i], t.offset, 2);
  });
  const label = colourEntryLabel(names);
  const checker = new TrackChecker(ctx.limited, 'PAK1', h.duration, label);
  const constants = new ColourConstantChecker(ctx.limited, 'PAK1', label);
  const entries: BpkEntry[] = [];
  for (let i = 0; i < table.count; i++) {
    const base = table.offset + i * BPK_ENTRY_SIZE;
    const tracks = RGBA.map((_, c) => {
      const p = base + c * KEY_TABLE_ENTRY_SIZE;
      const t = readKeyTrack(bytes, p);
      checker.check(t.count, t.index, t.tangentMode, p, refs[c], i, c);
      constants.check(t.count, t.index, refs[c], i, c);
      return t;
    });
    entries.push({ materialName: names[i] ?? '', r: tracks[0], g: tracks[1], b: tracks[2], a: tracks[3] });
  }
  const banks = refs.map((r) => r.values as Int16Array);
  const anim: BpkAnim = {
    format: 'bpk', loopMode: h.loopMode, rotationFraction: 0, duration: h.duration, entries,
    banks: { r: banks[0], g: banks[1], b: banks[2], a: banks[3] },
  };
  noteDeclaredCount(anim, 'entries', h.entryCount, table.count);
  return anim;
}

/** BPK at the byte level: `J3D1bpk1`, `*.bpk`. */
export const BPK_DECODER: FormatDecoder<BpkAnim> = {
  id: 'bpk', magic: { kind: 'j3d', type: 'bpk1' }, filePatterns: ['*.bpk'], decode: decodeBpk, codes: BPK_CODES,
};
