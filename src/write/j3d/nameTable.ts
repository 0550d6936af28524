/**
 * A JUTNameTab (FORMATS.md §1, §11.1): u16 count, u16 0xFFFF, per name u16 hash and u16 offset
 * from the table's start, then the names NUL-terminated. hash = (hash · 3 + byte) & 0xFFFF.
 */
import type { ByteWriter } from './byteWriter';

export function nameHash(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 3 + name.charCodeAt(i)) & 0xffff;
  return h;
}

/** Appends the table of `names` (plain ASCII, checked by the keys reader); returns where it starts. */
export function writeNameTable(out: ByteWriter, names: readonly string[]): number {
  const at = out.skip(4 + names.length * 4);
  out.u16(at, names.length);
  out.u16(at + 2, 0xffff);
  names.forEach((name, i) => {
    out.u16(at + 4 + i * 4, nameHash(name));
    out.u16(at + 6 + i * 4, out.length - at);
    out.bytes([...Array.from(name, (c) => c.charCodeAt(0)), 0]);
  });
  return at;
}
