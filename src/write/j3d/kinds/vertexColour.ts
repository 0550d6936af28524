/**
 * BXK (VCK1, keyed) and BXA (VCF1, full tracks) laid out from their keys forms (FORMATS.md §9.7;
 * no sample file and no public writer, so the layout follows the kinds that have them): header
 * 0x40 (0x10: the R, G, B, A bank lengths, which the game does not read); then, 4-byte aligned
 * with the padding text, channel 0 and channel 1 entries, their index-set tables, their index
 * pools (u16; sets sharing runs at their first occurrence) and the R, G, B, A banks; padded to
 * 32. A channel without entries has zero table offsets.
 */
import { arrayAt, fail, integerAt, member } from '../../input';
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { fullValues, integerValue, keyedRun, loopAndDuration, readKeys, S16_BANK, trackOf } from '../keysInput';
import type { TargetInput } from '../keysInput';

const COMPONENTS = ['r', 'g', 'b', 'a'] as const;

interface Channel {
  entries: number[][];
  sets: { count: number; first: number }[];
  pool: Bank;
}

function build(value: unknown, format: 'bxk' | 'bxa', chunk: string, bankType: 's16' | 'u8',
  track: (t: TargetInput, path: string) => { fields: number[]; run: number[] }): Uint8Array {
  const { header, targets } = readKeys(value, format);
  const { loopMode, duration } = loopAndDuration(header);
  const banks = COMPONENTS.map((c) => new Bank(c));
  const channels: Channel[] = [0, 1].map((c) => ({ entries: [], sets: [], pool: new Bank(`channel ${c} index pool`) }));
  targets.forEach((t) => {
    const first = [...t.tracks.keys()][0] ?? '';
    const c = /^channels\/([01])\//.exec(first)?.[1];
    if (c === undefined) fail(member(t.path, 'tracks'), 'expected channels/{0|1}/entries/{i}/{r|g|b|a} tracks');
    const channel = channels[Number(c)];
    const i = channel.entries.length;
    channel.entries.push(COMPONENTS.flatMap((comp, k) => {
      const { fields, run } = track(t, `channels/${c}/entries/${i}/${comp}`);
      return [fields[0], banks[k].place(run), ...fields.slice(1)];
    }));
    const indicesPath = member(t.bindingPath, 'indices');
    const indices = arrayAt(t.binding.indices, indicesPath).map((v, k) => integerAt(v, member(indicesPath, k), 0, 0xffff));
    if (indices.length > 0xffff) fail(indicesPath, `${indices.length} indices: a set holds at most 65535`);
    channel.sets.push({ count: indices.length, first: channel.pool.place(indices) });
  });
  channels.forEach((ch, c) => { if (ch.entries.length > 0xffff) fail('targets', `${ch.entries.length} channel ${c} entries: at most 65535`); });

  const out = new ByteWriter();
  out.skip(0x40);
  out.u8(8, loopMode);
  out.u8(9, 0xff);
  out.s16(0x0a, duration);
  channels.forEach((ch, c) => out.u16(0x0c + 2 * c, ch.entries.length));
  banks.forEach((b, k) => out.u16(0x10 + 2 * k, b.values.length));
  const table = (field: number, write: () => number): void => { out.pad(4); out.u32(field, write()); };
  channels.forEach((ch, c) => { if (ch.entries.length) table(0x18 + 4 * c, () => out.array('u16', ch.entries.flat())); });
  channels.forEach((ch, c) => {
    if (!ch.entries.length) return;
    table(0x20 + 4 * c, () => {
      const at = out.skip(ch.sets.length * 8);
      ch.sets.forEach((s, k) => { out.u16(at + 8 * k, s.count); out.u32(at + 8 * k + 4, s.first); });
      return at;
    });
  });
  channels.forEach((ch, c) => { if (ch.pool.values.length) table(0x28 + 4 * c, () => out.array('u16', ch.pool.values)); });
  banks.forEach((b, k) => table(0x30 + 4 * k, () => out.array(bankType, b.values)));
  out.pad(32);
  return j3dFile(`${format}1`, chunk, out, { svr: true });
}

export function buildBxkFromKeys(value: unknown): Uint8Array {
  return build(value, 'bxk', 'VCK1', 's16', (t, path) => {
    const keyed = keyedRun(trackOf(t, path), S16_BANK, 'separate');
    return { fields: [keyed.count, keyed.mode], run: keyed.run };
  });
}

const byte = integerValue(0, 255, 'a u8 colour');

export function buildBxaFromKeys(value: unknown): Uint8Array {
  return build(value, 'bxa', 'VCF1', 'u8', (t, path) => {
    const values = fullValues(trackOf(t, path), byte);
    return { fields: [values.length], run: values };
  });
}
