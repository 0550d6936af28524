/**
 * Hermite keys for a track sampled once per game frame, with as few keys as the tolerance allows:
 * the first and last frames are keys; a segment whose curve (the game's cubic Hermite, FORMATS.md
 * §1, slopes per frame) misses a sampled frame by more than the tolerance is split at its worst
 * frame, recursively. Each segment's out- and in-slope are its inner samples' least-squares fit
 * (the writer uses tangent mode 0 where every key's in equals its out). The check runs on the values as stored (`store`: s16 rotation units rounded, f32
 * rounded) and read back (`read`: the game's truncation of rotations), so what is within the
 * tolerance here is within it in the file. A flat track is one value.
 */

export interface FitKey { frame: number; value: number; in: number; out: number }

export interface Quantiser {
  /** A value or slope as the file stores it. */
  store(v: number): number;
  /** What the game reads from an interpolated stored value. */
  read(v: number): number;
}

const same = (v: number): number => v;
export const FLOAT32: Quantiser = { store: Math.fround, read: same };

export interface Fit { keys: FitKey[]; maxError: number }

/**
 * samples[i] is the value at frame first + i. `split` 'chord': a segment that misses is split where
 * the samples stray furthest from the straight line between its ends (a peak or a corner: where
 * the source's keys are for the held, eased curves of colour tracks, whose whole-number slopes
 * cannot follow a split anywhere else), instead of at its worst frame.
 */
export function fitHermite(samples: ArrayLike<number>, tolerance: number, q: Quantiser = FLOAT32, first = 0, split: 'worst' | 'chord' = 'worst'): Fit {
  const n = samples.length;
  if (n === 0) return { keys: [], maxError: 0 };
  const flat = q.store(samples[0]);
  let flatError = 0;
  for (let i = 0; i < n; i++) flatError = Math.max(flatError, Math.abs(q.read(flat) - samples[i]));
  if (flatError <= tolerance || n === 1) return { keys: [{ frame: first, value: flat, in: 0, out: 0 }], maxError: flatError };
  // Central differences: where least squares has nothing to go on (a segment without inner frames).
  const central = new Float64Array(n);
  for (let i = 0; i < n; i++) central[i] = i === 0 ? samples[1] - samples[0] : i === n - 1 ? samples[n - 1] - samples[n - 2] : (samples[i + 1] - samples[i - 1]) / 2;
  const value = (i: number): number => q.store(samples[i]);
  const inSlope = new Float64Array(n), outSlope = new Float64Array(n);
  const keyAt = new Uint8Array(n);
  keyAt[0] = 1; keyAt[n - 1] = 1;
  let maxError = 0;
  // An explicit stack instead of recursion: a noisy 65,535-frame track must not overflow it.
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const dt = b - a;
    const va = value(a), vb = value(b);
    const [m0, m1] = segmentTangents(samples, a, b, va, vb, central[a], central[b]);
    const out = q.store(m0), inn = q.store(m1);
    let worst = -1, worstError = tolerance;
    let segmentError = Math.max(Math.abs(q.read(va) - samples[a]), Math.abs(q.read(vb) - samples[b]));
    // the hot loop of an import: the Hermite inlined, the read called only when it is not the identity
    // (the same expression as anim/curve.ts hermite(), so the values are the sampler's to the bit)
    const t0 = out * dt, t1 = inn * dt;
    const identity = q.read === FLOAT32.read;
    for (let i = a + 1; i < b; i++) {
      const u = (i - a) / dt, u2 = u * u, u3 = u2 * u;
      const h = (2 * u3 - 3 * u2 + 1) * va + (u3 - 2 * u2 + u) * t0 + (-2 * u3 + 3 * u2) * vb + (u3 - u2) * t1;
      const e = Math.abs((identity ? h : q.read(h)) - samples[i]);
      if (e > segmentError) segmentError = e;
      if (e > worstError) { worstError = e; worst = i; }
    }
    if (worst < 0) {
      maxError = Math.max(maxError, segmentError);
      outSlope[a] = out; inSlope[b] = inn;
      continue;
    }
    if (split === 'chord' && dt > 1) worst = furthestFromChord(samples, a, b);
    keyAt[worst] = 1;
    stack.push([worst, b], [a, worst]);
  }
  inSlope[0] = outSlope[0]; outSlope[n - 1] = inSlope[n - 1];
  const keys: FitKey[] = [];
  for (let i = 0; i < n; i++) if (keyAt[i]) keys.push({ frame: first + i, value: value(i), in: inSlope[i], out: outSlope[i] });
  return { keys, maxError };
}

/** The inner frame of [a, b] furthest from the line between the samples at a and b. */
function furthestFromChord(samples: ArrayLike<number>, a: number, b: number): number {
  let best = a + 1, most = -1;
  for (let i = a + 1; i < b; i++) {
    const d = Math.abs(samples[i] - (samples[a] + ((samples[b] - samples[a]) * (i - a)) / (b - a)));
    if (d > most) { most = d; best = i; }
  }
  return best;
}

/**
 * The out-slope at a and the in-slope at b (per frame) that fit the segment's inner samples best
 * in least squares, the key values fixed; pulled very slightly towards the central differences so
 * that a segment with fewer than two inner frames still has one answer.
 */
function segmentTangents(samples: ArrayLike<number>, a: number, b: number, va: number, vb: number, ca: number, cb: number): [number, number] {
  const dt = b - a;
  const lambda = 1e-9;
  let s11 = lambda, s12 = 0, s22 = lambda, r1 = lambda * ca, r2 = lambda * cb;
  for (let i = a + 1; i < b; i++) {
    const u = (i - a) / dt, u2 = u * u, u3 = u2 * u;
    const rest = samples[i] - (2 * u3 - 3 * u2 + 1) * va - (-2 * u3 + 3 * u2) * vb;
    const b1 = (u3 - 2 * u2 + u) * dt, b2 = (u3 - u2) * dt;
    s11 += b1 * b1; s12 += b1 * b2; s22 += b2 * b2; r1 += b1 * rest; r2 += b2 * rest;
  }
  const det = s11 * s22 - s12 * s12;
  if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return [ca, cb];
  return [(r1 * s22 - r2 * s12) / det, (s11 * r2 - s12 * r1) / det];
}
