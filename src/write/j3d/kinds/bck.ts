/**
 * A BCK laid out from its keys form (keysForm.ts) the way the games' converter does, as far as the
 * real files show it (docs/writing.md): J3D header with 0x10–0x1F 0xFF; ANK1 header padded to
 * 0x40; the joint table; the scale (f32), rotation (s16) and translation (f32) banks, each
 * 32-byte aligned with the padding text between. Each bank starts with the channel's default
 * value (1, 0, 0) and a track's run of elements is reused at its first occurrence (greedy).
 * One key: its value once; keys: (frame, value, tangent) when every key's in equals its out
 * (tangent mode 0), else (frame, value, in, out). Rotations use the header's rotation fraction; a
 * form without one gets the smallest whose range holds every rotation (keysInput.ts rotationBankOf).
 */
import { Bank } from '../bank';
import { jointChunkFile } from '../jointChunk';
import { F32_BANK, keyedRun, loopAndDuration, readKeys, rotationBankOf, trackOf } from '../keysInput';

const CHANNELS = ['scale', 'rotation', 'translation'] as const;
const AXES = ['x', 'y', 'z'] as const;

export function buildBckFromKeys(value: unknown): Uint8Array {
  const { header, targets } = readKeys(value, 'bck');
  const { loopMode, duration } = loopAndDuration(header);
  const { fraction, bank: rotation } = rotationBankOf(header, targets, (path) => path.includes('/rotation/'));
  const banks = { scale: new Bank('scale', 1), rotation: new Bank('rotation', 0), translation: new Bank('translation', 0) };
  const entries: number[] = [];
  targets.forEach((t, j) => {
    for (const axis of AXES) {
      for (const channel of CHANNELS) {
        const keyed = keyedRun(trackOf(t, `joints/${j}/${channel}/${axis}`), channel === 'rotation' ? rotation : F32_BANK, 'auto');
        entries.push(keyed.count, keyed.count === 0 ? 0 : banks[channel].place(keyed.run), keyed.mode);
      }
    }
  });

  return jointChunkFile({ type: 'bck1', chunk: 'ANK1', loopMode, byte9: fraction, duration, joints: targets.length, entries, banks });
}
