/**
 * Shenmue MOTN decoder (FORMATS.md §5): header, sequence table, name offset table, names,
 * "extra data" (kept raw), the sequences and the build date.
 *
 * Model: one MotnSequence per table index (motion.bin: 1559), in table order. Its `name` is
 * the name of that index; `aliases` are the names of the other indices whose data offset is
 * the same. Shared data is decoded once: aliases share the same `tracks` array.
 * Non-standard sequences (bit 15 of the second header word) have `standard: false` and no
 * tracks; consumers list them as skipped.
 *
 * Field tree (root children): `header`, `sequenceTable` (array of {dataOffset, extraOffset}),
 * `extraData`, `nameOffsetTable` (u32 array), `names` (`names[i]`), `sequences`, `buildDate`.
 * `sequences` has one node per unique data offset, named `[i]` after the FIRST table index
 * using it (so `sequences[12]/block5[40]`); alias indices have no node of their own: find it
 * by MotnSequence.offset. Unreferenced bytes between sequences become `unknown@…` nodes.
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { FieldNode, fieldNode } from '../binary/fields';
import { StructBuilder, fillGaps, recordElement, scalarElement } from '../binary/builder';
import type { FormatDecoder, FormatResult } from '../result';
import type { MotnAnim, MotnSequence } from './types';
import { HEADER_AREA, HEADER_SIZE, looksLikeMotn, readHeader, u32le } from './header';
import { DecodedSequence, MotnContext, buildTracks, decodeSequence } from './sequence';
import type { MotnTrack } from './types';
import { findBuildDate, readNames } from './names';
import { aliasesOf, groupByOffset, MAX_ALIASES } from './aliases';

export { looksLikeMotn } from './header';
export { MOTN_CODES } from './codes';


/** A sequence whose tracks are not built yet: how to build them and how many there will be. */
interface Unbuilt { build: () => MotnTrack[]; counts: TrackCounts }

// Not enumerable, symbol-keyed: invisible to JSON, clones, spreads and deep comparisons.
const UNBUILT = Symbol('unbuiltTracks');

function ownTracks(target: MotnSequence, value: MotnTrack[]): MotnTrack[] {
  Object.defineProperty(target, 'tracks', { value, enumerable: true, configurable: true, writable: true });
  return value;
}

/**
 * One accessor pair for every sequence (a getter and setter per sequence were 1.2 MB of motion.bin's
 * decode): the first read builds the tracks and replaces the accessor by a plain, writable data
 * property (so JSON.stringify, structured clone and assignment work).
 */
const LAZY_TRACKS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: MotnSequence & { [UNBUILT]: Unbuilt }): MotnTrack[] { return ownTracks(this, this[UNBUILT].build()); },
  set(this: MotnSequence, value: MotnTrack[]) { ownTracks(this, value); },
};

/** Defines `tracks` as an enumerable getter that builds the tracks once. */
function lazyTracks(fields: Omit<MotnSequence, 'tracks'>, build: () => MotnTrack[], counts: TrackCounts): MotnSequence {
  const sequence = {
    name: fields.name,
    index: fields.index,
    offset: fields.offset,
    aliases: fields.aliases,
    frames: fields.frames,
    frameFlag: fields.frameFlag,
    unknown: fields.unknown,
    standard: fields.standard,
  } as MotnSequence;
  Object.defineProperty(sequence, 'tracks', LAZY_TRACKS);
  Object.defineProperty(sequence, UNBUILT, { value: { build, counts } satisfies Unbuilt });
  return sequence;
}

/** Tracks and keys of a sequence, as the decoder validated them. */
export interface TrackCounts { tracks: number; keys: number }

/**
 * What the sequence's `tracks` will hold, counted by the decoder, while they are still unbuilt
 * (then the counts are exactly those of the tracks buildTracks makes); undefined otherwise.
 */
export function scannedTrackCounts(sequence: MotnSequence): TrackCounts | undefined {
  return Object.getOwnPropertyDescriptor(sequence, 'tracks')?.get !== undefined
    ? (sequence as MotnSequence & { [UNBUILT]?: Unbuilt })[UNBUILT]?.counts : undefined;
}

/**
 * How many tracks and keys `seq.tracks` holds, without building them when they are not built yet
 * (a sampler checks its output size first: building every key of motion.bin costs ~80 MB).
 */
export function motnSequenceSize(seq: MotnSequence): TrackCounts {
  const scanned = scannedTrackCounts(seq);
  if (scanned) return { tracks: scanned.tracks, keys: scanned.keys };
  let keys = 0;
  for (const track of seq.tracks ?? []) keys += track.keys?.length ?? 0;
  return { tracks: seq.tracks?.length ?? 0, keys };
}

/** Enough for every real file (about 0.25 units per byte in motion.bin); see MotnContext.budget. */
function workBudget(length: number): number {
  return length + 0x10000;
}

export function decodeMotn(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<MotnAnim> {
  const len = bytes.length;
  const children: FieldNode[] = [];
  const root = (): FieldNode => (fieldNode('', 0, len, 'MotnFile', undefined, children.sort((a, b) => a.offset - b.offset)));

  const { node: headerNode, header } = readHeader(bytes, diagnostics);
  children.push(headerNode);
  if (len < HEADER_SIZE) return { root: root() };
  const { sequenceTableOffset: seqOff, nameTableOffset: nameOff, motionDataOffset: base, attributes, fileSize } = header;

  // --- header checks ---
  if (fileSize !== len) {
    const shorter = len < fileSize;
    diagnostics.add(shorter ? 'error' : 'warning', 'MOTN_FILE_SIZE', 0x10, 4,
      `File size at 0x10 says ${hex(fileSize)} bytes but the data is ${hex(len)} bytes (${shorter ? 'truncated' : 'longer than declared'}).`);
  }
  if (attributes >>> 12) {
    diagnostics.warning('MOTN_HEADER_BITS', 0x0c, 4, `Attributes at 0x0C = ${hex(attributes, 8)} have unknown bits set above the 12-bit count (${hex((attributes & ~0xfff) >>> 0, 8)}).`);
  }
  const reservedEnd = Math.min(len, HEADER_AREA, Math.max(HEADER_SIZE, seqOff));
  for (let i = HEADER_SIZE; i < reservedEnd; i++) {
    if (bytes[i] !== 0) {
      diagnostics.warning('MOTN_HEADER_BITS', i, reservedEnd - i, `Header bytes ${hex(HEADER_SIZE)}..${hex(reservedEnd - 1)} are not zero (first at ${hex(i)}).`);
      break;
    }
  }
  const offsetOk = (name: string, at: number, value: number, min: number): boolean => {
    if (value < min || value > len) {
      diagnostics.error('MOTN_HEADER_OFFSET', at, 4, `${name} at ${hex(at)} = ${hex(value)} is outside ${hex(min)}..${hex(len)} (file length).`);
      return false;
    }
    return true;
  };
  const seqOk = offsetOk('Sequence table offset', 0x00, seqOff, HEADER_SIZE);
  const nameOk = offsetOk('Name offset table offset', 0x04, nameOff, HEADER_SIZE);
  const baseOk = offsetOk('Motion data offset', 0x08, base, HEADER_SIZE);
  if (seqOk && nameOk && baseOk && !(seqOff < nameOff && nameOff < base)) {
    diagnostics.error('MOTN_HEADER_OFFSET', 0x00, 12,
      `Header offsets are out of order: sequence table ${hex(seqOff)}, name offset table ${hex(nameOff)}, motion data ${hex(base)} (expected ascending).`);
  }

  // --- count ---
  let count = header.declaredCount;
  if (count < 1) {
    diagnostics.error('MOTN_SEQUENCE_COUNT', 0x0c, 4, `Attributes ${hex(attributes)} give a sequence count of (${hex(attributes & 0xfff)} − 1) = ${count}; nothing to decode.`);
    count = 0;
  } else {
    if (seqOk && seqOff < nameOff && seqOff + 8 * count > nameOff) {
      diagnostics.error('MOTN_SEQUENCE_COUNT', seqOff, 8 * count,
        `Sequence table at ${hex(seqOff)} with ${count} entries ends at ${hex(seqOff + 8 * count)}, past the name offset table at ${hex(nameOff)}.`);
    }
    if (nameOk && baseOk && nameOff < base && nameOff + 4 * count > base) {
      diagnostics.error('MOTN_SEQUENCE_COUNT', nameOff, 4 * count,
        `Name offset table at ${hex(nameOff)} with ${count} entries ends at ${hex(nameOff + 4 * count)}, past the motion data at ${hex(base)}.`);
    }
  }

  // --- tables (clamped to the bytes by StructBuilder.array, with TRUNCATED) ---
  const tables = new StructBuilder(bytes, 'little', diagnostics, 'tables', 0, 'tables', 'table');
  const seqTable = seqOk ? tables.array('sequenceTable', seqOff, count, recordElement('SequenceEntry', [['dataOffset', 'u32'], ['extraOffset', 'u32']]), 'table') : undefined;
  const nameTable = nameOk ? tables.array('nameOffsetTable', nameOff, count, scalarElement('u32'), 'table') : undefined;
  children.push(...tables.children);
  const entries = seqTable?.array?.count ?? 0;
  const nameCount = nameTable?.array?.count ?? 0;

  // --- names ---
  const names = readNames(bytes, diagnostics, nameOff, nameCount);
  if (names.node) children.push(names.node);

  // --- extra data (purpose unknown, kept raw) ---
  let minExtra = Infinity;
  let badExtra = 0;
  for (let i = 0; i < entries; i++) {
    const extra = u32le(bytes, seqOff + 8 * i + 4);
    if (extra >= len) {
      if (badExtra++ === 0) {
        diagnostics.warning('MOTN_EXTRA_OFFSET', seqOff + 8 * i + 4, 4, `Sequence table entry ${i}: extra data offset ${hex(extra)} is past the end of the file (${hex(len)}).`);
      }
    } else if (extra < minExtra) minExtra = extra;
  }
  if (badExtra > 1) diagnostics.warning('MOTN_EXTRA_OFFSET', seqOff, 8 * entries, `${badExtra} extra data offsets of the sequence table point past the end of the file.`);
  const seqTableEnd = seqOff + 8 * entries;
  if (minExtra >= seqTableEnd && minExtra < len) {
    const stops = [nameOff, names.start, base, len].filter((s) => s > minExtra);
    const extraEnd = Math.min(...stops);
    if (extraEnd > minExtra && !(minExtra < nameOff + 4 * nameCount && extraEnd > nameOff)) {
      children.push({
        name: 'extraData',
        path: '',
        offset: minExtra,
        size: extraEnd - minExtra,
        type: 'bytes',
        value: undefined,
        display: 'extra data of the sequence table entries (purpose unknown)',
        role: 'unknown',
        missing: undefined,
        children: undefined,
        array: undefined,
      });
    }
  }

  // --- build date (searched first: it bounds the motion data) ---
  let date = baseOk ? findBuildDate(bytes, base) : undefined;
  const dataEnd = date ? date.offset : len;

  // --- sequences, one decode per unique data offset ---
  const groups = groupByOffset(entries, (i) => u32le(bytes, seqOff + 8 * i));
  const nameOf = (i: number): string => names.list[i] ?? `#${i}`;
  const ctx: MotnContext = { bytes, diagnostics, budget: workBudget(len), exhausted: false };
  const decoded = new Map<number, DecodedSequence>();
  const sequenceNodes: FieldNode[] = [];
  if (baseOk) {
    const starts = [...groups.keys()].sort((a, b) => a - b);
    for (let u = 0; u < starts.length; u++) {
      const d = starts[u];
      const indices = groups.get(d) as number[];
      const start = base + d;
      const label = `[${indices[0]}] ${nameOf(indices[0])}`;
      if (start + 4 > len || start + 4 > dataEnd) {
        diagnostics.error('MOTN_SEQUENCE_OFFSET', seqOff + 8 * indices[0], 4,
          `Sequence ${label}: data offset ${hex(d)} + motion data ${hex(base)} = ${hex(start)} is ${start + 4 > len ? 'past the end of the file' : 'inside the build date'} (${hex(start + 4 > len ? len : dataEnd)})${indices.length > 1 ? `; also used by ${indices.length - 1} alias(es)` : ''}.`);
        continue;
      }
      const rawEnd = u + 1 < starts.length ? Math.min(base + starts[u + 1], dataEnd) : dataEnd;
      const seq = decodeSequence(ctx, start, rawEnd, `[${indices[0]}]`, label);
      const aliasCount = indices.length - 1;
      seq.node.display = `${nameOf(indices[0])}${aliasCount ? ` (+${aliasCount} alias${aliasCount > 1 ? 'es' : ''})` : ''}${seq.standard ? '' : ', non-standard'}`;
      seq.node.role = seq.standard ? 'data' : 'unknown';
      decoded.set(d, seq);
      sequenceNodes.push(seq.node);
    }
  }

  // --- sequences end where the next begins ---
  const spans = [...decoded.values()].sort((a, b) => a.start - b.start);
  for (let s = 0; s + 1 < spans.length; s++) {
    const a = spans[s], next = spans[s + 1];
    if (next.start > a.end) {
      diagnostics.info('MOTN_SEQUENCE_GAP', a.end, next.start - a.end,
        `${next.start - a.end} bytes at ${hex(a.end)}..${hex(next.start)} between sequence ${a.node.name} (${hex(a.start)}) and ${next.node.name} (${hex(next.start)}) are referenced by no sequence.`);
    } else if (next.start < a.end) {
      diagnostics.error('MOTN_SEQUENCE_OVERLAP', next.start, a.end - next.start,
        `Sequence ${a.node.name} at ${hex(a.start)} ends at ${hex(a.end)}, ${a.end - next.start} bytes past the start of sequence ${next.node.name} at ${hex(next.start)}.`);
    }
  }
  const lastSeq = spans.length ? spans[spans.length - 1] : undefined;
  if (!date && lastSeq && lastSeq.standard) date = findBuildDate(bytes, base, lastSeq.end);
  if (lastSeq && date) {
    if (lastSeq.end > date.offset) {
      diagnostics.error('MOTN_SEQUENCE_OVERLAP', date.offset, lastSeq.end - date.offset,
        `Sequence ${lastSeq.node.name} at ${hex(lastSeq.start)} ends at ${hex(lastSeq.end)}, past the start of the build date at ${hex(date.offset)}.`);
    } else if (lastSeq.end < date.offset) {
      diagnostics.info('MOTN_SEQUENCE_GAP', lastSeq.end, date.offset - lastSeq.end,
        `${date.offset - lastSeq.end} bytes at ${hex(lastSeq.end)}..${hex(date.offset)} between the last sequence ${lastSeq.node.name} and the build date are referenced by no sequence.`);
    }
  }
  if (spans.length && spans[0].start > base) {
    diagnostics.info('MOTN_SEQUENCE_GAP', base, spans[0].start - base,
      `${spans[0].start - base} bytes at ${hex(base)}..${hex(spans[0].start)} before the first sequence are referenced by no sequence.`);
  }
  if (sequenceNodes.length) {
    const first = Math.min(base, spans[0].start);
    const last = Math.max(...spans.map((s) => s.end));
    const node = fieldNode('sequences', first, last - first, `MotnSequence[${sequenceNodes.length}]`, 'data', sequenceNodes);
    fillGaps(node, bytes, Math.min(base, len), Math.min(last, len));
    children.push(node);
  }
  if (date) {
    children.push({ name: 'buildDate', path: '', offset: date.offset, size: date.size, type: 'cstring', value: date.text, display: date.text.trim(), role: 'names', missing: undefined, children: undefined, array: undefined });
  } else if (len >= HEADER_SIZE && count > 0) {
    diagnostics.info('MOTN_BUILD_DATE', Math.max(0, len - 1), 1, `No build date string found at the end of the file (${hex(len)}).`);
  }

  // --- plain data, one MotnSequence per table index ---
  // Tracks are validated above but their key objects are built on first access of
  // `tracks` (then cached as a plain data property; aliases share one array): building
  // ~375,000 keys eagerly would cost several times the whole decode.
  const lazy = new Map<number, () => MotnTrack[]>();
  decoded.forEach((seq, d) => {
    const layout = seq.layout;
    let cache: MotnTrack[] | undefined;
    lazy.set(d, () => (cache ??= layout ? buildTracks(bytes, layout) : []));
  });
  const noCounts: TrackCounts = { tracks: 0, keys: 0 };
  const sequences: MotnSequence[] = [];
  for (let i = 0; i < entries; i++) {
    const d = u32le(bytes, seqOff + 8 * i);
    const seq = decoded.get(d);
    const layout = seq?.layout;
    sequences.push(lazyTracks({
      name: nameOf(i),
      index: i,
      offset: base + d,
      aliases: aliasesOf(i, groups.get(d) as number[], nameOf),
      frames: seq?.frames ?? 0,
      frameFlag: seq?.frameFlag ?? false,
      unknown: seq?.unknown ?? 0,
      standard: seq?.standard ?? false,
    }, lazy.get(d) ?? ((): MotnTrack[] => []), layout ? { tracks: layout.tracks, keys: layout.keys } : noCounts));
  }
  groups.forEach((group, d) => {
    if (group.length - 1 > MAX_ALIASES) {
      diagnostics.info('MOTN_ALIASES', seqOff + 8 * group[0], 8,
        `Sequence data offset ${hex(d)} is shared by ${group.length} names; each sequence lists only ${MAX_ALIASES} aliases.`);
    }
  });
  const anim: MotnAnim = { format: 'motn', sequences };
  if (date) anim.buildDate = date.text.trim();
  return { root: root(), anim };
}

/** MOTN at the byte level: no magic, told by its name (`motion*.bin`, `*.motn`), else by its header. */
export const MOTN_DECODER: FormatDecoder<MotnAnim> = {
  id: 'motn',
  magic: { kind: 'content', name: /^motion.*\.bin$|\.motn$/i, looksLike: looksLikeMotn },
  filePatterns: ['motion*.bin', '*.motn'],
  decode: decodeMotn,
  codes: [],
};
