/**
 * A JUTNameTab (FORMATS.md §1, §11.1): u16 count, u16 0xFFFF, per name u16 hash (the decoder's
 * nameHashOfBytes) and u16 offset from the table's start, then the names NUL-terminated.
 */
import { nameHashOfBytes } from '../../formats/jsystem/nametable';
import type { ByteWriter } from './byteWriter';

/** Appends the table of `names` (plain ASCII, checked by the keys reader); returns where it starts. */
export function writeNameTable(out: ByteWriter, names: readonly string[]): number {
  const at = out.skip(4 + names.length * 4);
  out.u16(at, names.length);
  out.u16(at + 2, 0xffff);
  names.forEach((name, i) => {
    const bytes = Array.from(name, (c) => c.charCodeAt(0));
    out.u16(at + 4 + i * 4, nameHashOfBytes(bytes));
    out.u16(at + 6 + i * 4, out.length - at);
    out.bytes([...bytes, 0]);
  });
  return at;
}
