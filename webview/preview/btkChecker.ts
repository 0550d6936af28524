/**
 * BTK preview: a checkerboard texture on a unit quad, transformed live by the entry's 3×2
 * texture matrix (Basic or Maya per the file's matrix mode, computed by the sampler's
 * writeTextureMatrix), plus the matrix numbers.
 *
 * The quad point (u, v) ∈ [0,1]² samples the texture at M·(u, v, 1). To draw that with a canvas
 * transform, the texture (a repeating pattern, one tile per texture unit) is drawn through M⁻¹
 * mapped onto the quad. The tile's first cell is marked so rotation and flips are visible.
 */
import { MATRIX_ELEMENTS, writeTextureMatrix } from '../../src/anim/texmtx';
import type { DescribedTrack } from '../../src/kinds/describe';
import { el } from '../shared/dom';
import { readThemeColors, ThemeColors, watchTheme } from '../curves/theme';

export interface BtkCheckerEntry {
  /** Entry index. */
  index: number;
  materialName: string;
  texMtxIndex: number;
  /** Centre S, T (Q unused). */
  center: readonly number[];
  /** The file's matrix mode (0 Basic, 1 Maya, other values behave as Basic). */
  matrixMode: number;
  /** The entry's described tracks (channels scale/rotation/translation, axes s/t/q). */
  tracks: DescribedTrack[];
}

const SIZE = 168;
const TILE_CELLS = 4;
const PATTERN_PX = 64;


/** Four decimals; from 10⁷ on (hostile centres, scales) four significant digits, so a value stays one short cell. */
function fmt(v: number): string {
  if (Math.abs(v) >= 1e7) return v.toExponential(4);
  const r = Math.round(v * 10000) / 10000;
  return (Object.is(r, -0) ? 0 : r).toFixed(4);
}

export class BtkCheckerPreview {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly cells: HTMLElement[] = [];
  private readonly srtText: HTMLDivElement;
  private readonly head: HTMLDivElement;
  private readonly note: HTMLDivElement;
  private entry: BtkCheckerEntry | null = null;
  private srt: (DescribedTrack | undefined)[] = [];
  private readonly m = new Float64Array(6);
  private readonly prev = new Float64Array(6);
  private drawn = false;
  private colors: ThemeColors | null = null;
  private pattern: CanvasPattern | null = null;
  private frameValue = 0;
  private disposeTheme: (() => void) | null = null;
  private disposeResize: (() => void) | null = null;
  private dpr = 1;

  constructor() {
    this.element = el('div', 'as-preview as-btk-preview');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Texture matrix preview');
    const figure = el('figure', 'as-btk-figure');
    this.canvas = el('canvas', 'as-btk-canvas');
    this.canvas.setAttribute('role', 'img');
    figure.append(this.canvas);

    const info = el('div', 'as-btk-info');
    this.head = el('div', 'as-btk-head');
    const table = el('table', 'as-btk-matrix');
    table.setAttribute('aria-label', 'Texture matrix (3×2)');
    const body = el('tbody');
    for (let r = 0; r < 2; r++) {
      const tr = el('tr');
      for (let c = 0; c < 3; c++) {
        const td = el('td', 'as-num');
        td.title = MATRIX_ELEMENTS[r * 3 + c];
        td.setAttribute('aria-label', MATRIX_ELEMENTS[r * 3 + c]);
        this.cells.push(td);
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
    this.srtText = el('div', 'as-btk-srt as-num');
    this.note = el('div', 'as-preview-note');
    this.note.hidden = true;
    info.append(this.head, table, this.srtText, this.note);
    this.element.append(figure, info);
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    this.disposeTheme = watchTheme(() => {
      if (!this.element.isConnected) return;
      this.colors = readThemeColors(this.element);
      this.pattern = null;
      this.draw();
    });
    // Colours need the element in the document: read them when it is first laid out.
    const ro = new ResizeObserver(() => {
      if (!this.colors && this.element.isConnected) {
        this.colors = readThemeColors(this.element);
        this.draw();
      }
    });
    ro.observe(this.canvas);
    this.disposeResize = () => ro.disconnect();
    if (this.element.isConnected) this.colors = readThemeColors(this.element);
    this.draw();
    return this;
  }

  dispose(): void {
    this.disposeTheme?.();
    this.disposeResize?.();
    this.element.remove();
  }

  setEntry(entry: BtkCheckerEntry): void {
    this.entry = entry;
    this.drawn = false;
    const find = (channel: string, axis: string) => entry.tracks.find((t) => t.channel === channel && t.axis === axis);
    this.srt = [find('scale', 's'), find('scale', 't'), find('rotation', 'q'), find('translation', 's'), find('translation', 't')];
    const mode = entry.matrixMode === 1 ? 'Maya' : entry.matrixMode === 0 ? 'Basic' : `Basic (unknown mode ${entry.matrixMode})`;
    const mtx = entry.texMtxIndex === 0xff ? 'no TEXMTX (skipped)' : `TEXMTX${entry.texMtxIndex}`;
    this.head.replaceChildren(el('span', 'as-badge', mtx), el('span', 'as-btk-name', entry.materialName), el('span', 'as-btk-mode', mode));
    this.setFrame(this.frameValue);
  }

  /** The matrix at the current frame [m00, m01, m02, m10, m11, m12] (tests). */
  get matrix(): number[] {
    return Array.from(this.m);
  }

  setFrame(frame: number): void {
    this.frameValue = frame;
    const e = this.entry;
    if (!e) return;
    const ev = (i: number, d: number) => this.srt[i]?.evaluate(frame) ?? d;
    const ss = ev(0, 1);
    const st = ev(1, 1);
    const rq = ev(2, 0);
    const ts = ev(3, 0);
    const tt = ev(4, 0);
    writeTextureMatrix(this.m, 0, e.matrixMode, ss, st, rq, ts, tt, e.center[0] ?? 0, e.center[1] ?? 0);
    // Nothing moved (constant stretches of the animation): skip the DOM and canvas work.
    if (this.drawn && this.prev.every((v, i) => Object.is(v, this.m[i]))) return;
    this.prev.set(this.m);
    this.drawn = true;
    for (let i = 0; i < 6; i++) this.cells[i].textContent = fmt(this.m[i]);
    this.srtText.textContent = `S ${fmt(ss)}, ${fmt(st)} · R ${fmt(rq)}° · T ${fmt(ts)}, ${fmt(tt)} · centre ${fmt(e.center[0] ?? 0)}, ${fmt(e.center[1] ?? 0)}`;
    this.draw();
  }

  private makePattern(ctx: CanvasRenderingContext2D, colors: ThemeColors): CanvasPattern | null {
    const tile = document.createElement('canvas');
    tile.width = tile.height = PATTERN_PX;
    const t = tile.getContext('2d');
    if (!t) return null;
    const cell = PATTERN_PX / TILE_CELLS;
    t.fillStyle = colors.background;
    t.fillRect(0, 0, PATTERN_PX, PATTERN_PX);
    t.fillStyle = colors.foreground;
    t.globalAlpha = 0.55;
    for (let y = 0; y < TILE_CELLS; y++) for (let x = 0; x < TILE_CELLS; x++) if ((x + y) % 2 === 1) t.fillRect(x * cell, y * cell, cell, cell);
    // The tile's first cell (texture origin) in an accent colour, the next one along S in another.
    t.globalAlpha = 1;
    t.fillStyle = colors.orange;
    t.fillRect(0, 0, cell, cell);
    t.fillStyle = colors.blue;
    t.fillRect(cell, 0, cell, cell);
    // Tile border: where the texture repeats.
    t.strokeStyle = colors.chartsLines;
    t.lineWidth = 2;
    t.strokeRect(0, 0, PATTERN_PX, PATTERN_PX);
    return ctx.createPattern(tile, 'repeat');
  }

  private draw(): void {
    const colors = this.colors;
    if (!colors) return;
    const dpr = window.devicePixelRatio || 1;
    if (dpr !== this.dpr || this.canvas.width !== Math.round(SIZE * dpr)) {
      this.dpr = dpr;
      this.canvas.width = this.canvas.height = Math.round(SIZE * dpr);
      this.canvas.style.width = this.canvas.style.height = `${SIZE}px`;
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    if (!this.pattern) this.pattern = this.makePattern(ctx, colors);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const [a, b, c, d, e, f] = this.m; // s' = a u + b v + c ; t' = d u + e v + f
    const det = a * e - b * d;
    const px = SIZE * dpr;
    if (!this.entry || !Number.isFinite(det) || Math.abs(det) < 1e-9) {
      ctx.fillStyle = colors.outside;
      ctx.fillRect(0, 0, px, px);
      this.note.hidden = !this.entry;
      this.note.textContent = 'The matrix is singular (scale 0): the texture collapses to a line or a point.';
      this.canvas.setAttribute('aria-label', 'Checkerboard: singular texture matrix');
      return;
    }
    this.note.hidden = true;
    // Inverse: texture (s, t) → quad (u, v).
    const ia = e / det;
    const ib = -b / det;
    const id = -d / det;
    const ie = a / det;
    const ic = -(ia * c + ib * f);
    const if_ = -(id * c + ie * f);
    // canvas = px · (u, v) = px · Minv · (s, t, 1); the pattern is PATTERN_PX per texture unit.
    ctx.setTransform(px * ia, px * id, px * ib, px * ie, px * ic, px * if_);
    // Texture-space bounding box of the quad's corners.
    let s0 = Infinity, s1 = -Infinity, t0 = Infinity, t1 = -Infinity;
    for (const [u, v] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
      const s = a * u + b * v + c;
      const t = d * u + e * v + f;
      s0 = Math.min(s0, s); s1 = Math.max(s1, s);
      t0 = Math.min(t0, t); t1 = Math.max(t1, t);
    }
    if (this.pattern) {
      this.pattern.setTransform(new DOMMatrix([1 / PATTERN_PX, 0, 0, 1 / PATTERN_PX, 0, 0]));
      ctx.fillStyle = this.pattern;
      // Limit the fill when the matrix repeats the texture thousands of times (tiny scale).
      const span = Math.max(s1 - s0, t1 - t0);
      if (span < 4096) ctx.fillRect(Math.floor(s0) - 1, Math.floor(t0) - 1, Math.ceil(s1 - s0) + 2, Math.ceil(t1 - t0) + 2);
      else {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = colors.outside;
        ctx.fillRect(0, 0, px, px);
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.strokeStyle = colors.border;
    ctx.lineWidth = dpr;
    ctx.strokeRect(dpr / 2, dpr / 2, px - dpr, px - dpr);
    this.canvas.setAttribute('aria-label', `Checkerboard transformed by the texture matrix ${Array.from(this.m, fmt).join(' ')}`);
  }
}
