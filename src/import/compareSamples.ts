/**
 * How far an imported file is from the file it would replace: both sampled at every frame (the
 * sample contract's tracks, by path), the largest difference per unit. Rotations compare modulo
 * 360°. Undefined when the two are not animations of the same kind.
 */
import { describeTracks } from '../kinds/describe';
import { decode } from '../formats/index';

export interface SampleDifference {
  /** Largest |imported − existing| per unit (degrees, units, scale, color, …). */
  perUnit: Record<string, number>;
  /** Tracks only one of the two has. */
  unmatched: number;
}

export function compareSamples(imported: Uint8Array, existing: Uint8Array, name: string): SampleDifference | undefined {
  const [a, b] = [decode(imported, name), decode(existing, name)];
  if (!a.anim || !b.anim || a.format !== b.format) return undefined;
  const duration = Math.max((a.anim as { duration?: number }).duration ?? 0, (b.anim as { duration?: number }).duration ?? 0, 0);
  const theirs = new Map(describeTracks(b.anim).map((t) => [t.path, t]));
  const perUnit: Record<string, number> = {};
  let unmatched = 0;
  for (const t of describeTracks(a.anim)) {
    const other = theirs.get(t.path);
    theirs.delete(t.path);
    if (!other) { unmatched++; continue; }
    let most = perUnit[t.unit] ?? 0;
    for (let f = 0; f <= Math.min(duration, 0x7fff); f++) {
      let d = Math.abs(t.evaluate(f) - other.evaluate(f));
      if (t.unit === 'degrees') d = Math.min(d % 360, 360 - (d % 360));
      if (Number.isFinite(d) && d > most) most = d;
    }
    perUnit[t.unit] = most;
  }
  return { perUnit, unmatched: unmatched + theirs.size };
}

/** "differs from THAT by at most 0.011 degrees, 0.0009 units" or "samples the same as THAT". */
export function describeDifference(d: SampleDifference, that: string): string {
  const parts = Object.entries(d.perUnit).filter(([, v]) => v > 0).map(([unit, v]) => `${Number(v.toPrecision(2))} ${unit}`);
  const text = parts.length ? `differs from ${that} by at most ${parts.join(', ')}` : `samples the same as ${that}`;
  return d.unmatched ? `${text}; ${d.unmatched} track(s) only in one of them` : text;
}
