/**
 * MOTN file header (FORMATS.md §5), little-endian, no magic:
 *   0x00 u32 sequence table offset, 0x04 u32 name offset table, 0x08 u32 motion data base,
 *   0x0C u32 attributes (sequence count = (attr & 0xFFF) − 1), 0x10 u32 file size.
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import type { FieldNode } from '../binary/fields';
import { StructBuilder } from '../binary/builder';

export const HEADER_SIZE = 0x14;
/** The header area the sample reserves before the sequence table (0x14..0x1F are zero). */
export const HEADER_AREA = 0x20;

export interface MotnHeader {
  sequenceTableOffset: number;
  nameTableOffset: number;
  motionDataOffset: number;
  attributes: number;
  /** (attributes & 0xFFF) − 1; may be ≤ 0 for corrupt files. */
  declaredCount: number;
  fileSize: number;
}

export function u32le(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0;
}

export function u16le(bytes: Uint8Array, offset: number): number {
  return bytes[offset] | (bytes[offset + 1] << 8);
}

export function sequenceCount(attributes: number): number {
  return (attributes & 0xfff) - 1;
}

export function readHeader(bytes: Uint8Array, diagnostics: DiagnosticSink): { node: FieldNode; header: MotnHeader } {
  const b = new StructBuilder(bytes, 'little', diagnostics, 'header', 0, 'MotnHeader', 'header');
  const sequenceTableOffset = b.u32('sequenceTableOffset', 0x00, (v) => hex(v));
  const nameTableOffset = b.u32('nameTableOffset', 0x04, (v) => hex(v));
  const motionDataOffset = b.u32('motionDataOffset', 0x08, (v) => hex(v));
  const attributes = b.u32('attributes', 0x0c, (v) => `${sequenceCount(v)} sequences ((${hex(v & 0xfff)}) − 1)${v >>> 12 ? `, unknown bits ${hex((v & ~0xfff) >>> 0)}` : ''}`);
  const fileSize = b.u32('fileSize', 0x10, (v) => `${v} bytes`);
  return {
    node: b.build(HEADER_SIZE),
    header: { sequenceTableOffset, nameTableOffset, motionDataOffset, attributes, declaredCount: sequenceCount(attributes), fileSize },
  };
}

/**
 * Header plausibility check (MOTN has no magic): the declared file size equals the length,
 * the count is sane, the tables are ordered header < sequence table < name offset table <
 * motion data ≤ end and hold the declared count, and the first entries point inside the file.
 */
export function looksLikeMotn(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_AREA + 12) return false;
  const seq = u32le(bytes, 0x00);
  const names = u32le(bytes, 0x04);
  const base = u32le(bytes, 0x08);
  const attr = u32le(bytes, 0x0c);
  const size = u32le(bytes, 0x10);
  const count = sequenceCount(attr);
  if (size !== bytes.length || attr >>> 16 !== 0 || count < 1) return false;
  if (seq < HEADER_SIZE || seq % 4 !== 0 || names % 4 !== 0) return false;
  if (seq + count * 8 > names || names + count * 4 > base || base >= bytes.length) return false;
  const firstData = u32le(bytes, seq);
  const firstName = u32le(bytes, names);
  if (firstData % 2 !== 0 || base + firstData + 12 > bytes.length) return false;
  if (firstName < names + count * 4 || firstName >= base) return false;
  return true;
}
