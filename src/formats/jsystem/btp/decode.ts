/**
 * BTP — TPT1 chunk, texture pattern animation (FORMATS.md §9.4).
 *
 * Field tree: `header`, `TPT1` → id, size, loopMode, padding, duration, entryCount,
 * textureIndexCount, entryTableOffset, textureIndexBankOffset, materialIdTableOffset,
 * nameTableOffset; then `entryTable` (8-byte TexPatternEntry: count, index, texMapSlot,
 * padding ×3), `textureIndexBank` (u16), `materialIdTable` (u16, overwritten by the game at load:
 * shown, never checked) and `nameTable` (JUTNameTab).
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { recordElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import { ChunkContext, decodeJsystemFile, readAnimationStart } from '../container';
import { copyU16Bank } from '../banks';
import { FullTrackChecker } from '../fulltrack';
import { readGroupNames } from '../nametable';
import type { BtpAnim, BtpEntry } from './types';

export const TPT1_HEADER_SIZE = 0x20;
export const BTP_ENTRY_SIZE = 8;

export const BTP_ENTRY = recordElement('TexPatternEntry', [
  ['count', 'u16'], ['index', 'u16'], ['texMapSlot', 'u8'], ['padding', 'u8'], ['padding2', 'u16'],
]);

export const BTP_CODES: DiagnosticCode[] = [
  { code: 'J3D_TEXMAP_SLOT', severity: 'error', summary: 'A BTP entry names texmap slot 8 or more (a material has slots 0–7).' },
  { code: 'MDL_BTP_TEXTURE', severity: 'error', summary: 'A BTP value names a texture past the model\'s TEX1 textures.' },
  { code: 'MDL_TEXMAP_UNUSED', severity: 'warning', summary: 'A BTP entry animates a texmap slot its material does not use (no texture there).' },
];

export function decodeBtp(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BtpAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'btp1', 'TPT1', TPT1_HEADER_SIZE, decodeTpt1);
}

function decodeTpt1(ctx: ChunkContext): BtpAnim {
  const { b, bytes } = ctx;
  const s = ctx.start;
  const { loopMode, duration } = readAnimationStart(ctx);
  const entryCount = b.u16('entryCount', s + 0x0C);
  const bankCount = b.u16('textureIndexCount', s + 0x0E);
  const tableOffset = ctx.offsetField('entryTableOffset', 0x10);
  const bankOffset = ctx.offsetField('textureIndexBankOffset', 0x14);
  const idOffset = ctx.offsetField('materialIdTableOffset', 0x18);
  const nameOffset = ctx.offsetField('nameTableOffset', 0x1C);

  const table = ctx.table('entryTable', tableOffset, entryCount, BTP_ENTRY, 'table');
  const bank = ctx.table('textureIndexBank', bankOffset, bankCount, scalarElement('u16'), 'bank');
  ctx.table('materialIdTable', idOffset, entryCount, scalarElement('u16'), 'table');
  const names = readGroupNames(ctx, 'nameTable', nameOffset, entryCount, s + 0x1C);
  const textureIndexBank = copyU16Bank(bytes, bank.offset, bank.count);

  const label = (entry: number): string => `entry ${entry}${names[entry] ? ` (${JSON.stringify(names[entry])})` : ''}`;
  const checker = new FullTrackChecker(ctx.limited, 'TPT1', duration, label);
  const fullBank = { name: 'textureIndexBank', length: bankCount, offset: bank.offset };
  const entries: BtpEntry[] = [];
  for (let i = 0; i < table.count; i++) {
    const p = table.offset + i * BTP_ENTRY_SIZE;
    const count = (bytes[p] << 8) | bytes[p + 1];
    const index = (bytes[p + 2] << 8) | bytes[p + 3];
    const texMapSlot = bytes[p + 4];
    checker.check(count, index, p, fullBank, i, 0);
    if (texMapSlot > 7) {
      ctx.limited.add('error', 'J3D_TEXMAP_SLOT', p + 4, 1,
        () => `TPT1: ${label(i)} names texmap slot ${texMapSlot} at ${hex(p + 4)}; a material has slots 0–7.`);
    }
    entries.push({ materialName: names[i] ?? '', texMapSlot, texture: { count, index } });
  }
  const anim: BtpAnim = { format: 'btp', loopMode, rotationFraction: 0, duration, entries, textureIndexBank };
  noteDeclaredCount(anim, 'entries', entryCount, table.count);
  return anim;
}

/** BTP at the byte level: `J3D1btp1`, `*.btp`. */
export const BTP_DECODER: FormatDecoder<BtpAnim> = {
  id: 'btp', magic: { kind: 'j3d', type: 'btp1' }, filePatterns: ['*.btp'], decode: decodeBtp, codes: BTP_CODES,
};
