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
 * them): only complete keys inside the bank are used; nothing is ever read from past the bank.
 * A value the file does not hold is missing (NaN; `null` in `sample`), never a made-up default:
 * a constant or a first key past the bank is NaN everywhere; a keyed track cut short keeps its
 * readable keys and is NaN from the last one's time on (the next key's time and value are unknown).
 *
 * Keyed tracks are views over the bank (Curve.view): nothing is copied per key, so a file whose
 * every track claims 65,535 keys of one shared bank (J3D_TRACK_RANGE) costs O(tracks), not
 * O(tracks × bank).
 */
import { Curve, CurvePost, KeyData } from './curve';
import type { KeyTrack } from '../formats/jsystem/types';

export interface J3DChannel {
  curve: Curve;
  /** Number of keys read (0 for a count-0 default or a missing constant). */
  keyCount: number;
  /** Bank element index of key i's value. */
  valueElement(i: number): number;
  /** The KeyTrack count as stored (0, 1, or the number of keys claimed). */
  storedCount: number;
}

export interface J3DChannelOptions {
  defaultValue: number;
  post?: CurvePost;
  /** Output unit per raw unit (rotation: degrees per raw unit); applied by CurvePost.Rotation. */
  scale?: number;
}


function nonNegativeInt(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function keyStride(tangentMode: number): number {
  return tangentMode === 0 ? 3 : 4;
}

/**
 * A compiled channel: one object, no closure (a plan of the worst-case BCK holds 589,815).
 * valueElement(i) = first + i × step: −1 for a default, the constant's element, or key i's value.
 */
class Channel implements J3DChannel {
  constructor(
    readonly curve: Curve,
    readonly keyCount: number,
    readonly storedCount: number,
    private readonly first: number,
    private readonly step: number,
  ) {}

  valueElement(i: number): number {
    return this.first + i * this.step;
  }
}

export function compileJ3DTrack(track: KeyTrack | undefined, bank: KeyData, options: J3DChannelOptions): J3DChannel {
  const post = options.post ?? CurvePost.None;
  const scale = options.scale ?? 1;
  const count = nonNegativeInt(track?.count);
  const index = nonNegativeInt(track?.index);
  const constant = (value: number): J3DChannel => new Channel(Curve.constant(value, post, scale), 0, count, -1, 0);
  if (!track || count === 0) return constant(options.defaultValue);
  const len = bank.length;
  if (count === 1) {
    if (index >= len) return constant(NaN);
    return new Channel(Curve.constant(bank[index], post, scale), 1, count, index, 0);
  }
  const stride = keyStride(track.tangentMode);
  const readable = index < len ? Math.floor((len - index) / stride) : 0;
  const k = Math.min(count, readable);
  if (k === 0) return constant(NaN);
  const curve = Curve.view(bank, index, k, stride as 3 | 4, post, scale);
  if (k < count) curve.missingFrom = curve.time(k - 1);
  return new Channel(curve, k, count, index + 1, stride);
}
