/**
 * One MOTN sequence (FORMATS.md §5): a 12-byte header and blocks 1–5, every block found by
 * the offsets of the header (never by the end of the previous block).
 *
 *   +0x00 u16 frames | frameFlag << 15     +0x02 u16 unknown (bit 15 → non-standard layout)
 *   +0x04 u16 block 2 offset  +0x06 block 3  +0x08 block 4  +0x0A block 5 (from the sequence start)
 *   block 1 (+0x0C): zero-terminated u16 instructions, bone = instr >> 9, one track per set bit
 *   block 2: per track k (u8, u16 when frameFlag)
 *   block 3: per track k frame numbers (u8 when frames ≤ 255, else u16; 2-byte aligned then)
 *   block 4: per track ceil((k + 2) / 4) bytes of 2-bit half counts, most significant first
 *   block 5: the halves, 2-byte aligned, in track then key order
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { FieldNode, fieldNode, halfToFloat } from '../binary/fields';
import { StructBuilder, fillGaps, scalarElement } from '../binary/builder';
import type { MotnChannel, MotnKey, MotnTrack } from './types';
import { u16le } from './header';

/** Shared state of one decode: the bytes, the sink and a work budget against hostile files. */
export interface MotnContext {
  bytes: Uint8Array;
  diagnostics: DiagnosticSink;
  /**
   * Instructions, tracks and keys still allowed in the whole file. Real files need far fewer than
   * one unit per byte (motion.bin: ~0.25); only overlapping sequences can exceed it. Each sequence
   * also has its own, smaller allowance (sequenceBudget): one garbage sequence cannot spend it all.
   */
  budget: number;
  /** Set once the file's budget ran out: later sequences are not decoded. */
  exhausted: boolean;
}

/**
 * The work units (instructions, tracks, keys) one sequence may spend, from its block 4 offset
 * `o4`: everything an honest sequence counts lies before block 4 — an instruction takes 2 bytes
 * of block 1; a track (1 unit, plus its 2 implied keys) at least 1 byte of block 2; each other
 * key a frame number in block 3 — so at most 3 units per byte (motion.bin: at most 1.83). A u16
 * offset keeps it under 197,629 however big the file: only overlapping blocks ask for more.
 * SEQUENCE_SLACK lets a few overrunning tracks through, decoded as far as they go with
 * MOTN_BLOCK_OVERLAP saying where; garbage asking for thousands of keys more is cut.
 */
export function sequenceBudget(o4: number): number {
  return 3 * o4 + SEQUENCE_SLACK;
}

/** About four tracks of u8 key counts (at most 258 units each) past their blocks. */
const SEQUENCE_SLACK = 0x400;

export interface DecodedSequence {
  node: FieldNode;
  start: number;
  /** End of the furthest byte the sequence uses. */
  end: number;
  frames: number;
  frameFlag: boolean;
  unknown: number;
  standard: boolean;
  /** Where the validated tracks are; undefined when the blocks could not be decoded. */
  layout?: TrackLayout;
}

/** Everything buildTracks needs to materialise the keys later. */
export interface TrackLayout {
  start: number;
  p2: number;
  p3: number;
  p4: number;
  p5: number;
  frames: number;
  frameFlag: boolean;
  /** Number of tracks whose bytes were validated. */
  tracks: number;
  /** Keys of those tracks (k + 2 each): what buildTracks will build. */
  keys: number;
}

const CHANNEL_BITS: readonly [number, MotnChannel, 'x' | 'y' | 'z'][] = [
  [0x100, 'position', 'x'], [0x080, 'position', 'y'], [0x040, 'position', 'z'],
  [0x020, 'rotation', 'x'], [0x010, 'rotation', 'y'], [0x008, 'rotation', 'z'],
  [0x004, 'scale', 'x'], [0x002, 'scale', 'y'], [0x001, 'scale', 'z'],
];

/** Block 1 can never hold more instructions than a u16 block offset can reach. */
const MAX_INSTRUCTIONS = 0x8000;

/** Sum of the four 2-bit half counts packed in each byte value (block 4). */
const HALF_COUNT_SUM = Uint8Array.from({ length: 256 }, (_, b) => (b >> 6) + ((b >> 4) & 3) + ((b >> 2) & 3) + (b & 3));

let halfTable: Float64Array | undefined;
/** All 65536 halves decoded once (the IEEE routine of fields.ts), for the hot key loop. */
function halves(): Float64Array {
  if (!halfTable) {
    halfTable = new Float64Array(0x10000);
    for (let h = 0; h < 0x10000; h++) halfTable[h] = halfToFloat(h);
  }
  return halfTable;
}

function describeFrames(v: number): string {
  return `${v & 0x7fff} frames${v & 0x8000 ? ', frame flag set: u16 key counts' : ''}`;
}

/**
 * Decodes the sequence at absolute offset `start` (the caller made sure start + 4 fits).
 * `rawEnd` bounds the raw region kept for a non-standard sequence (next sequence or data end).
 */
export function decodeSequence(ctx: MotnContext, start: number, rawEnd: number, nodeName: string, label: string): DecodedSequence {
  const { bytes, diagnostics } = ctx;
  const len = bytes.length;
  const where = (): string => `Sequence ${label} at ${hex(start)}`;
  const b = new StructBuilder(bytes, 'little', diagnostics, nodeName, start, 'MotnSequence', 'header');
  if (start + 12 > len) {
    diagnostics.error('TRUNCATED', start, 12, `${where()}: the 12-byte sequence header runs past the end of the data (${hex(len)} bytes).`);
  }
  const word0 = b.child(u16Field(bytes, 'frames', start)).value as number | undefined ?? 0;
  const unknown = b.child(u16Field(bytes, 'unknown', start + 2)).value as number | undefined ?? 0;
  if (start + 2 <= len) b.children[0].display = describeFrames(word0);
  if (unknown & 0x8000) b.children[1].display = 'bit 15 set: non-standard layout';
  const frames = word0 & 0x7fff;
  const frameFlag = (word0 & 0x8000) !== 0;
  // Every return below builds the node (once: building sorts the children). `layout` is there
  // from the start: adding it later gave the object a hidden class a GC could drop (shapes.ts).
  const result: DecodedSequence = { node: PENDING, start, end: start + 4, frames, frameFlag, unknown, standard: true, layout: undefined };

  if (unknown & 0x8000) {
    result.standard = false;
    const end = Math.max(start + 4, Math.min(rawEnd, len));
    if (end > start + 4) b.bytesField('raw', start + 4, end - start - 4, 'unknown');
    diagnostics.info('MOTN_NON_STANDARD', start, 4,
      `${where()}: second header word ${hex(unknown, 4)} has bit 15 set; the sequence does not follow the block layout and is kept raw (${end - start} bytes, not decoded).`);
    result.end = end;
    result.node = b.build(end - start);
    return result;
  }

  const offsets = [0x0c];
  for (let i = 0; i < 4; i++) {
    const node = b.child(u16Field(bytes, `block${i + 2}Offset`, start + 4 + 2 * i));
    if (node.value !== undefined) node.display = `→ ${hex(start + (node.value as number))}`;
    offsets.push((node.value as number | undefined) ?? 0);
  }
  if (start + 12 > len) {
    result.node = b.build();
    result.end = Math.min(len, start + 12);
    return result;
  }
  result.end = start + 12;
  const [, o2, o3, o4, o5] = offsets;
  const p2 = start + o2, p3 = start + o3, p4 = start + o4, p5 = start + o5;

  let ordered = true;
  for (let i = 1; i < 5; i++) if (offsets[i] < offsets[i - 1]) ordered = false;
  if (!ordered) {
    diagnostics.error('MOTN_BLOCK_OFFSET', start + 4, 8,
      `${where()}: block offsets are out of order (block 1 ${hex(start + 12)}, block 2 ${hex(p2)}, block 3 ${hex(p3)}, block 4 ${hex(p4)}, block 5 ${hex(p5)}).`);
  }
  const pastEnd = offsets.findIndex((o) => start + o > len);
  if (pastEnd >= 0) {
    diagnostics.error('MOTN_BLOCK_OFFSET', start + 2 + 2 * pastEnd, 2,
      `${where()}: block ${pastEnd + 1} offset ${hex(offsets[pastEnd])} points to ${hex(start + offsets[pastEnd])}, past the end of the file (${hex(len)}); blocks not decoded.`);
    result.node = finish(b, bytes, start, result.end);
    return result;
  }
  if (ctx.exhausted) {
    result.node = finish(b, bytes, start, result.end);
    return result;
  }
  let allowance = sequenceBudget(o4);
  /** Takes `units` from the sequence's allowance and the file's budget; false once either is spent. */
  const spend = (units: number): boolean => {
    allowance -= units;
    ctx.budget -= units;
    return allowance >= 0 && ctx.budget >= 0;
  };
  const overspent = (): boolean => allowance < 0 || ctx.budget < 0;

  // Block 1: instructions → track list.
  let trackCount = 0;
  const limit1 = Math.min(len, o2 > 0x0c ? p2 : len, start + 12 + 2 * MAX_INSTRUCTIONS);
  let p = start + 12;
  let instructions = 0;
  let terminated = false;
  let lastBone = -1;
  let badInstruction = -1;
  let unordered = -1;
  while (p + 2 <= limit1) {
    const instr = u16le(bytes, p);
    p += 2;
    if (instr === 0) { terminated = true; break; }
    instructions++;
    if (!spend(1)) break;
    const bone = instr >> 9;
    if ((instr & 0x1ff) === 0 && badInstruction < 0) badInstruction = p - 2;
    if (bone <= lastBone && unordered < 0) unordered = p - 2;
    lastBone = bone;
    for (let bits = instr & 0x1ff; bits; bits &= bits - 1) trackCount++;
  }
  const end1 = p;
  b.array('block1', start + 12, instructions + (terminated ? 1 : 0), U16, 'table');
  if (!terminated && !overspent()) {
    diagnostics.error('MOTN_BLOCK1_UNTERMINATED', start + 12, end1 - start - 12,
      `${where()}: block 1 at ${hex(start + 12)} has no terminating 0 instruction before ${hex(limit1)}; ${instructions} instructions read.`);
  }
  if (badInstruction >= 0) {
    diagnostics.warning('MOTN_INSTRUCTION', badInstruction, 2, `${where()}: instruction at ${hex(badInstruction)} names a bone but no channel bits.`);
  }
  if (unordered >= 0) {
    diagnostics.warning('MOTN_INSTRUCTION', unordered, 2, `${where()}: instruction at ${hex(unordered)} does not follow the previous bone in ascending order.`);
  }
  if (overspent()) return exhaust(ctx, b, result, where(), ctx.budget < 0 ? undefined : o4);
  blockBoundary(diagnostics, where, 1, end1, 2, p2, 0);

  // Block 2: key counts.
  let tracks = trackCount;
  const countSize = frameFlag ? 2 : 1;
  const countsFit = Math.floor((len - p2) / countSize);
  if (tracks > countsFit) {
    diagnostics.error('MOTN_KEY_COUNT', p2, tracks * countSize,
      `${where()}: block 2 at ${hex(p2)} needs ${tracks} key counts (${tracks * countSize} bytes) but the file ends at ${hex(len)}; ${countsFit} tracks kept.`);
    tracks = countsFit;
  }
  const end2 = p2 + tracks * countSize;
  const frameSize = frames > 255 ? 2 : 1;
  blockBoundary(diagnostics, where, 2, end2, 3, p3, frameSize === 2 ? 1 : 0);
  if (frameSize === 2 && (p3 & 1)) {
    diagnostics.warning('MOTN_BLOCK_ALIGN', p3, 2, `${where()}: block 3 at ${hex(p3)} holds u16 frame numbers but is not 2-byte aligned.`);
  }
  if (p5 & 1) diagnostics.warning('MOTN_BLOCK_ALIGN', p5, 2, `${where()}: block 5 at ${hex(p5)} is not 2-byte aligned.`);

  // Blocks 3, 4, 5 track by track with three cursors: validation only, no allocation.
  let c3 = p3, c4 = p4, c5 = p5;
  let frameProblem = -1, frameBeyond = -1, unusedBits = -1;
  let decodedTracks = 0, decodedKeys = 0;
  for (let t = 0; t < tracks; t++) {
    const k = frameFlag ? u16le(bytes, p2 + 2 * t) : bytes[p2 + t];
    const keyCount = k + 2;
    const nb = (keyCount + 3) >> 2;
    if (c3 + k * frameSize > len || c4 + nb > len) {
      const what = c3 + k * frameSize > len ? `its ${k} frame numbers at ${hex(c3)}` : `its ${nb} half-count bytes at ${hex(c4)}`;
      diagnostics.error('MOTN_KEY_COUNT', p2 + t * countSize, countSize,
        `${where()}: track ${t} has ${k} intermediate keys, but ${what} would run past the end of the file (${hex(len)}); tracks from ${t} on are dropped.`);
      break;
    }
    if (!spend(keyCount + 1)) break;
    // Half counts a byte at a time: the whole bytes through a table, then the first `rest`
    // fields of the last byte, whose remaining fields must be zero.
    const whole = keyCount >> 2, rest = keyCount & 3;
    let needed = 0;
    for (let i = 0; i < whole; i++) needed += HALF_COUNT_SUM[bytes[c4 + i]];
    if (rest) {
      const last = bytes[c4 + whole];
      needed += HALF_COUNT_SUM[last & ~((1 << (8 - 2 * rest)) - 1)];
      if ((last & ((1 << (8 - 2 * rest)) - 1)) !== 0 && unusedBits < 0) unusedBits = c4 + whole;
    }
    if (c5 + 2 * needed > len) {
      diagnostics.error('MOTN_KEY_COUNT', c4, nb,
        `${where()}: track ${t} needs ${needed} halves at ${hex(c5)}, past the end of the file (${hex(len)}); tracks from ${t} on are dropped.`);
      break;
    }
    let previous = 0;
    for (let i = 0; i < k; i++) {
      const frame = frameSize === 2 ? u16le(bytes, c3) : bytes[c3];
      if (frame < previous && frameProblem < 0) frameProblem = c3;
      if (frame > frames && frameBeyond < 0) frameBeyond = c3;
      previous = frame;
      c3 += frameSize;
    }
    c4 += nb;
    c5 += 2 * needed;
    decodedTracks++;
    decodedKeys += keyCount;
  }
  b.array('block2', p2, decodedTracks, frameFlag ? U16 : U8, 'table');
  b.array('block3', p3, (c3 - p3) / frameSize, frameSize === 2 ? U16 : U8, 'table');
  b.array('block4', p4, c4 - p4, U8, 'table');
  b.array('block5', p5, (c5 - p5) / 2, F16, 'data');
  result.layout = { start, p2, p3, p4, p5, frames, frameFlag, tracks: decodedTracks, keys: decodedKeys };

  if (frameProblem >= 0) diagnostics.warning('MOTN_FRAME_ORDER', frameProblem, frameSize, `${where()}: frame number at ${hex(frameProblem)} is smaller than the key before it.`);
  if (frameBeyond >= 0) diagnostics.warning('MOTN_FRAME_ORDER', frameBeyond, frameSize, `${where()}: frame number at ${hex(frameBeyond)} is beyond the sequence length ${frames}.`);
  if (unusedBits >= 0) diagnostics.hint('MOTN_BLOCK4_BITS', unusedBits, 1, `${where()}: unused 2-bit fields in block 4 byte ${hex(unusedBits)} are not zero.`);
  if (overspent()) return exhaust(ctx, b, result, where(), ctx.budget < 0 ? undefined : o4);
  if (decodedTracks === tracks) {
    blockBoundary(diagnostics, where, 3, c3, 4, p4, 0);
    blockBoundary(diagnostics, where, 4, c4, 5, p5, 1);
  }
  result.end = Math.max(start + 12, end1, end2, c3, c4, c5);
  result.node = finish(b, bytes, start, result.end);
  return result;
}

/**
 * Builds the tracks and keys of a validated sequence. Only the first `layout.tracks` tracks
 * are built: decodeSequence checked that all their bytes are inside the file.
 */
export function buildTracks(bytes: Uint8Array, layout: TrackLayout): MotnTrack[] {
  const { start, p2, p3, p4, p5, frames, frameFlag, tracks } = layout;
  const table = halves();
  const out: MotnTrack[] = new Array<MotnTrack>(tracks);
  const frameSize = frames > 255 ? 2 : 1;
  let p = start + 12;
  let t = 0;
  let c3 = p3, c4 = p4, c5 = p5;
  while (t < tracks && p + 2 <= bytes.length) {
    const instr = u16le(bytes, p);
    p += 2;
    const bone = instr >> 9;
    for (let c = 0; c < 9 && t < tracks; c++) {
      if (!(instr & CHANNEL_BITS[c][0])) continue;
      const k = frameFlag ? u16le(bytes, p2 + 2 * t) : bytes[p2 + t];
      const keyCount = k + 2;
      const keys = new Array<MotnKey>(keyCount);
      for (let i = 0; i < keyCount; i++) {
        let frame: number;
        if (i === 0) frame = 0;
        else if (i === keyCount - 1) frame = frames;
        else {
          frame = frameSize === 2 ? u16le(bytes, c3) : bytes[c3];
          c3 += frameSize;
        }
        const n = (bytes[c4 + (i >> 2)] >> (6 - 2 * (i & 3))) & 3;
        let hs: number[];
        if (n === 0) hs = [];
        else if (n === 1) hs = [table[u16le(bytes, c5)]];
        else if (n === 2) hs = [table[u16le(bytes, c5)], table[u16le(bytes, c5 + 2)]];
        else hs = [table[u16le(bytes, c5)], table[u16le(bytes, c5 + 2)], table[u16le(bytes, c5 + 4)]];
        keys[i] = { frame, halves: hs, offset: c5 };
        c5 += 2 * n;
      }
      c4 += (keyCount + 3) >> 2;
      out[t++] = { bone, channel: CHANNEL_BITS[c][1], axis: CHANNEL_BITS[c][2], keys };
    }
  }
  out.length = t;
  return out;
}

function u16Field(bytes: Uint8Array, name: string, offset: number): FieldNode {
  const node = fieldNode(name, offset, 2, 'u16', 'header');
  if (offset + 2 > bytes.length) node.missing = true;
  else node.value = u16le(bytes, offset);
  return node;
}

/** Stands for the sequence node until decodeSequence builds it. */
const PENDING = fieldNode('', 0, 0, 'MotnSequence');

const U8 = scalarElement('u8');
const U16 = scalarElement('u16');
const F16 = scalarElement('f16');

/** The sequence node; alignment pads and unused bytes between blocks become padding/unknown nodes. */
function finish(b: StructBuilder, bytes: Uint8Array, start: number, end: number): FieldNode {
  const node = b.build(end - start);
  let pos = start;
  let gaps = false;
  for (const c of node.children ?? []) {
    if (c.offset > pos) { gaps = true; break; }
    pos = Math.max(pos, c.offset + c.size);
  }
  return gaps || pos < end ? fillGaps(node, bytes, start, end) : node;
}

/**
 * A sequence that spent its allowance (`o4`: its block 4 offset) or the file's budget (`o4`
 * undefined) keeps its header and no tracks; only the file's budget stops the sequences after it.
 */
function exhaust(ctx: MotnContext, b: StructBuilder, result: DecodedSequence, where: string, o4?: number): DecodedSequence {
  if (o4 !== undefined) {
    ctx.diagnostics.error('MOTN_LIMIT', result.start, 12,
      `${where}: its instructions, tracks and keys need more than the ${sequenceBudget(o4)} work units the ${o4} bytes before its block 4 can hold (overlapping blocks); its tracks are not decoded.`);
  } else if (!ctx.exhausted) {
    ctx.exhausted = true;
    ctx.diagnostics.error('MOTN_LIMIT', result.start, 12,
      `${where}: the file asks for more instructions, tracks and keys than its ${ctx.bytes.length} bytes can hold (overlapping sequences); decoding stopped here.`);
  }
  result.layout = undefined;
  result.node = b.build();
  result.end = Math.max(result.end, result.node.offset + result.node.size);
  result.node = fillGaps(result.node, ctx.bytes, result.start, result.end);
  return result;
}

/** Content of block `a` ends at `end`; block `next` starts at `nextStart`; `pad` bytes are normal. */
function blockBoundary(diagnostics: DiagnosticSink, where: () => string, a: number, end: number, next: number, nextStart: number, pad: number): void {
  if (end > nextStart) {
    diagnostics.error('MOTN_BLOCK_OVERLAP', nextStart, end - nextStart,
      `${where()}: block ${a} ends at ${hex(end)}, ${end - nextStart} bytes past the start of block ${next} at ${hex(nextStart)}.`);
  } else if (nextStart - end > pad) {
    diagnostics.info('MOTN_BLOCK_GAP', end, nextStart - end,
      `${where()}: ${nextStart - end} unused bytes at ${hex(end)} between block ${a} and block ${next} (${hex(nextStart)}).`);
  }
}
