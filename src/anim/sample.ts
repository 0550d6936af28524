/**
 * The sample contract (scripts and the CLI depend on it): every track of every animation
 * evaluated at the integer frames 0, 1, …, duration of raw track time (no loop wrapping).
 */
import { Curve, sampleCurveInto } from './curve';
import { planTracks } from './describe';
import { loopModeName, LoopModeName } from './loop';
import { compileMotnTrack, MotnKeyReading, readMotnKey } from './motnTrack';
import type { PlannedTrack } from './tracks';
import { writeTextureMatrix } from './texmtx';
import type { AnimFormat } from '../formats/registry';
import type { DecodedFile } from '../formats/types';
import type { MotnAnim, MotnSequence } from '../formats/motn/types';

export interface SampledTrack {
  path: string;
  /** Value at frame 0, 1, …, duration. */
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

function sampleCurve(curve: Curve, frames: number, cache: Map<Curve, number[]>): number[] {
  let values = cache.get(curve);
  if (!values) {
    values = new Array<number>(frames);
    sampleCurveInto(curve, values, 0, 0, frames);
    cache.set(curve, values);
  }
  return values;
}

/** Samples planned tracks; derived matrix elements reuse the sampled SRT values. */
function samplePlanned(tracks: PlannedTrack[], frames: number): number[][] {
  const cache = new Map<Curve, number[]>();
  const m = new Float64Array(6);
  return tracks.map((t) => {
    if (t.curve) return sampleCurve(t.curve, frames, cache).slice();
    const src = t.matrix!;
    const ss = sampleCurve(src.scaleS, frames, cache);
    const st = sampleCurve(src.scaleT, frames, cache);
    const rq = sampleCurve(src.rotationQ, frames, cache);
    const ts = sampleCurve(src.translationS, frames, cache);
    const tt = sampleCurve(src.translationT, frames, cache);
    const values = new Array<number>(frames);
    for (let f = 0; f < frames; f++) {
      writeTextureMatrix(m, 0, src.matrixMode, ss[f], st[f], rq[f], ts[f], tt[f], src.centerS, src.centerT);
      values[f] = m[src.element];
    }
    return values;
  });
}

const motnScratch = new Curve(64);
const motnReading: MotnKeyReading = { value: 0, inSlope: 0, outSlope: 0 };

/** MOTN sequences are sampled through one reused curve buffer (sampleFile is synchronous). */
function sampleMotnSequence(seq: MotnSequence, name: string): SampledAnimation {
  const duration = Number.isFinite(seq.frames) && seq.frames > 0 ? Math.floor(seq.frames) : 0;
  const frames = duration + 1;
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
  return { name, duration, loopMode: 'loop', tracks };
}

function sampleMotn(anim: MotnAnim, wanted: string | undefined): SampleResult {
  const sequences = anim.sequences ?? [];
  const animations: SampledAnimation[] = [];
  const skipped: string[] = [];
  if (wanted !== undefined) {
    const seq = sequences.find((s) => s.name === wanted) ?? sequences.find((s) => (s.aliases ?? []).includes(wanted));
    if (seq) {
      if (seq.standard) animations.push(sampleMotnSequence(seq, wanted));
      else skipped.push(wanted);
    }
    return { format: 'motn', animations, skipped };
  }
  const seen = new Set<string>();
  for (const seq of sequences) {
    if (seq.standard) {
      animations.push(sampleMotnSequence(seq, seq.name));
      continue;
    }
    for (const n of [seq.name, ...(seq.aliases ?? [])]) {
      if (!seen.has(n)) {
        seen.add(n);
        skipped.push(n);
      }
    }
  }
  return { format: 'motn', animations, skipped };
}

/**
 * Samples a decoded file. Throws SampleError when the file has no decoded animation.
 * An `animation` that matches nothing gives an empty `animations` list.
 */
export function sampleFile(file: DecodedFile, options: SampleOptions = {}): SampleResult {
  const anim = file.anim;
  if (!anim) throw new SampleError(`${file.fileName || 'file'}: nothing decoded to sample (format ${file.format})`);
  if (anim.format === 'motn') return sampleMotn(anim, options.animation);
  const name = j3dAnimationName(file.fileName ?? '', anim.format);
  if (options.animation !== undefined && options.animation !== name) return { format: anim.format, animations: [] };
  const frames = frameCount(anim.duration);
  const planned = planTracks(anim);
  const values = samplePlanned(planned, frames);
  return {
    format: anim.format,
    animations: [
      {
        name,
        duration: frames - 1,
        loopMode: loopModeName(anim.loopMode),
        tracks: planned.map((t, i) => ({ path: t.path, values: values[i] })),
      },
    ],
  };
}
