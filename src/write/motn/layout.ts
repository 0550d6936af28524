/**
 * A Shenmue motion file (MOTN, FORMATS.md §5) laid out from its keys form the way motion.bin is
 * (docs/writing.md, "MOTN"): the header (0x14..0x1F zero), the sequence table at 0x20, the extra
 * data, the name offset table and the names (NUL-terminated, table order), zeros to a 4-byte
 * boundary, the motion data (each distinct `layout.block` once, in block order, then the sequences
 * without a block in target order; between them only their `layout.after` bytes), then the
 * tail (the build date).
 * What the keys do not say comes from the keys form's `layout` (src/kinds/motn/keysLayout.ts).
 */
import { align } from '../padding';
import { arrayAt, describe, fail, integerAt, member, objectAt, stringAt } from '../input';
import { encodeSequence } from './sequence';

const HEADER_AREA = 0x20;
/** The attributes word holds count + 1 in 12 bits. */
const MAX_SEQUENCES = 0xffe;
/** The decoder reads names up to 255 bytes (src/formats/motn/names.ts). */
const MAX_NAME_BYTES = 255;

function bytesOf(value: unknown, path: string): Uint8Array {
  const text = stringAt(value, path);
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) fail(path, 'expected base64 text (as `animscope keys` writes it)');
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** A name as the keys form shows it: printable ASCII, other bytes as `\xNN` (src/formats/motn/names.ts). */
function nameBytes(name: string, path: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < name.length; i++) {
    const escaped = /^\\x([0-9a-f]{2})/.exec(name.slice(i, i + 4));
    if (escaped) { bytes.push(parseInt(escaped[1], 16)); i += 3; continue; }
    const c = name.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) fail(path, `${JSON.stringify(name)}: a MOTN name is ASCII (other bytes as \\xNN)`);
    bytes.push(c);
  }
  if (bytes.includes(0)) fail(path, 'a MOTN name cannot hold a NUL byte');
  if (bytes.length > MAX_NAME_BYTES) fail(path, `a name of ${bytes.length} bytes: at most ${MAX_NAME_BYTES}`);
  return Uint8Array.from(bytes);
}

interface Entry { name: Uint8Array; extra: number; data: Uint8Array; block?: number; path: string }

export function buildMotnFromKeys(value: unknown): Uint8Array {
  const doc = objectAt(value, '');
  if (stringAt(doc.format, 'format') !== 'motn') fail('format', `expected "motn", got ${describe(doc.format)}`);
  const layout = objectAt(doc.layout, 'layout');
  const extraData = bytesOf(layout.extraData, 'layout.extraData');
  const tail = bytesOf(layout.tail, 'layout.tail');
  const targets = arrayAt(doc.targets, 'targets');
  if (targets.length < 1 || targets.length > MAX_SEQUENCES) fail('targets', `${targets.length} sequences: a MOTN holds 1..${MAX_SEQUENCES}`);

  const entries: Entry[] = targets.map((t, i) => {
    const path = member('targets', i);
    const target = objectAt(t, path);
    const lp = member(path, 'layout');
    const own = objectAt(target.layout, lp);
    const extra = integerAt(own.extra, member(lp, 'extra'), 0, extraData.length);
    const block = own.block === undefined ? undefined : integerAt(own.block, member(lp, 'block'), 0, 0xffffffff);
    if (own.raw !== undefined) {
      // a sequence kept as its bytes: its header says it does not follow the block layout
      const data = bytesOf(own.raw, member(lp, 'raw'));
      if (data.length < 4 || !(data[3] & 0x80)) fail(member(lp, 'raw'), 'a raw sequence starts with its 4-byte header, second word bit 15 set');
      return { name: nameBytes(stringAt(own.name, member(lp, 'name')), member(lp, 'name')), extra, data, block, path };
    }
    const unknown = own.unknown === undefined ? 0 : integerAt(own.unknown, member(lp, 'unknown'), 0, 0x7fff);
    const encoded = encodeSequence(target, path, unknown);
    const after = own.after === undefined ? undefined : bytesOf(own.after, member(lp, 'after'));
    const data = after ? new Uint8Array(encoded.length + after.length) : encoded;
    if (after) { data.set(encoded); data.set(after, encoded.length); }
    return { name: nameBytes(stringAt(target.name, member(path, 'name')), member(path, 'name')), extra, data, block, path };
  });

  // One data per block, in block order, then the sequences without one; a block's sequences must agree.
  const blocks = new Map<number, Entry>();
  const placed: Entry[] = [];
  const own: Entry[] = [];
  for (const e of entries) {
    if (e.block === undefined) { own.push(e); continue; }
    const first = blocks.get(e.block);
    if (!first) { blocks.set(e.block, e); continue; }
    if (first.data.length !== e.data.length || first.data.some((b, i) => b !== e.data[i])) {
      fail(member(e.path, 'tracks'), `differs from ${first.path}, which shares layout.block ${e.block}: edit both, or remove this one's block to give it its own data`);
    }
  }
  placed.push(...[...blocks.keys()].sort((a, b) => a - b).map((b) => blocks.get(b) as Entry), ...own);

  const count = entries.length;
  const extraAt = HEADER_AREA + 8 * count;
  const nameTable = align(extraAt + extraData.length, 4);
  let namesEnd = nameTable + 4 * count;
  const nameAt = entries.map((e) => { const at = namesEnd; namesEnd += e.name.length + 1; return at; });
  const base = align(namesEnd, 4);
  const dataAt = new Map<Entry, number>();
  let end = base;
  for (const e of placed) {
    end = align(end, 2);
    dataAt.set(e, end - base);
    end += e.data.length;
  }
  const size = end + tail.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const u32 = (at: number, v: number): void => view.setUint32(at, v, true);
  u32(0x00, HEADER_AREA);
  u32(0x04, nameTable);
  u32(0x08, base);
  u32(0x0c, count + 1);
  u32(0x10, size);
  entries.forEach((e, i) => {
    const data = dataAt.get(e.block === undefined ? e : (blocks.get(e.block) as Entry)) as number;
    u32(HEADER_AREA + 8 * i, data);
    u32(HEADER_AREA + 8 * i + 4, extraAt + e.extra);
    u32(nameTable + 4 * i, nameAt[i]);
    out.set(e.name, nameAt[i]);
  });
  out.set(extraData, extraAt);
  for (const e of placed) out.set(e.data, base + (dataAt.get(e) as number));
  out.set(tail, end);
  return out;
}
