/**
 * A BCA (ANF1, FORMATS.md §9.2) laid out from its keys form as the games' converter did
 * (docs/writing.md): header 0x24 padded to 0x40; the joint table (X, Y, Z × scale, rotation,
 * translation full-track entries); the scale (f32), rotation (s16, 180° = 0x8000, never shifted)
 * and translation (f32) banks, each 32-byte aligned, runs shared at their first occurrence, no
 * default element; padded to 32.
 */
import { Bank } from '../bank';
import { jointChunkFile } from '../jointChunk';
import { angleBank, f32Value, fullValues, loopAndDuration, readKeys, trackOf } from '../keysInput';

const CHANNELS = ['scale', 'rotation', 'translation'] as const;
const AXES = ['x', 'y', 'z'] as const;

export function buildBcaFromKeys(value: unknown): Uint8Array {
  const { header, targets } = readKeys(value, 'bca');
  const { loopMode, duration } = loopAndDuration(header);
  const rotation = angleBank(180 / 32768, 'BCA rotations are s16 steps of 180/32768°').value;
  const banks = { scale: new Bank('scale'), rotation: new Bank('rotation'), translation: new Bank('translation') };
  const entries: number[] = [];
  targets.forEach((t, j) => {
    for (const axis of AXES) {
      for (const channel of CHANNELS) {
        const values = fullValues(trackOf(t, `joints/${j}/${channel}/${axis}`), channel === 'rotation' ? rotation : f32Value);
        entries.push(values.length, banks[channel].place(values));
      }
    }
  });

  return jointChunkFile({ type: 'bca1', chunk: 'ANF1', loopMode, byte9: 0xff, duration, joints: targets.length, entries, banks });
}
