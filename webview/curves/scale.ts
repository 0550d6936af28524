/** Axis helpers: "nice" tick steps and compact number formatting. Pure. */
import type { TrackUnit } from '../../src/anim';

/** A step of 1, 2 or 5 × 10^n that is ≥ rough. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(rough)));
  const m = rough / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** Tick values from lo to hi (inclusive) at multiples of step. */
export function ticks(lo: number, hi: number, step: number, max = 200): number[] {
  const out: number[] = [];
  if (!(step > 0) || !Number.isFinite(lo) || !Number.isFinite(hi)) return out;
  const first = Math.ceil(lo / step - 1e-9) * step;
  for (let v = first, i = 0; v <= hi + step * 1e-9 && i < max; i++, v = first + i * step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

/** Formats a tick value with as many decimals as the step needs. */
export function formatTick(v: number, step: number): string {
  const decimals = step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
  return v.toFixed(decimals);
}

/** A value for labels and tooltips: up to 4 significant decimals, no trailing zeros. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-4) return v.toExponential(3);
  const s = v.toFixed(a >= 100 ? 2 : a >= 1 ? 4 : 5);
  return s.replace(/\.?0+$/, '');
}

/** The lane order and the unit suffix shown on y labels. */
export const UNIT_ORDER: TrackUnit[] = ['scale', 'degrees', 'radians', 'units', 'color', 'matrix'];

export const UNIT_LABEL: Record<TrackUnit, string> = {
  scale: '',
  degrees: '°',
  radians: 'rad',
  units: 'units',
  color: '0–255',
  matrix: '',
};

export const UNIT_SUFFIX: Record<TrackUnit, string> = {
  scale: '×',
  degrees: '°',
  radians: ' rad',
  units: '',
  color: '',
  matrix: '',
};
