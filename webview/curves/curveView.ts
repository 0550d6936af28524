/**
 * CurveView: every track of one group (a BCK joint, a BTK entry, a BRK colour entry, a MOTN
 * sequence) on a canvas, one lane per unit, one colour per channel axis.
 *
 * Cost model: tracks are sampled once per pixel column when the view changes (tracks, size, zoom,
 * pan) and kept as Path2D polylines; a theme change or a legend toggle redraws the base canvas
 * from that cache; a frame change only repaints the small overlay canvas (cursor line + one
 * evaluate() per visible track for the cursor dots). Scrubbing therefore costs ~nothing.
 *
 * No string from a file is ever parsed as markup: the DOM is built with createElement/textContent
 * and colours are set through the CSSOM.
 */
import type { DescribedKey, DescribedTrack, TrackUnit } from '../../src/anim';
import { axisColorRole, readThemeColors, ThemeColors, watchTheme, withAlpha } from './theme';
import { formatTick, formatValue, niceStep, ticks, UNIT_LABEL, UNIT_ORDER, UNIT_SUFFIX } from './scale';

/** Shown (visibly) above MOTN curves: the interpolation is not documented anywhere. */
export const MOTN_INTERPOLATION_NOTE = 'Interpolation inferred (cubic Hermite, tangents ÷ 30)';

export interface CurveViewOptions {
  /** Accessible name of the curve area (default "Animation curves"). */
  label?: string;
  /** Height of one unit lane in CSS pixels (default 118). */
  laneHeight?: number;
  /** Pointer over a key (track, key), or off every key (null, null). */
  onHoverKey?: (track: DescribedTrack | null, key: DescribedKey | null) => void;
  /** A key was clicked (or chosen with [ / ] from the keyboard). */
  onSelectKey?: (track: DescribedTrack, key: DescribedKey) => void;
  /** The user clicked the plot or dragged on the frame axis: the parent should move the player there. */
  onScrub?: (frame: number) => void;
  /** The visible frame range changed (zoom/pan): for persisting state. */
  onViewChange?: (view: CurveViewRange) => void;
}

export interface CurveViewRange {
  /** First visible frame. */
  start: number;
  /** Last visible frame. */
  end: number;
}

export interface CurveGroupInput {
  /** The described tracks of ONE group (never a whole 65,535-joint file). */
  tracks: DescribedTrack[];
  /** Animation length in frames (the default view is 0..duration). */
  duration: number;
  /** Heading, e.g. "Joint 3" (file strings are fine: set with textContent). */
  title?: string;
  /** A visible note, e.g. MOTN_INTERPOLATION_NOTE. */
  note?: string;
}

interface Lane {
  unit: TrackUnit;
  title: string;
  tracks: number[];
  top: number;
  height: number;
  /** Plot area inside the lane (CSS px, canvas coordinates). */
  plotTop: number;
  plotBottom: number;
  min: number;
  max: number;
  step: number;
}

interface TrackCache {
  samples: Float64Array;
  path: Path2D | null;
  lane: number;
  role: ReturnType<typeof axisColorRole>;
  constant: boolean;
  /** All samples equal in the current view (drawn dashed, like constants). */
  flat: boolean;
}

interface KeyHit {
  x: number;
  y: number;
  track: number;
  key: number;
}

const GUTTER_LEFT = 66;
const GUTTER_RIGHT = 14;
const AXIS_HEIGHT = 24;
const LANE_TITLE = 18;
const LANE_PAD_BOTTOM = 8;
const LANE_GAP = 6;
const HANDLE_LENGTH = 16;
const KEY_RADIUS = 3;
/** Keys drawn per track and pixel column (more are hidden under them anyway). */
const MAX_KEYS_PER_COLUMN = 4;
const HIT_RADIUS = 7;
const MIN_SPAN = 0.5;

const UNIT_MIN_SPAN: Record<TrackUnit, number> = { scale: 0.1, degrees: 2, radians: 0.05, units: 1, color: 16, matrix: 0.1 };

let idCounter = 0;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

export class CurveView {
  /** The component's root (class as-curves). */
  readonly element: HTMLDivElement;
  private readonly titleEl: HTMLSpanElement;
  private readonly noteEl: HTMLSpanElement;
  private readonly legendEl: HTMLDivElement;
  private readonly stage: HTMLDivElement;
  private readonly base: HTMLCanvasElement;
  private readonly overlay: HTMLCanvasElement;
  private readonly tooltip: HTMLDivElement;
  private readonly live: HTMLSpanElement;
  private readonly options: CurveViewOptions;
  private readonly laneHeight: number;

  private tracks: DescribedTrack[] = [];
  private visible: boolean[] = [];
  private caches: TrackCache[] = [];
  private lanes: Lane[] = [];
  private keyHits: KeyHit[] = [];
  private columnBuffer = new Uint32Array(0);
  private duration = 1;
  private view: CurveViewRange = { start: 0, end: 1 };
  private frameValue = 0;
  private colors: ThemeColors | null = null;
  private width = 0;
  private height = 0;
  private dpr = 1;
  private hover: KeyHit | null = null;
  private selected: { track: number; key: number } | null = null;
  private drag: { x: number; start: CurveViewRange; mode: 'pan' | 'scrub' | 'pending'; pointerId: number } | null = null;
  private disposers: (() => void)[] = [];
  private sampleCount = 0;
  private cursorXValue = NaN;

  constructor(options: CurveViewOptions = {}) {
    this.options = options;
    this.laneHeight = Math.max(60, options.laneHeight ?? 118);
    const id = `as-curves-${++idCounter}`;

    this.element = el('div', 'as-curves');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', options.label ?? 'Animation curves');

    const header = el('div', 'as-curves-header');
    this.titleEl = el('span', 'as-curves-title');
    this.noteEl = el('span', 'as-curves-note');
    this.noteEl.setAttribute('role', 'note');
    this.noteEl.hidden = true;
    this.legendEl = el('div', 'as-curves-legend');
    this.legendEl.setAttribute('role', 'group');
    this.legendEl.setAttribute('aria-label', 'Channels shown');
    header.append(this.titleEl, this.noteEl, this.legendEl);

    this.stage = el('div', 'as-curves-stage');
    this.stage.tabIndex = 0;
    this.stage.setAttribute('role', 'application');
    this.stage.setAttribute('aria-roledescription', 'curve plot');
    this.stage.setAttribute('aria-label', 'Curve plot');
    const help = el('span', 'as-visually-hidden', 'Plus and minus zoom the time axis, left and right arrows pan, 0 resets the view, [ and ] select the previous or next key.');
    help.id = `${id}-help`;
    this.stage.setAttribute('aria-describedby', help.id);
    this.base = el('canvas', 'as-curves-base');
    this.base.setAttribute('aria-hidden', 'true');
    this.overlay = el('canvas', 'as-curves-overlay');
    this.overlay.setAttribute('aria-hidden', 'true');
    this.tooltip = el('div', 'as-curves-tooltip');
    this.tooltip.hidden = true;
    this.live = el('span', 'as-visually-hidden');
    this.live.setAttribute('aria-live', 'polite');
    this.stage.append(this.base, this.overlay, this.tooltip, help, this.live);

    this.element.append(header, this.stage);
    this.bindEvents();
  }

  /** Appends the view to `container` and starts observing its size and the theme. */
  mount(container: HTMLElement): this {
    container.append(this.element);
    const ro = new ResizeObserver(() => this.onResize());
    ro.observe(this.stage);
    this.disposers.push(() => ro.disconnect());
    this.disposers.push(watchTheme(() => this.onThemeChange()));
    this.applyStageHeight();
    this.onResize();
    return this;
  }

  dispose(): void {
    for (const d of this.disposers.splice(0)) d();
    this.element.remove();
  }

  /** Shows a new group. Keeps the zoom when the duration is unchanged (switching joints). */
  setTracks(input: CurveGroupInput): void {
    const durationChanged = input.duration !== this.duration || this.tracks.length === 0;
    this.tracks = input.tracks.slice();
    this.visible = this.tracks.map(() => true);
    this.duration = input.duration > 0 && Number.isFinite(input.duration) ? input.duration : 1;
    this.hover = null;
    this.selected = null;
    this.titleEl.textContent = input.title ?? '';
    this.titleEl.hidden = !input.title;
    this.noteEl.textContent = input.note ?? '';
    this.noteEl.hidden = !input.note;
    this.stage.setAttribute('aria-label', `Curve plot${input.title ? ` of ${input.title}` : ''}: ${this.tracks.length} tracks, frames 0 to ${formatValue(this.duration)}`);
    if (durationChanged) this.view = { start: 0, end: this.duration };
    this.buildLanes();
    this.buildLegend();
    this.applyStageHeight();
    this.resample();
  }

  get frame(): number {
    return this.frameValue;
  }

  /** Moves the time cursor: repaints only the overlay. */
  setFrame(frame: number): void {
    this.frameValue = Number.isFinite(frame) ? frame : 0;
    this.drawOverlay();
  }

  /** The cursor's x in CSS pixels within the plot canvas (NaN when outside the visible range). */
  get cursorX(): number {
    return this.cursorXValue;
  }

  getView(): CurveViewRange {
    return { ...this.view };
  }

  /** Zoom factor relative to the default view (1 = whole animation). */
  get zoom(): number {
    return this.duration / (this.view.end - this.view.start);
  }

  setView(view: CurveViewRange): void {
    let { start, end } = view;
    if (!Number.isFinite(start) || !Number.isFinite(end)) return;
    const maxSpan = Math.max(this.duration * 20, 10);
    let span = Math.min(Math.max(end - start, MIN_SPAN), maxSpan);
    const centre = (start + end) / 2;
    const limit = Math.max(this.duration, 1) * 10;
    const c = Math.min(Math.max(centre, -limit), limit);
    start = c - span / 2;
    end = c + span / 2;
    if (start === this.view.start && end === this.view.end) return;
    this.view = { start, end };
    this.resample();
    this.options.onViewChange?.(this.getView());
  }

  resetView(): void {
    this.setView({ start: 0, end: this.duration });
  }

  /** factor > 1 zooms in, around `centreFrame` (default: the cursor if visible, else the middle). */
  zoomBy(factor: number, centreFrame?: number): void {
    const { start, end } = this.view;
    const mid = (start + end) / 2;
    const c = centreFrame ?? (this.frameValue >= start && this.frameValue <= end ? this.frameValue : mid);
    this.setView({ start: c - (c - start) / factor, end: c + (end - c) / factor });
  }

  panBy(frames: number): void {
    this.setView({ start: this.view.start + frames, end: this.view.end + frames });
  }

  setTrackVisible(index: number, visible: boolean): void {
    this.setTracksVisible([index], visible);
  }

  setTracksVisible(indices: number[], visible: boolean): void {
    for (const i of indices) if (i >= 0 && i < this.tracks.length) this.visible[i] = visible;
    for (const box of this.legendEl.querySelectorAll<HTMLInputElement>('input[data-tracks]')) {
      box.checked = (box.dataset.tracks ?? '').split(',').some((i) => this.visible[Number(i)]);
    }
    this.updateRanges();
    this.rebuildPaths();
    this.drawBase();
    this.drawOverlay();
  }

  isTrackVisible(index: number): boolean {
    return !!this.visible[index];
  }

  /** Where key `key` of track `track` is drawn (CSS px in the plot), or null when not drawn. */
  keyScreenPosition(track: number, key: number): { x: number; y: number } | null {
    const h = this.keyHits.find((k) => k.track === track && k.key === key);
    return h ? { x: h.x, y: h.y } : null;
  }

  /** How many samples the last resample evaluated (tests: proves frame changes do not resample). */
  get samplesEvaluated(): number {
    return this.sampleCount;
  }

  /** Forces the theme colours to be read again (tests; normally automatic). */
  refreshTheme(): void {
    this.onThemeChange();
  }

  // ---- layout ---------------------------------------------------------------------------------

  private buildLanes(): void {
    const byUnit = new Map<TrackUnit, number[]>();
    this.tracks.forEach((t, i) => {
      const list = byUnit.get(t.unit) ?? [];
      list.push(i);
      byUnit.set(t.unit, list);
    });
    const units = [...byUnit.keys()].sort((a, b) => UNIT_ORDER.indexOf(a) - UNIT_ORDER.indexOf(b));
    let top = 0;
    this.lanes = units.map((unit) => {
      const tracks = byUnit.get(unit)!;
      const channels = [...new Set(tracks.map((i) => this.tracks[i].channel))];
      // Lanes holding many tracks (a whole MOTN sequence) get more room.
      const height = Math.round(this.laneHeight * (tracks.length > 12 ? 1.7 : 1));
      const laneTop = top;
      top += height;
      return {
        unit,
        title: `${channels.map((c) => c.charAt(0).toUpperCase() + c.slice(1)).join(', ')}${UNIT_LABEL[unit] ? ` (${UNIT_LABEL[unit]})` : ''}`,
        tracks,
        top: laneTop,
        height,
        plotTop: laneTop + LANE_TITLE,
        plotBottom: laneTop + height - LANE_PAD_BOTTOM - LANE_GAP,
        min: 0,
        max: 1,
        step: 1,
      };
    });
    this.caches = this.tracks.map((t, i) => ({
      samples: new Float64Array(0),
      path: null,
      lane: this.lanes.findIndex((l) => l.tracks.includes(i)),
      role: axisColorRole(t.axis),
      // Derived tracks (BTK matrix elements) have no keys of their own but do animate.
      constant: t.keys.length < 2 && t.channel !== 'matrix',
      flat: false,
    }));
  }

  /**
   * One checkbox per (lane, channel, axis): a BCK joint gets one per track, a whole MOTN sequence
   * one per axis of each channel (toggling all its bones at once).
   */
  private buildLegend(): void {
    this.legendEl.replaceChildren();
    for (const lane of this.lanes) {
      const group = el('div', 'as-legend-lane');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', lane.title);
      group.append(el('span', 'as-legend-lane-name', lane.title));
      const items = new Map<string, number[]>();
      for (const i of lane.tracks) {
        const k = `${this.tracks[i].channel}\u0000${this.tracks[i].axis}`;
        const list = items.get(k) ?? [];
        list.push(i);
        items.set(k, list);
      }
      for (const indices of items.values()) {
        const t = this.tracks[indices[0]];
        const constant = indices.every((i) => this.caches[i].constant);
        const label = el('label', 'as-legend-item');
        const box = el('input');
        box.type = 'checkbox';
        box.checked = indices.some((i) => this.visible[i]);
        box.dataset.tracks = indices.join(',');
        const many = indices.length > 1 ? ` (${indices.length} tracks)` : '';
        box.setAttribute('aria-label', `${t.channel} ${t.axis}${many}${constant ? ' (constant)' : ''}`);
        box.addEventListener('change', () => this.setTracksVisible(indices, box.checked));
        const swatch = el('span', 'as-legend-swatch');
        swatch.dataset.role = this.caches[indices[0]].role;
        if (constant) label.classList.add('as-legend-constant');
        label.title = indices.length > 1 ? `${t.channel} ${t.axis}: ${indices.length} tracks` : `${t.path}${constant ? ' — constant' : ` — ${t.keys.length} keys`}`;
        label.append(box, swatch, el('span', 'as-legend-text', t.axis));
        group.append(label);
      }
      this.legendEl.append(group);
    }
    this.paintLegendSwatches();
  }

  private paintLegendSwatches(): void {
    const colors = this.colors;
    if (!colors) return;
    for (const s of this.legendEl.querySelectorAll<HTMLElement>('.as-legend-swatch')) {
      // CSSOM, not a style attribute in markup (CSP); the colour is a theme value.
      s.style.backgroundColor = colors[s.dataset.role as keyof ThemeColors] ?? colors.foreground;
    }
  }

  private applyStageHeight(): void {
    const h = (this.lanes.length ? this.axisTop : this.laneHeight) + AXIS_HEIGHT;
    this.stage.style.height = `${h}px`;
  }

  private onResize(): void {
    // Colours can only be read once the element is in the document (a parent may mount us into a
    // detached container first); the ResizeObserver fires when it is laid out.
    if (!this.colors && this.element.isConnected) {
      this.colors = readThemeColors(this.element);
      this.paintLegendSwatches();
    }
    const rect = this.stage.getBoundingClientRect();
    const w = Math.max(0, Math.floor(rect.width));
    const h = Math.max(0, Math.floor(rect.height));
    const dpr = window.devicePixelRatio || 1;
    if (w === this.width && h === this.height && dpr === this.dpr && this.colors) return;
    this.width = w;
    this.height = h;
    this.dpr = dpr;
    for (const c of [this.base, this.overlay]) {
      c.width = Math.max(1, Math.round(w * dpr));
      c.height = Math.max(1, Math.round(h * dpr));
      c.style.width = `${w}px`;
      c.style.height = `${h}px`;
    }
    this.resample();
  }

  private onThemeChange(): void {
    if (!this.element.isConnected) return;
    this.colors = readThemeColors(this.element);
    this.paintLegendSwatches();
    this.drawBase();
    this.drawOverlay();
  }

  private get plotLeft(): number {
    return GUTTER_LEFT;
  }
  private get plotRight(): number {
    return Math.max(GUTTER_LEFT + 1, this.width - GUTTER_RIGHT);
  }
  private get axisTop(): number {
    const last = this.lanes[this.lanes.length - 1];
    return last ? last.top + last.height : 0;
  }

  private frameToX(f: number): number {
    const { start, end } = this.view;
    return this.plotLeft + ((f - start) / (end - start)) * (this.plotRight - this.plotLeft);
  }

  private xToFrame(x: number): number {
    const { start, end } = this.view;
    return start + ((x - this.plotLeft) / (this.plotRight - this.plotLeft)) * (end - start);
  }

  private valueToY(lane: Lane, v: number): number {
    return lane.plotBottom - ((v - lane.min) / (lane.max - lane.min)) * (lane.plotBottom - lane.plotTop);
  }

  // ---- sampling (once per pixel column, only when the view changes) -------------------------

  private resample(): void {
    if (!this.width || !this.colors) return;
    const cols = Math.max(2, Math.ceil(this.plotRight - this.plotLeft) + 1);
    let n = 0;
    for (let i = 0; i < this.tracks.length; i++) {
      const t = this.tracks[i];
      const cache = this.caches[i];
      if (cache.samples.length !== cols) cache.samples = new Float64Array(cols);
      const s = cache.samples;
      if (cache.constant) {
        s.fill(t.evaluate(this.view.start));
        n++;
        cache.flat = true;
      } else {
        let flat = true;
        for (let c = 0; c < cols; c++) {
          s[c] = t.evaluate(this.xToFrame(this.plotLeft + c));
          if (s[c] !== s[0]) flat = false;
        }
        cache.flat = flat;
        n += cols;
      }
    }
    this.sampleCount = n;
    this.updateRanges();
    this.rebuildPaths();
    this.drawBase();
    this.drawOverlay();
  }

  private updateRanges(): void {
    for (const lane of this.lanes) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const i of lane.tracks) {
        if (!this.visible[i]) continue;
        const s = this.caches[i].samples;
        for (let c = 0; c < s.length; c++) {
          const v = s[c];
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        const keys = this.tracks[i].keys;
        for (let ki = 0; ki < keys.length; ki++) {
          const frame = keys.frame(ki);
          const value = keys.value(ki);
          if (frame < this.view.start || frame > this.view.end || !Number.isFinite(value)) continue;
          if (value < lo) lo = value;
          if (value > hi) hi = value;
        }
      }
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
      lane.step = niceStep(26 / pxPerUnit);
      lane.min = lo;
      lane.max = hi;
    }
  }

  private rebuildPaths(): void {
    for (let i = 0; i < this.tracks.length; i++) {
      const cache = this.caches[i];
      const lane = this.lanes[cache.lane];
      if (!lane || !this.visible[i]) {
        cache.path = null;
        continue;
      }
      const p = new Path2D();
      const s = cache.samples;
      for (let c = 0; c < s.length; c++) {
        const x = this.plotLeft + c;
        const y = this.valueToY(lane, s[c]);
        if (c === 0) p.moveTo(x, y);
        else p.lineTo(x, y);
      }
      cache.path = p;
    }
  }

  // ---- drawing ---------------------------------------------------------------------------------

  private font(size: number): string {
    const family = getComputedStyle(this.element).fontFamily || 'sans-serif';
    return `${size}px ${family}`;
  }

  private drawBase(): void {
    const ctx = this.base.getContext('2d');
    const colors = this.colors;
    if (!ctx || !colors || !this.width) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    const left = this.plotLeft;
    const right = this.plotRight;
    const smallFont = this.font(11);
    ctx.font = smallFont;
    ctx.lineWidth = 1;

    // Frame ticks (shared by all lanes).
    const { start, end } = this.view;
    const pxPerFrame = (right - left) / (end - start);
    const fStep = Math.max(niceStep(64 / pxPerFrame), 0.1);
    const frameTicks = ticks(start, end, fStep);
    const hc = colors.kind.startsWith('high-contrast');

    this.keyHits = [];
    for (const lane of this.lanes) {
      // Lane background and outside-of-animation shading.
      withAlpha(ctx, hc ? 1 : 0.5, () => {
        ctx.fillStyle = colors.laneBackground;
        ctx.fillRect(left, lane.plotTop, right - left, lane.plotBottom - lane.plotTop);
      });
      const x0 = Math.max(left, this.frameToX(0));
      const x1 = Math.min(right, this.frameToX(this.duration));
      withAlpha(ctx, 0.55, () => {
        ctx.fillStyle = colors.outside;
        if (x0 > left) ctx.fillRect(left, lane.plotTop, x0 - left, lane.plotBottom - lane.plotTop);
        if (x1 < right) ctx.fillRect(x1, lane.plotTop, right - x1, lane.plotBottom - lane.plotTop);
      });
      ctx.strokeStyle = colors.border;
      ctx.strokeRect(left + 0.5, lane.plotTop + 0.5, right - left - 1, lane.plotBottom - lane.plotTop - 1);

      // Lane title.
      ctx.fillStyle = colors.muted;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'alphabetic';
      ctx.font = this.font(11);
      ctx.fillText(lane.title, left + 2, lane.plotTop - 5);

      // Grid: value ticks (with labels in the lane's unit) and frame ticks.
      const vt = ticks(lane.min, lane.max, lane.step);
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = colors.muted;
      withAlpha(ctx, hc ? 0.8 : 0.6, () => {
        ctx.strokeStyle = colors.grid;
        ctx.beginPath();
        for (const v of vt) {
          const y = Math.round(this.valueToY(lane, v)) + 0.5;
          ctx.moveTo(left, y);
          ctx.lineTo(right, y);
        }
        for (const f of frameTicks) {
          const x = Math.round(this.frameToX(f)) + 0.5;
          ctx.moveTo(x, lane.plotTop);
          ctx.lineTo(x, lane.plotBottom);
        }
        ctx.stroke();
      });
      for (const v of vt) {
        const y = this.valueToY(lane, v);
        ctx.fillText(formatTick(v, lane.step) + UNIT_SUFFIX[lane.unit], left - 6, y);
      }
      // Zero line stands out a little.
      if (lane.min < 0 && lane.max > 0) {
        withAlpha(ctx, 0.5, () => {
          ctx.strokeStyle = colors.chartsLines;
          const y = Math.round(this.valueToY(lane, 0)) + 0.5;
          ctx.beginPath();
          ctx.moveTo(left, y);
          ctx.lineTo(right, y);
          ctx.stroke();
        });
      }

      // Curves (clipped to the plot).
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, lane.plotTop, right - left, lane.plotBottom - lane.plotTop);
      ctx.clip();
      for (const i of lane.tracks) {
        const cache = this.caches[i];
        if (!cache.path) continue;
        ctx.strokeStyle = colors[cache.role];
        ctx.lineWidth = cache.flat ? 1 : 1.75;
        ctx.setLineDash(cache.flat ? [4, 3] : []);
        withAlpha(ctx, cache.flat ? 0.7 : 1, () => ctx.stroke(cache.path!));
      }
      ctx.setLineDash([]);
      // Keys and tangent handles (handles only where there is room for them).
      let laneKeys = 0;
      for (const i of lane.tracks) {
        if (!this.visible[i] || this.caches[i].constant) continue;
        const keys = this.tracks[i].keys;
        for (let ki = 0; ki < keys.length; ki++) if (keys.frame(ki) >= start && keys.frame(ki) <= end) laneKeys++;
      }
      const denseLane = laneKeys > (right - left) / 4;
      for (const i of lane.tracks) {
        if (!this.visible[i]) continue;
        const t = this.tracks[i];
        const cache = this.caches[i];
        if (cache.constant) continue;
        const color = colors[cache.role];
        const keys = t.keys;
        let inView = 0;
        for (let ki = 0; ki < keys.length; ki++) if (keys.frame(ki) >= start - 1 && keys.frame(ki) <= end + 1) inView++;
        const handles = !denseLane && inView > 0 && (right - left) / inView >= 10;
        const pxPerUnit = (lane.plotBottom - lane.plotTop) / (lane.max - lane.min);
        // At most MAX_KEYS_PER_COLUMN keys of a track per pixel column (a hostile track may claim 65,535 keys).
        const perColumn = this.columnCounts(right);
        for (let ki = 0; ki < keys.length; ki++) {
          const frame = keys.frame(ki);
          const value = keys.value(ki);
          if (frame < start - 1 || frame > end + 1 || !Number.isFinite(value)) continue;
          const x = this.frameToX(frame);
          const y = this.valueToY(lane, value);
          const column = Math.min(perColumn.length - 1, Math.max(0, Math.round(x)));
          if (perColumn[column]++ >= MAX_KEYS_PER_COLUMN) continue;
          if (handles) {
            ctx.strokeStyle = color;
            ctx.lineWidth = 1;
            withAlpha(ctx, 0.75, () => {
              ctx.beginPath();
              const drawHandle = (slope: number, dir: number) => {
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
              if (ki > 0 && Number.isFinite(inSlope)) drawHandle(inSlope, -1);
              if (ki < keys.length - 1 && Number.isFinite(outSlope)) drawHandle(outSlope, 1);
              ctx.stroke();
            });
          }
          ctx.beginPath();
          if (denseLane) {
            // Many tracks in one lane (a whole MOTN sequence): small solid dots, no handles.
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
          this.keyHits.push({ x, y, track: i, key: ki });
        }
      }
      ctx.restore();
    }

    // Frame axis.
    const axisY = this.axisTop;
    ctx.strokeStyle = colors.border;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, axisY + 0.5);
    ctx.lineTo(right, axisY + 0.5);
    for (const f of frameTicks) {
      const x = Math.round(this.frameToX(f)) + 0.5;
      ctx.moveTo(x, axisY);
      ctx.lineTo(x, axisY + 4);
    }
    ctx.stroke();
    ctx.fillStyle = colors.muted;
    ctx.font = smallFont;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const f of frameTicks) ctx.fillText(formatTick(f, fStep), this.frameToX(f), axisY + 6);
    ctx.textAlign = 'right';
    ctx.fillText('frame', left - 18, axisY + 6);
    // Animation end marker.
    const xe = this.frameToX(this.duration);
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
  }

  /** Zeroed per-pixel-column key counters for one track (reused between tracks and draws). */
  private columnCounts(right: number): Uint32Array {
    const size = Math.max(1, Math.ceil(right) + 2);
    if (this.columnBuffer.length !== size) this.columnBuffer = new Uint32Array(size);
    else this.columnBuffer.fill(0);
    return this.columnBuffer;
  }

  private drawOverlay(): void {
    const ctx = this.overlay.getContext('2d');
    const colors = this.colors;
    if (!ctx || !colors || !this.width) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    const f = this.frameValue;
    const x = this.frameToX(f);
    const left = this.plotLeft;
    const right = this.plotRight;
    const inView = x >= left - 0.5 && x <= right + 0.5;
    this.cursorXValue = inView ? x : NaN;

    // Hover / selection rings.
    const ring = (hit: { track: number; key: number } | null, color: string, r: number) => {
      if (!hit) return;
      const keys = this.tracks[hit.track]?.keys;
      const k = keys && hit.key < keys.length ? { frame: keys.frame(hit.key), value: keys.value(hit.key) } : undefined;
      const lane = this.lanes[this.caches[hit.track]?.lane ?? -1];
      if (!k || !lane || !this.visible[hit.track]) return;
      const kx = this.frameToX(k.frame);
      if (kx < left - 2 || kx > right + 2) return;
      ctx.beginPath();
      ctx.arc(kx, this.valueToY(lane, k.value), r, 0, Math.PI * 2);
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.stroke();
    };
    ring(this.selected, colors.focus, KEY_RADIUS + 4);
    ring(this.hover, colors.foreground, KEY_RADIUS + 3);

    if (!inView) return;
    const cx = Math.round(x) + 0.5;
    ctx.strokeStyle = colors.cursor;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(cx, 0);
    ctx.lineTo(cx, this.axisTop);
    ctx.stroke();

    // Value dots where the cursor crosses each visible curve.
    for (const lane of this.lanes) {
      for (const i of lane.tracks) {
        if (!this.visible[i]) continue;
        const v = this.tracks[i].evaluate(f);
        const y = this.valueToY(lane, v);
        if (y < lane.plotTop || y > lane.plotBottom) continue;
        ctx.beginPath();
        ctx.arc(x, y, 2.5, 0, Math.PI * 2);
        ctx.fillStyle = colors[this.caches[i].role];
        ctx.fill();
      }
    }

    // Frame label on the axis.
    const text = formatValue(Math.round(f * 100) / 100);
    ctx.font = this.font(11);
    const w = ctx.measureText(text).width + 8;
    const lx = Math.min(Math.max(x - w / 2, left), right - w);
    const ly = this.axisTop + 3;
    ctx.fillStyle = colors.cursor;
    ctx.fillRect(lx, ly, w, 16);
    ctx.fillStyle = colors.background;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, lx + w / 2, ly + 8.5);
  }

  // ---- interaction -----------------------------------------------------------------------------

  private hitTest(x: number, y: number): KeyHit | null {
    let best: KeyHit | null = null;
    let bestD = HIT_RADIUS * HIT_RADIUS;
    for (const h of this.keyHits) {
      const d = (h.x - x) ** 2 + (h.y - y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = h;
      }
    }
    return best;
  }

  private setHover(hit: KeyHit | null, clientX = 0, clientY = 0): void {
    const same = hit && this.hover && hit.track === this.hover.track && hit.key === this.hover.key;
    if (same || (!hit && !this.hover)) return;
    this.hover = hit;
    this.overlay.classList.toggle('as-over-key', !!hit);
    if (hit) {
      const t = this.tracks[hit.track];
      const k = t.keys.at(hit.key);
      this.showTooltip(t, k, clientX, clientY);
      this.options.onHoverKey?.(t, k);
    } else {
      this.tooltip.hidden = true;
      this.options.onHoverKey?.(null, null);
    }
    this.drawOverlay();
  }

  private showTooltip(t: DescribedTrack, k: DescribedKey, clientX: number, clientY: number): void {
    const slopes = k.inSlope === k.outSlope ? `slope ${formatValue(k.inSlope)}/frame` : `in ${formatValue(k.inSlope)} · out ${formatValue(k.outSlope)} /frame`;
    const where = k.valuePath ?? (k.valueOffset !== undefined ? `@0x${k.valueOffset.toString(16).toUpperCase()}` : '');
    const lines = [`${t.channel} ${t.axis} · frame ${formatValue(k.frame)}`, `value ${formatValue(k.value)}${UNIT_SUFFIX[t.unit]}`, slopes];
    if (where) lines.push(where);
    this.tooltip.replaceChildren(...lines.map((l, i) => el('div', i === 0 ? 'as-tooltip-title' : undefined, l)));
    this.tooltip.hidden = false;
    const rect = this.stage.getBoundingClientRect();
    const tw = this.tooltip.offsetWidth;
    let left = clientX - rect.left + 12;
    if (left + tw > rect.width) left = clientX - rect.left - tw - 12;
    this.tooltip.style.left = `${Math.max(0, left)}px`;
    this.tooltip.style.top = `${Math.max(0, clientY - rect.top + 12)}px`;
  }

  private selectKey(hit: { track: number; key: number }): void {
    this.selected = { track: hit.track, key: hit.key };
    const t = this.tracks[hit.track];
    const k = t.keys.at(hit.key);
    this.live.textContent = `${t.channel} ${t.axis} key at frame ${formatValue(k.frame)}, value ${formatValue(k.value)}`;
    this.drawOverlay();
    this.options.onSelectKey?.(t, k);
  }

  /** Selects the next (+1) or previous (−1) key of the visible tracks, by frame. */
  private stepKey(dir: 1 | -1): void {
    const all: { track: number; key: number; frame: number }[] = [];
    this.tracks.forEach((t, ti) => {
      if (!this.visible[ti] || this.caches[ti].constant) return;
      for (let ki = 0; ki < t.keys.length; ki++) all.push({ track: ti, key: ki, frame: t.keys.frame(ki) });
    });
    if (!all.length) return;
    all.sort((a, b) => a.frame - b.frame || a.track - b.track || a.key - b.key);
    let idx = this.selected ? all.findIndex((a) => a.track === this.selected!.track && a.key === this.selected!.key) : -1;
    idx = idx < 0 ? (dir > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, idx + dir));
    const next = all[idx];
    // Keep the chosen key in view.
    if (next.frame < this.view.start || next.frame > this.view.end) {
      const span = this.view.end - this.view.start;
      this.setView({ start: next.frame - span / 2, end: next.frame + span / 2 });
    }
    this.selectKey(next);
  }

  private localPoint(e: MouseEvent): { x: number; y: number } {
    const rect = this.overlay.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  private bindEvents(): void {
    const o = this.overlay;
    o.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const p = this.localPoint(e);
      const mode = p.y >= this.axisTop ? 'scrub' : 'pending';
      this.drag = { x: p.x, start: this.getView(), mode, pointerId: e.pointerId };
      o.setPointerCapture(e.pointerId);
      this.stage.focus({ preventScroll: true });
      if (mode === 'scrub') this.options.onScrub?.(this.clampFrame(this.xToFrame(p.x)));
    });
    o.addEventListener('pointermove', (e) => {
      const p = this.localPoint(e);
      const d = this.drag;
      if (d) {
        if (d.mode === 'scrub') {
          this.options.onScrub?.(this.clampFrame(this.xToFrame(p.x)));
          return;
        }
        if (d.mode === 'pending' && Math.abs(p.x - d.x) > 3) {
          d.mode = 'pan';
          o.classList.add('as-panning');
          this.setHover(null);
        }
        if (d.mode === 'pan') {
          const framesPerPx = (d.start.end - d.start.start) / (this.plotRight - this.plotLeft);
          const shift = -(p.x - d.x) * framesPerPx;
          this.setView({ start: d.start.start + shift, end: d.start.end + shift });
          return;
        }
      }
      this.setHover(this.hitTest(p.x, p.y), e.clientX, e.clientY);
    });
    const endDrag = (e: PointerEvent, cancelled: boolean) => {
      const d = this.drag;
      if (!d || d.pointerId !== e.pointerId) return;
      this.drag = null;
      o.classList.remove('as-panning');
      if (o.hasPointerCapture(e.pointerId)) o.releasePointerCapture(e.pointerId);
      if (cancelled || d.mode !== 'pending') return;
      const p = this.localPoint(e);
      const hit = this.hitTest(p.x, p.y);
      if (hit) this.selectKey(hit);
      else if (p.x >= this.plotLeft && p.x <= this.plotRight) this.options.onScrub?.(this.clampFrame(this.xToFrame(p.x)));
    };
    o.addEventListener('pointerup', (e) => endDrag(e, false));
    o.addEventListener('pointercancel', (e) => endDrag(e, true));
    o.addEventListener('pointerleave', () => {
      if (!this.drag) this.setHover(null);
    });
    o.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const p = this.localPoint(e);
        const span = this.view.end - this.view.start;
        const framesPerPx = span / (this.plotRight - this.plotLeft);
        if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
          const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
          this.panBy(delta * framesPerPx * (e.deltaMode === 1 ? 16 : 1));
        } else {
          const dy = e.deltaY * (e.deltaMode === 1 ? 16 : 1);
          this.zoomBy(Math.exp(-dy * 0.0015), this.xToFrame(Math.min(Math.max(p.x, this.plotLeft), this.plotRight)));
        }
      },
      { passive: false },
    );
    o.addEventListener('dblclick', () => this.resetView());
    this.stage.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const span = this.view.end - this.view.start;
      switch (e.key) {
        case '+':
        case '=':
          this.zoomBy(1.25);
          break;
        case '-':
        case '_':
          this.zoomBy(0.8);
          break;
        case 'ArrowLeft':
          this.panBy(-span * (e.shiftKey ? 0.5 : 0.1));
          break;
        case 'ArrowRight':
          this.panBy(span * (e.shiftKey ? 0.5 : 0.1));
          break;
        case '0':
        case 'Home':
          this.resetView();
          break;
        case '[':
          this.stepKey(-1);
          break;
        case ']':
          this.stepKey(1);
          break;
        case 'Escape':
          this.setHover(null);
          return;
        default:
          return;
      }
      e.preventDefault();
      e.stopPropagation();
    });
  }

  private clampFrame(f: number): number {
    return Math.min(Math.max(f, 0), this.duration);
  }
}
