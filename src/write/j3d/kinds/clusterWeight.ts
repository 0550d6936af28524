/**
 * BLK (CLK1, keyed) and BLA (CLF1, full tracks) laid out from their keys forms (FORMATS.md §9.6;
 * no sample file, so the layout follows the kinds that have them): header 0x18 padded to 0x20;
 * the track table; the weight bank (f32; keyed frames and tangents f32 too, tangents in and out),
 * 4-byte aligned; padded to 32.
 */
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { F32_BANK, f32Value, fullValues, keyedRun, loopAndDuration, readKeys, trackOf } from '../keysInput';
import type { TargetInput } from '../keysInput';

function build(value: unknown, format: 'blk' | 'bla', chunk: string, track: (t: TargetInput, path: string) => { fields: number[]; run: number[] }): Uint8Array {
  const { header, targets } = readKeys(value, format);
  const { loopMode, duration } = loopAndDuration(header);
  const bank = new Bank('weight');
  const entries = targets.flatMap((t, i) => {
    const { fields, run } = track(t, `tracks/${i}/weight`);
    return [fields[0], bank.place(run), ...fields.slice(1)];
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
  out.u32(0x14, out.array('f32', bank.values));
  out.pad(32);
  return j3dFile(`${format}1`, chunk, out, { svr: true });
}

export function buildBlkFromKeys(value: unknown): Uint8Array {
  return build(value, 'blk', 'CLK1', (t, path) => {
    const keyed = keyedRun(trackOf(t, path), F32_BANK, 'separate');
    return { fields: [keyed.count, keyed.mode], run: keyed.run };
  });
}

export function buildBlaFromKeys(value: unknown): Uint8Array {
  return build(value, 'bla', 'CLF1', (t, path) => {
    const values = fullValues(trackOf(t, path), f32Value);
    return { fields: [values.length], run: values };
  });
}
