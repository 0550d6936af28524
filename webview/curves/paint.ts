/**
 * Painting the curve plot on its two canvases: the base (lanes, grid, curves, keys, frame axis),
 * redrawn when the view or the theme changes, and the overlay (time cursor, value dots, hover and
 * selection rings), the only per-frame work. Pure drawing from the view's data: no state here.
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import { formatTick, formatValue, Lane, niceStep, PlotScale, ticks, UNIT_SUFFIX } from './scale';
import { axisColorRole, ThemeColors, withAlpha } from './theme';


/** Keys drawn per track and pixel column (more would be hidden under them anyway). */
const MAX_KEYS_PER_COLUMN = 4;
/** A track sampled once per pixel column of the current view. */
export interface TrackCache {
  samples: Float64Array;
  path: Path2D | null;
  lane: number;
  role: ReturnType<typeof axisColorRole>;
  /** Fewer than two keys (a count-0 default or a constant): drawn dashed, no key dots. */
  constant: boolean;
  /** All samples equal in the current view (drawn dashed, like constants). */
  flat: boolean;
  /** Another file's track under this one (CurveGroupInput.reference), sampled and drawn alike, pale and wide. */
  reference: { samples: Float64Array; path: Path2D | null } | null;
}

/** Where a key was drawn (CSS px in the plot). */
export interface KeyHit {
  x: number;
  y: number;
  track: number;
  key: number;
}

export interface KeyRef {
  track: number;
  key: number;
}

export interface PlotData {
  tracks: readonly DescribedTrack[];
  visible: readonly boolean[];
  caches: readonly TrackCache[];
  duration: number;
}

export interface Painter {
  ctx: CanvasRenderingContext2D;
  scale: PlotScale;
  colors: ThemeColors;
  /** A CSS font of the page's family at `size` px. */
  font(size: number): string;
}

const HANDLE_LENGTH = 16;
export const KEY_RADIUS = 3;

/**
 * The plot vertices of one track sampled once per pixel column, as x, y pairs; a missing value (NaN)
 * breaks the line (NaN pair). `step` (a full track: the value holds until the next frame, BCA, BTP,
 * BVA, BLK …): a change is drawn as a horizontal run then a vertical edge at the column where it
 * happens, never as a slope. A horizontal run is given by its two ends (the columns between lie on
 * that line): a constant track is one segment, not a vertex per column.
 */
export function trackVertices(scale: Pick<PlotScale, 'plotLeft' | 'valueToY'>, lane: Lane, samples: Float64Array, step = false): number[] {
  const out: number[] = [];
  let prevY = NaN;
  // The run at prevY has columns after its first, the last at runEndX, not written yet.
  let runOpen = false;
  let runEndX = 0;
  for (let c = 0; c < samples.length; c++) {
    const x = scale.plotLeft + c;
    const y = scale.valueToY(lane, samples[c]);
    if (y === prevY) {
      runOpen = true;
      runEndX = x;
      continue;
    }
    if (!Number.isFinite(y)) {
      if (runOpen) out.push(runEndX, prevY);
      if (Number.isFinite(prevY)) out.push(NaN, NaN);
      prevY = NaN;
      runOpen = false;
      continue;
    }
    if (step && Number.isFinite(prevY)) out.push(x, prevY);
    else if (runOpen) out.push(runEndX, prevY);
    runOpen = false;
    out.push(x, y);
    prevY = y;
  }
  if (runOpen) out.push(runEndX, prevY);
  return out;
}

/** The lane's plot path of one track (trackVertices as lines; NaN pairs start a new line). */
export function trackPath(scale: PlotScale, lane: Lane, samples: Float64Array, step = false): Path2D {
  const p = new Path2D();
  const v = trackVertices(scale, lane, samples, step);
  let pen = false;
  for (let i = 0; i < v.length; i += 2) {
    if (Number.isNaN(v[i])) { pen = false; continue; }
    if (pen) p.lineTo(v[i], v[i + 1]);
    else p.moveTo(v[i], v[i + 1]);
    pen = true;
  }
  return p;
}

/** What the base canvas drew where: the keys (for hit testing) and the frame axis's tick labels (for the overlay). */
export interface BaseDrawn {
  keys: KeyHit[];
  /** x extents of the tick labels, [left, right] pairs. */
  frameLabels: number[];
}

/** Paints the base canvas. */
export function paintBase(p: Painter, data: PlotData, width: number, height: number): BaseDrawn {
  const { ctx, scale } = p;
  ctx.clearRect(0, 0, width, height);
  ctx.font = p.font(11);
  ctx.lineWidth = 1;
  const fStep = Math.max(niceStep(64 * scale.framesPerPx), 0.1);
  const frameTicks = ticks(scale.view.start, scale.view.end, fStep);
  const hits: KeyHit[] = [];
  for (const lane of scale.lanes) {
    paintLaneFrame(p, lane, data.duration);
    paintLaneGrid(p, lane, frameTicks);
    paintLaneCurves(p, lane, data);
    paintLaneKeys(p, lane, data, hits);
  }
  const frameLabels = paintFrameAxis(p, frameTicks, fStep, data.duration);
  return { keys: hits, frameLabels };
}

/** Lane background, the shading outside the animation, the border and the title. */
function paintLaneFrame(p: Painter, lane: Lane, duration: number): void {
  const { ctx, scale, colors } = p;
  const left = scale.plotLeft, right = scale.plotRight;
  const hc = colors.kind.startsWith('high-contrast');
  const h = lane.plotBottom - lane.plotTop;
  withAlpha(ctx, hc ? 1 : 0.5, () => {
    ctx.fillStyle = colors.laneBackground;
    ctx.fillRect(left, lane.plotTop, right - left, h);
  });
  const x0 = Math.max(left, scale.frameToX(0));
  const x1 = Math.min(right, scale.frameToX(duration));
  withAlpha(ctx, 0.55, () => {
    ctx.fillStyle = colors.outside;
    if (x0 > left) ctx.fillRect(left, lane.plotTop, x0 - left, h);
    if (x1 < right) ctx.fillRect(x1, lane.plotTop, right - x1, h);
  });
  ctx.strokeStyle = colors.border;
  ctx.strokeRect(left + 0.5, lane.plotTop + 0.5, right - left - 1, h - 1);
  ctx.fillStyle = colors.muted;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = p.font(11);
  ctx.fillText(lane.title, left + 2, lane.plotTop - 5);
}

/** Value ticks (labelled in the lane's unit), frame ticks and the zero line. */
function paintLaneGrid(p: Painter, lane: Lane, frameTicks: number[]): void {
  const { ctx, scale, colors } = p;
  const left = scale.plotLeft, right = scale.plotRight;
  const hc = colors.kind.startsWith('high-contrast');
  const vt = ticks(lane.min, lane.max, lane.step);
  withAlpha(ctx, hc ? 0.8 : 0.6, () => {
    ctx.strokeStyle = colors.grid;
    ctx.beginPath();
    for (const v of vt) {
      const y = Math.round(scale.valueToY(lane, v)) + 0.5;
      ctx.moveTo(left, y);
      ctx.lineTo(right, y);
    }
    for (const f of frameTicks) {
      const x = Math.round(scale.frameToX(f)) + 0.5;
      ctx.moveTo(x, lane.plotTop);
      ctx.lineTo(x, lane.plotBottom);
    }
    ctx.stroke();
  });
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colors.muted;
  for (const v of vt) ctx.fillText(formatTick(v, lane.step) + UNIT_SUFFIX[lane.unit], left - 6, scale.valueToY(lane, v));
  if (lane.min < 0 && lane.max > 0) {
    withAlpha(ctx, 0.5, () => {
      ctx.strokeStyle = colors.chartsLines;
      const y = Math.round(scale.valueToY(lane, 0)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(right, y);
      ctx.stroke();
    });
  }
}

function clipToPlot(p: Painter, lane: Lane): void {
  const { ctx, scale } = p;
  ctx.beginPath();
  ctx.rect(scale.plotLeft, lane.plotTop, scale.plotRight - scale.plotLeft, lane.plotBottom - lane.plotTop);
  ctx.clip();
}

/** The sampled polylines (flat ones dashed). */
function paintLaneCurves(p: Painter, lane: Lane, data: PlotData): void {
  const { ctx, colors } = p;
  ctx.save();
  clipToPlot(p, lane);
  // the reference first, under every curve: wide and pale (high contrast: dotted, opaque enough to see)
  const hc = colors.kind.startsWith('high-contrast');
  for (const i of lane.tracks) {
    const ref = data.caches[i].reference?.path;
    if (!ref) continue;
    ctx.strokeStyle = colors[data.caches[i].role];
    ctx.lineWidth = hc ? 2 : 5;
    ctx.setLineDash(hc ? [1, 3] : []);
    withAlpha(ctx, hc ? 0.9 : 0.3, () => ctx.stroke(ref));
  }
  for (const i of lane.tracks) {
    const cache = data.caches[i];
    if (!cache.path) continue;
    ctx.strokeStyle = colors[cache.role];
    ctx.lineWidth = cache.flat ? 1 : 1.75;
    ctx.setLineDash(cache.flat ? [4, 3] : []);
    withAlpha(ctx, cache.flat ? 0.7 : 1, () => ctx.stroke(cache.path!));
  }
  ctx.setLineDash([]);
  ctx.restore();
}

/** Key dots, with tangent handles where there is room for them; records each dot in `hits`. */
function paintLaneKeys(p: Painter, lane: Lane, data: PlotData, hits: KeyHit[]): void {
  const { ctx, scale, colors } = p;
  const { start, end } = scale.view;
  const width = scale.plotRight - scale.plotLeft;
  let laneKeys = 0;
  for (const i of lane.tracks) {
    if (!data.visible[i] || data.caches[i].constant) continue;
    const keys = data.tracks[i].keys;
    for (let ki = 0; ki < keys.length; ki++) if (keys.frame(ki) >= start && keys.frame(ki) <= end) laneKeys++;
  }
  const dense = laneKeys > width / 4;
  const pxPerFrame = 1 / scale.framesPerPx;
  const pxPerUnit = (lane.plotBottom - lane.plotTop) / (lane.max - lane.min);
  ctx.save();
  clipToPlot(p, lane);
  for (const i of lane.tracks) {
    if (!data.visible[i] || data.caches[i].constant) continue;
    const t = data.tracks[i];
    const color = colors[data.caches[i].role];
    const keys = t.keys;
    let inView = 0;
    for (let ki = 0; ki < keys.length; ki++) if (keys.frame(ki) >= start - 1 && keys.frame(ki) <= end + 1) inView++;
    const handles = !dense && inView > 0 && width / inView >= 10;
    // At most MAX_KEYS_PER_COLUMN keys of a track per pixel column (a hostile track may claim 65,535 keys).
    const perColumn = new Uint8Array(Math.max(1, Math.ceil(scale.plotRight) + 2));
    for (let ki = 0; ki < keys.length; ki++) {
      const frame = keys.frame(ki);
      const value = keys.value(ki);
      if (frame < start - 1 || frame > end + 1 || !Number.isFinite(value)) continue;
      const x = scale.frameToX(frame);
      const y = scale.valueToY(lane, value);
      const column = Math.min(perColumn.length - 1, Math.max(0, Math.round(x)));
      if (perColumn[column] >= MAX_KEYS_PER_COLUMN) continue;
      perColumn[column]++;
      if (handles) {
        ctx.strokeStyle = color;
        ctx.lineWidth = 1;
        withAlpha(ctx, 0.75, () => {
          ctx.beginPath();
          const handle = (slope: number, dir: number): void => {
            const sx = pxPerFrame;
            const sy = -slope * pxPerUnit;
            const len = Math.hypot(sx, sy) || 1;
            const hx = x + (dir * sx * HANDLE_LENGTH) / len;
            const hy = y + (dir * sy * HANDLE_LENGTH) / len;
            ctx.moveTo(x, y);
            ctx.lineTo(hx, hy);
            ctx.moveTo(hx + 1.5, hy);
            ctx.arc(hx, hy, 1.5, 0, Math.PI * 2);
          };
          const inSlope = keys.inSlope(ki);
          const outSlope = keys.outSlope(ki);
          if (ki > 0 && Number.isFinite(inSlope)) handle(inSlope, -1);
          if (ki < keys.length - 1 && Number.isFinite(outSlope)) handle(outSlope, 1);
          ctx.stroke();
        });
      }
      ctx.beginPath();
      if (dense) {
        // Many tracks in one lane: small solid dots, no handles.
        ctx.arc(x, y, 1.6, 0, Math.PI * 2);
        ctx.fillStyle = color;
        ctx.fill();
      } else {
        ctx.arc(x, y, KEY_RADIUS, 0, Math.PI * 2);
        ctx.fillStyle = colors.background;
        ctx.fill();
        ctx.strokeStyle = color;
        ctx.lineWidth = 1.5;
        ctx.stroke();
      }
      hits.push({ x, y, track: i, key: ki });
    }
  }
  ctx.restore();
}

/** The frame axis under the lanes, and the animation's end marker; returns its labels' x extents. */
function paintFrameAxis(p: Painter, frameTicks: number[], fStep: number, duration: number): number[] {
  const { ctx, scale, colors } = p;
  const left = scale.plotLeft, right = scale.plotRight;
  const axisY = scale.axisTop;
  ctx.strokeStyle = colors.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, axisY + 0.5);
  ctx.lineTo(right, axisY + 0.5);
  for (const f of frameTicks) {
    const x = Math.round(scale.frameToX(f)) + 0.5;
    ctx.moveTo(x, axisY);
    ctx.lineTo(x, axisY + 4);
  }
  ctx.stroke();
  ctx.fillStyle = colors.muted;
  ctx.font = p.font(11);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const labels: number[] = [];
  for (const f of frameTicks) {
    const text = formatTick(f, fStep);
    const x = scale.frameToX(f);
    const half = ctx.measureText(text).width / 2;
    ctx.fillText(text, x, axisY + 6);
    labels.push(x - half, x + half);
  }
  ctx.textAlign = 'right';
  ctx.fillText('frame', left - 18, axisY + 6);
  const xe = scale.frameToX(duration);
  if (xe >= left && xe <= right) {
    withAlpha(ctx, 0.8, () => {
      ctx.strokeStyle = colors.chartsLines;
      ctx.setLineDash([2, 3]);
      ctx.beginPath();
      ctx.moveTo(Math.round(xe) + 0.5, 0);
      ctx.lineTo(Math.round(xe) + 0.5, axisY);
      ctx.stroke();
      ctx.setLineDash([]);
    });
  }
  return labels;
}

export interface OverlayState {
  frame: number;
  hover: KeyRef | null;
  selected: KeyRef | null;
  /** The tick labels' x extents the base canvas drew (BaseDrawn.frameLabels). */
  frameLabels: readonly number[];
}

/** Paints the overlay; returns the cursor's x (NaN when the frame is outside the view). */
export function paintOverlay(p: Painter, data: PlotData, state: OverlayState, width: number, height: number): number {
  const { ctx, scale, colors } = p;
  ctx.clearRect(0, 0, width, height);
  const f = state.frame;
  const x = scale.frameToX(f);
  const left = scale.plotLeft, right = scale.plotRight;
  const inView = x >= left - 0.5 && x <= right + 0.5;

  const ring = (hit: KeyRef | null, color: string, r: number): void => {
    if (!hit) return;
    const keys = data.tracks[hit.track]?.keys;
    const k = keys && hit.key < keys.length ? { frame: keys.frame(hit.key), value: keys.value(hit.key) } : undefined;
    const lane = scale.lanes[data.caches[hit.track]?.lane ?? -1];
    if (!k || !lane || !data.visible[hit.track]) return;
    const kx = scale.frameToX(k.frame);
    if (kx < left - 2 || kx > right + 2) return;
    ctx.beginPath();
    ctx.arc(kx, scale.valueToY(lane, k.value), r, 0, Math.PI * 2);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
  };
  ring(state.selected, colors.focus, KEY_RADIUS + 4);
  ring(state.hover, colors.foreground, KEY_RADIUS + 3);
  if (!inView) return NaN;

  const cx = Math.round(x) + 0.5;
  ctx.strokeStyle = colors.cursor;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(cx, 0);
  ctx.lineTo(cx, scale.axisTop);
  ctx.stroke();

  // Value dots where the cursor crosses each visible curve.
  for (const lane of scale.lanes) {
    for (const i of lane.tracks) {
      if (!data.visible[i]) continue;
      const y = scale.valueToY(lane, data.tracks[i].evaluate(f));
      if (y < lane.plotTop || y > lane.plotBottom) continue;
      ctx.beginPath();
      ctx.arc(x, y, 2.5, 0, Math.PI * 2);
      ctx.fillStyle = colors[data.caches[i].role];
      ctx.fill();
    }
  }

  // The frame on the axis.
  const text = formatValue(Math.round(f * 100) / 100);
  ctx.font = p.font(11);
  const w = ctx.measureText(text).width + 8;
  const lx = Math.min(Math.max(x - w / 2, left), right - w);
  const ly = scale.axisTop + 3;
  // A tick label the frame's badge would half cover is hidden whole (the base canvas drew it).
  ctx.fillStyle = colors.background;
  const labels = state.frameLabels;
  for (let i = 0; i + 1 < labels.length; i += 2) {
    if (labels[i] < lx + w && labels[i + 1] > lx) ctx.fillRect(Math.floor(labels[i]) - 1, ly, Math.ceil(labels[i + 1] - labels[i]) + 2, 16);
  }
  ctx.fillStyle = colors.cursor;
  ctx.fillRect(lx, ly, w, 16);
  ctx.fillStyle = colors.background;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, lx + w / 2, ly + 8.5);
  return x;
}
