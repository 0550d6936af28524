/**
 * J3D key table entry (KeyTrack) + bank → Curve (FORMATS.md §1 "Key table entry").
 *
 * - count 0: the channel default.
 * - count 1: bank[index], tangent mode ignored.
 * - count ≥ 2: keys of 3 elements (time, value, tangent) for tangent mode 0, or 4 elements
 *   (time, value, in, out) otherwise (mode 1; other modes are invalid — the decoder warns —
 *   and are read like mode 1).
 *
 * Out-of-bank policy (the decoders clamp banks to the file, a hostile entry may point past
 * them): only complete keys inside the bank are used. A track whose first key (or constant)
 * is not readable takes the channel default; a keyed track cut short keeps its readable keys,
 * so it holds the last readable value. Nothing is ever read from past the bank (no NaN).
 *
 * With `outside: 'missing'` (the kinds of FORMATS.md §9, whose values the game would read from
 * past the bank) those values are missing instead: a constant or a first key past the bank is NaN
 * everywhere; a keyed track cut short keeps its readable keys up to the last one and is NaN from
 * that key's time on (the next key's time and value are unknown).
 */
import { Curve, CurvePost } from './curve';
import type { KeyTrack } from '../formats/jsystem/types';

export interface J3DChannel {
  curve: Curve;
  /** Bank element index of each key's value (empty for a count-0 default). */
  valueElements: Int32Array;
  /** The KeyTrack count as stored (0, 1, or the number of keys claimed). */
  storedCount: number;
}

export interface J3DChannelOptions {
  defaultValue: number;
  post?: CurvePost;
  /** Output unit per raw unit (rotation: degrees per raw unit); applied by CurvePost.Rotation. */
  scale?: number;
  /** What a value read from past the bank becomes: the channel default (BCK, BTK, BRK), or missing (NaN). */
  outside?: 'default' | 'missing';
}

const NO_ELEMENTS = new Int32Array(0);

function nonNegativeInt(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function keyStride(tangentMode: number): number {
  return tangentMode === 0 ? 3 : 4;
}

export function compileJ3DTrack(track: KeyTrack | undefined, bank: ArrayLike<number>, options: J3DChannelOptions): J3DChannel {
  const post = options.post ?? CurvePost.None;
  const scale = options.scale ?? 1;
  const count = nonNegativeInt(track?.count);
  const index = nonNegativeInt(track?.index);
  const missing = options.outside === 'missing';
  const constant = (value: number): J3DChannel => ({ curve: Curve.constant(value, post, scale), valueElements: NO_ELEMENTS, storedCount: count });
  const fallback = (): J3DChannel => constant(missing && count > 0 ? NaN : options.defaultValue);
  if (!track || count === 0) return constant(options.defaultValue);
  const len = bank.length;
  if (count === 1) {
    if (index >= len) return fallback();
    return { curve: Curve.constant(bank[index], post, scale), valueElements: Int32Array.of(index), storedCount: count };
  }
  const stride = keyStride(track.tangentMode);
  const readable = index < len ? Math.floor((len - index) / stride) : 0;
  const k = Math.min(count, readable);
  if (k === 0) return fallback();
  const cut = missing && k < count;
  const curve = new Curve(cut ? k + 1 : k, post, scale, true);
  curve.reset(cut ? k + 1 : k);
  const valueElements = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    const e = index + i * stride;
    const tangent = bank[e + 2];
    curve.setKey(i, bank[e], bank[e + 1], tangent, stride === 3 ? tangent : bank[e + 3]);
    valueElements[i] = e + 1;
  }
  // An unknown key after the readable ones: Hermite towards a NaN value gives NaN from the last readable key on.
  if (cut) curve.setKey(k, Infinity, NaN, NaN, NaN);
  curve.finishKeys();
  return { curve, valueElements, storedCount: count };
}
