/** Axis helpers: "nice" tick steps and compact number formatting. Pure. */
import type { TrackUnit } from '../../src/anim/tracks';

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
export const UNIT_ORDER: TrackUnit[] = ['scale', 'degrees', 'radians', 'units', 'color', 'matrix', 'visibility'];

export const UNIT_LABEL: Record<TrackUnit, string> = {
  scale: '',
  degrees: '°',
  radians: 'rad',
  units: 'units',
  color: '0–255',
  matrix: '',
  visibility: '1 shown, 0 hidden',
};

export const UNIT_SUFFIX: Record<TrackUnit, string> = {
  scale: '×',
  degrees: '°',
  radians: ' rad',
  units: '',
  color: '',
  matrix: '',
  visibility: '',
};

// ---- the plot's coordinates: lanes, frame ↔ x, value ↔ y ------------------------------------------

/** The visible frame range. */
export interface CurveViewRange {
  /** First visible frame. */
  start: number;
  /** Last visible frame. */
  end: number;
}

/** One lane per unit (scale, degrees, units …), stacked top to bottom. */
export interface Lane {
  unit: TrackUnit;
  title: string;
  /** Indices of its tracks. */
  tracks: number[];
  /** Share of the height (lanes holding many tracks, a whole MOTN sequence, get more). */
  weight: number;
  top: number;
  height: number;
  /** Plot area inside the lane (CSS px, canvas coordinates). */
  plotTop: number;
  plotBottom: number;
  min: number;
  max: number;
  step: number;
}

export const GUTTER_LEFT = 66;
export const GUTTER_RIGHT = 14;
export const AXIS_HEIGHT = 24;
const LANE_TITLE = 18;
const LANE_PAD_BOTTOM = 8;
const LANE_GAP = 6;
/** The least height a lane is given when the view fills its container. */
export const MIN_LANE_HEIGHT = 56;

const UNIT_MIN_SPAN: Record<TrackUnit, number> = { scale: 0.1, degrees: 2, radians: 0.05, units: 1, color: 16, matrix: 0.1, visibility: 1 };

/** The lanes of a set of tracks: one per unit in UNIT_ORDER, titled by its channels. */
export function buildLanes(tracks: readonly { unit: TrackUnit; channel: string }[]): Lane[] {
  const byUnit = new Map<TrackUnit, number[]>();
  tracks.forEach((t, i) => {
    const list = byUnit.get(t.unit) ?? [];
    list.push(i);
    byUnit.set(t.unit, list);
  });
  const units = [...byUnit.keys()].sort((a, b) => UNIT_ORDER.indexOf(a) - UNIT_ORDER.indexOf(b));
  return units.map((unit) => {
    const members = byUnit.get(unit)!;
    const channels = [...new Set(members.map((i) => tracks[i].channel))];
    return {
      unit,
      title: `${channels.map((c) => c.charAt(0).toUpperCase() + c.slice(1)).join(', ')}${UNIT_LABEL[unit] ? ` (${UNIT_LABEL[unit]})` : ''}`,
      tracks: members,
      weight: members.length > 12 ? 1.7 : 1,
      top: 0, height: 0, plotTop: 0, plotBottom: 0, min: 0, max: 1, step: 1,
    };
  });
}

/** Stacks the lanes: `unit` px per weight. */
export function stackLanes(lanes: Lane[], unit: number): void {
  let top = 0;
  for (const lane of lanes) {
    lane.height = Math.round(unit * lane.weight);
    lane.top = top;
    lane.plotTop = top + LANE_TITLE;
    lane.plotBottom = top + lane.height - LANE_PAD_BOTTOM - LANE_GAP;
    top += lane.height;
  }
}

export function totalWeight(lanes: readonly Lane[]): number {
  return lanes.reduce((n, l) => n + l.weight, 0);
}

/**
 * A lane's value range over what is visible: the samples and the keys in view, padded; at least the
 * unit's minimum span (a flat curve still gets a readable axis). Sets min, max and the tick step.
 */
export function fitLaneRange(lane: Lane, lo: number, hi: number): void {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  const minSpan = Math.max(UNIT_MIN_SPAN[lane.unit], Math.max(Math.abs(lo), Math.abs(hi)) * 1e-3);
  if (hi - lo < minSpan) {
    const c = (lo + hi) / 2;
    lo = c - minSpan / 2;
    hi = c + minSpan / 2;
  }
  const pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  const pxPerUnit = (lane.plotBottom - lane.plotTop) / (hi - lo);
  // An on/off value has no steps between 0 and 1.
  lane.step = lane.unit === 'visibility' ? Math.max(1, niceStep(26 / pxPerUnit)) : niceStep(26 / pxPerUnit);
  lane.min = lo;
  lane.max = hi;
}

/** Frame ↔ x and value ↔ y for a plot `width` px wide showing `view`. */
export class PlotScale {
  width = 0;
  view: CurveViewRange = { start: 0, end: 1 };
  lanes: Lane[] = [];

  get plotLeft(): number {
    return GUTTER_LEFT;
  }
  get plotRight(): number {
    return Math.max(GUTTER_LEFT + 1, this.width - GUTTER_RIGHT);
  }
  /** Where the frame axis starts (below the last lane). */
  get axisTop(): number {
    const last = this.lanes[this.lanes.length - 1];
    return last ? last.top + last.height : 0;
  }
  get framesPerPx(): number {
    return (this.view.end - this.view.start) / (this.plotRight - this.plotLeft);
  }

  frameToX(f: number): number {
    const { start, end } = this.view;
    return this.plotLeft + ((f - start) / (end - start)) * (this.plotRight - this.plotLeft);
  }

  xToFrame(x: number): number {
    const { start, end } = this.view;
    return start + ((x - this.plotLeft) / (this.plotRight - this.plotLeft)) * (end - start);
  }

  valueToY(lane: Lane, v: number): number {
    return lane.plotBottom - ((v - lane.min) / (lane.max - lane.min)) * (lane.plotBottom - lane.plotTop);
  }
}
