/**
 * A BRK (TRK1, FORMATS.md §4) laid out from its keys form as the games' converter did
 * (docs/writing.md): header 0x58 padded to 0x60; then, 4-byte aligned with the padding text, the
 * register (C) entries, the konstant (K) entries, the C R/G/B/A banks, the K banks, the C and K
 * remap tables (identity), the C and K name tables; padded to 32. An empty set has zero table,
 * remap and bank offsets and an empty name table. Entries: four key table entries, the colour id,
 * `FF FF FF`.
 */
import { Bank } from '../bank';
import { ByteWriter, j3dFile } from '../byteWriter';
import { bindingInteger, bindingName, keyedRun, loopAndDuration, readKeys, S16_BANK, trackOf } from '../keysInput';
import { writeNameTable } from '../nameTable';
import { fail, member } from '../../input';

const COMPONENTS = ['r', 'g', 'b', 'a'] as const;
const SETS = ['register', 'konstant'] as const;

interface ColourSet {
  entries: { tracks: number[]; colourId: number }[];
  names: string[];
  banks: Bank[];
}

export function buildBrkFromKeys(value: unknown): Uint8Array {
  const { header, targets } = readKeys(value, 'brk');
  const { loopMode, duration } = loopAndDuration(header);
  const sets: Record<(typeof SETS)[number], ColourSet> = {
    register: { entries: [], names: [], banks: COMPONENTS.map((c) => new Bank(`register ${c}`)) },
    konstant: { entries: [], names: [], banks: COMPONENTS.map((c) => new Bank(`konstant ${c}`)) },
  };
  targets.forEach((t) => {
    // the set is the one its tracks' paths name (`register/0/r`, `konstant/2/a`)
    const first = [...t.tracks.keys()][0] ?? '';
    const which = SETS.find((s) => first.startsWith(`${s}/`));
    if (!which) fail(member(t.path, 'tracks'), 'expected register/{i}/{r|g|b|a} or konstant/{i}/{r|g|b|a} tracks');
    const set = sets[which];
    const i = set.entries.length;
    const tracks: number[] = [];
    COMPONENTS.forEach((c, k) => {
      const keyed = keyedRun(trackOf(t, `${which}/${i}/${c}`), S16_BANK, 'separate');
      tracks.push(keyed.count, set.banks[k].place(keyed.run), keyed.mode);
    });
    set.entries.push({ tracks, colourId: bindingInteger(t, 'colourId', 0, 255) });
    set.names.push(bindingName(t, 'material'));
  });
  for (const s of SETS) {
    if (sets[s].entries.length > 0xffff) fail('targets', `${sets[s].entries.length} ${s} entries: at most 65535`);
  }

  const out = new ByteWriter();
  out.skip(0x58);
  out.u8(8, loopMode);
  out.u8(9, 0xff);
  out.s16(0x0a, duration);
  SETS.forEach((s, n) => {
    out.u16(0x0c + 2 * n, sets[s].entries.length);
    sets[s].banks.forEach((b, k) => out.u16(0x10 + 8 * n + 2 * k, b.values.length));
  });
  out.pad(32);
  const table = (field: number, write: () => number): void => { out.pad(4); out.u32(field, write()); };
  SETS.forEach((s, n) => {
    if (sets[s].entries.length === 0) return;
    table(0x20 + 4 * n, () => {
      const at = out.skip(0);
      for (const e of sets[s].entries) {
        out.array('u16', e.tracks);
        out.bytes([e.colourId, 0xff, 0xff, 0xff]);
      }
      return at;
    });
  });
  SETS.forEach((s, n) => {
    if (sets[s].entries.length === 0) return;
    sets[s].banks.forEach((b, k) => table(0x38 + 16 * n + 4 * k, () => out.array('s16', b.values)));
  });
  SETS.forEach((s, n) => {
    if (sets[s].entries.length > 0) table(0x28 + 4 * n, () => out.array('u16', sets[s].names.map((_, i) => i)));
  });
  SETS.forEach((s, n) => table(0x30 + 4 * n, () => writeNameTable(out, sets[s].names)));
  out.pad(32);
  return j3dFile('brk1', 'TRK1', out, { svr: true });
}
