/**
 * The floors `npm run bench` prints beside AnimScope's figures where noclip is not available to the
 * bench: what the same work costs written as plainly as it can be.
 *
 * - Parse floor: one DataView walk over the file's bytes reading every field once (header, tables,
 *   every key of every bank), in file order, into nothing. Where the fields are is taken from the
 *   decoded field tree before the clock starts (a list of offset + type), so the timed loop is only
 *   the reads a hand-written loader cannot avoid.
 * - Sampling floor: every keyed track's keys copied out before the clock starts; timed, a cursor
 *   per track walking the frames 0…duration with the plain cubic Hermite into a new Float64Array per
 *   track. No rotation snapping, colour clamping, value sharing or missing values: a floor, not a sampler.
 */
import type { FieldNode, ElementLayout, ScalarType } from '../src/formats/binary/fields';
import { isScalarType } from '../src/formats/binary/fields';
import type { DecodedFile } from '../src/formats/types';
import { planTracks } from '../src/kinds/describe';

const TYPE_CODE: Record<ScalarType, number> = { u8: 0, s8: 1, u16: 2, s16: 3, u32: 4, s32: 5, f32: 6, f16: 2 };

/** Every scalar field of a decoded file: where it is and how to read it. */
export interface FieldReads { offsets: Int32Array; types: Uint8Array; little: boolean }

/** The reads of every scalar below `root` (array elements expanded from their layout), sorted by offset. */
export function fieldReads(root: FieldNode, byteLength: number, little = false): FieldReads {
  const pairs: number[] = [];
  const add = (offset: number, type: string, size: number): void => {
    if (isScalarType(type) && offset >= 0 && offset + size <= byteLength) pairs.push(offset, TYPE_CODE[type]);
  };
  const addLayout = (layout: ElementLayout, base: number): void => {
    if (layout.fields) for (const f of layout.fields) addLayout(f, base + layout.offset);
    else add(base + layout.offset, layout.type, layout.size);
  };
  const visit = (node: FieldNode): void => {
    if (node.missing) return;
    if (node.array) {
      const { count, stride, element } = node.array;
      for (let i = 0; i < count; i++) addLayout(element, node.offset + i * stride);
    } else if (node.children) for (const c of node.children) visit(c);
    else add(node.offset, node.type, node.size);
  };
  visit(root);
  const n = pairs.length / 2;
  let order = Array.from({ length: n }, (_, i) => i);
  if (order.some((k, i) => i > 0 && pairs[2 * k] < pairs[2 * k - 2])) order = order.sort((a, b) => pairs[2 * a] - pairs[2 * b]);
  const offsets = new Int32Array(n), types = new Uint8Array(n);
  order.forEach((k, i) => { offsets[i] = pairs[2 * k]; types[i] = pairs[2 * k + 1]; });
  return { offsets, types, little };
}

/** The parse floor: every field read once through a DataView; returns a sum so nothing is optimised away. */
export function walkFields(bytes: Uint8Array, reads: FieldReads): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { offsets, types, little } = reads;
  let sum = 0;
  for (let i = 0; i < offsets.length; i++) {
    const o = offsets[i];
    switch (types[i]) {
      case 0: sum += view.getUint8(o); break;
      case 1: sum += view.getInt8(o); break;
      case 2: sum += view.getUint16(o, little); break;
      case 3: sum += view.getInt16(o, little); break;
      case 4: sum += view.getUint32(o, little); break;
      case 5: sum += view.getInt32(o, little); break;
      default: sum += view.getFloat32(o, little); break;
    }
  }
  return sum;
}

/** The keys of every track of a file, (time, value, in, out) per key, and the frames to sample. */
export interface FloorTracks { keys: Float64Array[]; frames: number }

export function floorTracks(file: DecodedFile): FloorTracks {
  const anim = file.anim;
  if (!anim || !('duration' in anim)) return { keys: [], frames: 0 };
  const duration = Number(anim.duration);
  const frames = Number.isFinite(duration) && duration > 0 ? Math.floor(duration) + 1 : 1;
  const keys: Float64Array[] = [];
  for (const t of planTracks(anim)) {
    const c = t.curve;
    if (!c) continue;
    const k = new Float64Array(4 * c.n);
    for (let i = 0; i < c.n; i++) {
      k[4 * i] = c.time(i); k[4 * i + 1] = c.value(i); k[4 * i + 2] = c.inSlope(i); k[4 * i + 3] = c.outSlope(i);
    }
    keys.push(k);
  }
  return { keys, frames };
}

/** The sampling floor: every track at every frame into an array of its own. */
export function sampleFloor(tracks: FloorTracks): Float64Array[] {
  const out: Float64Array[] = new Array(tracks.keys.length);
  const frames = tracks.frames;
  for (let t = 0; t < tracks.keys.length; t++) {
    const k = tracks.keys[t];
    const values = new Float64Array(frames);
    const last = k.length - 4;
    let a = 0;
    for (let f = 0; f < frames; f++) {
      if (last === 0 || f <= k[0]) { values[f] = k[1]; continue; }
      if (f >= k[last]) { values[f] = k[last + 1]; continue; }
      while (a + 4 < last && k[a + 4] <= f) a += 4;
      const t0 = k[a], dt = k[a + 4] - t0, u = (f - t0) / dt, u2 = u * u, u3 = u2 * u;
      values[f] = (2 * u3 - 3 * u2 + 1) * k[a + 1] + (u3 - 2 * u2 + u) * k[a + 3] * dt
        + (-2 * u3 + 3 * u2) * k[a + 5] + (u3 - u2) * k[a + 6] * dt;
    }
    out[t] = values;
  }
  return out;
}
