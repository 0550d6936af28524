/**
 * How an edited key is made storable by its kind, so that a drag or a typed number lands on the
 * nearest key the file can hold rather than being refused (the builder, src/write/buildFromKeys.ts,
 * still refuses what lies out of range). Every animation kind has a builder; MOTN's keys form
 * carries its file's layout (keysDocument with the bytes).
 */
import { halfToFloat } from '../formats/binary/fields';
import { MOTN_FPS } from '../anim/motnTrack';
import { specOf } from '../kinds/registry';
import type { AnimFormat } from '../kinds/pages';
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

/**
 * What a track's numbers are stored as, [frame, value, slope], from what the registry says of the
 * track (its unit, step or keyed) and the family (MOTN: half floats): J3D rotations in s16 steps
 * (keyed: of the rotation fraction; step, BCA: 180° / 32768), colours whole (keyed: s16; step: a
 * byte), visibility a byte, texture indices a u16, the rest f32.
 */
function snaps(doc: KeysDocument, track: KeysTrack): [Snap, Snap, Snap] {
  if (specOf(doc.format as AnimFormat).family.id === 'motn') return [whole, half, (v) => half(v * MOTN_FPS) / MOTN_FPS];
  const step = !!track.step;
  if (track.unit === 'degrees') {
    const size = step ? 180 / 32768 : (2 ** (doc.header.rotationFraction ?? 0) * 180) / 32768;
    return [whole, steps(size), steps(size)];
  }
  if (track.unit === 'color' || track.unit === 'visibility') return [whole, step ? clamp(0, 255) : whole, whole];
  if (track.channel === 'texture') return [whole, clamp(0, 0xffff), whole];
  // f32 banks (scale, translation, cluster weights): a step track holds whole frames
  return [step ? whole : Math.fround, Math.fround, Math.fround];
}

function storable(doc: KeysDocument, track: KeysTrack, key: EditedKey): EditedKey {
  const [frame, value, slope] = snaps(doc, track);
  return { frame: frame(key.frame), value: value(key.value), in: slope(key.in), out: slope(key.out) };
}

/** The key writer of a kind; undefined for a kind without a builder (key edits are then refused). */
export function keyWriterFor(format: string): KeyWriter | undefined {
  return canBuildFromKeys(format) ? { build: buildFromKeys, storable } : undefined;
}
