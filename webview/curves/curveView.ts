/**
 * CurveView: every track of one group (a BCK joint, a BTK entry, a BRK colour entry, a MOTN
 * sequence or one bone of it) on a canvas, one lane per unit, one colour per channel axis.
 *
 * The rooms: scale.ts (lanes, frame ↔ x, value ↔ y), paint.ts (the two canvases), interaction.ts
 * (pointer and keyboard); this file holds the state and decides when to resample and repaint.
 *
 * Cost model: tracks are sampled once per pixel column when the view changes (tracks, size, zoom,
 * pan) and kept as Path2D polylines; a theme change or a legend toggle redraws the base canvas
 * from that cache; a frame change only repaints the small overlay canvas (cursor line + one
 * evaluate() per visible track for the cursor dots). Scrubbing therefore costs ~nothing.
 *
 * No string from a file is ever parsed as markup: the DOM is built with createElement/textContent
 * and colours are set through the CSSOM.
 */
import type { DescribedKey, DescribedTrack } from '../../src/kinds/describe';
import { el } from '../shared/dom';
import { bindKeyboard, bindPointer, CurveControls } from './interaction';
import { KEY_RADIUS, KeyHit, KeyRef, paintBase, paintOverlay, Painter, PlotData, TrackCache, trackPath } from './paint';
import {
  AXIS_HEIGHT, buildLanes, CurveViewRange, fitLaneRange, formatValue, MIN_LANE_HEIGHT, PlotScale, stackLanes, totalWeight, UNIT_SUFFIX,
} from './scale';
import { axisColorRole, readThemeColors, ThemeColors, watchTheme } from './theme';
import { EditMenu, MenuItem } from './editMenu';
import { CurveEdit, handlePositions, NUDGE, previewTrack, roundToLane, slopeFromHandle, yToValue } from './editing';
import type { ReferenceCurves } from './reference';

export type { CurveViewRange } from './scale';

export interface CurveViewOptions {
  /** Accessible name of the curve area (default "Animation curves"). */
  label?: string;
  /** Height of one unit lane in CSS pixels (default 118); with `fill`, the least a lane gets. */
  laneHeight?: number;
  /**
   * The plot fills the height its container gives the stage (a flex column): lanes share it. When
   * they cannot get laneHeight each, the stage keeps that minimum and the container scrolls.
   */
  fill?: boolean;
  /** Show the view's own key tooltip on hover (default true; the editor page shows its hover card instead). */
  tooltip?: boolean;
  /** Pointer over a key (track, key, the key dot's rectangle on screen), or off every key (null, null). */
  onHoverKey?: (track: DescribedTrack | null, key: DescribedKey | null, anchor?: DOMRect, index?: number) => void;
  /** A key was clicked (or chosen with [ / ] from the keyboard). */
  onSelectKey?: (track: DescribedTrack, key: DescribedKey) => void;
  /** The user clicked the plot or dragged on the frame axis: the parent should move the player there. */
  onScrub?: (frame: number) => void;
  /** The visible frame range changed (zoom/pan): for persisting state. */
  onViewChange?: (view: CurveViewRange) => void;
  /** A drag of a key or a handle began drawing its preview (the page hides what covers the plot). */
  onEditDrag?: () => void;
}

/** Key editing (CurveView.setEditing): where the user's edits go, with the undo stack's label. */
export interface CurveEditing {
  onEdit(edit: CurveEdit, label: string): void;
}

export interface CurveGroupInput {
  /** The described tracks of ONE group (never a whole 65,535-joint file). */
  tracks: DescribedTrack[];
  /** Animation length in frames (the default view is 0..duration). */
  duration: number;
  /** Heading, e.g. "Joint 3" (file strings are fine: set with textContent). */
  title?: string;
  /** A visible note (the format's interpolation note). */
  note?: string;
  /** Another file's curves, drawn pale and wide under these (the glTF import's preview). */
  reference?: ReferenceCurves;
}

const HIT_RADIUS = 7;
const MIN_SPAN = 0.5;

let idCounter = 0;

export class CurveView implements CurveControls {
  /** The component's root (class as-curves-view). */
  readonly element: HTMLDivElement;
  readonly stage: HTMLDivElement;
  readonly overlay: HTMLCanvasElement;
  readonly scale = new PlotScale();
  private readonly titleEl: HTMLSpanElement;
  private readonly noteEl: HTMLSpanElement;
  private readonly legendEl: HTMLDivElement;
  /** Says what the pale curves are (CurveGroupInput.reference). */
  private readonly referenceEl: HTMLSpanElement;
  private reference: (DescribedTrack | undefined)[] = [];
  private readonly base: HTMLCanvasElement;
  private readonly tooltip: HTMLDivElement;
  private readonly live: HTMLSpanElement;
  private readonly options: CurveViewOptions;
  private readonly laneHeight: number;

  private tracks: DescribedTrack[] = [];
  private visible: boolean[] = [];
  private caches: TrackCache[] = [];
  private keyHits: KeyHit[] = [];
  /** The base canvas's tick labels, [left, right] pairs (the overlay hides those its frame badge covers). */
  private frameLabels: number[] = [];
  private duration = 1;
  private frameValue = 0;
  private colors: ThemeColors | null = null;
  private height = 0;
  private dpr = 1;
  private hover: KeyHit | null = null;
  private selected: KeyRef | null = null;
  private disposers: (() => void)[] = [];
  private sampleCount = 0;
  private cursorXValue = NaN;
  private editing: CurveEditing | undefined;
  /** The track a drag (or an edit waiting for the host) draws changed, and the track as the file has it. */
  private preview: { track: number; original: DescribedTrack } | null = null;
  /** While dragging, the lanes keep their value range (the plot does not move under the pointer). */
  private rangesFrozen = false;
  private readonly menu = new EditMenu();

  constructor(options: CurveViewOptions = {}) {
    this.options = options;
    this.laneHeight = Math.max(options.fill ? MIN_LANE_HEIGHT : 60, options.laneHeight ?? 118);
    const id = `as-curves-${++idCounter}`;

    this.element = el('div', `as-curves-view${options.fill ? ' as-fill' : ''}`);
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
    this.referenceEl = el('span', 'as-curves-reference');
    this.referenceEl.setAttribute('role', 'note');
    this.referenceEl.hidden = true;
    header.append(this.titleEl, this.noteEl, this.referenceEl, this.legendEl);

    this.stage = el('div', 'as-curves-stage');
    this.stage.tabIndex = 0;
    this.stage.setAttribute('role', 'application');
    this.stage.setAttribute('aria-roledescription', 'curve plot');
    this.stage.setAttribute('aria-label', 'Curve plot');
    const help = el('span', 'as-visually-hidden', 'Plus and minus zoom the time axis, left and right arrows pan, 0 resets the view, [ and ] select the previous or next key. When the file can be edited: arrows move the selected key (a frame, a step of its value), Delete removes it, Insert adds a key at the cursor, S switches the track between step and keyed, drag a key or its tangent handles.');
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
    this.stage.append(this.base, this.overlay, this.tooltip, help, this.live, this.menu.element);
    this.overlay.addEventListener('contextmenu', (e) => {
      if (!this.editing) return;
      e.preventDefault();
      const r = this.overlay.getBoundingClientRect();
      this.openMenu(e.clientX - r.left, e.clientY - r.top);
    });
    this.stage.addEventListener('keydown', (e) => {
      if (!this.editing || e.target !== this.stage || !(e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey))) return;
      e.preventDefault();
      const sel = this.selected && this.keyScreenPosition(this.selected.track, this.selected.key);
      const x = sel ? sel.x : Number.isFinite(this.cursorXValue) ? this.cursorXValue : this.scale.plotLeft;
      this.openMenu(x, sel ? sel.y : this.scale.plotLeft, !sel);
    });

    this.element.append(header, this.stage);
    this.disposers.push(bindPointer(this), bindKeyboard(this));
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
    this.preview = null;
    this.rangesFrozen = false;
    this.tooltip.hidden = true;
    this.titleEl.textContent = input.title ?? '';
    this.titleEl.hidden = !input.title;
    this.noteEl.textContent = input.note ?? '';
    this.noteEl.hidden = !input.note;
    this.reference = input.reference ? this.tracks.map((_, i) => input.reference!.tracks[i]) : [];
    const referred = this.referenceCount;
    this.referenceEl.hidden = !referred;
    this.referenceEl.replaceChildren();
    if (referred) {
      // a file name from the host: textContent only
      this.referenceEl.append(el('span', 'as-curves-reference-swatch'), el('span', undefined, `Pale: ${input.reference!.label} (${referred} of ${this.tracks.length} tracks)`));
      this.referenceEl.title = `The wide pale lines are ${input.reference!.label}, in each track's colour: compare before writing.`;
    }
    this.stage.setAttribute('aria-label', `Curve plot${input.title ? ` of ${input.title}` : ''}: ${this.tracks.length} tracks, frames 0 to ${formatValue(this.duration)}`);
    if (durationChanged) this.scale.view = { start: 0, end: this.duration };
    this.scale.lanes = buildLanes(this.tracks);
    this.caches = this.tracks.map((t, i) => ({
      samples: new Float64Array(0),
      path: null,
      lane: this.scale.lanes.findIndex((l) => l.tracks.includes(i)),
      role: axisColorRole(t.axis),
      // Derived tracks (BTK matrix elements) have no keys of their own but do animate.
      constant: t.keys.length < 2 && t.channel !== 'matrix',
      flat: false,
      reference: this.reference[i] ? { samples: new Float64Array(0), path: null } : null,
    }));
    this.layoutLanes();
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
    return { ...this.scale.view };
  }

  /** Zoom factor relative to the default view (1 = whole animation). */
  get zoom(): number {
    return this.duration / (this.scale.view.end - this.scale.view.start);
  }

  setView(view: CurveViewRange): void {
    let { start, end } = view;
    if (!Number.isFinite(start) || !Number.isFinite(end)) return;
    const span = Math.min(Math.max(end - start, MIN_SPAN), Math.max(this.duration * 20, 10));
    const limit = Math.max(this.duration, 1) * 10;
    const c = Math.min(Math.max((start + end) / 2, -limit), limit);
    start = c - span / 2;
    end = c + span / 2;
    if (start === this.scale.view.start && end === this.scale.view.end) return;
    this.scale.view = { start, end };
    this.resample();
    this.options.onViewChange?.(this.getView());
  }

  resetView(): void {
    this.setView({ start: 0, end: this.duration });
  }

  /** factor > 1 zooms in, around `centreFrame` (default: the cursor if visible, else the middle). */
  zoomBy(factor: number, centreFrame?: number): void {
    const { start, end } = this.scale.view;
    const c = centreFrame ?? (this.frameValue >= start && this.frameValue <= end ? this.frameValue : (start + end) / 2);
    this.setView({ start: c - (c - start) / factor, end: c + (end - c) / factor });
  }

  panBy(frames: number): void {
    this.setView({ start: this.scale.view.start + frames, end: this.scale.view.end + frames });
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
  /** Shown tracks with a reference curve under them. */
  get referenceCount(): number {
    return this.reference.filter((t) => t).length;
  }

  get samplesEvaluated(): number {
    return this.sampleCount;
  }

  /** The lanes' heights (tests: they share the stage in fill mode). */
  get laneHeights(): number[] {
    return this.scale.lanes.map((l) => l.height);
  }

  /** Forces the theme colours to be read again (tests; normally automatic). */
  refreshTheme(): void {
    this.onThemeChange();
  }

  // ---- CurveControls (interaction.ts) ----------------------------------------------------------

  hitTest(x: number, y: number): KeyHit | null {
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

  setHover(hit: KeyHit | null): void {
    const same = hit && this.hover && hit.track === this.hover.track && hit.key === this.hover.key;
    if (same || (!hit && !this.hover)) return;
    this.hover = hit;
    this.overlay.classList.toggle('as-over-key', !!hit);
    if (hit) {
      const t = this.tracks[hit.track];
      const k = t.keys.at(hit.key);
      if (this.options.tooltip !== false) this.showTooltip(t, k, hit);
      const o = this.overlay.getBoundingClientRect();
      const r = KEY_RADIUS + 3;
      this.options.onHoverKey?.(t, k, new DOMRect(o.left + hit.x - r, o.top + hit.y - r, 2 * r, 2 * r), hit.key);
    } else {
      this.tooltip.hidden = true;
      this.options.onHoverKey?.(null, null);
    }
    this.drawOverlay();
  }

  selectKey(hit: KeyRef, quiet = false): void {
    const t = this.tracks[hit.track];
    if (!t || hit.key < 0 || hit.key >= t.keys.length) return;
    this.selected = { track: hit.track, key: hit.key };
    const k = t.keys.at(hit.key);
    this.live.textContent = `${t.channel} ${t.axis} key at frame ${formatValue(k.frame)}, value ${formatValue(k.value)}`;
    this.drawOverlay();
    if (!quiet) this.options.onSelectKey?.(t, k);
  }

  /** The selected key (view track index, key index), or null. */
  get selectedKey(): KeyRef | null {
    return this.selected && { ...this.selected };
  }

  // ---- editing (issue 28; editing.ts) --------------------------------------------------------

  /** Turns key editing on (drags, handles, Delete, Insert, S, arrows on a selected key) or off (undefined). */
  setEditing(editing: CurveEditing | undefined): void {
    this.editing = editing;
    this.stage.classList.toggle('as-editable', !!editing);
    if (!editing) this.cancelPreview();
    this.drawOverlay();
  }

  get editable(): boolean {
    return !!this.editing;
  }

  /** The track `track` whose keys can be moved (not derived: a BTK matrix element has none). */
  private editableTrack(track: number): boolean {
    const t = this.tracks[track];
    return !!this.editing && !!t && t.channel !== 'matrix' && !!this.visible[track];
  }

  /** Draws the track as `edit` would leave it (a drag's move), the lanes' ranges held. */
  previewEdit(edit: CurveEdit): void {
    if (!this.editableTrack(edit.track)) return;
    if (this.preview && this.preview.track !== edit.track) this.cancelPreview();
    const original = this.preview?.original ?? this.tracks[edit.track];
    if (!this.preview) this.options.onEditDrag?.();
    this.preview = { track: edit.track, original };
    this.tracks[edit.track] = previewTrack(original, edit);
    this.caches[edit.track].constant = false;
    this.rangesFrozen = true;
    this.resample();
  }

  /** Sends `edit` (the preview, if any, stays drawn until the host's reload or a refusal: cancelPreview). */
  commitEdit(edit: CurveEdit): void {
    const editing = this.editing;
    if (!editing || !this.tracks[edit.track]) return;
    this.rangesFrozen = false;
    const t = this.preview?.track === edit.track ? this.preview.original : this.tracks[edit.track];
    editing.onEdit(edit, editLabel(edit, t));
  }

  /** Draws the tracks as the file has them again (a drag cancelled, an edit refused). */
  cancelPreview(): void {
    const p = this.preview;
    this.rangesFrozen = false;
    if (!p) return;
    this.preview = null;
    this.tracks[p.track] = p.original;
    this.caches[p.track].constant = p.original.keys.length < 2 && p.original.channel !== 'matrix';
    this.resample();
  }

  /** The value at (x, y) in the lane of `track`, and its frame (rounded to what the pointer can mean). */
  pointAt(track: number, x: number, y: number, stepFrames: boolean): { frame: number; value: number } | undefined {
    const lane = this.scale.lanes[this.caches[track]?.lane ?? -1];
    if (!lane) return undefined;
    const f = this.scale.xToFrame(x);
    // frames of a step track are whole; of a keyed one, to a hundredth
    const frame = stepFrames ? Math.round(f) : Math.round(f * 100) / 100;
    return { frame: Math.max(0, frame), value: roundToLane(lane, yToValue(lane, y)) };
  }

  /** Drags key `hit` to (x, y); `axis` keeps the frame ('value') or the value ('frame'). Draws the preview; returns the edit. */
  dragKey(hit: KeyRef, x: number, y: number, axis?: 'frame' | 'value'): CurveEdit | undefined {
    const source = this.preview?.track === hit.track ? this.preview.original : this.tracks[hit.track];
    if (!source || !this.editableTrack(hit.track)) return undefined;
    const step = source.interpolation === 'step';
    const at = this.pointAt(hit.track, x, y, step);
    if (!at) return undefined;
    const edit: CurveEdit = { kind: 'key', track: hit.track, key: hit.key };
    // a step track's keys are its frames: only the value moves
    if (axis !== 'value' && !step) edit.frame = at.frame;
    if (axis !== 'frame') edit.value = at.value;
    this.previewEdit(edit);
    return edit;
  }

  /** Which tangent handle of the selected key is at (x, y), if any. */
  handleAt(x: number, y: number): 'in' | 'out' | null {
    const h = this.selectedHandles();
    if (!h) return null;
    for (const side of ['in', 'out'] as const) if ((h[side].x - x) ** 2 + (h[side].y - y) ** 2 <= HIT_RADIUS * HIT_RADIUS) return side;
    return null;
  }

  /** Drags the selected key's `side` handle to (x, y): the preview, and the edit. */
  dragHandle(side: 'in' | 'out', x: number, y: number): CurveEdit | undefined {
    const sel = this.selected;
    if (!sel) return undefined;
    const source = this.preview?.track === sel.track ? this.preview.original : this.tracks[sel.track];
    const lane = this.scale.lanes[this.caches[sel.track]?.lane ?? -1];
    if (!source || !lane) return undefined;
    const key = { frame: source.keys.frame(sel.key), value: source.keys.value(sel.key) };
    const slope = slopeFromHandle(this.scale, lane, key, x, y, side);
    if (slope === undefined) return undefined;
    const rounded = Number(slope.toPrecision(4));
    const edit: CurveEdit = side === 'in' ? { kind: 'key', track: sel.track, key: sel.key, inSlope: rounded } : { kind: 'key', track: sel.track, key: sel.key, outSlope: rounded };
    this.previewEdit(edit);
    return edit;
  }

  /** Adds a key where (x, y) lies on a visible keyed curve (double-click); false when no curve is near. */
  addKeyAt(x: number, y: number): boolean {
    if (!this.editing || x < this.scale.plotLeft || x > this.scale.plotRight) return false;
    const frame = this.scale.xToFrame(x);
    let best: { track: number; d: number } | undefined;
    for (let i = 0; i < this.tracks.length; i++) {
      const lane = this.scale.lanes[this.caches[i].lane];
      if (!lane || !this.editableTrack(i)) continue;
      const d = Math.abs(this.scale.valueToY(lane, this.tracks[i].evaluate(frame)) - y);
      if (d <= HIT_RADIUS && (!best || d < best.d)) best = { track: i, d };
    }
    if (!best) return false;
    this.addKeyOn(best.track, frame);
    return true;
  }

  /** Adds a key to `track` at `frame` (rounded as the pointer is), on the curve. */
  addKeyOn(track: number, frame: number): void {
    const t = this.tracks[track];
    if (!t || !this.editableTrack(track)) return;
    const f = t.interpolation === 'step' ? Math.round(frame) : Math.round(frame * 100) / 100;
    // on the curve: its value there (to six places, what the curves show)
    this.commitEdit({ kind: 'addKey', track, frame: f, value: Number(t.evaluate(f).toPrecision(6)) });
  }

  /** The keyboard's edits of the selected key (interaction.ts). */
  editSelected(action: 'delete' | 'toggleStep' | 'insert' | { frames: number; steps: number }): boolean {
    const sel = this.selected;
    if (!this.editing) return false;
    if (action === 'insert') {
      const track = sel?.track ?? this.tracks.findIndex((_, i) => this.editableTrack(i));
      if (track < 0) return false;
      this.addKeyOn(track, this.frameValue);
      return true;
    }
    if (!sel || !this.editableTrack(sel.track)) return false;
    const t = this.tracks[sel.track];
    if (action === 'delete') this.commitEdit({ kind: 'deleteKey', track: sel.track, key: sel.key });
    else if (action === 'toggleStep') this.commitEdit({ kind: 'interpolation', track: sel.track, to: t.interpolation === 'step' ? 'hermite' : 'step' });
    else {
      const edit: CurveEdit = { kind: 'key', track: sel.track, key: sel.key };
      if (action.frames && t.interpolation !== 'step') edit.frame = Math.max(0, t.keys.frame(sel.key) + action.frames);
      if (action.steps) {
        const v = t.keys.value(sel.key) + action.steps * NUDGE[t.unit];
        edit.value = Number(v.toPrecision(10));
      }
      if (edit.frame === undefined && edit.value === undefined) return false;
      this.previewEdit(edit);
      this.commitEdit(edit);
    }
    return true;
  }

  /**
   * The context menu at (x, y) in the plot: add a key on the curve there (or, from the keyboard, on
   * the selected key's track at the cursor), delete the key there or the selected one, step ↔ keyed.
   */
  openMenu(x: number, y: number, atCursor = false): void {
    const hit = atCursor ? null : this.hitTest(x, y);
    if (hit) this.selectKey(hit);
    const sel = this.selected;
    const items: MenuItem[] = [];
    const frame = atCursor ? this.frameValue : this.scale.xToFrame(x);
    let addTo = -1;
    if (!atCursor && !hit) {
      let best = Infinity;
      for (let i = 0; i < this.tracks.length; i++) {
        const lane = this.scale.lanes[this.caches[i].lane];
        if (!lane || !this.editableTrack(i)) continue;
        const d = Math.abs(this.scale.valueToY(lane, this.tracks[i].evaluate(frame)) - y);
        if (d <= HIT_RADIUS * 2 && d < best) { best = d; addTo = i; }
      }
    }
    if (addTo < 0 && sel && !hit) addTo = sel.track;
    if (addTo >= 0 && this.editableTrack(addTo)) {
      const f = this.tracks[addTo].interpolation === 'step' ? Math.round(frame) : Math.round(frame * 100) / 100;
      items.push({ label: `Add a key at frame ${formatValue(f)} to ${this.tracks[addTo].path}`, run: () => this.addKeyOn(addTo, frame) });
    }
    if (sel && this.editableTrack(sel.track)) {
      const t = this.tracks[sel.track];
      items.push({ label: `Delete key ${sel.key} of ${t.path}`, run: () => this.editSelected('delete') });
      items.push({ label: t.interpolation === 'step' ? `Make ${t.path} keyed` : `Make ${t.path} stepped`, run: () => this.editSelected('toggleStep') });
    }
    this.menu.show(items, Math.min(x, Math.max(0, this.scale.width - 260)), y, this.stage);
  }

  private selectedHandles(): ReturnType<typeof handlePositions> | undefined {
    const sel = this.selected;
    if (!sel || !this.editableTrack(sel.track)) return undefined;
    const t = this.tracks[sel.track];
    const lane = this.scale.lanes[this.caches[sel.track]?.lane ?? -1];
    if (!t || !lane || t.interpolation === 'step' || sel.key >= t.keys.length) return undefined;
    return handlePositions(this.scale, lane, { frame: t.keys.frame(sel.key), value: t.keys.value(sel.key), inSlope: t.keys.inSlope(sel.key), outSlope: t.keys.outSlope(sel.key) });
  }

  private drawHandles(): void {
    const h = this.selectedHandles();
    const ctx = h && this.colors ? this.overlay.getContext('2d') : null;
    if (!h || !ctx || !this.colors) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.scale.plotLeft - KEY_RADIUS - 4, 0, this.scale.plotRight - this.scale.plotLeft + 2 * (KEY_RADIUS + 4), this.scale.axisTop);
    ctx.clip();
    ctx.strokeStyle = this.colors.focus;
    ctx.fillStyle = this.colors.background;
    ctx.lineWidth = 1;
    for (const end of [h.in, h.out]) {
      ctx.beginPath();
      ctx.moveTo(h.x, h.y);
      ctx.lineTo(end.x, end.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.rect(end.x - 3.5, end.y - 3.5, 7, 7);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();
  }

  stepKey(dir: 1 | -1): void {
    const all: { track: number; key: number; frame: number }[] = [];
    this.tracks.forEach((t, ti) => {
      if (!this.visible[ti] || this.caches[ti].constant) return;
      for (let ki = 0; ki < t.keys.length; ki++) all.push({ track: ti, key: ki, frame: t.keys.frame(ki) });
    });
    if (!all.length) return;
    all.sort((a, b) => a.frame - b.frame || a.track - b.track || a.key - b.key);
    const sel = this.selected;
    let idx = sel ? all.findIndex((a) => a.track === sel.track && a.key === sel.key) : -1;
    idx = idx < 0 ? (dir > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, idx + dir));
    const next = all[idx];
    const { start, end } = this.scale.view;
    if (next.frame < start || next.frame > end) {
      const span = end - start;
      this.setView({ start: next.frame - span / 2, end: next.frame + span / 2 });
    }
    this.selectKey(next);
  }

  scrub(frame: number): void {
    this.options.onScrub?.(Math.min(Math.max(frame, 0), this.duration));
  }

  // ---- legend ------------------------------------------------------------------------------------

  /**
   * One checkbox per (lane, channel, axis): a BCK joint gets one per track, a whole MOTN sequence
   * one per axis of each channel (toggling all its bones at once).
   */
  private buildLegend(): void {
    this.legendEl.replaceChildren();
    for (const lane of this.scale.lanes) {
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

  // ---- size ------------------------------------------------------------------------------------

  /** The least height of all lanes plus the axis. */
  private get minStageHeight(): number {
    return (this.scale.lanes.length ? totalWeight(this.scale.lanes) * this.laneHeight : this.laneHeight) + AXIS_HEIGHT;
  }

  /** Lane heights: fixed, or (fill) sharing the stage's height, never below laneHeight. */
  private layoutLanes(): void {
    const weight = totalWeight(this.scale.lanes) || 1;
    const unit = this.options.fill ? Math.max(this.laneHeight, (this.height - AXIS_HEIGHT) / weight) : this.laneHeight;
    stackLanes(this.scale.lanes, unit);
  }

  private applyStageHeight(): void {
    if (this.options.fill) this.stage.style.minHeight = `${Math.round(this.minStageHeight)}px`;
    else this.stage.style.height = `${Math.round(this.scale.lanes.length ? this.scale.axisTop + AXIS_HEIGHT : this.minStageHeight)}px`;
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
    if (w === this.scale.width && h === this.height && dpr === this.dpr && this.colors) return;
    this.scale.width = w;
    this.height = h;
    this.dpr = dpr;
    for (const c of [this.base, this.overlay]) {
      c.width = Math.max(1, Math.round(w * dpr));
      c.height = Math.max(1, Math.round(h * dpr));
      c.style.width = `${w}px`;
      c.style.height = `${h}px`;
    }
    if (this.options.fill) this.layoutLanes();
    this.resample();
  }

  private onThemeChange(): void {
    if (!this.element.isConnected) return;
    this.colors = readThemeColors(this.element);
    this.paintLegendSwatches();
    this.drawBase();
    this.drawOverlay();
  }

  // ---- sampling (once per pixel column, only when the view changes) -------------------------

  private resample(): void {
    if (!this.scale.width || !this.colors) return;
    const s0 = this.scale;
    const cols = Math.max(2, Math.ceil(s0.plotRight - s0.plotLeft) + 1);
    let n = 0;
    for (let i = 0; i < this.tracks.length; i++) {
      const t = this.tracks[i];
      const cache = this.caches[i];
      if (cache.samples.length !== cols) cache.samples = new Float64Array(cols);
      const s = cache.samples;
      if (cache.constant) {
        s.fill(t.evaluate(s0.view.start));
        n++;
        cache.flat = true;
      } else {
        t.sample(s, s0.view.start, s0.framesPerPx);
        let flat = true;
        for (let c = 1; c < cols && flat; c++) if (s[c] !== s[0]) flat = false;
        cache.flat = flat;
        n += cols;
      }
      const ref = cache.reference, refTrack = this.reference[i];
      if (ref && refTrack) {
        if (ref.samples.length !== cols) ref.samples = new Float64Array(cols);
        refTrack.sample(ref.samples, s0.view.start, s0.framesPerPx);
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
    if (this.rangesFrozen) return;
    const { start, end } = this.scale.view;
    for (const lane of this.scale.lanes) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const i of lane.tracks) {
        if (!this.visible[i]) continue;
        for (const s of [this.caches[i].samples, this.caches[i].reference?.samples]) {
          if (!s) continue;
          for (let c = 0; c < s.length; c++) {
            if (s[c] < lo) lo = s[c];
            if (s[c] > hi) hi = s[c];
          }
        }
        const keys = this.tracks[i].keys;
        for (let ki = 0; ki < keys.length; ki++) {
          const frame = keys.frame(ki);
          const value = keys.value(ki);
          if (frame < start || frame > end || !Number.isFinite(value)) continue;
          if (value < lo) lo = value;
          if (value > hi) hi = value;
        }
      }
      fitLaneRange(lane, lo, hi);
    }
  }

  private rebuildPaths(): void {
    for (let i = 0; i < this.tracks.length; i++) {
      const cache = this.caches[i];
      const lane = this.scale.lanes[cache.lane];
      const step = this.tracks[i].interpolation === 'step';
      cache.path = lane && this.visible[i] ? trackPath(this.scale, lane, cache.samples, step) : null;
      if (cache.reference) cache.reference.path = lane && this.visible[i] ? trackPath(this.scale, lane, cache.reference.samples, this.reference[i]?.interpolation === 'step') : null;
    }
  }

  // ---- drawing (paint.ts) -------------------------------------------------------------------

  private painter(canvas: HTMLCanvasElement): Painter | undefined {
    const ctx = canvas.getContext('2d');
    const colors = this.colors;
    if (!ctx || !colors || !this.scale.width) return undefined;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    // Read with the colours (reading the style at each draw made the browser recompute it there).
    const family = colors.fontFamily;
    return { ctx, colors, scale: this.scale, font: (size) => `${size}px ${family}` };
  }

  private get data(): PlotData {
    return { tracks: this.tracks, visible: this.visible, caches: this.caches, duration: this.duration };
  }

  private drawBase(): void {
    const p = this.painter(this.base);
    if (!p) return;
    const drawn = paintBase(p, this.data, this.scale.width, this.height);
    this.keyHits = drawn.keys;
    this.frameLabels = drawn.frameLabels;
  }

  private drawOverlay(): void {
    const p = this.painter(this.overlay);
    if (!p) return;
    this.cursorXValue = paintOverlay(p, this.data, { frame: this.frameValue, hover: this.hover, selected: this.selected, frameLabels: this.frameLabels }, this.scale.width, this.height);
    this.drawHandles();
  }

  /** The view's own tooltip (standalone use), beside the key dot. */
  private showTooltip(t: DescribedTrack, k: DescribedKey, at: KeyHit): void {
    const slopes = k.inSlope === k.outSlope ? `slope ${formatValue(k.inSlope)}/frame` : `in ${formatValue(k.inSlope)} · out ${formatValue(k.outSlope)} /frame`;
    const where = k.valuePath ?? (k.valueOffset !== undefined ? `@0x${k.valueOffset.toString(16).toUpperCase()}` : '');
    const lines = [`${t.channel} ${t.axis} · frame ${formatValue(k.frame)}`, `value ${formatValue(k.value)}${UNIT_SUFFIX[t.unit]}`, slopes];
    if (where) lines.push(where);
    this.tooltip.replaceChildren(...lines.map((l, i) => el('div', i === 0 ? 'as-tooltip-title' : undefined, l)));
    this.tooltip.hidden = false;
    const tw = this.tooltip.offsetWidth;
    const th = this.tooltip.offsetHeight;
    const gap = KEY_RADIUS + 8;
    let left = at.x + gap;
    if (left + tw > this.scale.width) left = at.x - tw - gap;
    const top = Math.min(Math.max(0, at.y - th / 2), Math.max(0, this.height - th));
    this.tooltip.style.left = `${Math.max(0, left)}px`;
    this.tooltip.style.top = `${top}px`;
  }
}

/** The undo stack's text for an edit ("Move key 3 of Joint 1 rotation.y"). */
function editLabel(edit: CurveEdit, t: DescribedTrack): string {
  const where = `${t.path}`;
  switch (edit.kind) {
    case 'key':
      if (edit.inSlope !== undefined || edit.outSlope !== undefined) return `Change the ${edit.inSlope !== undefined ? 'in' : 'out'} slope of key ${edit.key} of ${where}`;
      return `Move key ${edit.key} of ${where}`;
    case 'addKey': return `Add a key at frame ${formatValue(edit.frame)} to ${where}`;
    case 'deleteKey': return `Delete key ${edit.key} of ${where}`;
    case 'interpolation': return `Make ${where} ${edit.to === 'step' ? 'stepped' : 'keyed'}`;
  }
}
