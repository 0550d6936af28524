/**
 * BPK (PAK1, keyed) and BPA (PAF1, full tracks) laid out from their keys forms (FORMATS.md §9.3,
 * docs/writing.md): header 0x34 padded to 0x40 (duration at 0x0C, 0x09–0x0B `FF`); then, 4-byte
 * aligned with the padding text, the entries (R, G, B, A track entries), the R, G, B, A banks,
 * the material ID table (u16, identity: the game overwrites it at load) and the material name
 * table; padded to 32. Checked on the real BPKs; BPA has no sample file and follows BPK.
 */
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { bindingName, fullValues, integerValue, keyedRun, loopAndDuration, readKeys, S16_BANK, trackOf } from '../keysInput';
import type { TargetInput } from '../keysInput';
import { writeNameTable } from '../nameTable';

const COMPONENTS = ['r', 'g', 'b', 'a'] as const;

interface Layout {
  format: 'bpk' | 'bpa';
  chunk: string;
  bank: 's16' | 'u8';
  /** The track of `component` as a bank run: u16 fields for its entry and the run. */
  track: (target: TargetInput, path: string) => { fields: number[]; run: number[] };
}

function build(value: unknown, o: Layout): Uint8Array {
  const { header, targets } = readKeys(value, o.format);
  const { loopMode, duration } = loopAndDuration(header);
  const banks = COMPONENTS.map((c) => new Bank(c));
  const entries = targets.map((t, i) => COMPONENTS.flatMap((c, k) => {
    const { fields, run } = o.track(t, `entries/${i}/${c}`);
    const index = banks[k].place(run);
    return [fields[0], index, ...fields.slice(1)];
  }));
  const names = targets.map((t) => bindingName(t, 'material'));

  const out = new ByteWriter();
  out.skip(0x34);
  out.u8(8, loopMode);
  [9, 10, 11].forEach((at) => out.u8(at, 0xff));
  out.s16(0x0c, duration);
  out.u16(0x0e, entries.length);
  banks.forEach((b, k) => out.u16(0x10 + 2 * k, b.values.length));
  out.pad(32);
  const table = (field: number, write: () => number): void => { out.pad(4); out.u32(field, write()); };
  table(0x18, () => out.array('u16', entries.flat()));
  banks.forEach((b, k) => table(0x24 + 4 * k, () => out.array(o.bank, b.values)));
  table(0x1c, () => out.array('u16', names.map((_, i) => i)));
  table(0x20, () => writeNameTable(out, names));
  out.pad(32);
  return j3dFile(`${o.format}1`, o.chunk, out, { svr: true });
}

export function buildBpkFromKeys(value: unknown): Uint8Array {
  return build(value, {
    format: 'bpk', chunk: 'PAK1', bank: 's16',
    track: (t, path) => {
      const keyed = keyedRun(trackOf(t, path), S16_BANK, 'separate');
      return { fields: [keyed.count, keyed.mode], run: keyed.run };
    },
  });
}

const byte = integerValue(0, 255, 'a u8 colour');

export function buildBpaFromKeys(value: unknown): Uint8Array {
  return build(value, {
    format: 'bpa', chunk: 'PAF1', bank: 'u8',
    track: (t, path) => {
      const values = fullValues(trackOf(t, path), byte);
      return { fields: [values.length], run: values };
    },
  });
}
