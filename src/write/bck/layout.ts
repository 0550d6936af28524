/**
 * A BCK laid out from its keys form (keysForm.ts) the way the games' converter does, as far as the
 * real files show it (docs/writing.md): J3D header with 0x10–0x1F 0xFF; ANK1 header padded to
 * 0x40; the joint table; the scale (f32), rotation (s16) and translation (f32) banks, each
 * 32-byte aligned with the padding text between. Each bank starts with the channel's default
 * value (1, 0, 0) and a track's run of elements is reused at its first occurrence (greedy).
 * One key: its value once; keys: (frame, value, tangent) when every key's in equals its out
 * (tangent mode 0), else (frame, value, in, out).
 */
import { arrayAt, fail, integerAt, member, objectAt, stringAt } from '../input';
import { writeScalar } from '../scalars';
import { align, fillPadding } from '../padding';

const CHANNELS = ['scale', 'rotation', 'translation'] as const;
const AXES = ['x', 'y', 'z'] as const;
type Channel = (typeof CHANNELS)[number];

interface Entry { count: number; index: number; mode: number }

/**
 * Banks built by first-occurrence reuse of element runs. Positions are indexed by their element
 * value (−0 apart from 0), so a run is compared only where its first element occurs.
 */
class Bank {
  readonly values: number[] = [];
  private readonly at = new Map<string, number[]>();
  constructor(first: number) { this.append([first]); }
  private static key(v: number): string { return Object.is(v, -0) ? '-0' : String(v); }
  private append(run: number[]): number {
    const start = this.values.length;
    for (const v of run) {
      const k = Bank.key(v);
      let list = this.at.get(k);
      if (!list) this.at.set(k, list = []);
      list.push(this.values.length);
      this.values.push(v);
    }
    return start;
  }
  place(run: number[]): number {
    const v = this.values;
    const candidates = this.at.get(Bank.key(run[0])) ?? [];
    outer: for (const i of candidates) {
      if (i + run.length > v.length) break;
      for (let k = 1; k < run.length; k++) if (!Object.is(v[i + k], run[k])) continue outer;
      return i;
    }
    return this.append(run);
  }
}

function keyNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, `expected a number, got ${JSON.stringify(value)}`);
  return value;
}

export function buildBckFromKeys(value: unknown): Uint8Array {
  const doc = objectAt(value, '');
  if (stringAt(doc.format, 'format') !== 'bck') fail('format', 'only BCK keys can be built in this version');
  const header = objectAt(doc.header, 'header');
  const loopMode = integerAt(header.loopMode, 'header.loopMode', 0, 255);
  const fraction = integerAt(header.rotationFraction, 'header.rotationFraction', 0, 15);
  const duration = integerAt(header.duration, 'header.duration', -0x8000, 0x7fff);
  const targets = arrayAt(doc.targets, 'targets');
  if (targets.length > 0xffff) fail('targets', `${targets.length} joints: a BCK holds at most 65535`);
  const degreesPerRaw = (2 ** fraction * 180) / 32768;
  const banks: Record<Channel, Bank> = { scale: new Bank(1), rotation: new Bank(0), translation: new Bank(0) };
  const entries: Entry[] = [];
  targets.forEach((t, j) => {
    const tpath = member('targets', j);
    const tracks = arrayAt(objectAt(t, tpath).tracks, member(tpath, 'tracks'));
    const byPath = new Map<string, { keys: unknown[]; path: string }>();
    tracks.forEach((tr, i) => {
      const p = member(member(tpath, 'tracks'), i);
      const o = objectAt(tr, p);
      byPath.set(stringAt(o.path, member(p, 'path')), { keys: arrayAt(o.keys, member(p, 'keys')), path: member(p, 'keys') });
    });
    for (const axis of AXES) {
      for (const channel of CHANNELS) {
        const track = byPath.get(`joints/${j}/${channel}/${axis}`);
        if (!track) fail(member(tpath, 'tracks'), `no track joints/${j}/${channel}/${axis}`);
        const scale = channel === 'rotation' ? 1 / degreesPerRaw : 1;
        const stored = (v: number, p: string): number => {
          if (channel !== 'rotation') return Math.fround(v);
          const raw = v * scale;
          const r = Math.round(raw);
          if (Math.abs(raw - r) > 1e-6 || r < -0x8000 || r > 0x7fff) fail(p, `${v}° is not a multiple of ${degreesPerRaw}° within ±${0x8000 * degreesPerRaw}° (rotation fraction ${fraction})`);
          return r;
        };
        const keys = track.keys.map((k, i) => {
          const p = member(track.path, i);
          const o = objectAt(k, p);
          return { frame: keyNumber(o.frame, member(p, 'frame')), value: stored(keyNumber(o.value, member(p, 'value')), member(p, 'value')),
            in: stored(keyNumber(o.in, member(p, 'in')), member(p, 'in')), out: stored(keyNumber(o.out, member(p, 'out')), member(p, 'out')), path: p };
        });
        for (let i = 1; i < keys.length; i++) if (keys[i].frame < keys[i - 1].frame) fail(member(keys[i].path, 'frame'), `keys out of order (${keys[i].frame} after ${keys[i - 1].frame})`);
        if (keys.length > 0xffff) fail(track.path, `${keys.length} keys: a track holds at most 65535`);
        if (keys.length === 0) { entries.push({ count: 0, index: 0, mode: 0 }); continue; }
        if (keys.length === 1) { entries.push({ count: 1, index: banks[channel].place([keys[0].value]), mode: 0 }); continue; }
        const frame = (f: number): number => (channel === 'rotation' ? f : Math.fround(f));
        const mode = keys.every((k) => Object.is(k.in, k.out)) ? 0 : 1;
        const run = keys.flatMap((k) => (mode === 0 ? [frame(k.frame), k.value, k.in] : [frame(k.frame), k.value, k.in, k.out]));
        entries.push({ count: keys.length, index: banks[channel].place(run), mode });
      }
    }
  });
  for (const c of CHANNELS) if (banks[c].values.length > 0xffff) fail('targets', `the ${c} bank needs ${banks[c].values.length} elements: at most 65535`);

  const C = 0x20;
  const jointTable = 0x40;
  const scaleAt = align(jointTable + entries.length * 6, 32);
  const rotationAt = align(scaleAt + banks.scale.values.length * 4, 32);
  const translationAt = align(rotationAt + banks.rotation.values.length * 2, 32);
  const end = align(translationAt + banks.translation.values.length * 4, 32);
  const out = new Uint8Array(C + end);
  const w = (at: number, type: 'u8' | 'u16' | 's16' | 'u32' | 'f32', v: number): void => writeScalar(out, at, type, 'big', v, 'layout');
  out.set([0x4a, 0x33, 0x44, 0x31, 0x62, 0x63, 0x6b, 0x31], 0); // J3D1 bck1
  w(8, 'u32', out.length);
  w(12, 'u32', 1);
  out.fill(0xff, 0x10, 0x20);
  out.set([0x41, 0x4e, 0x4b, 0x31], C); // ANK1
  w(C + 4, 'u32', end);
  w(C + 8, 'u8', loopMode);
  w(C + 9, 'u8', fraction);
  w(C + 0x0a, 's16', duration);
  w(C + 0x0c, 'u16', targets.length);
  w(C + 0x0e, 'u16', banks.scale.values.length);
  w(C + 0x10, 'u16', banks.rotation.values.length);
  w(C + 0x12, 'u16', banks.translation.values.length);
  w(C + 0x14, 'u32', jointTable);
  w(C + 0x18, 'u32', scaleAt);
  w(C + 0x1c, 'u32', rotationAt);
  w(C + 0x20, 'u32', translationAt);
  fillPadding(out, C + 0x24, C + jointTable);
  entries.forEach((e, i) => {
    const at = C + jointTable + i * 6;
    w(at, 'u16', e.count);
    w(at + 2, 'u16', e.index);
    w(at + 4, 'u16', e.mode);
  });
  const tableEnd = C + jointTable + entries.length * 6;
  fillPadding(out, tableEnd, C + scaleAt);
  banks.scale.values.forEach((v, i) => w(C + scaleAt + i * 4, 'f32', v));
  fillPadding(out, C + scaleAt + banks.scale.values.length * 4, C + rotationAt);
  banks.rotation.values.forEach((v, i) => w(C + rotationAt + i * 2, 's16', v));
  fillPadding(out, C + rotationAt + banks.rotation.values.length * 2, C + translationAt);
  banks.translation.values.forEach((v, i) => w(C + translationAt + i * 4, 'f32', v));
  fillPadding(out, C + translationAt + banks.translation.values.length * 4, out.length);
  return out;
}
