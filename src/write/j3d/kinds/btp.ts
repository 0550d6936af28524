/**
 * A BTP (TPT1, FORMATS.md §9.4) laid out from its keys form as the games' converter did
 * (docs/writing.md): header 0x20; then, 4-byte aligned with the padding text, the entries
 * (u16 count, u16 index, u8 texmap slot, `FF FF FF`), the texture-index bank (u16, runs shared
 * at their first occurrence), the material ID table (u16, identity: the game overwrites it at
 * load) and the material name table; padded to 32.
 */
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { bindingInteger, bindingName, fullValues, integerValue, loopAndDuration, readKeys, trackOf } from '../keysInput';
import { writeNameTable } from '../nameTable';

export function buildBtpFromKeys(value: unknown): Uint8Array {
  const { header, targets } = readKeys(value, 'btp');
  const { loopMode, duration } = loopAndDuration(header);
  const bank = new Bank('texture index');
  const texture = integerValue(0, 0xffff, 'a u16 texture index');
  const entries = targets.map((t, i) => {
    const values = fullValues(trackOf(t, `entries/${i}/texture`), texture);
    return { count: values.length, index: bank.place(values), slot: bindingInteger(t, 'texMapSlot', 0, 255), name: bindingName(t, 'material') };
  });

  const out = new ByteWriter();
  out.skip(0x20);
  out.u8(8, loopMode);
  out.u8(9, 0xff);
  out.s16(0x0a, duration);
  out.u16(0x0c, entries.length);
  out.u16(0x0e, bank.values.length);
  const table = (field: number, write: () => number): void => { out.pad(4); out.u32(field, write()); };
  table(0x10, () => {
    const at = out.skip(0);
    for (const e of entries) {
      out.array('u16', [e.count, e.index]);
      out.bytes([e.slot, 0xff, 0xff, 0xff]);
    }
    return at;
  });
  table(0x14, () => out.array('u16', bank.values));
  table(0x18, () => out.array('u16', entries.map((_, i) => i)));
  table(0x1c, () => writeNameTable(out, entries.map((e) => e.name)));
  out.pad(32);
  return j3dFile('btp1', 'TPT1', out, { svr: false });
}
