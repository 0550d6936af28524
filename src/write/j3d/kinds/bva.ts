/**
 * A BVA (VAF1, FORMATS.md §9.5) laid out from its keys form as the games' converter did
 * (docs/writing.md): header 0x18 padded to 0x20; the entries (full tracks, one per shape); the
 * visibility bank (u8, runs shared at their first occurrence) 4-byte aligned; padded to 4, then
 * to 32, the padding text restarting at each.
 */
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { fullValues, integerValue, loopAndDuration, readKeys, trackOf } from '../keysInput';

export function buildBvaFromKeys(value: unknown): Uint8Array {
  const { header, targets } = readKeys(value, 'bva');
  const { loopMode, duration } = loopAndDuration(header);
  const bank = new Bank('visibility');
  const visibility = integerValue(0, 255, 'a u8: 0 hidden, else shown');
  const entries = targets.flatMap((t, i) => {
    const values = fullValues(trackOf(t, `shapes/${i}/visible`), visibility);
    return [values.length, bank.place(values)];
  });

  const out = new ByteWriter();
  out.skip(0x18);
  out.u8(8, loopMode);
  out.u8(9, 0xff);
  out.s16(0x0a, duration);
  out.u16(0x0c, targets.length);
  out.u16(0x0e, bank.values.length);
  out.pad(32);
  out.u32(0x10, out.array('u16', entries));
  out.pad(4);
  out.u32(0x14, out.array('u8', bank.values));
  out.pad(4);
  out.pad(32);
  return j3dFile('bva1', 'VAF1', out, { svr: false });
}
