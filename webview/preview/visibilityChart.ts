/**
 * Visibility chart (BVA): one row per shape over frames 0 … duration − 1, filled where the shape
 * is shown, empty where hidden, dashed where the value is missing (read from outside the bank);
 * the current frame outlined on every row, the selected shape's row emphasised, and each row's
 * state at the current frame in words.
 *
 * Self-contained: styles set through the CSSOM from `--vscode-*` theme variables only; labels
 * set with textContent.
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import { MAX_STRIP_CELLS, StripRun, stripRuns } from './textureStrip';

export interface VisibilityRow {
  group: number;
  label: string;
  /** The shape's track (axis `visible`, values 1 shown / 0 hidden / NaN missing). */
  track: DescribedTrack | undefined;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function css(e: HTMLElement, styles: Record<string, string>): void {
  for (const [k, v] of Object.entries(styles)) e.style.setProperty(k, v);
}

const stateOf = (v: number): 'shown' | 'hidden' | 'missing' => (v !== v ? 'missing' : v !== 0 ? 'shown' : 'hidden');

interface RowView {
  row: VisibilityRow;
  runs: StripRun[];
  marker: HTMLDivElement;
  state: HTMLElement;
  current: number;
}

export class VisibilityChartPreview {
  readonly element: HTMLDivElement;
  private readonly grid: HTMLDivElement;
  private readonly caption: HTMLDivElement;
  private readonly note: HTMLDivElement;
  private views: RowView[] = [];
  private frames = 1;
  private frameValue = 0;

  constructor() {
    this.element = el('div', 'as-preview as-visibility-preview');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Shape visibility preview');
    css(this.element, { 'min-width': '280px', 'max-width': '560px' });
    this.caption = el('div', 'as-visibility-caption');
    css(this.caption, { 'font-variant-numeric': 'tabular-nums' });
    this.grid = el('div', 'as-visibility-grid');
    css(this.grid, { display: 'grid', 'grid-template-columns': 'max-content 1fr max-content', gap: '3px 8px', 'align-items': 'center' });
    this.note = el('div', 'as-preview-note');
    this.note.hidden = true;
    this.element.append(this.caption, this.grid, this.note);
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  dispose(): void {
    this.element.remove();
  }

  /** `selected`: the group the preview is for; `notDrawn`: shapes left out (many shapes). */
  setRows(rows: VisibilityRow[], duration: number, selected: number, notDrawn = 0): void {
    this.frames = Math.max(1, Math.floor(duration));
    const step = Math.ceil(this.frames / MAX_STRIP_CELLS);
    const cells: HTMLElement[] = [];
    this.views = rows.map((row) => {
      const runs = stripRuns(row.track, this.frames, step);
      const isSelected = row.group === selected;
      const label = el('div', 'as-visibility-label', row.label);
      if (isSelected) {
        label.setAttribute('aria-current', 'true');
        css(label, { 'font-weight': '600' });
      }
      const strip = el('div', 'as-visibility-strip');
      strip.setAttribute('role', 'img');
      strip.setAttribute('aria-label', `${row.label}: ${runs.slice(0, 32).map((r) => `frames ${r.first}–${r.first + r.frames - 1} ${stateOf(r.value)}`).join('; ')}${runs.length > 32 ? '; …' : ''}`);
      css(strip, {
        position: 'relative', display: 'flex', height: isSelected ? '16px' : '12px', 'border-radius': '2px', overflow: 'hidden',
        border: `1px solid var(${isSelected ? '--vscode-focusBorder' : '--vscode-panel-border'}, var(--vscode-foreground))`,
      });
      for (const r of runs) {
        const cell = el('div', 'as-visibility-cell');
        cell.dataset.state = stateOf(r.value);
        cell.title = `frame${r.frames > 1 ? `s ${r.first}–${r.first + r.frames - 1}` : ` ${r.first}`}: ${stateOf(r.value)}`;
        css(cell, { flex: `${r.frames} 1 0`, 'min-width': '0' });
        if (stateOf(r.value) === 'shown') css(cell, { 'background-color': 'var(--vscode-charts-green, var(--vscode-foreground))' });
        else if (stateOf(r.value) === 'missing') css(cell, { outline: '1px dashed var(--vscode-errorForeground)', 'outline-offset': '-2px' });
        strip.append(cell);
      }
      const marker = el('div', 'as-visibility-marker');
      marker.setAttribute('aria-hidden', 'true');
      css(marker, {
        position: 'absolute', top: '0', bottom: '0', width: `max(2px, ${100 / this.frames}%)`, 'box-sizing': 'border-box', 'pointer-events': 'none',
        border: '2px solid var(--vscode-focusBorder, var(--vscode-foreground))',
      });
      strip.append(marker);
      const state = el('div', 'as-visibility-state');
      css(state, { color: 'var(--vscode-descriptionForeground)', 'min-width': '7ch' });
      cells.push(label, strip, state);
      return { row, runs, marker, state, current: NaN };
    });
    this.grid.replaceChildren(...cells);
    this.note.hidden = notDrawn === 0 && step === 1;
    this.note.textContent = [notDrawn > 0 ? `${notDrawn} more shape(s) not drawn.` : '', step > 1 ? `${this.frames} frames: one in ${step} is drawn.` : '']
      .filter(Boolean).join(' ');
    this.setFrame(this.frameValue);
  }

  /** The value (1 shown, 0 hidden, NaN missing) of row i at the current frame — tests. */
  current(i = 0): number {
    return this.views[i]?.current ?? NaN;
  }

  /** The runs drawn in row i — tests. */
  runs(i = 0): StripRun[] {
    return this.views[i]?.runs.map((r) => ({ ...r })) ?? [];
  }

  setFrame(frame: number): void {
    this.frameValue = frame;
    const cell = Math.min(this.frames - 1, Math.max(0, Math.floor(Number.isFinite(frame) ? frame : 0)));
    for (const v of this.views) {
      v.marker.style.setProperty('left', `${(cell / this.frames) * 100}%`);
      v.current = v.row.track ? v.row.track.evaluate(frame) : NaN;
      v.state.textContent = stateOf(v.current);
    }
    this.caption.textContent = `Frame ${Math.round(frame * 100) / 100}`;
  }
}
