/**
 * BTK — TTK1 chunk, texture SRT animation (FORMATS.md §3).
 *
 * Field tree: `header`, `TTK1` → id, size, loopMode, rotationFraction, duration, keyTableCount,
 * scaleCount, rotationCount, translationCount, keyTableOffset, remapTableOffset,
 * nameTableOffset, texMtxIndexTableOffset, centerTableOffset, scaleBankOffset,
 * rotationBankOffset, translationBankOffset, postKeyTableCount, postScaleCount,
 * postRotationCount, postTranslationCount, postKeyTableOffset … postTranslationBankOffset,
 * matrixMode; then `keyTable` (54-byte TexSrtEntry: scaleS, rotationS, translationS, scaleT, …,
 * translationQ), `remapTable` (u16), `nameTable` (JUTNameTab), `texMtxIndexTable` (u8),
 * `centerTable` ({s, t, q} f32), `scaleBank`, `rotationBank`, `translationBank`, and the same
 * with a `post` prefix (`postKeyTable` …). Nintendo's "+4" bytes after the last table are
 * `sizeSlack`.
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { compositeElement, recordElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import type { KeyTrack } from '../types';
import { BtkAnim, BtkEntry, MatrixMode } from './types';
import { ChunkContext, checkCommonHeader, decodeJsystemFile, loopModeDisplay } from '../container';
import { copyF32Bank, copyS16Bank, readU16 } from '../banks';
import { KEY_TABLE_ENTRY, TrackChecker, bankRef, readKeyTrack } from '../keytable';
import { readGroupNames } from '../nametable';

export const TTK1_HEADER_SIZE = 0x60;
export const BTK_ENTRY_SIZE = 54;

export const BTK_COMPONENTS = [
  'scaleS', 'rotationS', 'translationS',
  'scaleT', 'rotationT', 'translationT',
  'scaleQ', 'rotationQ', 'translationQ',
] as const;

export const BTK_ENTRY = compositeElement('TexSrtEntry', BTK_COMPONENTS.map((n) => [n, KEY_TABLE_ENTRY] as [string, typeof KEY_TABLE_ENTRY]));
export const BTK_CENTER = recordElement('TexCenter', [['s', 'f32'], ['t', 'f32'], ['q', 'f32']]);

export const BTK_CODES: DiagnosticCode[] = [
  { code: 'J3D_KEY_TABLE_COUNT', severity: 'error', summary: 'The TTK1 key table count (0x0C or post 0x34) is not a multiple of 3.' },
  { code: 'J3D_MATRIX_MODE', severity: 'warning', summary: 'Unknown TTK1 matrix mode (0x5C): not 0 (Basic) or 1 (Maya); behaves as Basic.' },
  { code: 'J3D_TEXMTX_INDEX', severity: 'warning', summary: 'A texture-matrix index is neither 0..9 (TEXMTX0..9) nor 0xFF (skip).' },
  { code: 'J3D_BTK_POST', severity: 'info', summary: 'The TTK1 post tables are not empty (zero in every known file; meaning unknown).' },
];

const MATRIX_MODE_NAMES: Record<number, string> = { [MatrixMode.Basic]: 'Basic', [MatrixMode.Maya]: 'Maya' };

export function decodeBtk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BtkAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'btk1', 'TTK1', TTK1_HEADER_SIZE, decodeTtk1);
}

function entryLabel(prefix: string): (entry: number, component: number) => string {
  return (entry, component) => `${prefix}entry ${entry} ${BTK_COMPONENTS[component]}`;
}

/** Reads one key-table/remap/names/texmtx/centre/banks group (main, or `post`). */
function readGroup(ctx: ChunkContext, prefix: '' | 'post', counts: { keys: number; scale: number; rotation: number; translation: number }, offsets: number[], duration: number) {
  const cap = (n: string): string => (prefix ? prefix + n.charAt(0).toUpperCase() + n.slice(1) : n);
  const s = ctx.start;
  if (counts.keys % 3 !== 0) {
    const at = s + (prefix ? 0x34 : 0x0C);
    ctx.diagnostics.error('J3D_KEY_TABLE_COUNT', at, 2,
      `TTK1: ${cap('keyTableCount')} ${counts.keys} at ${hex(at)} is not a multiple of 3 (3 per animated entry); ${Math.floor(counts.keys / 3)} entr${Math.floor(counts.keys / 3) === 1 ? 'y is' : 'ies are'} read.`);
  }
  const entryCount = Math.floor(counts.keys / 3);
  const [keyOff, remapOff, nameOff, texOff, centerOff, scaleOff, rotOff, transOff] = offsets;
  const keyTable = ctx.table(cap('keyTable'), keyOff, entryCount, BTK_ENTRY, 'table');
  const remap = ctx.table(cap('remapTable'), remapOff, entryCount, scalarElement('u16'), 'table');
  const names = readGroupNames(ctx, cap('nameTable'), nameOff, entryCount, s + (prefix ? 0x44 : 0x1C));
  const texMtx = ctx.table(cap('texMtxIndexTable'), texOff, entryCount, scalarElement('u8'), 'table');
  const center = ctx.table(cap('centerTable'), centerOff, entryCount, BTK_CENTER, 'table');
  const scale = ctx.table(cap('scaleBank'), scaleOff, counts.scale, scalarElement('f32'), 'bank');
  const rotation = ctx.table(cap('rotationBank'), rotOff, counts.rotation, scalarElement('s16'), 'bank');
  const translation = ctx.table(cap('translationBank'), transOff, counts.translation, scalarElement('f32'), 'bank');
  const scaleBank = copyF32Bank(ctx.bytes, scale.offset, scale.count);
  const rotationBank = copyS16Bank(ctx.bytes, rotation.offset, rotation.count);
  const translationBank = copyF32Bank(ctx.bytes, translation.offset, translation.count);
  const banks = [
    bankRef(cap('scaleBank'), scaleBank, counts.scale, scale.offset, 4),
    bankRef(cap('rotationBank'), rotationBank, counts.rotation, rotation.offset, 2),
    bankRef(cap('translationBank'), translationBank, counts.translation, translation.offset, 4),
  ];
  const checker = new TrackChecker(ctx.limited, 'TTK1', duration, entryLabel(prefix ? 'post ' : ''));
  const entries: BtkEntry[] = [];
  const bytes = ctx.bytes;
  for (let i = 0; i < keyTable.count; i++) {
    const base = keyTable.offset + i * BTK_ENTRY_SIZE;
    const tracks: KeyTrack[] = [];
    for (let c = 0; c < 9; c++) {
      const p = base + c * 6;
      const t = readKeyTrack(bytes, p);
      checker.check(t.count, t.index, t.tangentMode, p, banks[c % 3], i, c);
      tracks.push(t);
    }
    const texMtxIndex = i < texMtx.count ? bytes[texMtx.offset + i] : 0xFF;
    if (i < texMtx.count && texMtxIndex > 9 && texMtxIndex !== 0xFF) {
      ctx.limited.add('warning', 'J3D_TEXMTX_INDEX', texMtx.offset + i, 1,
        `TTK1: ${cap('texMtxIndexTable')}[${i}] at ${hex(texMtx.offset + i)} is ${texMtxIndex}; expected 0..9 (TEXMTX0..9) or 0xFF (skip).`);
    }
    const c0 = center.offset + i * 12;
    const view = i < center.count ? new DataView(bytes.buffer, bytes.byteOffset + c0, 12) : undefined;
    entries.push({
      materialName: names[i] ?? '',
      texMtxIndex,
      remap: i < remap.count ? readU16(bytes, remap.offset + i * 2) : i,
      center: view ? [view.getFloat32(0), view.getFloat32(4), view.getFloat32(8)] : [0, 0, 0],
      s: { scale: tracks[0], rotation: tracks[1], translation: tracks[2] },
      t: { scale: tracks[3], rotation: tracks[4], translation: tracks[5] },
      q: { scale: tracks[6], rotation: tracks[7], translation: tracks[8] },
    });
  }
  return { entries, declaredEntries: entryCount, scaleBank, rotationBank, translationBank };
}

function decodeTtk1(ctx: ChunkContext): BtkAnim {
  const { b } = ctx;
  const s = ctx.start;
  const loopMode = b.u8('loopMode', s + 0x08, loopModeDisplay);
  const rotationFraction = b.u8('rotationFraction', s + 0x09, (v) => `×${2 ** v} (${v})`);
  const duration = b.s16('duration', s + 0x0A, (v) => `${v} frame${v === 1 ? "" : "s"}`);
  const keyTableCount = b.u16('keyTableCount', s + 0x0C, (v) => `${v} (${Math.floor(v / 3)} entries × 3)`);
  const scaleCount = b.u16('scaleCount', s + 0x0E);
  const rotationCount = b.u16('rotationCount', s + 0x10);
  const translationCount = b.u16('translationCount', s + 0x12);
  const mainOffsets = [
    ctx.offsetField('keyTableOffset', 0x14),
    ctx.offsetField('remapTableOffset', 0x18),
    ctx.offsetField('nameTableOffset', 0x1C),
    ctx.offsetField('texMtxIndexTableOffset', 0x20),
    ctx.offsetField('centerTableOffset', 0x24),
    ctx.offsetField('scaleBankOffset', 0x28),
    ctx.offsetField('rotationBankOffset', 0x2C),
    ctx.offsetField('translationBankOffset', 0x30),
  ];
  const postKeyTableCount = b.u16('postKeyTableCount', s + 0x34);
  const postScaleCount = b.u16('postScaleCount', s + 0x36);
  const postRotationCount = b.u16('postRotationCount', s + 0x38);
  const postTranslationCount = b.u16('postTranslationCount', s + 0x3A);
  const postOffsets = [
    ctx.offsetField('postKeyTableOffset', 0x3C),
    ctx.offsetField('postRemapTableOffset', 0x40),
    ctx.offsetField('postNameTableOffset', 0x44),
    ctx.offsetField('postTexMtxIndexTableOffset', 0x48),
    ctx.offsetField('postCenterTableOffset', 0x4C),
    ctx.offsetField('postScaleBankOffset', 0x50),
    ctx.offsetField('postRotationBankOffset', 0x54),
    ctx.offsetField('postTranslationBankOffset', 0x58),
  ];
  const matrixMode = b.u32('matrixMode', s + 0x5C, (v) => `${MATRIX_MODE_NAMES[v] ?? 'Unknown, behaves as Basic'} (${v})`);
  checkCommonHeader(ctx, loopMode, duration);
  if (matrixMode !== 0 && matrixMode !== 1 && s + 0x60 <= ctx.bytes.length) {
    ctx.diagnostics.warning('J3D_MATRIX_MODE', s + 0x5C, 4,
      `TTK1: matrix mode ${matrixMode} (${hex(matrixMode)}) at ${hex(s + 0x5C)} is unknown (0 = Basic, 1 = Maya); it behaves as Basic.`);
  }

  const main = readGroup(ctx, '', { keys: keyTableCount, scale: scaleCount, rotation: rotationCount, translation: translationCount }, mainOffsets, duration);
  const postCounts = { keys: postKeyTableCount, scale: postScaleCount, rotation: postRotationCount, translation: postTranslationCount };
  if (postKeyTableCount || postScaleCount || postRotationCount || postTranslationCount) {
    ctx.diagnostics.info('J3D_BTK_POST', s + 0x34, 0x28,
      `TTK1: the post tables at ${hex(s + 0x34)} are not empty (${postKeyTableCount} key table count, banks ${postScaleCount}/${postRotationCount}/${postTranslationCount}); they are shown but their meaning is unknown.`);
  }
  readGroup(ctx, 'post', postCounts, postOffsets, duration);

  // Nintendo's TTK1 size is the end of the last table + 4 (not 32-aligned): name those bytes.
  const declaredEnd = s + ctx.chunk.declaredSize;
  const dataEnd = b.children.reduce((m, c) => Math.max(m, c.offset + c.size), s);
  if (ctx.chunk.declaredSize % 32 !== 0 && declaredEnd - dataEnd === 4 && declaredEnd <= ctx.bytes.length) {
    const node = b.bytesField('sizeSlack', dataEnd, 4, 'padding');
    node.display = 'TTK1 "+4" size quirk: 4 bytes counted in the chunk size after the last table';
  }

  const anim: BtkAnim = {
    format: 'btk', loopMode, rotationFraction, duration, matrixMode,
    entries: main.entries, scaleBank: main.scaleBank, rotationBank: main.rotationBank, translationBank: main.translationBank,
  };
  noteDeclaredCount(anim, 'entries', main.declaredEntries, main.entries.length);
  return anim;
}

/** BTK at the byte level: `J3D1btk1`, `*.btk`. */
export const BTK_DECODER: FormatDecoder<BtkAnim> = {
  id: 'btk', magic: { kind: 'j3d', type: 'btk1' }, filePatterns: ['*.btk'], decode: decodeBtk, codes: BTK_CODES,
};
