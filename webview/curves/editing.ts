/**
 * Editing keys in the curve view (issue 28): what the user asked for (CurveEdit, in the view's
 * track numbering and the curves' display units), the track drawn while a drag goes on (a
 * preview: the host's reload confirms), and the tangent handles' geometry.
 */
import type { DescribedKey, DescribedTrack } from '../../src/kinds/describe';
import { Curve, evaluateCurve } from '../../src/anim/curve';
import { KeyListBase } from '../../src/anim/tracks';
import type { TrackUnit } from '../../src/anim/tracks';
import type { Lane, PlotScale } from './scale';

/** One user action on the curves. `track` is the view's track index (the panel maps it to the group's). */
export type CurveEdit =
  | { kind: 'key'; track: number; key: number; frame?: number; value?: number; inSlope?: number; outSlope?: number }
  | { kind: 'addKey'; track: number; frame: number; value: number }
  | { kind: 'deleteKey'; track: number; key: number }
  | { kind: 'interpolation'; track: number; to: 'step' | 'hermite' };

/** What the arrow keys move a key's value by, per unit (one step of what the curves show). */
export const NUDGE: Record<TrackUnit, number> = { scale: 0.01, degrees: 1, radians: 0.01, units: 1, color: 1, matrix: 0.01, visibility: 1 };

/** On-screen length of a tangent handle (CSS px from the key). */
export const HANDLE_LENGTH = 36;

interface PlainKey { frame: number; value: number; inSlope: number; outSlope: number }

class PlainKeys extends KeyListBase {
  constructor(private readonly keys: PlainKey[]) { super(); }
  get length(): number { return this.keys.length; }
  frame(i: number): number { return this.keys[i].frame; }
  value(i: number): number { return this.keys[i].value; }
  inSlope(i: number): number { return this.keys[i].inSlope; }
  outSlope(i: number): number { return this.keys[i].outSlope; }
  at(i: number): DescribedKey { return { ...this.keys[i] }; }
}

/** The value of the key at or before frame f, held (a step track; the first key's before it). */
function heldAt(keys: PlainKey[], f: number): number {
  let lo = 0, hi = keys.length - 1;
  if (f >= keys[hi].frame) return keys[hi].value;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (keys[mid].frame <= f) lo = mid; else hi = mid;
  }
  return keys[lo].value;
}

/** The preview's evaluation: the sampler's own Hermite curve (src/anim/curve.ts) over the edited keys; held values for a step track. */
function evaluatorOf(keys: PlainKey[], step: boolean): (f: number) => number {
  if (keys.length === 0) return () => NaN;
  if (step) return (f) => heldAt(keys, f);
  const curve = Curve.fromKeys(keys.map((k) => k.frame), keys.map((k) => k.value), keys.map((k) => k.inSlope), keys.map((k) => k.outSlope));
  return (f) => evaluateCurve(curve, f);
}

/**
 * The track as it would be after `edit` (a key moved, its slopes changed, one added or removed),
 * for drawing while the user drags. Keys stay in frame order (a key dragged past another moves
 * past it). Only the view draws it: the file changes when the host applies the edit.
 */
export function previewTrack(track: DescribedTrack, edit: CurveEdit): DescribedTrack {
  const keys: PlainKey[] = [];
  for (let i = 0; i < track.keys.length; i++) {
    keys.push({ frame: track.keys.frame(i), value: track.keys.value(i), inSlope: track.keys.inSlope(i), outSlope: track.keys.outSlope(i) });
  }
  let step = track.interpolation === 'step';
  if (edit.kind === 'key' && keys[edit.key]) {
    const k = keys[edit.key];
    keys[edit.key] = { frame: edit.frame ?? k.frame, value: edit.value ?? k.value, inSlope: edit.inSlope ?? k.inSlope, outSlope: edit.outSlope ?? k.outSlope };
  } else if (edit.kind === 'addKey') {
    keys.push({ frame: edit.frame, value: edit.value, inSlope: 0, outSlope: 0 });
  } else if (edit.kind === 'deleteKey') {
    keys.splice(edit.key, 1);
  } else if (edit.kind === 'interpolation') {
    step = edit.to === 'step';
  }
  keys.sort((a, b) => a.frame - b.frame);
  const evaluate = evaluatorOf(keys, step);
  return {
    ...track,
    interpolation: step ? 'step' : undefined,
    keys: new PlainKeys(keys),
    evaluate,
    sample(out, first, stepFrames) {
      for (let i = 0; i < out.length; i++) out[i] = evaluate(first + i * stepFrames);
    },
  };
}

/** Where a key's tangent handles are drawn: HANDLE_LENGTH px from the key along its in and out slopes. */
export function handlePositions(scale: PlotScale, lane: Lane, key: PlainKey): { x: number; y: number; in: { x: number; y: number }; out: { x: number; y: number } } {
  const x = scale.frameToX(key.frame);
  const y = scale.valueToY(lane, key.value);
  const end = (slope: number, dir: 1 | -1): { x: number; y: number } => {
    // one frame along the slope, on screen; then scaled to the handle's length
    const dx = scale.frameToX(key.frame + dir) - x;
    const dy = scale.valueToY(lane, key.value + dir * slope) - y;
    const len = Math.hypot(dx, dy);
    return len > 0 && Number.isFinite(len) ? { x: x + (dx / len) * HANDLE_LENGTH, y: y + (dy / len) * HANDLE_LENGTH } : { x: x + dir * HANDLE_LENGTH, y };
  };
  return { x, y, in: end(key.inSlope, -1), out: end(key.outSlope, 1) };
}

/** The slope (display units per frame) a handle dragged to (px, py) gives the key; undefined when the point is on the key's frame. */
export function slopeFromHandle(scale: PlotScale, lane: Lane, key: { frame: number; value: number }, px: number, py: number, side: 'in' | 'out'): number | undefined {
  const frame = scale.xToFrame(px);
  const value = yToValue(lane, py);
  const df = frame - key.frame;
  // the in handle lies before the key, the out handle after it
  if (side === 'in' ? df >= -1e-9 : df <= 1e-9) return undefined;
  return (value - key.value) / df;
}

/** y (CSS px) → value in the lane (PlotScale.valueToY inverted). */
export function yToValue(lane: Lane, y: number): number {
  return lane.min + ((lane.plotBottom - y) / (lane.plotBottom - lane.plotTop)) * (lane.max - lane.min);
}

/** A value as the curves show it, rounded to what a pointer can mean (4 significant places past the lane's tick step). */
export function roundToLane(lane: Lane, v: number): number {
  const q = lane.step / 100;
  if (!(q > 0) || !Number.isFinite(v)) return v;
  const places = Math.min(12, Math.max(0, -Math.floor(Math.log10(q))));
  return Number((Math.round(v / q) * q).toFixed(places));
}
