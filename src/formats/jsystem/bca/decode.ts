/**
 * BCA — ANF1 chunk, full joint animation (FORMATS.md §9.2).
 *
 * Field tree: `header`, `ANF1` → id, size, loopMode, unused (0x09: not a rotation fraction),
 * duration, jointCount, scaleCount, rotationCount, translationCount (the game ignores the three
 * bank counts), jointTableOffset, scaleBankOffset, rotationBankOffset, translationBankOffset; then
 * `jointTable` (36-byte FullJoint: scaleX, rotationX, translationX, scaleY, … translationZ, each a
 * 4-byte count/index entry), `scaleBank` (f32), `rotationBank` (s16), `translationBank` (f32).
 */
import { DiagnosticCode, DiagnosticSink } from '../../binary/diagnostics';
import { noteDeclaredCount } from '../declared';
import { compositeElement, scalarElement } from '../../binary/builder';
import type { FormatDecoder, FormatResult } from '../../result';
import { ChunkContext, decodeJsystemFile, readAnimationStart } from '../container';
import { copyF32Bank, copyS16Bank } from '../banks';
import { defineLazy } from '../lazy';
import { FULL_TRACK_ENTRY, FullBank, FullTrackChecker } from '../fulltrack';
import type { BcaAnim } from './types';
import { BCA_JOINT_SIZE, bcaJoints } from './joints';

export const ANF1_HEADER_SIZE = 0x24;

/** Component order inside a joint's 36 bytes. */
export const BCA_COMPONENTS = [
  'scaleX', 'rotationX', 'translationX',
  'scaleY', 'rotationY', 'translationY',
  'scaleZ', 'rotationZ', 'translationZ',
] as const;

export const BCA_JOINT = compositeElement('FullJoint', BCA_COMPONENTS.map((n) => [n, FULL_TRACK_ENTRY] as [string, typeof FULL_TRACK_ENTRY]));

/** BCA-specific diagnostics (the shared ones are the family's). */
export const BCA_CODES: DiagnosticCode[] = [];

export function decodeBca(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BcaAnim> {
  return decodeJsystemFile(bytes, diagnostics, 'bca1', 'ANF1', ANF1_HEADER_SIZE, decodeAnf1);
}

function decodeAnf1(ctx: ChunkContext): BcaAnim {
  const { b, bytes } = ctx;
  const s = ctx.start;
  const { loopMode, duration } = readAnimationStart(ctx, 0x0A, 'unused');
  const jointCount = b.u16('jointCount', s + 0x0C);
  const scaleCount = b.u16('scaleCount', s + 0x0E);
  const rotationCount = b.u16('rotationCount', s + 0x10);
  const translationCount = b.u16('translationCount', s + 0x12);
  const jointTableOffset = ctx.offsetField('jointTableOffset', 0x14);
  const scaleBankOffset = ctx.offsetField('scaleBankOffset', 0x18);
  const rotationBankOffset = ctx.offsetField('rotationBankOffset', 0x1C);
  const translationBankOffset = ctx.offsetField('translationBankOffset', 0x20);

  const table = ctx.table('jointTable', jointTableOffset, jointCount, BCA_JOINT, 'table');
  const scale = ctx.table('scaleBank', scaleBankOffset, scaleCount, scalarElement('f32'), 'bank');
  const rotation = ctx.table('rotationBank', rotationBankOffset, rotationCount, scalarElement('s16'), 'bank');
  const translation = ctx.table('translationBank', translationBankOffset, translationCount, scalarElement('f32'), 'bank');
  const banks: FullBank[] = [
    { name: 'scaleBank', length: scaleCount, offset: scale.offset },
    { name: 'rotationBank', length: rotationCount, offset: rotation.offset },
    { name: 'translationBank', length: translationCount, offset: translation.offset },
  ];

  const checker = new FullTrackChecker(ctx.limited, 'ANF1', duration, (entry, c) => `joint ${entry} ${BCA_COMPONENTS[c]}`);
  const end = table.offset + table.count * BCA_JOINT_SIZE;
  for (let p = table.offset, j = 0; p < end; j++) {
    for (let c = 0; c < 9; c++, p += 4) checker.check((bytes[p] << 8) | bytes[p + 1], (bytes[p + 2] << 8) | bytes[p + 3], p, banks[c % 3], j, c);
  }
  // The joint objects are built on first access, from the input's table (decode()'s result holds its input).
  const tableBytes = bytes.subarray(table.offset, table.offset + table.count * BCA_JOINT_SIZE);
  const anim: BcaAnim = {
    format: 'bca', loopMode, rotationFraction: 0, duration, joints: [],
    scaleBank: copyF32Bank(bytes, scale.offset, scale.count),
    rotationBank: copyS16Bank(bytes, rotation.offset, rotation.count),
    translationBank: copyF32Bank(bytes, translation.offset, translation.count),
  };
  defineLazy(anim, 'joints', () => bcaJoints(tableBytes));
  noteDeclaredCount(anim, 'joints', jointCount, table.count);
  return anim;
}

/** BCA at the byte level: `J3D1bca1`, `*.bca`. */
export const BCA_DECODER: FormatDecoder<BcaAnim> = {
  id: 'bca', magic: { kind: 'j3d', type: 'bca1' }, filePatterns: ['*.bca'], decode: decodeBca, codes: BCA_CODES,
};
