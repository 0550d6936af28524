/**
 * Texture strip (BTP): per entry, one strip of cells over frames 0 … duration − 1, each run of
 * frames showing the same TEX1 texture index drawn as one cell labelled with the index, the
 * current frame outlined, and a caption with the frame's index. With the bound model's textures
 * (setTextures), each run shows its texture as a thumbnail and the current frame's texture is drawn
 * large under the strip.
 *
 * Self-contained: styles set through the CSSOM (allowed by the webview CSP) from `--vscode-*`
 * theme variables only; text from files (material names) set with textContent.
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import type { TextureStripPreviewEntry } from '../../src/kinds/spec';
import type { PayloadTexture } from '../../src/wire/modelPayload';

export interface TextureStripRow extends TextureStripPreviewEntry {
  /** The entry's texture track (axis `index`); undefined draws an empty strip. */
  track: DescribedTrack | undefined;
}

/** Index hues, by texture index modulo their count. */
const PALETTE = ['--vscode-charts-blue', '--vscode-charts-green', '--vscode-charts-yellow', '--vscode-charts-orange', '--vscode-charts-purple', '--vscode-charts-red'];
/** Cells drawn at most per strip: longer strips sample every k-th frame (and say so). */
export const MAX_STRIP_CELLS = 480;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function css(e: HTMLElement, styles: Record<string, string>): void {
  for (const [k, v] of Object.entries(styles)) e.style.setProperty(k, v);
}

const same = (a: number, b: number): boolean => a === b || (a !== a && b !== b);
const show = (v: number): string => (Number.isFinite(v) ? String(v) : '—');

/** A run of frames showing one value. */
export interface StripRun {
  first: number;
  frames: number;
  value: number;
}

/** The runs of a track over frames 0 … frames − 1, sampled every `step` frames. */
export function stripRuns(track: DescribedTrack | undefined, frames: number, step: number): StripRun[] {
  const runs: StripRun[] = [];
  for (let f = 0; f < frames; f += step) {
    const v = track ? track.evaluate(f) : NaN;
    const last = runs[runs.length - 1];
    const len = Math.min(step, frames - f);
    if (last && same(last.value, v)) last.frames += len;
    else runs.push({ first: f, frames: len, value: v });
  }
  return runs;
}

interface RowView {
  root: HTMLElement;
  row: TextureStripRow;
  frames: number;
  runs: StripRun[];
  marker: HTMLDivElement;
  caption: HTMLElement;
  /** The current frame's texture, large (with the model's textures only). */
  large: HTMLCanvasElement;
  cells: HTMLElement[];
  current: number;
}

/** Draws level 0 of a texture into a canvas of its own size (CSS scales it); false when it has no pixels. */
function drawTexture(canvas: HTMLCanvasElement, texture: PayloadTexture | undefined): boolean {
  const level = texture?.levels[0];
  const ctx = level && level.width > 0 && level.height > 0 ? canvas.getContext('2d') : null;
  if (!level || !ctx) return false;
  canvas.width = level.width;
  canvas.height = level.height;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(level.rgba.buffer, level.rgba.byteOffset, level.rgba.byteLength).slice(), level.width, level.height), 0, 0);
  return true;
}

export class TextureStripPreview {
  readonly element: HTMLDivElement;
  private views: RowView[] = [];
  private frameValue = 0;
  private textures: ReadonlyMap<number, PayloadTexture> = new Map();

  constructor() {
    this.element = el('div', 'as-preview as-strip-preview');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Texture pattern preview');
    css(this.element, { 'min-width': '280px', 'max-width': '560px' });
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  dispose(): void {
    this.element.remove();
  }

  setRows(rows: TextureStripRow[]): void {
    this.views = rows.map((r) => this.buildRow(r));
    this.element.replaceChildren(...this.views.map((v) => v.root));
    this.drawThumbnails();
    this.setFrame(this.frameValue);
  }

  /** The bound model's TEX1 textures (by TEX1 index, which is what a BTP index names); none: indices only. */
  setTextures(textures: readonly PayloadTexture[] | undefined): void {
    this.textures = new Map((textures ?? []).map((t) => [t.index, t]));
    this.drawThumbnails();
    for (const v of this.views) v.current = NaN; // redraw the large texture
    this.setFrame(this.frameValue);
  }

  /** How many runs show a texture thumbnail in row i — tests. */
  thumbnails(i = 0): number {
    return this.views[i]?.cells.filter((c) => c.querySelector('canvas')).length ?? 0;
  }

  /** The texture index shown for the current frame in row i (NaN: missing) — tests. */
  current(i = 0): number {
    return this.views[i]?.current ?? NaN;
  }

  /** The runs drawn in row i — tests. */
  runs(i = 0): StripRun[] {
    return this.views[i]?.runs.map((r) => ({ ...r })) ?? [];
  }

  setFrame(frame: number): void {
    this.frameValue = frame;
    for (const v of this.views) {
      const value = v.row.track ? v.row.track.evaluate(frame) : NaN;
      if (!same(value, v.current)) v.large.hidden = !drawTexture(v.large, this.textures.get(value));
      v.current = value;
      const cell = Math.min(v.frames - 1, Math.max(0, Math.floor(Number.isFinite(frame) ? frame : 0)));
      v.marker.style.setProperty('left', `${(cell / v.frames) * 100}%`);
      const name = this.textures.get(value)?.name;
      v.caption.textContent = `Frame ${Math.round(frame * 100) / 100}: texture ${show(value)}${name ? ` (${name})` : ''}`;
    }
  }

  private buildRow(row: TextureStripRow): RowView {
    const frames = Math.max(1, Math.floor(row.duration));
    const step = Math.ceil(frames / MAX_STRIP_CELLS);
    const runs = stripRuns(row.track, frames, step);
    const figure = el('figure', 'as-strip-entry');
    css(figure, { margin: '0', display: 'flex', 'flex-direction': 'column', gap: '4px' });
    const head = el('div', 'as-strip-head');
    css(head, { display: 'flex', gap: '6px', 'align-items': 'center', 'flex-wrap': 'wrap' });
    head.append(el('span', 'as-badge', row.slot), el('span', 'as-strip-name', row.materialName));
    const strip = el('div', 'as-strip');
    strip.setAttribute('role', 'img');
    strip.setAttribute('aria-label', `Texture index per frame: ${runs.slice(0, 32).map((r) => `frames ${r.first}–${r.first + r.frames - 1}: ${show(r.value)}`).join('; ')}${runs.length > 32 ? '; …' : ''}`);
    css(strip, {
      position: 'relative', display: 'flex', height: '26px', 'border-radius': '3px', overflow: 'hidden',
      border: '1px solid var(--vscode-panel-border, var(--vscode-foreground))',
    });
    const cells: HTMLElement[] = [];
    for (const r of runs) {
      const cell = el('div', 'as-strip-cell', show(r.value));
      cells.push(cell);
      cell.title = `frame${r.frames > 1 ? `s ${r.first}–${r.first + r.frames - 1}` : ` ${r.first}`}: texture ${show(r.value)}`;
      css(cell, {
        flex: `${r.frames} 1 0`, 'min-width': '0', overflow: 'hidden', 'text-align': 'center', 'line-height': '26px',
        'font-size': '11px', 'font-variant-numeric': 'tabular-nums', 'white-space': 'nowrap',
        'border-right': '1px solid var(--vscode-editor-background)',
      });
      if (Number.isFinite(r.value)) {
        css(cell, { 'background-color': `var(${PALETTE[Math.abs(r.value) % PALETTE.length]})`, color: 'var(--vscode-editor-background)' });
      } else {
        css(cell, { color: 'var(--vscode-errorForeground)', outline: '1px dashed var(--vscode-errorForeground)', 'outline-offset': '-3px' });
      }
      strip.append(cell);
    }
    const marker = el('div', 'as-strip-marker');
    marker.setAttribute('aria-hidden', 'true');
    css(marker, {
      position: 'absolute', top: '0', bottom: '0', width: `max(2px, ${100 / frames}%)`, 'box-sizing': 'border-box',
      border: '2px solid var(--vscode-focusBorder, var(--vscode-foreground))', 'pointer-events': 'none',
    });
    strip.append(marker);
    const caption = el('figcaption', 'as-strip-caption');
    caption.setAttribute('aria-live', 'off');
    css(caption, { 'font-variant-numeric': 'tabular-nums' });
    const large = el('canvas', 'as-strip-large');
    large.hidden = true;
    large.setAttribute('aria-hidden', 'true');
    css(large, { width: '96px', height: '96px', 'object-fit': 'contain', 'image-rendering': 'pixelated', 'align-self': 'flex-start' });
    figure.append(head, strip, caption, large);
    if (step > 1) figure.append(el('div', 'as-preview-note', `${frames} frames: one in ${step} is drawn.`));
    return { root: figure, row, frames, runs, marker, caption, large, cells, current: NaN };
  }

  /** A thumbnail in each run wide enough for one (the index stays in its title and label). */
  private drawThumbnails(): void {
    for (const v of this.views) {
      v.runs.forEach((r, i) => {
        const cell = v.cells[i];
        cell.querySelector('canvas')?.remove();
        if (r.frames / v.frames < 0.04) return; // too narrow for a picture
        const thumb = document.createElement('canvas');
        if (!drawTexture(thumb, this.textures.get(r.value))) return;
        css(thumb, { height: '22px', width: '22px', 'object-fit': 'contain', 'vertical-align': 'middle', 'margin-right': '3px' });
        cell.prepend(thumb);
      });
    }
  }
}
