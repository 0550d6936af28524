/**
 * The chunk BCK (ANK1) and BCA (ANF1) share (FORMATS.md §2, §9.2): header 0x24 padded to 0x40 —
 * loop mode, byte 9 (BCK: the rotation fraction; BCA: 0xFF), duration, joint count, the three bank
 * lengths and offsets — then the joint table and the scale (f32), rotation (s16) and translation
 * (f32) banks, each 32-byte aligned with the padding text.
 */
import type { Bank } from './bank';
import { ByteWriter, j3dFile } from './byteWriter';

export interface JointChunk {
  type: 'bck1' | 'bca1';
  chunk: 'ANK1' | 'ANF1';
  loopMode: number;
  byte9: number;
  duration: number;
  joints: number;
  /** The joint table's u16s (9 track entries per joint). */
  entries: readonly number[];
  banks: { scale: Bank; rotation: Bank; translation: Bank };
}

export function jointChunkFile(c: JointChunk): Uint8Array {
  const out = new ByteWriter();
  out.skip(0x24);
  out.u8(8, c.loopMode);
  out.u8(9, c.byte9);
  out.s16(0x0a, c.duration);
  out.u16(0x0c, c.joints);
  out.u16(0x0e, c.banks.scale.values.length);
  out.u16(0x10, c.banks.rotation.values.length);
  out.u16(0x12, c.banks.translation.values.length);
  out.pad(32);
  out.u32(0x14, out.array('u16', c.entries));
  out.pad(32);
  out.u32(0x18, out.array('f32', c.banks.scale.values));
  out.pad(32);
  out.u32(0x1c, out.array('s16', c.banks.rotation.values));
  out.pad(32);
  out.u32(0x20, out.array('f32', c.banks.translation.values));
  out.pad(32);
  return j3dFile(c.type, c.chunk, out, { svr: false });
}
