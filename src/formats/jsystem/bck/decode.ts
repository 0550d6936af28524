/**
 * BCK — ANK1 chunk, joint animation (FORMATS.md §2).
 *
 * Field tree: `header`, `ANK1` → id, size, loopMode, rotationFraction, duration, jointCount,
 * scaleCount, rotationCount, translationCount, jointTableOffset, scaleBankOffset,
 * rotationBankOffset, translationBankOffset, then `jointTable` (54-byte Joint: scaleX,
 * rotationX, translationX, scaleY, … translationZ, each count/index/tangentMode),
 * `scaleBank` (f32), `rotationBank` (s16), `translationBank` (f32).
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import type { BckAnim } from './types';
import { ChunkContext, checkCommonHeader, decodeJsystemFile, loopModeDisplay } from '../container';
import { copyF32Bank, copyS16Bank } from '../banks';
import { BankRef, KEY_TABLE_ENTRY, TrackChecker, bankRef } from '../keytable';
import { KeyTrackCounts, noteDeclaredCount } from '../declared';
import { defineLazy, isPending } from '../lazy';
import { BCK_JOINT_SIZE, lazyJoints } from './joints';

export const ANK1_HEADER_SIZE = 0x24;

/** Component order inside a joint's 54 bytes. */
export const BCK_COMPONENTS = [
  'scaleX', 'rotationX', 'translationX',
  'scaleY', 'rotationY', 'translationY',
  'scaleZ', 'rotationZ', 'translationZ',
] as const;

export const BCK_JOINT = compositeElement('Joint', BCK_COMPONENTS.map((n) => [n, KEY_TABLE_ENTRY] as [string, typeof KEY_TABLE_ENTRY]));

/** BCK-specific diagnostics (the shared ones are in JSYSTEM_CODES). */
export const BCK_CODES: DiagnosticCode[] = [];

function jointLabel(entry: number, component: number): string {
  return `joint ${entry} ${BCK_COMPONENTS[component]}`;
}

export function decodeBck(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BckAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bck1', 'ANK1', ANK1_HEADER_SIZE, decodeAnk1);
}

function decodeAnk1(ctx: ChunkContext): BckAnim {
  const { b, bytes } = ctx;
  const s = ctx.start;
  const loopMode = b.u8('loopMode', s + 0x08, loopModeDisplay);
  const rotationFraction = b.u8('rotationFraction', s + 0x09, (v) => `×${2 ** v} (${v})`);
  const duration = b.s16('duration', s + 0x0A, (v) => `${v} frame${v === 1 ? "" : "s"}`);
  const jointCount = b.u16('jointCount', s + 0x0C);
  const scaleCount = b.u16('scaleCount', s + 0x0E);
  const rotationCount = b.u16('rotationCount', s + 0x10);
  const translationCount = b.u16('translationCount', s + 0x12);
  const jointTableOffset = ctx.offsetField('jointTableOffset', 0x14);
  const scaleBankOffset = ctx.offsetField('scaleBankOffset', 0x18);
  const rotationBankOffset = ctx.offsetField('rotationBankOffset', 0x1C);
  const translationBankOffset = ctx.offsetField('translationBankOffset', 0x20);
  checkCommonHeader(ctx, loopMode, duration);

  const table = ctx.table('jointTable', jointTableOffset, jointCount, BCK_JOINT, 'table');
  const scale = ctx.table('scaleBank', scaleBankOffset, scaleCount, scalarElement('f32'), 'bank');
  const rotation = ctx.table('rotationBank', rotationBankOffset, rotationCount, scalarElement('s16'), 'bank');
  const translation = ctx.table('translationBank', translationBankOffset, translationCount, scalarElement('f32'), 'bank');

  const scaleBank = copyF32Bank(bytes, scale.offset, scale.count);
  const rotationBank = copyS16Bank(bytes, rotation.offset, rotation.count);
  const translationBank = copyF32Bank(bytes, translation.offset, translation.count);
  const banks: BankRef[] = [
    bankRef('scaleBank', scaleBank, scaleCount, scale.offset, 4),
    bankRef('rotationBank', rotationBank, rotationCount, rotation.offset, 2),
    bankRef('translationBank', translationBank, translationCount, translation.offset, 4),
  ];

  const checker = new TrackChecker(ctx.limited, 'ANK1', duration, jointLabel);
  const counts = checkJoints(bytes, table.offset, table.count, banks, checker);
  const anim: BckAnim = { format: 'bck', loopMode, rotationFraction, duration, joints: [], scaleBank, rotationBank, translationBank };
  // The joints read the input's table (not a copy: decode()'s result holds its input), each joint
  // built when read (joints.ts): the 65,535-joint worst case would need ~850,000 small objects held.
  // The array itself is made on first access, so scannedJointCounts knows no joint was asked for.
  const tableBytes = bytes.subarray(table.offset, table.offset + table.count * BCK_JOINT_SIZE);
  defineLazy(anim, 'joints', () => lazyJoints(tableBytes, table.count));
  // Not enumerable, symbol-keyed: invisible to JSON, clones, spreads and deep comparisons.
  Object.defineProperty(anim, SCANNED, { value: counts });
  noteDeclaredCount(anim, 'joints', jointCount, table.count);
  return anim;
}

/** The key-table counts checkJoints made, kept on the decoded anim. */
const SCANNED = Symbol('scannedJointCounts');

/** The decoder's counts of the joint tracks while `joints` is still unbuilt (then they are the table's); undefined otherwise. */
export function scannedJointCounts(anim: BckAnim): KeyTrackCounts | undefined {
  return isPending(anim, 'joints') ? (anim as BckAnim & { [SCANNED]?: KeyTrackCounts })[SCANNED] : undefined;
}

/**
 * The §8 track checks over the joint table (known to fit in the bytes), in one tight loop without
 * allocation; returns the track counts. The entries are read as big-endian u16s through a DataView:
 * one load each instead of two bytes and a shift (measurably faster over the worst case's 589,815).
 */
function checkJoints(bytes: Uint8Array, offset: number, count: number, banks: BankRef[], checker: TrackChecker): KeyTrackCounts {
  const end = offset + count * BCK_JOINT_SIZE;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let keyed = 0, constant = 0, keys = 0;
  for (let p = offset, j = 0; p < end; j++) {
    for (let c = 0; c < 9; c++, p += 6) {
      const n = view.getUint16(p);
      if (n === 0) continue;
      if (n === 1) constant++;
      else { keyed++; keys += n; }
      checker.check(n, view.getUint16(p + 2), view.getUint16(p + 4), p, banks[c % 3], j, c);
    }
  }
  return { tracks: count * 9, keyed, constant, keys };
}

/** BCK at the byte level: `J3D1bck1`, `*.bck`. */
export const BCK_DECODER: FormatDecoder<BckAnim> = {
  id: 'bck', magic: { kind: 'j3d', type: 'bck1' }, filePatterns: ['*.bck'], decode: decodeBck, codes: BCK_CODES,
};
