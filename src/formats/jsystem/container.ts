/**
 * JSYSTEM container shared by every J3D animation kind (FORMATS.md §1, §9): the 0x20-byte file header and
 * the chunk list. Also the helpers every chunk decoder uses: absolute-offset table reads checked
 * against the chunk (§8 item 4), bank copies clamped to the bytes, and a per-code limiter so a
 * hostile file cannot flood the diagnostics.
 */
import { DiagnosticCode, DiagnosticSink, MAX_DIAGNOSTICS, Severity, hex } from '../binary/diagnostics';
import { ElementLayout, FieldNode, fieldNode, FieldRole, readFixedString, resolvePath, ScalarType } from '../binary/fields';
import { StructBuilder, fillGaps, scalarElement } from '../binary/builder';
import { keepShape } from '../../runtime/shapes';
import type { FormatResult } from '../result';
import { LoopMode } from './types';
import { readU32 } from './banks';
import type { SrtBanks } from './banks';

export const JSYSTEM_HEADER_SIZE = 0x20;

/** The file type at 0x04 (`bck1`, `btp1`, …): each kind's spec names its own. */
export type JsystemType = string;

/** Diagnostics of the container and of the checks shared by all three chunk decoders. */
export const JSYSTEM_CODES: DiagnosticCode[] = [
  { code: 'J3D_MAGIC', severity: 'error', summary: 'The file does not start with `J3D1`.' },
  { code: 'J3D_TYPE', severity: 'error', summary: 'The file type at 0x04 is not the one of the format the file is decoded as (`bck1`, `btp1`, …).' },
  { code: 'J3D_FILE_SIZE', severity: 'error', summary: 'The declared file size at 0x08 differs from the real length: error when the file is shorter and a table lies past its end; warning when it is longer, or shorter with every table inside (only padding missing, as in MKDD BCA files).' },
  { code: 'J3D_CHUNK_COUNT', severity: 'error', summary: 'The chunk count at 0x0C is 0, or fewer chunks are present than declared.' },
  { code: 'J3D_CHUNK_SIZE', severity: 'error', summary: 'A chunk size is smaller than its header or runs past the end of the file (a warning when every table of the chunk is inside the file: only padding is missing).' },
  { code: 'J3D_CHUNK_SIZE_SLACK', severity: 'hint', summary: 'TTK1 claims up to 4 bytes past the end of the file (Nintendo "+4" size quirk); accepted.' },
  { code: 'J3D_CHUNK_MISSING', severity: 'error', summary: 'The animation chunk of the format (ANK1, TTK1, TRK1, ANF1, PAK1, …) is not in the file.' },
  { code: 'J3D_UNKNOWN_CHUNK', severity: 'info', summary: 'A chunk with an unknown id; shown as raw bytes.' },
  { code: 'J3D_TABLE_RANGE', severity: 'error', summary: 'A table or bank (offset + count × element size) does not lie inside its chunk, or has offset 0 with a non-zero count.' },
  { code: 'J3D_TRACK_RANGE', severity: 'error', summary: 'A track reads past its bank: index + (1, 3 or 4) × count > bank count; the values past the bank are shown and exported as missing (null).' },
  { code: 'J3D_TANGENT_MODE', severity: 'warning', summary: 'A keyed track has a tangent mode other than 0 (one tangent) or 1 (in/out tangents).' },
  { code: 'J3D_KEY_ORDER', severity: 'warning', summary: 'Key times of a track decrease (repeated times are legal and not reported).' },
  { code: 'J3D_FIRST_KEY_LATE', severity: 'hint', summary: 'The first key of a track comes after frame 0 (legal: its value is held before).' },
  { code: 'J3D_LAST_KEY_EARLY', severity: 'hint', summary: 'The last key of a track comes before the duration (legal: its value is held after).' },
  { code: 'J3D_LOOP_MODE', severity: 'warning', summary: 'Unknown loop mode (not 0..4); treated as Once.' },
  { code: 'J3D_DURATION', severity: 'warning', summary: 'The duration is 0 or negative.' },
  { code: 'J3D_NAME_HASH', severity: 'warning', summary: 'A name-table hash does not match its string.' },
  { code: 'J3D_NAME_OFFSET', severity: 'error', summary: 'A name-table string offset points outside the chunk.' },
  { code: 'J3D_NAME_OVERLAP', severity: 'warning', summary: 'A name-table string offset points into the table\'s own count/entries.' },
  { code: 'J3D_NAME_UNTERMINATED', severity: 'warning', summary: 'A name-table string has no terminating NUL before the end of the chunk (or is implausibly long).' },
  { code: 'J3D_NAME_COUNT', severity: 'warning', summary: 'A name table holds a different number of names than its group has entries.' },
  { code: 'J3D_NAME_BUDGET', severity: 'warning', summary: 'A name table needs more string bytes than any real file; the remaining names are not read.' },
  { code: 'J3D_SOUND_DATA', severity: 'info', summary: 'A BCK header points at Wind Waker sound-event data (0x1C); shown as raw bytes.' },
];

export const LOOP_MODE_NAMES: Record<number, string> = {
  [LoopMode.Once]: 'Once',
  [LoopMode.OnceAndReset]: 'Once and reset',
  [LoopMode.Loop]: 'Loop',
  [LoopMode.MirroredOnce]: 'Mirrored once',
  [LoopMode.MirroredLoop]: 'Mirrored loop',
};

export function loopModeDisplay(value: number): string {
  return `${LOOP_MODE_NAMES[value] ?? 'Unknown'} (${value})`;
}

/** Shown/dropped count of one diagnostic code within one scope. */
export class CodeCounter {
  shown = 0;
  dropped = 0;
  firstOffset = 0;

  constructor(readonly code: string, readonly severity: Severity, readonly limit: number) {}

  /** True when the next diagnostic should be listed; otherwise it is only counted. */
  take(offset: number): boolean {
    if (this.shown < this.limit) {
      if (this.shown === 0) this.firstOffset = offset;
      this.shown++;
      return true;
    }
    this.dropped++;
    return false;
  }
}

/**
 * Records at most `limit` diagnostics per code, then one summary per code at `flush()`.
 * Key and track checks run per track; a hostile file could otherwise fill the sink with
 * thousands of copies and push out the structural errors. Hot loops hold a `CodeCounter`
 * and build the message only when it is taken.
 */
export class LimitedSink {
  private readonly counters = new Map<string, CodeCounter>();

  constructor(readonly diagnostics: DiagnosticSink, readonly scope: string, readonly limit = 32) {}

  counter(code: string, severity: Severity): CodeCounter {
    let c = this.counters.get(code);
    if (!c) {
      c = new CodeCounter(code, severity, this.limit);
      this.counters.set(code, c);
    }
    return c;
  }

  /** `message` may be a function so that dropped diagnostics cost no string building. */
  add(severity: Severity, code: string, offset: number, length: number, message: string | (() => string)): void {
    if (this.counter(code, severity).take(offset)) {
      this.diagnostics.add(severity, code, offset, length, typeof message === 'string' ? message : message());
    }
  }

  flush(): void {
    for (const c of this.counters.values()) {
      if (c.dropped > 0) {
        this.diagnostics.add(c.severity, c.code, c.firstOffset, 0,
          `${this.scope}: ${c.dropped} more ${c.code} diagnostic(s) like the ${c.shown} above were not listed.`);
        c.dropped = 0;
      }
    }
  }
}

/** The sink of the instances kept by keepShape (runtime/shapes.ts): the checkers' samples take it too. */
export const KEPT_SINK = keepShape(new LimitedSink(new DiagnosticSink(), ''));
KEPT_SINK.counter('', 'hint');

export interface ChunkInfo {
  id: string;
  /** Absolute offset of the chunk id. */
  start: number;
  /** Declared size (u32 at start + 4). */
  declaredSize: number;
  /** start + declared size, clamped to the bytes. */
  end: number;
}

/** Common per-chunk state: bytes, bounds, the node builder and the limiter. */
export class ChunkContext {
  readonly b: StructBuilder;
  readonly limited: LimitedSink;

  constructor(
    readonly bytes: Uint8Array,
    readonly diagnostics: DiagnosticSink,
    readonly chunk: ChunkInfo,
  ) {
    this.b = new StructBuilder(bytes, 'big', diagnostics, chunk.id, chunk.start, chunk.id, 'header');
    this.limited = new LimitedSink(diagnostics, chunk.id);
    this.b.chars('id', chunk.start, 4);
    this.b.u32('size', chunk.start + 4, (v) => hex(v));
  }

  get start(): number { return this.chunk.start; }

  /** Reads a chunk-relative u32 offset field, displayed as chunk-relative and absolute hex. */
  offsetField(name: string, rel: number): number {
    const start = this.chunk.start;
    const value = this.b.u32(name, start + rel, (v) => (v === 0 ? '0 (none)' : `${hex(v)} (absolute ${hex(start + v)})`));
    this.diagnostics.pointsTo(start + value, start + rel, 4);
    return value;
  }

  /**
   * A table or bank of `count` elements at chunk-relative `relOffset`. Checks it against the
   * declared chunk (§8 item 4; offset 0 is fine when the count is 0: the count decides), clamps
   * it to the bytes and records it as an array node. Returns the absolute offset and the number
   * of elements that are really there.
   */
  table(name: string, relOffset: number, count: number, element: ElementLayout, role: FieldRole): { node: FieldNode; offset: number; count: number } {
    const start = this.chunk.start;
    const size = element.size;
    const abs = start + relOffset;
    let usable = count;
    if (count > 0) {
      const chunkEnd = start + this.chunk.declaredSize;
      if (relOffset === 0) {
        this.diagnostics.error('J3D_TABLE_RANGE', start, 0,
          `${this.chunk.id}: ${name} has ${count} element(s) but its offset is 0; the table is ignored.`);
        usable = 0;
      } else if (abs + count * size > chunkEnd) {
        this.diagnostics.error('J3D_TABLE_RANGE', abs, count * size,
          `${this.chunk.id}: ${name} (${count} × ${size} bytes at ${hex(abs)}, ending at ${hex(abs + count * size)}) runs past the end of the chunk at ${hex(chunkEnd)}.`);
      }
      if (usable > 0) {
        const fit = abs >= this.bytes.length ? 0 : Math.floor((this.bytes.length - abs) / size);
        if (fit < usable) {
          this.diagnostics.error('TRUNCATED', abs, count * size,
            `${this.chunk.id}: ${name} (${count} × ${size} bytes at ${hex(abs)}) runs past the end of the data (${hex(this.bytes.length)} bytes); ${fit} element(s) fit.`);
          usable = fit;
        }
      }
    }
    const nodeOffset = usable > 0 ? abs : Math.min(abs, this.bytes.length);
    const node = this.b.array(name, nodeOffset, usable, element, role);
    return { node, offset: abs, count: usable };
  }

  /** Finishes the chunk node: spans the declared chunk (or further children) and names its gaps. */
  build(): FieldNode {
    const node = this.b.build();
    const declaredEnd = this.chunk.end;
    const childEnd = node.offset + node.size;
    node.size = Math.min(this.bytes.length, Math.max(declaredEnd, childEnd)) - node.offset;
    fillJ3dGaps(node, this.bytes);
    this.limited.flush();
    return node;
  }
}

keepShape(new ChunkContext(new Uint8Array(0), new DiagnosticSink(), { id: '', start: 0, declaredSize: 0, end: 0 }));

/**
 * The bytes after the last of `children` (the header and the chunks, in order) up to the end: the
 * fill up to the aligned file size (0xCD, padding text or junk). Undefined when there are none.
 */
export function trailingFill(children: readonly FieldNode[], bytes: Uint8Array): FieldNode | undefined {
  const last = children[children.length - 1];
  const tail = last.offset + last.size;
  if (!(tail < bytes.length && tail >= JSYSTEM_HEADER_SIZE)) return undefined;
  const fill = fieldNode('fill', tail, bytes.length - tail, 'bytes', 'padding');
  fill.display = 'bytes after the last chunk (fill up to the file size; content not meaningful)';
  return fill;
}

/** Alignment padding text of the J3D writers (cut to the length needed). */
export const J3D_PADDING_TEXT = 'This is padding data to alignment';

/**
 * True when bytes[start, end) are the padding text cut short — or several such runs back to back
 * (`ThThis is `: a 4-byte alignment followed by a 32-byte one) — or a run of one fill byte.
 */
export function isJ3dPadding(bytes: Uint8Array, start: number, end: number): boolean {
  if (end <= start) return true;
  let text = true;
  for (let i = start, k = 0; i < end && text; i++, k++) {
    const c = bytes[i];
    if (k < J3D_PADDING_TEXT.length && c === J3D_PADDING_TEXT.charCodeAt(k)) continue;
    // A new run starts where the text starts again.
    text = k > 0 && c === J3D_PADDING_TEXT.charCodeAt(0);
    k = 0;
  }
  if (text) return true;
  const first = bytes[start];
  if (first !== 0x00 && first !== 0xFF && first !== 0xCD) return false;
  for (let i = start + 1; i < end; i++) if (bytes[i] !== first) return false;
  return true;
}

/**
 * fillGaps, then recognises the short alignment gaps (`Th`, `Thi`) that the generic
 * classifier cannot tell from unknown data.
 */
export function fillJ3dGaps(node: FieldNode, bytes: Uint8Array): FieldNode {
  fillGaps(node, bytes);
  for (const c of node.children ?? []) {
    if (c.role === 'unknown' && c.name.startsWith('unknown@') && isJ3dPadding(bytes, c.offset, c.offset + c.size)) {
      c.name = 'padding@' + c.name.slice('unknown@'.length);
      c.type = 'padding';
      c.role = 'padding';
    }
  }
  return node;
}

/**
 * The elements of the table at `path` that are inside the bytes, as a plain Uint8Array view of the
 * file's buffer (empty when there is no such table). For the load message, which carries that buffer
 * already: VS Code sends each ArrayBuffer of a message once, so the table costs nothing to send. Never
 * a Node Buffer, which VS Code would send as a plain object.
 */
export function tableView(root: FieldNode, bytes: Uint8Array, path: string): Uint8Array {
  const table = resolvePath(root, path, bytes);
  if (!table?.array || table.offset >= bytes.length) return new Uint8Array(0);
  // the elements inside the bytes (a bank the decoder copied is clamped so too)
  const length = Math.min(table.array.count * table.array.stride, bytes.length - table.offset);
  return new Uint8Array(bytes.buffer, bytes.byteOffset + table.offset, length);
}


/**
 * A chunk's three banks as the page gets them: views of the file's bytes (the load message carries
 * the file anyway; copies were 0.65 MB more of the worst-case BCK's message). `chunk`: ANK1 or ANF1.
 */
export function packSrtBanks(root: FieldNode, bytes: Uint8Array, chunk: string): Record<keyof SrtBanks, Uint8Array> {
  const view = (name: keyof SrtBanks): Uint8Array => tableView(root, bytes, `${chunk}/${name}`);
  return { scaleBank: view('scaleBank'), rotationBank: view('rotationBank'), translationBank: view('translationBank') };
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return readFixedString(bytes, offset, length);
}

export interface JsystemHeader {
  node: FieldNode;
  fileSize: number;
  chunkCount: number;
}

/** The 0x20-byte JSYSTEM header; checks magic, type, file size and chunk count (§8 item 1). */
/** JSYSTEM header 0x08: the declared size must equal the real length (shorter data is an error). */
export function checkDeclaredFileSize(bytes: Uint8Array, fileSize: number, diagnostics: DiagnosticSink): void {
  if (bytes.length < 12 || fileSize === bytes.length) return;
  if (fileSize > bytes.length) {
    diagnostics.error('J3D_FILE_SIZE', 8, 4,
      `header: declared file size ${hex(fileSize)} at 0x8 is larger than the data (${hex(bytes.length)} bytes): the file is truncated by ${hex(fileSize - bytes.length)} bytes.`);
  } else {
    diagnostics.warning('J3D_FILE_SIZE', 8, 4,
      `header: declared file size ${hex(fileSize)} at 0x8 is smaller than the data (${hex(bytes.length)} bytes); ${hex(bytes.length - fileSize)} extra bytes follow.`);
  }
}

export function readJsystemHeader(bytes: Uint8Array, diagnostics: DiagnosticSink, expectedType: JsystemType): JsystemHeader {
  const b = new StructBuilder(bytes, 'big', diagnostics, 'header', 0, 'JSystemHeader', 'header');
  const magic = b.chars('magic', 0x00, 4);
  const type = b.chars('type', 0x04, 4);
  const fileSize = b.u32('fileSize', 0x08, (v) => `${v} (${hex(v)})`);
  const chunkCount = b.u32('chunkCount', 0x0C);
  if (expectedType === 'bck1') {
    // BCK headers often lack SVR1; Wind Waker stores the sound-event offset at 0x1C.
    b.bytesField('reserved', 0x10, 12, 'padding');
    const sound = b.u32('soundOffset', 0x1C, (v) => (v === 0xFFFFFFFF ? 'none (0xFFFFFFFF)' : hex(v)));
    if (sound !== 0xFFFFFFFF && sound >= JSYSTEM_HEADER_SIZE && sound < bytes.length) {
      diagnostics.info('J3D_SOUND_DATA', 0x1C, 4,
        `header: soundOffset ${hex(sound)} points at Wind Waker sound-event data; it is shown as raw bytes, not decoded.`);
    }
  } else {
    b.chars('svr', 0x10, 4);
    b.bytesField('reserved', 0x14, 12, 'padding');
  }
  // Not validated (FORMATS.md §1 and §8 item 8): SVR1 and the reserved bytes.

  if (bytes.length >= 4 && magic !== 'J3D1') {
    diagnostics.error('J3D_MAGIC', 0, 4, `header: magic at 0x0 is ${JSON.stringify(ascii(bytes, 0, 4))}, expected "J3D1".`);
  }
  if (bytes.length >= 8 && type !== expectedType) {
    diagnostics.error('J3D_TYPE', 4, 4, `header: file type at 0x4 is ${JSON.stringify(type)}, expected "${expectedType}".`);
  }
  checkDeclaredFileSize(bytes, fileSize, diagnostics);
  if (bytes.length >= 16 && chunkCount === 0) {
    diagnostics.error('J3D_CHUNK_COUNT', 0x0C, 4, 'header: chunk count at 0xC is 0; at least one chunk is required. Decoding the first chunk anyway.');
  }
  return { node: b.build(JSYSTEM_HEADER_SIZE), fileSize, chunkCount };
}

/**
 * Walks the chunk list: chunk i+1 starts at start(i) + size(i). Bounded by the bytes (every
 * accepted chunk is at least 8 bytes), so a hostile chunk count cannot loop.
 * `minSizes` gives the header size of the known chunks (a smaller size is an error).
 */
export function walkChunks(bytes: Uint8Array, diagnostics: DiagnosticSink, chunkCount: number, minSizes: Record<string, number>): ChunkInfo[] {
  const chunks: ChunkInfo[] = [];
  const wanted = Math.max(1, chunkCount);
  let offset = JSYSTEM_HEADER_SIZE;
  while (chunks.length < wanted) {
    if (offset + 8 > bytes.length) {
      if (chunkCount > 0) {
        diagnostics.error('J3D_CHUNK_COUNT', 0x0C, 4,
          `header: chunk count at 0xC declares ${chunkCount} chunk(s) but only ${chunks.length} fit in the data (next chunk would start at ${hex(offset)}, data ends at ${hex(bytes.length)}).`);
      }
      break;
    }
    const id = ascii(bytes, offset, 4);
    const declaredSize = readU32(bytes, offset + 4);
    let end = offset + declaredSize;
    const minSize = minSizes[id] ?? 8;
    let stop = false;
    if (declaredSize < minSize) {
      diagnostics.error('J3D_CHUNK_SIZE', offset + 4, 4,
        `${id}: chunk size ${hex(declaredSize)} at ${hex(offset + 4)} is smaller than the chunk header (${hex(minSize)} bytes).`);
      end = Math.min(bytes.length, offset + minSize);
      stop = declaredSize < 8; // the next chunk cannot be located
    } else if (end > bytes.length) {
      const over = end - bytes.length;
      if (id === 'TTK1' && over <= 4) {
        diagnostics.hint('J3D_CHUNK_SIZE_SLACK', offset + 4, 4,
          `${id}: chunk size ${hex(declaredSize)} at ${hex(offset + 4)} claims ${over} byte(s) past the end of the data (the TTK1 "+4" size quirk); accepted.`);
      } else {
        diagnostics.error('J3D_CHUNK_SIZE', offset + 4, 4,
          `${id}: chunk at ${hex(offset)} declares size ${hex(declaredSize)} (ending at ${hex(end)}), past the end of the data at ${hex(bytes.length)}.`);
      }
      end = bytes.length;
      stop = true;
    }
    chunks.push({ id, start: offset, declaredSize, end });
    if (stop) break;
    offset += declaredSize;
  }
  return chunks;
}

/** A chunk with an id no decoder knows: id, size and its bytes. */
export function rawChunk(bytes: Uint8Array, diagnostics: DiagnosticSink, chunk: ChunkInfo): FieldNode {
  diagnostics.info('J3D_UNKNOWN_CHUNK', chunk.start, 4, `Unknown chunk ${chunk.id} at ${hex(chunk.start)} (${hex(chunk.declaredSize)} bytes); shown as raw bytes.`);
  const ctx = new ChunkContext(bytes, diagnostics, chunk);
  if (chunk.end > chunk.start + 8) ctx.b.bytesField('data', chunk.start + 8, chunk.end - chunk.start - 8, 'unknown');
  return ctx.build();
}

/**
 * Decodes a whole JSYSTEM file: the header, then every chunk; `decodeChunk` handles the
 * format's own chunk id, the first such chunk provides the animation data.
 */
export function decodeJsystemFile<T>(
  bytes: Uint8Array,
  diagnostics: DiagnosticSink,
  expectedType: JsystemType,
  chunkId: string,
  chunkHeaderSize: number,
  decodeChunk: (ctx: ChunkContext) => T,
): FormatResult<T> {
  const header = readJsystemHeader(bytes, diagnostics, expectedType);
  const children: FieldNode[] = [header.node];
  const chunks = walkChunks(bytes, diagnostics, header.chunkCount, { [chunkId]: chunkHeaderSize });
  const sizeProblems = diagnostics.list.length;
  let anim: T | undefined;
  for (const chunk of chunks) {
    if (chunk.id === chunkId) {
      const ctx = new ChunkContext(bytes, diagnostics, chunk);
      const result = decodeChunk(ctx);
      if (anim === undefined) anim = result;
      children.push(ctx.build());
    } else {
      children.push(rawChunk(bytes, diagnostics, chunk));
    }
  }
  const fill = trailingFill(children, bytes);
  if (fill) children.push(fill);
  if (anim === undefined && bytes.length >= JSYSTEM_HEADER_SIZE) {
    diagnostics.error('J3D_CHUNK_MISSING', JSYSTEM_HEADER_SIZE, 0, `No ${chunkId} chunk found: the file has no animation data.`);
  } else if (anim === undefined) {
    diagnostics.error('J3D_CHUNK_MISSING', 0, bytes.length, `The data (${bytes.length} bytes) ends before the ${chunkId} chunk at 0x20.`);
  }
  if (anim !== undefined) onlyPaddingMissing(bytes, diagnostics, header.fileSize, chunks, sizeProblems);
  const root = fieldNode('', 0, bytes.length, expectedType, undefined, children);
  return { root, anim };
}

/**
 * A file shorter than it declares, but with every header field, table, bank and name inside the
 * stored bytes (nothing was TRUNCATED): only alignment padding is missing, and the game reads
 * nothing from there (FORMATS.md §9.9, MKDD BCA files are 0x1C bytes short). The "past the end"
 * J3D_FILE_SIZE and J3D_CHUNK_SIZE errors become warnings saying so. `before` is the length of
 * the list when the chunks started decoding (the size diagnostics are all before it).
 */
function onlyPaddingMissing(bytes: Uint8Array, diagnostics: DiagnosticSink, fileSize: number, chunks: ChunkInfo[], before: number): void {
  if (!(fileSize > bytes.length) || diagnostics.list.length >= MAX_DIAGNOSTICS) return;
  if (diagnostics.list.some((d) => d.code === 'TRUNCATED')) return;
  const cutChunk = chunks.find((c) => c.start + c.declaredSize > bytes.length && c.declaredSize >= 8);
  const note = ' Every table lies inside the stored bytes: only padding is missing, which the game never reads.';
  for (let i = 0; i < before; i++) {
    const d = diagnostics.list[i];
    if (d.severity !== 'error') continue;
    const fileCut = d.code === 'J3D_FILE_SIZE' && d.offset === 8;
    const chunkCut = d.code === 'J3D_CHUNK_SIZE' && cutChunk !== undefined && d.offset === cutChunk.start + 4;
    if (fileCut || chunkCut) {
      d.severity = 'warning';
      d.message += note;
    }
  }
}

/**
 * The start every animation chunk shares after id and size (FORMATS.md §9): u8 loop mode at
 * 0x08, then the duration (s16) at 0x0A with one ignored byte (0xFF) at 0x09 — or, for the colour
 * chunks PAK1/PAF1 (`durationAt` 0x0C), three ignored bytes at 0x09. Checked like every header.
 */
export function readAnimationStart(ctx: ChunkContext, durationAt: 0x0A | 0x0C = 0x0A, unusedName = 'padding'): { loopMode: number; duration: number } {
  const { b } = ctx;
  const s = ctx.start;
  const loopMode = b.u8('loopMode', s + 0x08, loopModeDisplay);
  const gap = durationAt - 0x09;
  const unused = gap === 1
    ? (b.scalar(unusedName, s + 0x09, 'u8', (v) => `${hex(v)} (ignored)`), b.children[b.children.length - 1])
    : b.bytesField(unusedName, s + 0x09, gap, 'padding');
  unused.role = 'padding';
  const duration = b.s16('duration', s + durationAt, (v) => `${v} frame${v === 1 ? '' : 's'}`);
  checkCommonHeader(ctx, loopMode, duration, durationAt);
  return { loopMode, duration };
}

/** The field names of a chunk whose header, after readAnimationStart, is one table and one bank (see readTableAndBank). */
export interface TableAndBankNames {
  /** u16 at 0x0C, u16 at 0x0E, offsets at 0x10 and 0x14. */
  count: string;
  bankCount: string;
  tableOffset: string;
  bankOffset: string;
  table: string;
  bank: string;
}

/**
 * The header of BVA (VAF1), BLK (CLK1) and BLA (CLF1), 0x18 bytes: loop mode and duration, the
 * table's and the bank's counts and offsets; places the table (entries of `entry`) and the bank
 * (elements of `bankType`) in the tree.
 */
export function readTableAndBank(ctx: ChunkContext, names: TableAndBankNames, entry: ElementLayout, bankType: ScalarType):
  { loopMode: number; duration: number; count: number; bankCount: number; table: { offset: number; count: number }; bank: { offset: number; count: number } } {
  const { b } = ctx;
  const s = ctx.start;
  const { loopMode, duration } = readAnimationStart(ctx);
  const count = b.u16(names.count, s + 0x0C);
  const bankCount = b.u16(names.bankCount, s + 0x0E);
  const tableOffset = ctx.offsetField(names.tableOffset, 0x10);
  const bankOffset = ctx.offsetField(names.bankOffset, 0x14);
  const table = ctx.table(names.table, tableOffset, count, entry, 'table');
  const bank = ctx.table(names.bank, bankOffset, bankCount, scalarElement(bankType), 'bank');
  return { loopMode, duration, count, bankCount, table, bank };
}

/**
 * Checks shared by every chunk header: loop mode at 0x08, duration at `durationAt` (0x0A; PAK1
 * and PAF1 keep it at 0x0C).
 */
export function checkCommonHeader(ctx: ChunkContext, loopMode: number, duration: number, durationAt = 0x0A): void {
  const s = ctx.start;
  if (!(loopMode in LOOP_MODE_NAMES) && s + 0x09 <= ctx.bytes.length) {
    ctx.diagnostics.warning('J3D_LOOP_MODE', s + 0x08, 1,
      `${ctx.chunk.id}: loop mode ${loopMode} at ${hex(s + 0x08)} is unknown (expected 0..4); it is treated as Once.`);
  }
  if (duration <= 0 && s + durationAt + 2 <= ctx.bytes.length) {
    ctx.diagnostics.warning('J3D_DURATION', s + durationAt, 2,
      `${ctx.chunk.id}: duration ${duration} at ${hex(s + durationAt)} is not positive: there is nothing to play.`);
  }
}

