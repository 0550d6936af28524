/**
 * JNT1 — joints (docs/formats.md "JNT1").
 *
 * Field tree: `JNT1` → id, size, jointCount, padding, jointDataOffset, remapTableOffset,
 * nameTableOffset, then `jointData` (0x40-byte JointEntry records: kind, scaleCompensate,
 * padding, scaleX/Y/Z, rotationX/Y/Z, padding2, translationX/Y/Z, boundingRadius, bboxMinX/Y/Z,
 * bboxMaxX/Y/Z; explicit `[i]` children read as the names of the joints using the entry),
 * `remapTable` (u16 per joint: joint → entry) and `nameTable` (JUTNameTab).
 */
import { hex } from '../binary/diagnostics';
import { readScalar } from '../binary/fields';
import { recordElement, scalarElement } from '../binary/builder';
import { ChunkContext } from '../jsystem/container';
import { readU16 } from '../jsystem/banks';
import { readGroupNames } from '../jsystem/nametable';
import { makeExplicit } from './inf1';
import { boundedCount } from './bounds';
import type { ModelJoint } from './types';

export const JNT1_HEADER_SIZE = 0x18;
export const JOINT_ENTRY_SIZE = 0x40;

export const JOINT_ENTRY = recordElement('JointEntry', [
  ['kind', 'u16'], ['scaleCompensate', 'u8'], ['padding', 'u8'],
  ['scaleX', 'f32'], ['scaleY', 'f32'], ['scaleZ', 'f32'],
  ['rotationX', 's16'], ['rotationY', 's16'], ['rotationZ', 's16'], ['padding2', 'u16'],
  ['translationX', 'f32'], ['translationY', 'f32'], ['translationZ', 'f32'],
  ['boundingRadius', 'f32'],
  ['bboxMinX', 'f32'], ['bboxMinY', 'f32'], ['bboxMinZ', 'f32'],
  ['bboxMaxX', 'f32'], ['bboxMaxY', 'f32'], ['bboxMaxZ', 'f32'],
]);

/** Raw s16 joint rotation → degrees (full circle = 65536 units). */
export function jointRotationDegrees(raw: number): number {
  return (raw * 180) / 32768;
}

function f32(bytes: Uint8Array, at: number, fallback: number): number {
  return readScalar(bytes, at, 'f32', 'big') ?? fallback;
}

function s16(bytes: Uint8Array, at: number): number {
  return readScalar(bytes, at, 's16', 'big') ?? 0;
}

/** A joint with the default (identity) transform, for entries that are not in the bytes. */
export function defaultJoint(index: number, name: string, dataIndex: number): ModelJoint {
  return {
    index, name, parent: -1, children: [], materials: [], inHierarchy: false, dataIndex, offset: -1,
    kind: 0, matrixType: 0, flags: 0, scaleCompensateRaw: 0, scaleCompensate: false,
    scale: [1, 1, 1], rotationRaw: [0, 0, 0], rotationDegrees: [0, 0, 0], translation: [0, 0, 0],
    boundingRadius: 0, bboxMin: [0, 0, 0], bboxMax: [0, 0, 0],
  };
}

function readJoint(bytes: Uint8Array, at: number, index: number, name: string, dataIndex: number): ModelJoint {
  const j = defaultJoint(index, name, dataIndex);
  j.offset = at;
  j.kind = readU16(bytes, at);
  j.matrixType = j.kind >> 4;
  j.flags = j.kind & 0x0F;
  j.scaleCompensateRaw = bytes[at + 2] ?? 0;
  j.scaleCompensate = j.scaleCompensateRaw === 1;
  j.scale = [f32(bytes, at + 0x04, 1), f32(bytes, at + 0x08, 1), f32(bytes, at + 0x0C, 1)];
  j.rotationRaw = [s16(bytes, at + 0x10), s16(bytes, at + 0x12), s16(bytes, at + 0x14)];
  j.rotationDegrees = [jointRotationDegrees(j.rotationRaw[0]), jointRotationDegrees(j.rotationRaw[1]), jointRotationDegrees(j.rotationRaw[2])];
  j.translation = [f32(bytes, at + 0x18, 0), f32(bytes, at + 0x1C, 0), f32(bytes, at + 0x20, 0)];
  j.boundingRadius = f32(bytes, at + 0x24, 0);
  j.bboxMin = [f32(bytes, at + 0x28, 0), f32(bytes, at + 0x2C, 0), f32(bytes, at + 0x30, 0)];
  j.bboxMax = [f32(bytes, at + 0x34, 0), f32(bytes, at + 0x38, 0), f32(bytes, at + 0x3C, 0)];
  return j;
}

export function decodeJnt1(ctx: ChunkContext): ModelJoint[] {
  const { bytes } = ctx;
  const s = ctx.start;
  const declaredCount = ctx.b.u16('jointCount', s + 0x08);
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const dataRel = ctx.offsetField('jointDataOffset', 0x0C);
  const remapRel = ctx.offsetField('remapTableOffset', 0x10);
  const nameRel = ctx.offsetField('nameTableOffset', 0x14);
  if (s + JNT1_HEADER_SIZE > bytes.length) return [];
  // Every joint needs at least its u16 remap entry inside the chunk.
  const count = boundedCount(ctx, 'joint count', 0x08, declaredCount, remapRel, 2, JNT1_HEADER_SIZE);

  // Remap: joint i uses data entry remap[i]; entries may be shared (identity in every file seen).
  const remapTable = ctx.table('remapTable', remapRel, count, scalarElement('u16'), 'table');
  const remap: number[] = [];
  let entries = 0;
  for (let i = 0; i < count; i++) {
    const v = i < remapTable.count ? readU16(bytes, remapTable.offset + i * 2) : i;
    remap.push(v);
    entries = Math.max(entries, v + 1);
  }
  const data = ctx.table('jointData', dataRel, entries, JOINT_ENTRY, 'table');
  const names = readGroupNames(ctx, 'nameTable', nameRel, count, s + 0x14);

  const joints: ModelJoint[] = [];
  for (let i = 0; i < count; i++) {
    const name = names[i] ?? '';
    const di = remap[i];
    const joint = di < data.count
      ? readJoint(bytes, data.offset + di * JOINT_ENTRY_SIZE, i, name, di)
      : defaultJoint(i, name, di);
    if (joint.offset >= 0 && joint.matrixType > 2) {
      const at = joint.offset;
      ctx.limited.add('warning', 'MDL_MATRIX_TYPE', at, 2,
        () => `JNT1: joint ${i} (${name}) at ${hex(at)}: matrix type ${joint.matrixType} (kind ${hex(joint.kind, 4)}) is not 0 (standard), 1 (billboard) or 2 (Y billboard).`);
    }
    joints.push(joint);
  }
  const elements = makeExplicit(data.node, bytes);
  if (elements.length > 0) {
    const users = new Map<number, string[]>();
    for (const j of joints) {
      const list = users.get(j.dataIndex) ?? [];
      if (list.length < 8) list.push(`${j.index} ${j.name}`);
      users.set(j.dataIndex, list);
    }
    elements.forEach((e, di) => {
      const list = users.get(di);
      e.display = list ? `joint ${list.join(', joint ')}` : 'unused entry';
    });
  }
  return joints;
}
