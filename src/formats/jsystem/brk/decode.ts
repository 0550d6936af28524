/**
 * BRK — TRK1 chunk, TEV register colour animation (FORMATS.md §4).
 *
 * Field tree: `header`, `TRK1` → id, size, loopMode, padding, duration, registerCount,
 * konstantCount, registerRCount, registerGCount, registerBCount, registerACount,
 * konstantRCount … konstantACount, registerTableOffset, konstantTableOffset,
 * registerRemapTableOffset, konstantRemapTableOffset, registerNameTableOffset,
 * konstantNameTableOffset, registerRBankOffset … konstantABankOffset; then `registerTable` /
 * `konstantTable` (28-byte ColorEntry: r, g, b, a key table entries, colorId u8, padding 3
 * bytes), `registerRemapTable` / `konstantRemapTable` (u16), `registerNameTable` /
 * `konstantNameTable` (JUTNameTab), banks `registerRBank` … `konstantABank` (s16).
 *
 * The count decides, never the offset: a group with count 0 reads no table, whatever its
 * offsets say (tool-saved files leave non-zero offsets there).
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { ElementLayout } from '../../binary/fields';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import type { BrkAnim, BrkColorBanks, BrkEntry } from './types';
import { ChunkContext, checkCommonHeader, decodeJsystemFile, loopModeDisplay } from '../container';
import { copyS16Bank, readU16 } from '../banks';
import { KEY_TABLE_ENTRY, TrackChecker, bankRef, readKeyTrack } from '../keytable';
import { readGroupNames } from '../nametable';

export const TRK1_HEADER_SIZE = 0x58;
export const BRK_ENTRY_SIZE = 28;

const PADDING3: ElementLayout = { name: 'padding', offset: 0, size: 3, type: 'bytes' };

export const BRK_ENTRY = compositeElement('ColorEntry', [
  ['r', KEY_TABLE_ENTRY], ['g', KEY_TABLE_ENTRY], ['b', KEY_TABLE_ENTRY], ['a', KEY_TABLE_ENTRY],
  ['colorId', scalarElement('u8')],
  ['padding', PADDING3],
]);

export const BRK_CODES: DiagnosticCode[] = [
  { code: 'J3D_COLOR_ID_3', severity: 'info', summary: 'A register entry animates TEV colour slot 3, which never reaches the hardware (GX TEVREG0–2 only).' },
  { code: 'J3D_COLOR_ID', severity: 'warning', summary: 'A colour id is not 0..3.' },
];

const CHANNELS = ['r', 'g', 'b', 'a'] as const;
const CHANNEL_NAMES = ['R', 'G', 'B', 'A'] as const;

export function decodeBrk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BrkAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'brk1', 'TRK1', TRK1_HEADER_SIZE, decodeTrk1);
}

type Group = 'register' | 'konstant';

interface GroupHeader {
  count: number;
  countAt: number;
  bankCounts: number[];
  tableOffset: number;
  remapOffset: number;
  nameOffset: number;
  nameOffsetAt: number;
  bankOffsets: number[];
}

function readGroup(ctx: ChunkContext, group: Group, h: GroupHeader, duration: number): { entries: BrkEntry[]; banks: BrkColorBanks } {
  const { bytes } = ctx;
  const table = ctx.table(`${group}Table`, h.tableOffset, h.count, BRK_ENTRY, 'table');
  const remap = ctx.table(`${group}RemapTable`, h.remapOffset, h.count, scalarElement('u16'), 'table');
  const names = readGroupNames(ctx, `${group}NameTable`, h.nameOffset, h.count, h.nameOffsetAt);
  const refs = CHANNEL_NAMES.map((c, i) => {
    const name = `${group}${c}Bank`;
    const t = ctx.table(name, h.bankOffsets[i], h.bankCounts[i], scalarElement('s16'), 'bank');
    return bankRef(name, copyS16Bank(bytes, t.offset, t.count), h.bankCounts[i], t.offset, 2);
  });
  const checker = new TrackChecker(ctx.limited, 'TRK1', duration,
    (entry, component) => `${group} entry ${entry}${names[entry] ? ` (${JSON.stringify(names[entry])})` : ''} ${CHANNELS[component]}`);
  const entries: BrkEntry[] = [];
  for (let i = 0; i < table.count; i++) {
    const base = table.offset + i * BRK_ENTRY_SIZE;
    const tracks = CHANNELS.map((_, c) => {
      const t = readKeyTrack(bytes, base + c * 6);
      checker.check(t.count, t.index, t.tangentMode, base + c * 6, refs[c], i, c);
      return t;
    });
    const colorId = bytes[base + 24];
    if (colorId > 3) {
      ctx.limited.add('warning', 'J3D_COLOR_ID', base + 24, 1,
        `TRK1: ${group}Table[${i}].colorId at ${hex(base + 24)} is ${colorId}; expected 0..3.`);
    } else if (colorId === 3 && group === 'register') {
      ctx.limited.add('info', 'J3D_COLOR_ID_3', base + 24, 1,
        `TRK1: ${group}Table[${i}]${names[i] ? ` (${JSON.stringify(names[i])})` : ''} animates TEV colour slot 3 (colorId at ${hex(base + 24)}), which never reaches the hardware (only slots 0–2 map to GX TEVREG0–2).`);
    }
    entries.push({
      materialName: names[i] ?? '',
      colorId,
      remap: i < remap.count ? readU16(bytes, remap.offset + i * 2) : i,
      r: tracks[0], g: tracks[1], b: tracks[2], a: tracks[3],
    });
  }
  return { entries, banks: { r: refs[0].values as Int16Array, g: refs[1].values as Int16Array, b: refs[2].values as Int16Array, a: refs[3].values as Int16Array } };
}

function decodeTrk1(ctx: ChunkContext): BrkAnim {
  const { b } = ctx;
  const s = ctx.start;
  const loopMode = b.u8('loopMode', s + 0x08, loopModeDisplay);
  b.scalar('padding', s + 0x09, 'u8', (v) => hex(v));
  b.children[b.children.length - 1].role = 'padding';
  const duration = b.s16('duration', s + 0x0A, (v) => `${v} frame${v === 1 ? "" : "s"}`);
  const registerCount = b.u16('registerCount', s + 0x0C);
  const konstantCount = b.u16('konstantCount', s + 0x0E);
  const registerBankCounts = CHANNEL_NAMES.map((c, i) => b.u16(`register${c}Count`, s + 0x10 + i * 2));
  const konstantBankCounts = CHANNEL_NAMES.map((c, i) => b.u16(`konstant${c}Count`, s + 0x18 + i * 2));
  const registerTableOffset = ctx.offsetField('registerTableOffset', 0x20);
  const konstantTableOffset = ctx.offsetField('konstantTableOffset', 0x24);
  const registerRemapOffset = ctx.offsetField('registerRemapTableOffset', 0x28);
  const konstantRemapOffset = ctx.offsetField('konstantRemapTableOffset', 0x2C);
  const registerNameOffset = ctx.offsetField('registerNameTableOffset', 0x30);
  const konstantNameOffset = ctx.offsetField('konstantNameTableOffset', 0x34);
  const registerBankOffsets = CHANNEL_NAMES.map((c, i) => ctx.offsetField(`register${c}BankOffset`, 0x38 + i * 4));
  const konstantBankOffsets = CHANNEL_NAMES.map((c, i) => ctx.offsetField(`konstant${c}BankOffset`, 0x48 + i * 4));
  checkCommonHeader(ctx, loopMode, duration);

  const register = readGroup(ctx, 'register', {
    count: registerCount, countAt: s + 0x0C, bankCounts: registerBankCounts, tableOffset: registerTableOffset,
    remapOffset: registerRemapOffset, nameOffset: registerNameOffset, nameOffsetAt: s + 0x30, bankOffsets: registerBankOffsets,
  }, duration);
  const konstant = readGroup(ctx, 'konstant', {
    count: konstantCount, countAt: s + 0x0E, bankCounts: konstantBankCounts, tableOffset: konstantTableOffset,
    remapOffset: konstantRemapOffset, nameOffset: konstantNameOffset, nameOffsetAt: s + 0x34, bankOffsets: konstantBankOffsets,
  }, duration);

  const anim: BrkAnim = {
    format: 'brk', loopMode, rotationFraction: 0, duration,
    register: register.entries, konstant: konstant.entries,
    registerBanks: register.banks, konstantBanks: konstant.banks,
  };
  noteDeclaredCount(anim, 'register entries', registerCount, register.entries.length);
  noteDeclaredCount(anim, 'konstant entries', konstantCount, konstant.entries.length);
  return anim;
}

/** BRK at the byte level: `J3D1brk1`, `*.brk`. */
export const BRK_DECODER: FormatDecoder<BrkAnim> = {
  id: 'brk', magic: { kind: 'j3d', type: 'brk1' }, filePatterns: ['*.brk'], decode: decodeBrk, codes: BRK_CODES,
};
