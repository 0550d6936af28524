/**
 * A BTK (TTK1, FORMATS.md §3) laid out from its keys form as the games' converter did
 * (docs/writing.md, "Building the other J3D kinds"): header 0x60; then, each 4-byte aligned with
 * the padding text, the key table, the remap table (identity), the material name table, the
 * texture-matrix indices, the centres, the scale (f32), rotation (s16) and translation (f32)
 * banks; the chunk's size counts 4 bytes past them (`00 00 FF FF`); the file is padded to 32
 * with 0xCD.
 * Post tables are left empty (zero in every known file).
 */
import { member } from '../../input';
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { bindingInteger, bindingName, F32_BANK, keyedRun, loopAndDuration, readKeys, rotationBankOf, trackOf } from '../keysInput';
import { integerAt, arrayAt, fail } from '../../input';
import { writeNameTable } from '../nameTable';

const CHANNELS = ['scale', 'rotation', 'translation'] as const;
const AXES = ['s', 't', 'q'] as const;

export function buildBtkFromKeys(value: unknown): Uint8Array {
  const { header, targets } = readKeys(value, 'btk', Math.floor(0xffff / 3));
  const { loopMode, duration } = loopAndDuration(header);
  const { fraction, bank: rotation } = rotationBankOf(header, targets, (path) => path.includes('/rotation/'));
  const matrixMode = integerAt(header.matrixMode ?? 0, 'header.matrixMode', 0, 0xffffffff);
  const banks = { scale: new Bank('scale'), rotation: new Bank('rotation'), translation: new Bank('translation') };
  const entries: number[] = [];
  const names: string[] = [];
  const texMtx: number[] = [];
  const centres: number[] = [];
  targets.forEach((t, i) => {
    names.push(bindingName(t, 'material'));
    texMtx.push(bindingInteger(t, 'texMtx', 0, 255));
    const centrePath = member(t.bindingPath, 'centre');
    const centre = arrayAt(t.binding.centre, centrePath);
    if (centre.length !== 3) fail(centrePath, `expected [s, t, q], got ${centre.length} numbers`);
    centre.forEach((c, k) => centres.push(F32_BANK.value(typeof c === 'number' ? c : NaN, member(centrePath, k))));
    for (const axis of AXES) {
      for (const channel of CHANNELS) {
        const track = trackOf(t, `entries/${i}/${channel}/${axis}`);
        const keyed = keyedRun(track, channel === 'rotation' ? rotation : F32_BANK, 'separate');
        entries.push(keyed.count, banks[channel].place(keyed.run), keyed.mode);
      }
    }
  });

  const out = new ByteWriter();
  out.skip(0x60);
  out.u8(8, loopMode);
  out.u8(9, fraction);
  out.s16(0x0a, duration);
  out.u16(0x0c, targets.length * 3);
  out.u16(0x0e, banks.scale.values.length);
  out.u16(0x10, banks.rotation.values.length);
  out.u16(0x12, banks.translation.values.length);
  out.u32(0x5c, matrixMode);
  const table = (field: number, write: () => number): void => { out.pad(4); out.u32(field, write()); };
  table(0x14, () => out.array('u16', entries));
  table(0x18, () => out.array('u16', names.map((_, i) => i)));
  table(0x1c, () => writeNameTable(out, names));
  table(0x20, () => out.array('u8', texMtx));
  table(0x24, () => out.array('f32', centres));
  table(0x28, () => out.array('f32', banks.scale.values));
  table(0x2c, () => out.array('s16', banks.rotation.values));
  table(0x30, () => out.array('f32', banks.translation.values));
  out.bytes([0, 0, 0xff, 0xff]);
  const chunkSize = out.length;
  // after the chunk the converter's buffer was uninitialised: 0xCD (debug heap fill) or leftovers
  out.padWith(32, 0xcd);
  return j3dFile('btk1', 'TTK1', out, { svr: true, chunkSize });
}
