/**
 * Texture strip (BTP): per entry, one strip of cells over frames 0 … duration − 1, each run of
 * frames showing the same TEX1 texture index drawn as one cell labelled with the index, the
 * current frame outlined, and a caption with the frame's index.
 *
 * Self-contained: styles set through the CSSOM (allowed by the webview CSP) from `--vscode-*`
 * theme variables only; text from files (material names) set with textContent.
 */
import type { DescribedTrack } from '../../src/anim';
import type { TextureStripPreviewEntry } from '../../src/formats/spec';

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
  current: number;
}

export class TextureStripPreview {
  readonly element: HTMLDivElement;
  private views: RowView[] = [];
  private frameValue = 0;

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
    this.setFrame(this.frameValue);
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
      v.current = value;
      const cell = Math.min(v.frames - 1, Math.max(0, Math.floor(Number.isFinite(frame) ? frame : 0)));
      v.marker.style.setProperty('left', `${(cell / v.frames) * 100}%`);
      v.caption.textContent = `Frame ${Math.round(frame * 100) / 100}: texture ${show(value)}`;
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
    for (const r of runs) {
      const cell = el('div', 'as-strip-cell', show(r.value));
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
    figure.append(head, strip, caption);
    if (step > 1) figure.append(el('div', 'as-preview-note', `${frames} frames: one in ${step} is drawn.`));
    return { root: figure, row, frames, runs, marker, caption, current: NaN };
  }
}
