/**
 * A BCK's `joints` as a lazy array over the joint table's bytes: each `joints[j]` is a plain object
 * ({x, y, z} of {scale, rotation, translation} key tracks) built from the joint's 54 bytes when it
 * is read, and not kept. The worst case's 65,535 joints were ~850,000 objects held for the file's
 * life (120 MiB peak against 58 MiB for the decode alone); now a reader holds only the joints it
 * keeps. It is an Array (Array.isArray, length, iteration, map/flatMap, Object.entries,
 * JSON.stringify and deepStrictEqual read it as one); reading the same index twice gives two equal
 * objects, not the same one. An index assigned is kept and read back as assigned.
 */
import type { KeyTrack } from '../types';
import type { BckAnim } from './types';

/** Bytes per joint in ANK1's joint table (nine 6-byte key table entries). */
export const BCK_JOINT_SIZE = 54;

type Joint = BckAnim['joints'][number];

/** One 6-byte key table entry (known to be inside the bytes). */
function track(bytes: Uint8Array, p: number): KeyTrack {
  return { count: (bytes[p] << 8) | bytes[p + 1], index: (bytes[p + 2] << 8) | bytes[p + 3], tangentMode: (bytes[p + 4] << 8) | bytes[p + 5] };
}

/** Joint `j`: its 9 entries in file order X{S,R,T}, Y{S,R,T}, Z{S,R,T}. */
function joint(bytes: Uint8Array, j: number): Joint {
  const p = j * 54;
  return {
    x: { scale: track(bytes, p), rotation: track(bytes, p + 6), translation: track(bytes, p + 12) },
    y: { scale: track(bytes, p + 18), rotation: track(bytes, p + 24), translation: track(bytes, p + 30) },
    z: { scale: track(bytes, p + 36), rotation: track(bytes, p + 42), translation: track(bytes, p + 48) },
  };
}

/** `key` as an index below `count`, else -1. */
function indexOf(key: string | symbol, count: number): number {
  if (typeof key !== 'string') return -1;
  const c = key.charCodeAt(0);
  if (!(c >= 48 && c <= 57)) return -1;
  const i = Number(key);
  return Number.isInteger(i) && i < count && (c !== 48 || key.length === 1) ? i : -1;
}

const own = (target: object, key: string): boolean => Object.prototype.hasOwnProperty.call(target, key);

/** The `count` joints of a joint table (`bytes` holds at least count × 54 bytes; referenced, not copied). */
export function lazyJoints(bytes: Uint8Array, count: number): BckAnim['joints'] {
  const target: Joint[] = new Array(count);
  return new Proxy(target, {
    get(t, key, receiver) {
      const i = indexOf(key, count);
      return i >= 0 && !own(t, key as string) ? joint(bytes, i) : Reflect.get(t, key, receiver);
    },
    has(t, key) {
      return indexOf(key, count) >= 0 || Reflect.has(t, key);
    },
    ownKeys(t) {
      const keys: (string | symbol)[] = [];
      for (let i = 0; i < count; i++) keys.push(String(i));
      for (const k of Reflect.ownKeys(t)) if (indexOf(k, count) < 0) keys.push(k);
      return keys;
    },
    getOwnPropertyDescriptor(t, key) {
      const i = indexOf(key, count);
      if (i < 0 || own(t, key as string)) return Reflect.getOwnPropertyDescriptor(t, key);
      return { value: joint(bytes, i), writable: true, enumerable: true, configurable: true };
    },
  });
}
