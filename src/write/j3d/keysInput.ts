/**
 * Reading a J3D keys form (src/write/keysForm.ts) for a builder: the header values, the targets
 * with their binding and tracks by path, keyed tracks as bank runs and step tracks as per-frame
 * values — each value checked against the type its bank stores, a refusal naming its JSON path.
 */
import { arrayAt, describe, fail, integerAt, isObject, member, objectAt, stringAt } from '../input';

export interface TargetInput {
  path: string;
  binding: Record<string, unknown>;
  bindingPath: string;
  tracks: Map<string, { value: Record<string, unknown>; path: string }>;
}

export interface KeysInput {
  header: Record<string, unknown>;
  targets: LazyTargets;
}

/** Target `i` of the document: its binding and its tracks by path. */
function readTarget(t: unknown, i: number): TargetInput {
  const path = member('targets', i);
  const o = objectAt(t, path);
  const tracksPath = member(path, 'tracks');
  const tracks = new Map<string, { value: Record<string, unknown>; path: string }>();
  arrayAt(o.tracks, tracksPath).forEach((tr, k) => {
    // the JSON path is spelled out only when a refusal needs it (a big form has 590k tracks)
    const track = isObject(tr) ? tr : objectAt(tr, member(tracksPath, k));
    const trackPath = typeof track.path === 'string' ? track.path : stringAt(track.path, member(member(tracksPath, k), 'path'));
    tracks.set(trackPath, { value: track, get path() { return member(tracksPath, k); } });
  });
  const bindingPath = member(path, 'binding');
  return { path, binding: o.binding === undefined ? {} : objectAt(o.binding, bindingPath), bindingPath, tracks };
}

/**
 * The document of `format`: its header object and targets (at most `maxTargets`). Each target is
 * read when a builder reaches it, so a document the layout cannot hold is refused at the first
 * bank that overflows, without reading the rest.
 */
export function readKeys(value: unknown, format: string, maxTargets = 0xffff): KeysInput {
  const doc = objectAt(value, '');
  const got = stringAt(doc.format, 'format');
  if (got !== format) fail('format', `expected ${JSON.stringify(format)}, got ${JSON.stringify(got)}`);
  const header = objectAt(doc.header, 'header');
  const list = arrayAt(doc.targets, 'targets');
  if (list.length > maxTargets) fail('targets', `${list.length} targets: a ${format.toUpperCase()} holds at most ${maxTargets}`);
  return { header, targets: new LazyTargets(list) };
}

/** The targets, each read (readTarget) on first use: the few array methods the builders use. */
export class LazyTargets {
  private readonly read: (TargetInput | undefined)[];
  constructor(private readonly list: unknown[]) { this.read = new Array(list.length); }
  get length(): number { return this.list.length; }
  at(i: number): TargetInput { return this.read[i] ??= readTarget(this.list[i], i); }
  forEach(fn: (t: TargetInput, i: number) => void): void { for (let i = 0; i < this.list.length; i++) fn(this.at(i), i); }
  map<T>(fn: (t: TargetInput, i: number) => T): T[] { const out: T[] = []; this.forEach((t, i) => out.push(fn(t, i))); return out; }
  flatMap<T>(fn: (t: TargetInput, i: number) => T[]): T[] { const out: T[] = []; this.forEach((t, i) => out.push(...fn(t, i))); return out; }
}

/** The header's loop mode and duration (s16), as every kind has them. */
export function loopAndDuration(header: Record<string, unknown>): { loopMode: number; duration: number } {
  return {
    loopMode: integerAt(header.loopMode, 'header.loopMode', 0, 255),
    duration: integerAt(header.duration, 'header.duration', -0x8000, 0x7fff),
  };
}

export function trackOf(target: TargetInput, trackPath: string): { value: Record<string, unknown>; path: string } {
  const track = target.tracks.get(trackPath);
  if (!track) fail(member(target.path, 'tracks'), `no track ${trackPath}`);
  return track;
}

/** A JSON path, or how to make it: built only for a refusal (a big keys form has millions of keys). */
export type Where = string | (() => string);
const pathOf = (where: Where): string => (typeof where === 'string' ? where : where());

/** How a bank stores a keyed track's numbers; each returns the stored value or refuses `where`. */
export interface Quantiser {
  frame(v: number, where: Where): number;
  value(v: number, where: Where): number;
  slope(v: number, where: Where): number;
}

function finite(v: unknown, where: Where): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(pathOf(where), `expected a number, got ${describe(v)}`);
  return v;
}

const F32_MAX = 3.4028234663852886e38;

function f32(v: number, where: Where): number {
  if (Math.abs(v) > F32_MAX) fail(pathOf(where), `${v} does not fit in f32`);
  return Math.fround(v);
}

function s16(v: number, where: Where, what = 'a whole number'): number {
  if (!Number.isInteger(v) || v < -0x8000 || v > 0x7fff) fail(pathOf(where), `${v} is not ${what} in -32768..32767 (the bank is s16)`);
  return v;
}

export const F32_BANK: Quantiser = { frame: f32, value: f32, slope: f32 };
export const S16_BANK: Quantiser = { frame: (v, p) => s16(v, p), value: (v, p) => s16(v, p), slope: (v, p) => s16(v, p) };

/**
 * Angles in degrees stored as s16 steps of `degreesPerStep` (BCK/BTK rotation banks: frames are
 * s16 too). `nearest`: a value between steps takes the nearest (the form named no rotation
 * fraction: the builder picked it); else it is refused.
 */
export function angleBank(degreesPerStep: number, what: string, nearest = false): Quantiser {
  const raw = (v: number, where: Where): number => {
    const x = v / degreesPerStep;
    const r = Math.round(x);
    if ((!nearest && Math.abs(x - r) > 1e-6) || r < -0x8000 || r > 0x7fff) fail(pathOf(where), `${v}° is not a multiple of ${degreesPerStep}° within ±${0x8000 * degreesPerStep}° (${what})`);
    return r;
  };
  return { frame: (v, p) => s16(v, p, 'a whole frame'), value: raw, slope: raw };
}

/** A keyed track as a bank run: count, tangent mode (0: one slope per key) and its elements. */
export interface KeyedRun {
  count: number;
  mode: number;
  run: number[];
}

/**
 * The keyed track at `track`, stored by `q`. `tangents`: 'auto' writes mode 0 when every key's in
 * equals its out (BCK), 'separate' always mode 1 (what the other kinds' converter wrote).
 */
export function keyedRun(track: { value: Record<string, unknown>; path: string }, q: Quantiser, tangents: 'auto' | 'separate'): KeyedRun {
  const keysPath = (): string => member(track.path, 'keys');
  const list = Array.isArray(track.value.keys) ? track.value.keys as unknown[] : arrayAt(track.value.keys, keysPath());
  const n = list.length;
  if (n > 0xffff) fail(keysPath(), `${n} keys: a track holds at most 65535`);
  if (n === 0) return { count: 0, mode: 0, run: [] };
  // one path function for the whole track, told which key and field it is at: no allocation per key
  let at = 0, field = '';
  const where = (): string => member(member(keysPath(), at), field);
  const number = (o: Record<string, unknown>, name: string): number => { field = name; return finite(o[name], where); };
  const frames: number[] = new Array(n), values: number[] = new Array(n), ins: number[] = new Array(n), outs: number[] = new Array(n);
  let equal = true;
  for (let i = 0; i < n; i++) {
    at = i;
    const k = list[i];
    const o = isObject(k) ? k : objectAt(k, member(keysPath(), i));
    frames[i] = q.frame(number(o, 'frame'), where);
    values[i] = q.value(number(o, 'value'), where);
    ins[i] = q.slope(number(o, 'in'), where);
    outs[i] = q.slope(number(o, 'out'), where);
    if (!Object.is(ins[i], outs[i])) equal = false;
    if (i > 0 && frames[i] < frames[i - 1]) { field = 'frame'; fail(where(), `keys out of order (${frames[i]} after ${frames[i - 1]})`); }
  }
  if (n === 1) return { count: 1, mode: tangents === 'auto' ? 0 : 1, run: [values[0]] };
  const mode = tangents === 'auto' && equal ? 0 : 1;
  const run: number[] = [];
  for (let i = 0; i < n; i++) mode === 0 ? run.push(frames[i], values[i], ins[i]) : run.push(frames[i], values[i], ins[i], outs[i]);
  return { count: n, mode, run };
}

/**
 * A step track's stored values, one per frame: `step` runs `{frame, value}` (the first at frame 0,
 * frames rising, each value checked by `value`) held until the next, over `frames` frames.
 */
export function fullValues(track: { value: Record<string, unknown>; path: string }, value: (v: number, where: Where) => number): number[] {
  const frames = integerAt(track.value.frames, member(track.path, 'frames'), 0, 0xffff);
  const stepPath = member(track.path, 'step');
  const runs = arrayAt(track.value.step, stepPath);
  if (runs.length > 0 && frames === 0) fail(member(track.path, 'frames'), 'runs but 0 frames');
  if (frames > 0 && runs.length === 0) fail(stepPath, `${frames} frames but no values`);
  const values: number[] = new Array(frames);
  let next = 0;
  runs.forEach((r, i) => {
    const p = member(stepPath, i);
    const o = objectAt(r, p);
    const frame = integerAt(o.frame, member(p, 'frame'), next, frames - 1);
    if (i === 0 && frame !== 0) fail(member(p, 'frame'), 'the first run starts at frame 0');
    const v = value(finite(o.value, member(p, 'value')), member(p, 'value'));
    if (i > 0) values.fill(values[next - 1], next, frame);
    values[frame] = v;
    next = frame + 1;
  });
  if (next > 0) values.fill(values[next - 1], next, frames);
  return values;
}

/** A step value stored as an integer in [min, max] (u8, u16 banks). */
export function integerValue(min: number, max: number, what: string): (v: number, where: Where) => number {
  return (v, where) => {
    if (!Number.isInteger(v) || v < min || v > max) fail(pathOf(where), `${v} is not a whole number in ${min}..${max} (${what})`);
    return v;
  };
}

export const f32Value = f32;

/** The binding's text `name` (plain ASCII, no NUL: the name table stores bytes the game hashes). */
export function bindingName(target: TargetInput, name: string): string {
  const path = member(target.bindingPath, name);
  const text = stringAt(target.binding[name], path);
  if (!/^[\x01-\x7f]*$/.test(text)) fail(path, `${JSON.stringify(text)} is not plain ASCII: write it as ASCII (Shift-JIS names are kept only by export → build)`);
  return text;
}

export function bindingInteger(target: TargetInput, name: string, min: number, max: number): number {
  return integerAt(target.binding[name], member(target.bindingPath, name), min, max);
}

/**
 * The header's rotation fraction, or — when the form names none — the smallest whose s16 range
 * holds every rotation value and slope of the tracks `isRotation` picks (the finest step: values
 * then take the nearest step). Returns the angle quantiser too.
 */
export function rotationBankOf(header: Record<string, unknown>, targets: LazyTargets, isRotation: (path: string) => boolean): { fraction: number; bank: Quantiser } {
  if (header.rotationFraction !== undefined) {
    const fraction = integerAt(header.rotationFraction, 'header.rotationFraction', 0, 15);
    return { fraction, bank: angleBank((2 ** fraction * 180) / 32768, `rotation fraction ${fraction}`) };
  }
  let most = 0;
  targets.forEach((t) => {
    for (const [path, track] of t.tracks) {
      if (!isRotation(path) || !Array.isArray(track.value.keys)) continue;
      for (const k of track.value.keys as unknown[]) {
        if (!isObject(k)) continue;
        for (const v of [k.value, k.in, k.out]) if (typeof v === 'number' && Number.isFinite(v)) most = Math.max(most, Math.abs(v));
      }
    }
  });
  let fraction = 0;
  while (fraction < 15 && most > 32767 * ((2 ** fraction * 180) / 32768)) fraction++;
  return { fraction, bank: angleBank((2 ** fraction * 180) / 32768, `rotation fraction ${fraction}, picked`, true) };
}
