/**
 * One standard MOTN sequence from its keys (FORMATS.md §5), in the layout of motion.bin's
 * sequences (docs/writing.md, "MOTN"): the 12-byte header, block 1 (one instruction per bone,
 * ascending, then 0), block 2 (k per track: u8, u16 with the frame flag when a track has more
 * than 255), block 3 (the k intermediate frames: u8, u16 past 255 frames, after a 0 pad to 2),
 * block 4 (2-bit half counts, four per byte, most significant first), block 5 (after a 0 pad to
 * 2: the halves). Each key takes the fewest halves that keep it: none for value 0 with flat
 * tangents, [value] for flat tangents, [tangent, value] when in = out, else [in, out, value].
 * Tangents are stored per second (the keys form's slopes per frame × 30).
 */
import { MOTN_FPS } from '../../anim/motnTrack';
import { arrayAt, describe, fail, integerAt, member, objectAt, stringAt } from '../input';
import { floatToHalf } from '../scalars';

const CHANNEL_ORDER = ['position', 'rotation', 'scale'];
const AXIS_ORDER = ['x', 'y', 'z'];
const TRACK_PATH = /^bones\/(\d+)\/(position|rotation|scale)\/([xyz])$/;
/** Bone numbers are the instruction's top 7 bits. */
const MAX_BONE = 0x7f;
const F16_MAX = 65504;

interface Track { bone: number; bit: number; frames: number[]; halves: number[][]; path: string }

function half(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, `expected a number, got ${describe(value)}`);
  if (Math.abs(value) > F16_MAX) fail(path, `${value} does not fit in a half float (±${F16_MAX})`);
  // JSON has no −0: a 0 is stored as +0
  return floatToHalf(value + 0);
}

function tangent(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, `expected a number, got ${describe(value)}`);
  if (Math.abs(value * MOTN_FPS) > F16_MAX) fail(path, `${value} per frame is ${value * MOTN_FPS} per second: a half float holds ±${F16_MAX}`);
  return floatToHalf(value * MOTN_FPS + 0);
}

function readTrack(value: unknown, path: string, duration: number): Track {
  const o = objectAt(value, path);
  const p = stringAt(o.path, member(path, 'path'));
  const m = TRACK_PATH.exec(p);
  if (!m) fail(member(path, 'path'), `expected bones/BONE/position|rotation|scale/x|y|z, got ${describe(p)}`);
  const bone = Number(m[1]);
  if (bone > MAX_BONE) fail(member(path, 'path'), `bone ${bone}: a MOTN instruction holds bones 0..${MAX_BONE}`);
  const bit = CHANNEL_ORDER.indexOf(m[2]) * 3 + AXIS_ORDER.indexOf(m[3]);
  const keysPath = member(path, 'keys');
  const keys = arrayAt(o.keys, keysPath);
  if (keys.length < 2) fail(keysPath, `${keys.length} key(s): a MOTN track has a key at frame 0 and one at the duration (${duration})`);
  if (keys.length - 2 > 0xffff) fail(keysPath, `${keys.length - 2} keys between the ends: a track holds at most 65535`);
  const frames: number[] = [];
  const halves: number[][] = [];
  let previous = 0;
  keys.forEach((k, i) => {
    const kp = member(keysPath, i);
    const key = objectAt(k, kp);
    const fp = member(kp, 'frame');
    const frame = integerAt(key.frame, fp, 0, duration);
    if (i === 0 && frame !== 0) fail(fp, `the first key is at frame 0 (got ${frame})`);
    if (i === keys.length - 1 && frame !== duration) fail(fp, `the last key is at the duration, ${duration} (got ${frame})`);
    if (frame < previous) fail(fp, `keys out of order (${frame} after ${previous})`);
    previous = frame;
    if (i > 0 && i < keys.length - 1) frames.push(frame);
    const v = half(key.value, member(kp, 'value'));
    const tin = tangent(key.in, member(kp, 'in'));
    const tout = tangent(key.out, member(kp, 'out'));
    // fewest halves that keep the key (±0 alike: JSON has no −0)
    const zero = (h: number): boolean => (h & 0x7fff) === 0;
    if (tin !== tout && !(zero(tin) && zero(tout))) halves.push([tin, tout, v]);
    else if (!zero(tin)) halves.push([tin, v]);
    else if (!zero(v)) halves.push([v]);
    else halves.push([]);
  });
  return { bone, bit, frames, halves, path };
}

/**
 * The bytes of a standard sequence: `target` holds `duration` and `tracks`; `unknown` is the
 * header's second word (from the keys form's layout).
 */
export function encodeSequence(target: Record<string, unknown>, path: string, unknown: number): Uint8Array {
  const duration = integerAt(target.duration, member(path, 'duration'), 0, 0x7fff);
  const tracksPath = member(path, 'tracks');
  const tracks = arrayAt(target.tracks, tracksPath).map((t, i) => readTrack(t, member(tracksPath, i), duration));
  tracks.sort((a, b) => a.bone - b.bone || a.bit - b.bit);
  for (let i = 1; i < tracks.length; i++) {
    if (tracks[i].bone === tracks[i - 1].bone && tracks[i].bit === tracks[i - 1].bit) fail(member(tracks[i].path, 'path'), `a second track bones/${tracks[i].bone}/${CHANNEL_ORDER[Math.floor(tracks[i].bit / 3)]}/${AXIS_ORDER[tracks[i].bit % 3]}`);
  }
  const instructions: number[] = [];
  for (const t of tracks) {
    const mask = 0x100 >> t.bit;
    if (instructions.length && instructions[instructions.length - 1] >> 9 === t.bone) instructions[instructions.length - 1] |= mask;
    else instructions.push((t.bone << 9) | mask);
  }
  const frameFlag = tracks.some((t) => t.frames.length > 0xff);
  const countSize = frameFlag ? 2 : 1;
  const frameSize = duration > 0xff ? 2 : 1;
  let frameCount = 0, countBytes = 0, halfCount = 0;
  for (const t of tracks) {
    frameCount += t.frames.length;
    countBytes += (t.frames.length + 2 + 3) >> 2;
    for (const h of t.halves) halfCount += h.length;
  }
  const o2 = 12 + 2 * (instructions.length + 1);
  const end2 = o2 + tracks.length * countSize;
  const o3 = frameSize === 2 ? end2 + (end2 & 1) : end2;
  const o4 = o3 + frameCount * frameSize;
  const end4 = o4 + countBytes;
  const o5 = end4 + (end4 & 1);
  if (o5 > 0xffff) fail(tracksPath, `the sequence's block 5 would start ${o5} bytes in: its header's u16 offsets reach 65535 (fewer tracks or keys)`);
  const out = new Uint8Array(o5 + 2 * halfCount);
  const u16 = (at: number, v: number): void => { out[at] = v & 0xff; out[at + 1] = v >>> 8; };
  u16(0, duration | (frameFlag ? 0x8000 : 0));
  u16(2, unknown);
  u16(4, o2);
  u16(6, o3);
  u16(8, o4);
  u16(10, o5);
  instructions.forEach((instr, i) => u16(12 + 2 * i, instr));
  let c3 = o3, c4 = o4, c5 = o5;
  tracks.forEach((t, i) => {
    if (frameFlag) u16(o2 + 2 * i, t.frames.length); else out[o2 + i] = t.frames.length;
    for (const f of t.frames) {
      if (frameSize === 2) u16(c3, f); else out[c3] = f;
      c3 += frameSize;
    }
    t.halves.forEach((h, k) => {
      out[c4 + (k >> 2)] |= h.length << (6 - 2 * (k & 3));
      for (const v of h) { u16(c5, v); c5 += 2; }
    });
    c4 += (t.halves.length + 3) >> 2;
  });
  return out;
}
