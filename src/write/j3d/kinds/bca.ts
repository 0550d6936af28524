/**
 * A BCA (ANF1, FORMATS.md §9.2) laid out from its keys form as the games' converter did
 * (docs/writing.md): header 0x24 padded to 0x40; the joint table (X, Y, Z × scale, rotation,
 * translation full-track entries); the scale (f32), rotation (s16, 180° = 0x8000, never shifted)
 * and translation (f32) banks, each 32-byte aligned, runs shared at their first occurrence, no
 * default element; padded to 32.
 */
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
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

  const out = new ByteWriter();
  out.skip(0x24);
  out.u8(8, loopMode);
  out.u8(9, 0xff);
  out.s16(0x0a, duration);
  out.u16(0x0c, targets.length);
  out.u16(0x0e, banks.scale.values.length);
  out.u16(0x10, banks.rotation.values.length);
  out.u16(0x12, banks.translation.values.length);
  out.pad(32);
  out.u32(0x14, out.array('u16', entries));
  out.pad(32);
  out.u32(0x18, out.array('f32', banks.scale.values));
  out.pad(32);
  out.u32(0x1c, out.array('s16', banks.rotation.values));
  out.pad(32);
  out.u32(0x20, out.array('f32', banks.translation.values));
  out.pad(32);
  return j3dFile('bca1', 'ANF1', out, { svr: false });
}
