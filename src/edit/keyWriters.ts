/**
 * How an edited key is made storable by its kind, so that a drag or a typed number lands on the
 * nearest key the file can hold rather than being refused (the builder, src/write/buildFromKeys.ts,
 * still refuses what lies out of range). Every animation kind has a builder; MOTN's keys form
 * carries its file's layout (keysDocument with the bytes).
 */
import { halfToFloat } from '../formats/binary/fields';
import { MOTN_FPS } from '../anim/motnTrack';
import { buildFromKeys, canBuildFromKeys } from '../write/buildFromKeys';
import type { KeysDocument, KeysTrack } from '../write/keysForm';
import { floatToHalf } from '../write/scalars';

export interface EditedKey { frame: number; value: number; in: number; out: number }

export interface KeyWriter {
  build(doc: KeysDocument): Uint8Array;
  storable(doc: KeysDocument, track: KeysTrack, key: EditedKey): EditedKey;
}

type Snap = (v: number) => number;

const steps = (size: number): Snap => (v) => Math.round(v / size) * size;
const whole: Snap = (v) => Math.round(v);
const clamp = (lo: number, hi: number): Snap => (v) => Math.min(hi, Math.max(lo, Math.round(v)));
const half: Snap = (v) => halfToFloat(floatToHalf(Math.max(-65504, Math.min(65504, v))));

/** What a kind stores a track's numbers as: [frame, value, slope]. */
function snaps(doc: KeysDocument, track: KeysTrack): [Snap, Snap, Snap] {
  const f = doc.format;
  if (f === 'motn') return [whole, half, (v) => half(v * MOTN_FPS) / MOTN_FPS];
  if (track.channel === 'rotation' && (f === 'bck' || f === 'btk')) {
    const step = steps((2 ** (doc.header.rotationFraction ?? 0) * 180) / 32768);
    return [whole, step, step];
  }
  if (f === 'bca' && track.channel === 'rotation') return [whole, steps(180 / 32768), whole];
  if (f === 'brk' || f === 'bpk' || f === 'bxk') return [whole, whole, whole];
  if (f === 'bpa' || f === 'bxa' || f === 'bva') return [whole, clamp(0, 255), whole];
  if (f === 'btp') return [whole, clamp(0, 0xffff), whole];
  // f32 banks (BCK/BTK scale and translation, BCA, BLK, BLA): full tracks hold whole frames
  return [track.step ? whole : Math.fround, Math.fround, Math.fround];
}

function storable(doc: KeysDocument, track: KeysTrack, key: EditedKey): EditedKey {
  const [frame, value, slope] = snaps(doc, track);
  return { frame: frame(key.frame), value: value(key.value), in: slope(key.in), out: slope(key.out) };
}

/** The key writer of a kind; undefined for a kind without a builder (key edits are then refused). */
export function keyWriterFor(format: string): KeyWriter | undefined {
  return canBuildFromKeys(format) ? { build: buildFromKeys, storable } : undefined;
}
