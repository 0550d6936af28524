/**
 * Vertex-colour preview (BXK/BXA): the entry's animated colour as a swatch (with its alpha over a
 * checkerboard), the R, G, B, A values, and the colour-array entries it writes (its index set).
 *
 * Self-contained: styles set through the CSSOM from `--vscode-*` theme variables only (the swatch
 * colour itself is built from numbers); text set with textContent.
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import type { VertexColourPreviewEntry } from '../../src/kinds/spec';

export interface VertexColourEntry extends VertexColourPreviewEntry {
  /** The entry's four tracks (axes r, g, b, a). */
  tracks: DescribedTrack[];
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

const byte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
const CHECKER = 'repeating-conic-gradient(var(--vscode-editor-background) 0% 25%, var(--vscode-panel-border, var(--vscode-foreground)) 0% 50%) 0 0 / 12px 12px';

export class VertexColourPreview {
  readonly element: HTMLDivElement;
  private readonly swatch: HTMLDivElement;
  private readonly alphaFill: HTMLDivElement;
  private readonly values: HTMLElement[] = [];
  private readonly head: HTMLDivElement;
  private readonly indices: HTMLDivElement;
  private readonly notes: HTMLDivElement;
  private tracks: (DescribedTrack | undefined)[] = [];
  private last = [NaN, NaN, NaN, NaN];
  private painted = false;
  private frameValue = 0;

  constructor() {
    this.element = el('div', 'as-preview as-vtxcolour-preview');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Vertex colour preview');
    const row = el('div');
    css(row, { display: 'flex', gap: '12px', 'align-items': 'flex-start' });
    const swatches = el('div');
    css(swatches, { display: 'flex', 'flex-direction': 'column', gap: '4px' });
    this.swatch = el('div', 'as-vtxcolour-swatch');
    this.swatch.setAttribute('role', 'img');
    css(this.swatch, { width: '84px', height: '64px', 'border-radius': '3px', border: '1px solid var(--vscode-panel-border, var(--vscode-foreground))' });
    const alpha = el('div', 'as-vtxcolour-alpha');
    css(alpha, { position: 'relative', width: '84px', height: '18px', 'border-radius': '3px', overflow: 'hidden', background: CHECKER,
      border: '1px solid var(--vscode-panel-border, var(--vscode-foreground))' });
    this.alphaFill = el('div');
    css(this.alphaFill, { position: 'absolute', inset: '0' });
    alpha.append(this.alphaFill);
    swatches.append(this.swatch, alpha);
    const info = el('div');
    css(info, { display: 'flex', 'flex-direction': 'column', gap: '6px', 'min-width': '0' });
    this.head = el('div');
    css(this.head, { display: 'flex', gap: '6px', 'align-items': 'center', 'flex-wrap': 'wrap' });
    const table = el('dl', 'as-vtxcolour-values');
    css(table, { display: 'grid', 'grid-template-columns': 'max-content minmax(4ch, max-content)', gap: '1px 10px', margin: '0' });
    for (const c of ['R', 'G', 'B', 'A']) {
      const dt = el('dt', undefined, c);
      css(dt, { color: 'var(--vscode-descriptionForeground)' });
      const dd = el('dd', 'as-num');
      css(dd, { margin: '0', 'text-align': 'right', 'font-variant-numeric': 'tabular-nums' });
      table.append(dt, dd);
      this.values.push(dd);
    }
    info.append(this.head, table);
    row.append(swatches, info);
    this.indices = el('div', 'as-vtxcolour-indices');
    css(this.indices, { 'overflow-wrap': 'anywhere', 'font-variant-numeric': 'tabular-nums', 'max-width': '320px' });
    this.notes = el('div');
    this.element.append(row, this.indices, this.notes);
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  dispose(): void {
    this.element.remove();
  }

  setEntry(entry: VertexColourEntry): void {
    const byAxis = (a: string) => entry.tracks.find((t) => t.axis === a);
    this.tracks = [byAxis('r'), byAxis('g'), byAxis('b'), byAxis('a')];
    const badge = el('span', 'as-badge', entry.array);
    const title = el('span', undefined, entry.title);
    css(title, { 'font-weight': '600' });
    this.head.replaceChildren(badge, title);
    const shown = entry.indices.join(', ');
    const more = entry.indexCount - entry.indices.length;
    this.indices.textContent = entry.indexCount === 0
      ? `Writes no ${entry.array} entries (empty index set).`
      : `Writes ${entry.array} entr${entry.indexCount === 1 ? 'y' : 'ies'} ${shown}${more > 0 ? `, … (${more} more)` : ''}`;
    this.notes.replaceChildren(...entry.notes.map((n) => {
      const d = el('div', 'as-preview-note', n);
      css(d, { color: 'var(--vscode-editorWarning-foreground)' });
      return d;
    }));
    this.painted = false;
    this.setFrame(this.frameValue);
  }

  /** The current values [r, g, b, a] (NaN: missing) — tests. */
  current(): number[] {
    return this.last.slice();
  }

  setFrame(frame: number): void {
    this.frameValue = frame;
    const v = this.tracks.map((t) => (t ? t.evaluate(frame) : NaN));
    if (this.painted && v.every((x, i) => x === this.last[i] || (x !== x && this.last[i] !== this.last[i]))) return;
    this.painted = true;
    this.last = v;
    const missing = v.some((x) => !Number.isFinite(x));
    const [r, g, b, a] = v.map(byte);
    if (missing) {
      css(this.swatch, { 'background-color': 'transparent', outline: '1px dashed var(--vscode-errorForeground)', 'outline-offset': '-4px' });
      css(this.alphaFill, { 'background-color': 'transparent' });
      this.swatch.setAttribute('aria-label', 'Colour missing (read from outside the bank)');
    } else {
      // Built from numbers only.
      css(this.swatch, { 'background-color': `rgb(${r}, ${g}, ${b})`, outline: 'none' });
      css(this.alphaFill, { 'background-color': `rgba(${r}, ${g}, ${b}, ${a / 255})` });
      this.swatch.setAttribute('aria-label', `Colour rgb(${r}, ${g}, ${b}), alpha ${a} of 255`);
    }
    v.forEach((x, i) => (this.values[i].textContent = Number.isFinite(x) ? String(Math.round(x * 100) / 100) : '—'));
  }
}
