/**
 * One list of tracks per animation, shared by `sampleFile` and `describeTracks`: the path,
 * grouping, unit and precompiled curve of every channel, in the contract's order.
 */
import { Curve, CurvePost, evaluateCurve, sampleCurveAtStep } from './curve';
import { compileJ3DTrack, J3DChannel } from './j3dTrack';
import { compileMotnTrack, MotnKeyReading, readMotnKey } from './motnTrack';
import { rotationScale } from './rotation';
import { keepShape } from '../runtime/shapes';
import { MATRIX_ELEMENTS, writeTextureMatrix } from './texmtx';
import type { BckAnim } from '../formats/jsystem/bck/types';
import type { BrkAnim, BrkColorBanks, BrkEntry } from '../formats/jsystem/brk/types';
import type { BtkAnim } from '../formats/jsystem/btk/types';
import type { SrtTracks } from '../formats/jsystem/types';
import type { MotnKey, MotnSequence } from '../formats/motn/types';

/** What a track's values measure; `visibility`: 1 shown, 0 hidden (BVA). */
export type TrackUnit = 'scale' | 'degrees' | 'units' | 'color' | 'radians' | 'matrix' | 'visibility';

export interface DescribedKey {
  frame: number;
  /** In the track's unit (rotation keys in degrees; colour keys raw, before clamping). */
  value: number;
  /** Slopes per frame in the track's unit. */
  inSlope: number;
  outSlope: number;
  /** J3D: field-tree path of the key's value element, e.g. `ANK1/rotationBank[12]`. */
  valuePath?: string;
  /** MOTN: absolute offset of the key's first stored half (block 5). */
  valueOffset?: number;
  /** MOTN: bytes stored for the key (2 × number of halves). */
  valueSize?: number;
}

/**
 * The keys of a track, read on demand from where they are stored (a J3D bank, MOTN keys): no
 * object per key, so describing a track that claims 65,535 keys costs nothing until a key is
 * looked at. `at(i)` builds one key object (hover, selection); `toArray()` all (tests, tools).
 */
export interface KeyList {
  readonly length: number;
  frame(i: number): number;
  /** In the track's unit (rotation keys in degrees; colour keys raw, before clamping). */
  value(i: number): number;
  inSlope(i: number): number;
  outSlope(i: number): number;
  at(i: number): DescribedKey;
  toArray(): DescribedKey[];
}

export abstract class KeyListBase implements KeyList {
  abstract readonly length: number;
  abstract frame(i: number): number;
  abstract value(i: number): number;
  abstract inSlope(i: number): number;
  abstract outSlope(i: number): number;
  abstract at(i: number): DescribedKey;
  toArray(): DescribedKey[] {
    const out: DescribedKey[] = new Array(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.at(i);
    return out;
  }
}

class NoKeys extends KeyListBase {
  readonly length = 0;
  frame(): number { return NaN; }
  value(): number { return NaN; }
  inSlope(): number { return NaN; }
  outSlope(): number { return NaN; }
  at(i: number): DescribedKey { throw new RangeError(`no key ${i}`); }
}
export const NO_KEYS: KeyList = new NoKeys();

/** J3D keys: the channel's curve (a view over the bank) in the track's unit. */
class J3DKeys extends KeyListBase {
  readonly length: number;
  constructor(private readonly channel: J3DChannel, private readonly chunk: string, private readonly bank: string, private readonly unitScale: number) {
    super();
    this.length = channel.keyCount;
  }
  frame(i: number): number { return this.channel.curve.time(i); }
  value(i: number): number { return this.channel.curve.value(i) * this.unitScale; }
  inSlope(i: number): number { return this.channel.curve.inSlope(i) * this.unitScale; }
  outSlope(i: number): number { return this.channel.curve.outSlope(i) * this.unitScale; }
  at(i: number): DescribedKey {
    return {
      frame: this.frame(i), value: this.value(i), inSlope: this.inSlope(i), outSlope: this.outSlope(i),
      valuePath: `${this.chunk}/${this.bank}[${this.channel.valueElement(i)}]`,
    };
  }
}

/** MOTN keys as decoded (frame + stored halves). */
class MotnKeys extends KeyListBase {
  private readonly reading: MotnKeyReading = { value: 0, inSlope: 0, outSlope: 0 };
  constructor(private readonly keys: readonly MotnKey[]) {
    super();
  }
  get length(): number { return this.keys.length; }
  private read(i: number): MotnKeyReading { return readMotnKey(this.keys[i].halves ?? [], this.reading); }
  frame(i: number): number { return this.keys[i].frame; }
  value(i: number): number { return this.read(i).value; }
  inSlope(i: number): number { return this.read(i).inSlope; }
  outSlope(i: number): number { return this.read(i).outSlope; }
  at(i: number): DescribedKey {
    const key = this.keys[i];
    const r = this.read(i);
    return { frame: key.frame, value: r.value, inSlope: r.inSlope, outSlope: r.outSlope, valueOffset: key.offset, valueSize: 2 * (key.halves?.length ?? 0) };
  }
}

/** Inputs of a derived BTK matrix element. */
export interface MatrixSource {
  matrixMode: number;
  /** 0..5 = m00, m01, m02, m10, m11, m12. */
  element: number;
  scaleS: Curve;
  scaleT: Curve;
  rotationQ: Curve;
  translationS: Curve;
  translationT: Curve;
  centerS: number;
  centerT: number;
}

export interface PlannedTrack {
  path: string;
  /** Joint, entry or bone index. */
  group: number;
  channel: string;
  axis: string;
  unit: TrackUnit;
  /** `step`: one value per frame, held until the next (full tracks); absent: Hermite between keys (or derived). */
  interpolation?: 'step';
  /** The track's curve; null for derived BTK matrix elements (see `matrix`). */
  curve: Curve | null;
  matrix?: MatrixSource;
  /** The track's keys, read in place (for the curve view; sampling uses `curve`). */
  keys(): KeyList;
}

const AXES_XYZ = ['x', 'y', 'z'] as const;
const AXES_STQ = ['s', 't', 'q'] as const;
const SRT = ['scale', 'rotation', 'translation'] as const;
const RGBA = ['r', 'g', 'b', 'a'] as const;
const SRT_UNITS: Record<(typeof SRT)[number], TrackUnit> = { scale: 'scale', rotation: 'degrees', translation: 'units' };
const SRT_BANKS = { scale: 'scaleBank', rotation: 'rotationBank', translation: 'translationBank' } as const;
const SRT_DEFAULTS = { scale: 1, rotation: 0, translation: 0 } as const;

const scratch = new Float64Array(6);

/** Value of a planned track at frame f (no allocation). */
export function evaluatePlanned(track: PlannedTrack, f: number): number {
  if (track.curve) return evaluateCurve(track.curve, f);
  const m = track.matrix!;
  writeTextureMatrix(
    scratch,
    0,
    m.matrixMode,
    evaluateCurve(m.scaleS, f),
    evaluateCurve(m.scaleT, f),
    evaluateCurve(m.rotationQ, f),
    evaluateCurve(m.translationS, f),
    evaluateCurve(m.translationT, f),
    m.centerS,
    m.centerT,
  );
  return scratch[m.element];
}

/** Values of a planned track at frames first, first+step, … into `out` (all of it), as evaluatePlanned gives them. */
export function samplePlanned(track: PlannedTrack, out: Float64Array, first: number, step: number): void {
  if (track.curve) {
    sampleCurveAtStep(track.curve, out, first, step);
    return;
  }
  // A texture-matrix element: its five curves sampled in one pass each, then composed per column.
  const m = track.matrix!;
  const n = out.length;
  const [scaleS, scaleT, rotation, translationS, translationT] = [m.scaleS, m.scaleT, m.rotationQ, m.translationS, m.translationT].map((c) => {
    const values = new Float64Array(n);
    sampleCurveAtStep(c, values, first, step);
    return values;
  });
  for (let j = 0; j < n; j++) {
    writeTextureMatrix(scratch, 0, m.matrixMode, scaleS[j], scaleT[j], rotation[j], translationS[j], translationT[j], m.centerS, m.centerT);
    out[j] = scratch[m.element];
  }
}

/**
 * A planned J3D track whose key list is made when asked for (one object per track, no closure:
 * the worst-case BCK plans 589,815 of them to be sampled).
 */
class J3DPlannedTrack implements PlannedTrack {
  readonly curve: Curve;
  private list: KeyList | undefined;
  constructor(
    readonly path: string,
    readonly group: number,
    readonly channel: string,
    readonly axis: string,
    readonly unit: TrackUnit,
    private readonly compiled: J3DChannel,
    private readonly chunk: string,
    private readonly bank: string,
    private readonly unitScale: number,
  ) {
    this.curve = compiled.curve;
  }

  keys(): KeyList {
    return (this.list ??= new J3DKeys(this.compiled, this.chunk, this.bank, this.unitScale));
  }
}

/** A keyed J3D track (count/index/tangent entry) as a planned track: its curve, and its keys linked to `chunk/bank[i]`. */
export function plannedKeyed(path: string, group: number, channel: string, axis: string, unit: TrackUnit,
  compiled: J3DChannel, chunk: string, bank: string, unitScale = 1): PlannedTrack {
  return new J3DPlannedTrack(path, group, channel, axis, unit, compiled, chunk, bank, unitScale);
}

type SrtBanks = Pick<BckAnim, 'scaleBank' | 'rotationBank' | 'translationBank'>;

const EMPTY_BANK = new Float32Array(0);
const SCALE_OPTIONS = { defaultValue: SRT_DEFAULTS.scale, post: CurvePost.None, scale: 1 };
const TRANSLATION_OPTIONS = { defaultValue: SRT_DEFAULTS.translation, post: CurvePost.None, scale: 1 };

// A planned keyed track, its channel and curves, and a constant, kept alive (see runtime/shapes.ts).
keepShape(plannedKeyed('', 0, '', '', 'scale', compileJ3DTrack({ count: 2, index: 0, tangentMode: 0 }, new Float32Array(6), SCALE_OPTIONS), '', '', 1));
keepShape(compileJ3DTrack(undefined, EMPTY_BANK, SCALE_OPTIONS));

/**
 * `scale/x` … `translation/z` per axis names, made once: a path is then one join of two strings,
 * not three (the worst-case BCK's result holds 589,815 paths).
 */
const SRT_SUFFIXES = new Map<readonly string[], string[]>();
function srtSuffix(axes: readonly string[], k: number, a: number): string {
  let list = SRT_SUFFIXES.get(axes);
  if (!list) SRT_SUFFIXES.set(axes, (list = SRT.flatMap((kind) => axes.map((axis) => `${kind}/${axis}`))));
  return list[3 * k + a];
}

/** The SRT curves of a group: index 3 × (scale 0, rotation 1, translation 2) + axis. */
type SrtCurves = Curve[];

function planSrt(
  out: PlannedTrack[],
  prefix: string,
  group: number,
  axes: readonly string[],
  perAxis: (SrtTracks | undefined)[],
  banks: SrtBanks,
  rotScale: number,
  chunk: string,
): SrtCurves {
  const curves: SrtCurves = new Array(9);
  const rotationOptions = { defaultValue: SRT_DEFAULTS.rotation, post: CurvePost.Rotation, scale: rotScale };
  const groupPath = `${prefix}/${group}/`;
  for (let k = 0; k < 3; k++) {
    const kind = SRT[k];
    const bankName = SRT_BANKS[kind];
    const bank = banks[bankName] ?? EMPTY_BANK;
    const options = k === 0 ? SCALE_OPTIONS : k === 1 ? rotationOptions : TRANSLATION_OPTIONS;
    for (let a = 0; a < 3; a++) {
      const channel = compileJ3DTrack(perAxis[a]?.[kind], bank, options);
      curves[3 * k + a] = channel.curve;
      out.push(new J3DPlannedTrack(groupPath + srtSuffix(axes, k, a), group, kind, axes[a], SRT_UNITS[kind], channel, chunk, bankName, k === 1 ? rotScale : 1));
    }
  }
  return curves;
}

/** Joints `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBck(anim: BckAnim, first = 0, end = anim.joints?.length ?? 0): PlannedTrack[] {
  const out: PlannedTrack[] = [];
  const rotScale = rotationScale(anim.rotationFraction);
  const joints = anim.joints ?? [];
  for (let i = Math.max(0, first); i < Math.min(end, joints.length); i++) {
    const joint = joints[i];
    planSrt(out, 'joints', i, AXES_XYZ, [joint?.x, joint?.y, joint?.z], anim, rotScale, 'ANK1');
  }
  return out;
}

/** Entries `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBtk(anim: BtkAnim, first = 0, end = anim.entries?.length ?? 0): PlannedTrack[] {
  const out: PlannedTrack[] = [];
  const rotScale = rotationScale(anim.rotationFraction);
  const entries = anim.entries ?? [];
  for (let i = Math.max(0, first); i < Math.min(end, entries.length); i++) {
    const entry = entries[i];
    const curves = planSrt(out, 'entries', i, AXES_STQ, [entry?.s, entry?.t, entry?.q], anim, rotScale, 'TTK1');
    const center = entry?.center ?? [0, 0, 0];
    const matrixPath = `entries/${i}/matrix/`;
    MATRIX_ELEMENTS.forEach((name, element) => {
      out.push({
        path: matrixPath + name,
        group: i,
        channel: 'matrix',
        axis: name,
        unit: 'matrix',
        curve: null,
        matrix: {
          matrixMode: anim.matrixMode,
          element,
          scaleS: curves[0],
          scaleT: curves[1],
          rotationQ: curves[5],
          translationS: curves[6],
          translationT: curves[7],
          centerS: center[0] ?? 0,
          centerT: center[1] ?? 0,
        },
        keys: () => NO_KEYS,
      });
    });
  }
  return out;
}

function planBrkEntry(out: PlannedTrack[], group: 'register' | 'konstant', entry: BrkEntry | undefined, i: number, banks: BrkColorBanks | undefined): void {
  const post = group === 'register' ? CurvePost.Register : CurvePost.Konstant;
  // One prefix for the entry's four paths: each path is then one join of two strings.
  const prefix = `${group}/${i}/`;
  for (const c of RGBA) {
    const channel = compileJ3DTrack(entry?.[c], banks?.[c] ?? new Int16Array(0), { defaultValue: 0, post });
    out.push(plannedKeyed(prefix + c, i, group, c, 'color', channel, 'TRK1', `${group}${c.toUpperCase()}Bank`, 1));
  }
}

/** The entries of one list, or with `only` just that one (read directly: a group's plan costs the same whatever the list's length). */
function planBrkGroup(out: PlannedTrack[], group: 'register' | 'konstant', entries: BrkEntry[], banks: BrkColorBanks | undefined, only?: number): void {
  const list = entries ?? [];
  if (only !== undefined) {
    if (only >= 0 && only < list.length) planBrkEntry(out, group, list[only], only, banks);
    return;
  }
  for (let i = 0; i < list.length; i++) planBrkEntry(out, group, list[i], i, banks);
}

/**
 * Register entries, then konstant entries; with `entry`, only that one (numbered across both
 * lists: register entries first).
 */
export function planBrk(anim: BrkAnim, entry?: number): PlannedTrack[] {
  const out: PlannedTrack[] = [];
  const registers = anim.register?.length ?? 0;
  if (entry === undefined || entry < registers) planBrkGroup(out, 'register', anim.register, anim.registerBanks, entry);
  if (entry === undefined || entry >= registers) planBrkGroup(out, 'konstant', anim.konstant, anim.konstantBanks, entry === undefined ? undefined : entry - registers);
  return out;
}

const MOTN_UNITS: Record<string, TrackUnit> = { position: 'units', rotation: 'radians', scale: 'scale' };

export function planMotnSequence(seq: MotnSequence): PlannedTrack[] {
  return (seq.tracks ?? []).map((track) => {
    const curve = compileMotnTrack(track);
    return {
      path: `bones/${track.bone}/${track.channel}/${track.axis}`,
      group: track.bone,
      channel: track.channel,
      axis: track.axis,
      unit: MOTN_UNITS[track.channel] ?? 'units',
      curve,
      keys: () => new MotnKeys(track.keys ?? []),
    };
  });
}
