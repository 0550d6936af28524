/**
 * The sample contract (scripts and the CLI depend on it): every track of every animation
 * evaluated at the integer frames 0, 1, …, duration of raw track time (no loop wrapping).
 */
import { Curve, sampleCurveInto } from '../anim/curve';
import { loopModeName, LoopModeName } from '../anim/loop';
import { compileMotnTrack, MotnKeyReading, readMotnKey } from '../anim/motnTrack';
import { MatrixSource, PlannedTrack, planBtk } from '../anim/tracks';
import { plannedFull } from '../anim/fullTrack';
import { keepShape } from '../runtime/shapes';
import type { BtkAnim } from '../formats/jsystem/btk/types';
import { writeTextureMatrix } from '../anim/texmtx';
import { SharedValues } from '../anim/sharedValues';
import { AnimData, AnimFormat, pageSpecFor } from './pages';
import type { DecodedFile } from '../formats/types';
import type { MotnAnim, MotnSequence } from '../formats/motn/types';
import { motnSequenceSize, scannedTrackCounts } from '../formats/motn/motn';
import { grouped } from '../formats/binary/text';

export interface SampledTrack {
  path: string;
  /** Value at frame 0, 1, …, duration. Read-only: tracks that read the same keys share one array. */
  values: number[];
  /** MOTN only: the stored keys as [frame, value]. */
  keys?: [number, number][];
}

export interface SampledAnimation {
  name: string;
  duration: number;
  loopMode: LoopModeName;
  tracks: SampledTrack[];
}

export interface SampleResult {
  format: AnimFormat;
  animations: SampledAnimation[];
  /** MOTN only: names of sequences that do not follow the standard layout. */
  skipped?: string[];
}

export interface SampleOptions {
  /** Only this animation: MOTN sequence name (or alias); J3D the file's animation name. */
  animation?: string;
}

export class SampleError extends Error {}

/**
 * J3D animation name: base name of `fileName` (archive paths allowed), without a trailing
 * `.szs`/`.yaz0` and then without its extension. Empty → the format name.
 */
export function j3dAnimationName(fileName: string, format: string): string {
  let base = fileName.split(/[\\/]/).pop() ?? '';
  base = base.replace(/\.(szs|yaz0)$/i, '');
  const dot = base.lastIndexOf('.');
  if (dot > 0) base = base.slice(0, dot);
  return base || format;
}

function frameCount(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? Math.floor(duration) + 1 : 1;
}

/**
 * Samples past which `sample` and the exports refuse unless asked (`--max-samples N`): one per
 * track and frame, plus one per MOTN key. motion.bin, the largest real file, has 4.1 million;
 * 5 million write about 150 MB of JSON.
 */
export const DEFAULT_MAX_SAMPLES = 5_000_000;

/** The document would hold more samples than allowed. */
export class SampleLimitError extends SampleError {
  constructor(readonly samples: number, readonly limit: number, readonly fileName: string) {
    super(`${fileName || 'file'}: sampling would write ${grouped(samples)} samples, more than the limit of ${grouped(limit)}`);
  }
}

/** One sampled animation, its tracks produced one at a time. */
export interface SampledAnimationStream {
  name: string;
  duration: number;
  loopMode: LoopModeName;
  tracks(): Iterable<SampledTrack>;
}

/**
 * The sample contract, produced lazily: `animations()` samples one track at a time, so a writer
 * never holds more than one track (plus, for MOTN, a bounded cache of aliased sequences). The
 * size is known before anything is sampled.
 */
export interface SampleStream {
  format: AnimFormat;
  animations(): Iterable<SampledAnimationStream>;
  /** MOTN only. */
  skipped?: string[];
  /** Values (one per track and frame) plus MOTN keys that the document holds. */
  samples: number;
  /** How many animations `animations()` yields. */
  animationCount: number;
}

/**
 * Tracks planned at most at once. An animation with more is planned group by group as it is
 * sampled, each group's plan let go behind it (planned twice: once to count): a plan held while
 * sampling is collected with the document, which costs more than planning again (the worst-case
 * BCK's 589,815 planned tracks held 250 MB; big.btk's 54,600 sample in 60–70 ms instead of 90–100).
 */
const HELD_PLAN = 4096;

/** The planned tracks of a J3D animation in the contract's order, and how many there are. */
export interface TrackPlan {
  count: number;
  /** Curves the tracks read: a texture-matrix element reads its entry's five SRT curves, any other track one. */
  readings: number;
  tracks(): Iterable<PlannedTrack>;
}

/** The groups' plans in order (PageSpec.groups: their concatenation is the animation's plan). */
function planByGroup(anim: AnimData): TrackPlan {
  const groups = pageSpecFor(anim).groups;
  const n = groups.count(anim);
  const held: PlannedTrack[] = [];
  let count = 0;
  let readings = 0;
  for (let g = 0; g < n; g++) {
    const plan = groups.plan(anim, g);
    count += plan.length;
    for (const t of plan) {
      readings += t.curve ? 1 : 5;
      if (count <= HELD_PLAN) held.push(t);
    }
  }
  if (count <= HELD_PLAN) return { count, readings, tracks: () => held };
  return {
    count,
    readings,
    *tracks() {
      for (let g = 0; g < n; g++) yield* groups.plan(anim, g);
    },
  };
}

/**
 * Samples planned tracks one at a time (exported for the test that its code survives a full GC). Tracks that read the same keys share one values array
 * (SharedValues), held up to `limit` values; derived matrix elements reuse the sampled SRT values of their entry.
 */
export function* samplePlan(plan: TrackPlan, frames: number, limit: number): Iterable<SampledTrack> {
  const shared = new SharedValues(frames, limit, plan.readings);
  const m = new Float64Array(6);
  // An entry's six elements follow one another: its matrix is composed once per frame, all six kept
  // until an element of another matrix comes.
  let last: MatrixSource | undefined;
  let columns: number[][] = [];
  for (const t of plan.tracks()) {
    if (t.curve) {
      yield { path: t.path, values: shared.of(t.curve) };
      continue;
    }
    const src = t.matrix!;
    if (!last || !sameMatrix(last, src)) {
      const ss = shared.of(src.scaleS);
      const st = shared.of(src.scaleT);
      const rq = shared.of(src.rotationQ);
      const ts = shared.of(src.translationS);
      const tt = shared.of(src.translationT);
      columns = [shared.fresh(), shared.fresh(), shared.fresh(), shared.fresh(), shared.fresh(), shared.fresh()];
      const [c0, c1, c2, c3, c4, c5] = columns;
      for (let f = 0; f < frames; f++) {
        writeTextureMatrix(m, 0, src.matrixMode, ss[f], st[f], rq[f], ts[f], tt[f], src.centerS, src.centerT);
        c0[f] = m[0]; c1[f] = m[1]; c2[f] = m[2]; c3[f] = m[3]; c4[f] = m[4]; c5[f] = m[5];
      }
      last = src;
    }
    yield { path: t.path, values: columns[src.element] };
  }
}

/** Two elements of one texture matrix: the same curves, mode and centre. */
function sameMatrix(a: MatrixSource, b: MatrixSource): boolean {
  return a.scaleS === b.scaleS && a.scaleT === b.scaleT && a.rotationQ === b.rotationQ && a.translationS === b.translationS &&
    a.translationT === b.translationT && a.matrixMode === b.matrixMode && Object.is(a.centerS, b.centerS) && Object.is(a.centerT, b.centerT);
}

/**
 * Values a streamed document holds to share them: aliased MOTN sequences (names sharing one data
 * offset share one `tracks` array) and J3D tracks that read the same keys are sampled once while held.
 */
const HELD_SAMPLES = 2_000_000;

const motnScratch = new Curve(64);
const motnReading: MotnKeyReading = { value: 0, inSlope: 0, outSlope: 0 };

function motnFrames(seq: MotnSequence): number {
  return (Number.isFinite(seq.frames) && seq.frames > 0 ? Math.floor(seq.frames) : 0) + 1;
}

/** Values and keys a MOTN sequence writes (from the decoder's counts while its tracks are unbuilt). */
function motnSamples(seq: MotnSequence): number {
  const { tracks, keys } = motnSequenceSize(seq);
  return tracks * motnFrames(seq) + keys;
}

/**
 * What aliased sequences share: their data offset while the decoder's lazy tracks are unbuilt
 * (aliases share one builder), else the tracks array. Read before anything is sampled.
 */
function motnShareKey(seq: MotnSequence): unknown {
  return scannedTrackCounts(seq) ? seq.offset : seq.tracks;
}

/** Sampled tracks of one MOTN sequence (MOTN sequences are sampled through one reused curve buffer). */
function sampleMotnTracks(seq: MotnSequence): SampledTrack[] {
  const frames = motnFrames(seq);
  const tracks: SampledTrack[] = [];
  for (const track of seq.tracks ?? []) {
    const curve = compileMotnTrack(track, motnScratch);
    const values = new Array<number>(frames);
    sampleCurveInto(curve, values, 0, 0, frames);
    const src = track.keys ?? [];
    const keys: [number, number][] = new Array(src.length);
    for (let i = 0; i < src.length; i++) keys[i] = [src[i].frame, readMotnKey(src[i].halves ?? [], motnReading).value];
    tracks.push({ path: `bones/${track.bone}/${track.channel}/${track.axis}`, values, keys });
  }
  return tracks;
}

function motnStream(anim: MotnAnim, wanted: string | undefined): SampleStream {
  const sequences = anim.sequences ?? [];
  const chosen: { seq: MotnSequence; name: string }[] = [];
  const skipped: string[] = [];
  if (wanted !== undefined) {
    const seq = sequences.find((s) => s.name === wanted) ?? sequences.find((s) => (s.aliases ?? []).includes(wanted));
    if (seq) {
      if (seq.standard) chosen.push({ seq, name: wanted });
      else skipped.push(wanted);
    }
  } else {
    const seen = new Set<string>();
    for (const seq of sequences) {
      if (seq.standard) {
        chosen.push({ seq, name: seq.name });
        continue;
      }
      for (const n of [seq.name, ...(seq.aliases ?? [])]) {
        if (!seen.has(n)) {
          seen.add(n);
          skipped.push(n);
        }
      }
    }
  }
  const counted = new Map<unknown, number>();
  const keys = chosen.map(({ seq }) => motnShareKey(seq));
  let samples = 0;
  for (let c = 0; c < chosen.length; c++) {
    const seq = chosen[c].seq;
    const key = keys[c];
    let n = counted.get(key);
    if (n === undefined) counted.set(key, (n = motnSamples(seq)));
    samples += n;
  }
  return {
    format: 'motn',
    samples,
    animationCount: chosen.length,
    skipped,
    *animations(): Iterable<SampledAnimationStream> {
      const cache = new Map<unknown, SampledTrack[]>();
      let cached = 0;
      for (let c = 0; c < chosen.length; c++) {
        const { seq, name } = chosen[c];
        const key = keys[c];
        let tracks = cache.get(key);
        if (!tracks) {
          tracks = sampleMotnTracks(seq);
          const size = counted.get(seq.offset) ?? 0;
          if (cached + size > HELD_SAMPLES) {
            cache.clear();
            cached = 0;
          }
          if (size <= HELD_SAMPLES) {
            cache.set(key, tracks);
            cached += size;
          }
        }
        const list = tracks;
        yield { name, duration: motnFrames(seq) - 1, loopMode: 'loop', tracks: () => list };
      }
    },
  };
}

/**
 * The sample contract of a decoded file as a stream (nothing sampled yet). Throws SampleError
 * when the file has no decoded animation; an `animation` that matches nothing gives no animations.
 */
export function sampleStream(file: DecodedFile, options: SampleOptions = {}): SampleStream {
  return stream(file, options, HELD_SAMPLES);
}

/** sampleStream holding up to `held` values to share them. */
function stream(file: DecodedFile, options: SampleOptions, held: number): SampleStream {
  keepSamplerShapes();
  const anim = file.anim;
  if (!anim) throw new SampleError(`${file.fileName || 'file'}: nothing decoded to sample (format ${file.format})`);
  if (anim.format === 'motn') return motnStream(anim, options.animation);
  const name = j3dAnimationName(file.fileName ?? '', anim.format);
  if (options.animation !== undefined && options.animation !== name) return { format: anim.format, samples: 0, animationCount: 0, animations: () => [] };
  const frames = frameCount(anim.duration);
  const planned = planByGroup(anim);
  return {
    format: anim.format,
    samples: planned.count * frames,
    animationCount: 1,
    animations: () => [{
      name,
      duration: frames - 1,
      loopMode: loopModeName(anim.loopMode),
      tracks: () => samplePlan(planned, frames, held),
    }],
  };
}

/** Throws SampleLimitError when `stream` holds more than `limit` samples. */
export function checkSampleLimit(stream: SampleStream, fileName: string, limit = DEFAULT_MAX_SAMPLES): void {
  if (stream.samples > limit) throw new SampleLimitError(stream.samples, limit, fileName);
}

/**
 * Samples a decoded file into one in-memory document; tracks that read the same keys the same way
 * share one `values` array (sampled once, read-only). Throws SampleError when the file has no
 * decoded animation; SampleLimitError past `maxSamples` (default {@link DEFAULT_MAX_SAMPLES}).
 * An `animation` that matches nothing gives an empty `animations` list.
 */
export function sampleFile(file: DecodedFile, options: SampleOptions & { maxSamples?: number } = {}): SampleResult {
  // The document holds every value anyway: nothing shared is let go.
  const sampled = stream(file, options, Infinity);
  checkSampleLimit(sampled, file.fileName, options.maxSamples);
  const animations: SampledAnimation[] = [];
  for (const a of sampled.animations()) animations.push({ name: a.name, duration: a.duration, loopMode: a.loopMode, tracks: [...a.tracks()] });
  const result: SampleResult = { format: sampled.format, animations };
  if (sampled.skipped) result.skipped = sampled.skipped;
  return result;
}

// The sampler's working objects, kept alive so that its optimized code survives a full GC (see
// runtime/shapes.ts; without them, every sampling after a GC ran deoptimized: real files 3.7 →
// 11 ms a pass): a BTK entry's plan (keyed tracks, matrix elements) and a full track, sampled.
// Made on the first sampling, not at load: a CLI command that samples nothing does not pay for it.
let shapesKept = false;
function keepSamplerShapes(): void {
  if (shapesKept) return;
  shapesKept = true;
  const tinyBtk = {
    format: 'btk', loopMode: 0, duration: 1, rotationFraction: 0, matrixMode: 0, entries: [{}],
    scaleBank: new Float32Array(0), rotationBank: new Int16Array(0), translationBank: new Float32Array(0),
  } as unknown as BtkAnim;
  const plan = [...planBtk(tinyBtk), plannedFull('', 0, '', '', 'scale', Curve.fromSteps([0, 1], 0, 2, 2), '', '')];
  keepShape([...samplePlan({ count: plan.length, readings: plan.length + 20, tracks: () => plan }, 2, Infinity)]);
  keepShape(new SharedValues(2));
}
