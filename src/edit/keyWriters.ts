/**
 * The one place that says which kinds' keys form (src/write/keysForm.ts) can be built back into a
 * file from the editor, and how an edited key is made storable by the kind. The builders are
 * src/write/buildFromKeys.ts's; the editor offers key edits for BCK only so far (a MOTN keys form
 * needs the file's layout, which the editor's keys form does not carry yet).
 */
import type { AnimFormat } from '../formats/pages';
import { buildFromKeys } from '../write/buildFromKeys';
import type { KeysDocument, KeysTrack } from '../write/keysForm';

export interface EditedKey { frame: number; value: number; in: number; out: number }

export interface KeyWriter {
  build(doc: KeysDocument): Uint8Array;
  /**
   * The key as the kind stores it, so that a drag or a typed number lands on the nearest storable
   * key rather than being refused (the builder still refuses what lies out of range).
   */
  storable(doc: KeysDocument, track: KeysTrack, key: EditedKey): EditedKey;
}

/** BCK rotations are s16 in the bank: whole frames, values and slopes in steps of 2^fraction × 180° / 32768. */
function storableBck(doc: KeysDocument, track: KeysTrack, key: EditedKey): EditedKey {
  if (track.channel !== 'rotation') return key;
  const step = (2 ** (doc.header.rotationFraction ?? 0) * 180) / 32768;
  const snap = (v: number): number => Math.round(v / step) * step;
  return { frame: Math.round(key.frame), value: snap(key.value), in: snap(key.in), out: snap(key.out) };
}

const KEY_WRITERS: Partial<Record<AnimFormat, KeyWriter>> = {
  bck: { build: buildFromKeys, storable: storableBck },
};

/** The key writer of a kind; undefined when its keys cannot be built yet (key edits are then refused). */
export function keyWriterFor(format: string): KeyWriter | undefined {
  return KEY_WRITERS[format as AnimFormat];
}
