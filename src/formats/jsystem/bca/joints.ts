/**
 * ANF1's joint table read into joints (each axis's scale, rotation and translation full tracks:
 * count and first index): by the decoder and by the page from the table a load brings.
 */
import type { FullSrtTracks, FullTrack } from '../types';
import type { BcaAnim } from './types';

/** Bytes per joint: nine 4-byte full-track entries. */
export const BCA_JOINT_SIZE = 36;

/** The joint objects from the joint table's bytes (big-endian count, index × 9 per joint, in file order). */
export function bcaJoints(table: Uint8Array): BcaAnim['joints'] {
  const n = Math.floor(table.length / BCA_JOINT_SIZE);
  const joints: BcaAnim['joints'] = new Array(n);
  const u16 = (p: number): number => (table[p] << 8) | table[p + 1];
  const at = (j: number, c: number): FullTrack => ({ count: u16(j * BCA_JOINT_SIZE + c * 4), index: u16(j * BCA_JOINT_SIZE + c * 4 + 2) });
  const axis = (j: number, a: number): FullSrtTracks => ({ scale: at(j, a * 3), rotation: at(j, a * 3 + 1), translation: at(j, a * 3 + 2) });
  for (let j = 0; j < n; j++) joints[j] = { x: axis(j, 0), y: axis(j, 1), z: axis(j, 2) };
  return joints;
}
