/**
 * Colour preview (BRK): one animated colour swatch per colour entry, with the numeric RGBA values
 * and the colour slot (C0..C3 registers, K0..K3 konstants).
 *
 * Register colours are s11 in hardware (the game clamps interpolated values to −1024..1023);
 * the swatch shows them clamped to 0..255 and says so when a component is outside that range.
 * Konstant colours are 0..255 already (constants are not clamped by the game: same display rule).
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import type { ColourPreviewEntry } from '../../src/kinds/spec';
import { el } from '../shared/dom';

export interface ColourSwatchEntry extends ColourPreviewEntry {
  /** The entry's four tracks (axis r, g, b, a). */
  tracks: DescribedTrack[];
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

interface Row {
  root: HTMLElement;
  entry: ColourSwatchEntry;
  tracks: (DescribedTrack | undefined)[];
  swatch: HTMLDivElement;
  alpha: HTMLDivElement;
  alphaFill: HTMLDivElement;
  values: HTMLElement[];
  note: HTMLDivElement;
  last: number[];
  painted: boolean;
}

export class ColourSwatchPreview {
  readonly element: HTMLDivElement;
  private rows: Row[] = [];
  private frameValue = 0;

  constructor() {
    this.element = el('div', 'as-preview as-brk-preview');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Colour preview');
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  dispose(): void {
    this.element.remove();
  }

  setEntries(entries: ColourSwatchEntry[]): void {
    this.rows = entries.map((entry) => this.buildRow(entry));
    this.element.replaceChildren(...this.rows.map((r) => r.root));
    this.setFrame(this.frameValue);
  }

  /** Current display colour of entry i as [r, g, b, a] in 0..255 (tests). */
  displayColor(i = 0): number[] {
    return this.rows[i]?.last.map(clamp255) ?? [];
  }

  /** Current raw values (after the game's clamping) of entry i. */
  values(i = 0): number[] {
    return this.rows[i]?.last.slice() ?? [];
  }

  setFrame(frame: number): void {
    this.frameValue = frame;
    for (const row of this.rows) {
      let changed = false;
      for (let c = 0; c < 4; c++) {
        const t = row.tracks[c];
        const v = t ? t.evaluate(frame) : 0;
        if (v !== row.last[c] && !(v !== v && row.last[c] !== row.last[c])) {
          row.last[c] = v;
          changed = true;
        }
      }
      if (changed || !row.painted) this.paint(row);
    }
  }

  private buildRow(entry: ColourSwatchEntry): Row {
    const byAxis = (a: string) => entry.tracks.find((t) => t.axis === a);
    const wrap = el('figure', 'as-brk-entry');
    const id = entry.slot;
    wrap.setAttribute('aria-label', `${id} ${entry.materialName}`);
    const swatches = el('div', 'as-brk-swatches');
    const swatch = el('div', 'as-brk-swatch');
    swatch.setAttribute('role', 'img');
    const alpha = el('div', 'as-brk-alpha as-checker');
    alpha.setAttribute('role', 'img');
    const alphaFill = el('div', 'as-brk-alpha-fill');
    alpha.append(alphaFill);
    swatches.append(swatch, alpha);

    const info = el('figcaption', 'as-brk-info');
    const head = el('div', 'as-brk-head');
    head.append(el('span', 'as-badge', id), el('span', 'as-brk-name', entry.materialName));
    head.title = entry.title;
    const table = el('dl', 'as-brk-values');
    const values: HTMLElement[] = [];
    for (const c of ['R', 'G', 'B', 'A']) {
      const dd = el('dd', 'as-num');
      table.append(el('dt', undefined, c), dd);
      values.push(dd);
    }
    const note = el('div', 'as-preview-note');
    note.hidden = true;
    info.append(head, table, note);
    for (const text of entry.notes) info.append(el('div', 'as-preview-note', text));
    wrap.append(swatches, info);
    return { root: wrap, entry, tracks: [byAxis('r'), byAxis('g'), byAxis('b'), byAxis('a')], swatch, alpha, alphaFill, values, note, last: [NaN, NaN, NaN, NaN], painted: false };
  }

  private paint(row: Row): void {
    row.painted = true;
    const [r, g, b, a] = row.last;
    const raw = [r, g, b, a];
    raw.forEach((v, i) => (row.values[i].textContent = Number.isFinite(v) ? String(Math.round(v * 100) / 100) : '—'));
    const missing = raw.map((v, i) => (Number.isFinite(v) ? '' : 'RGBA'[i])).filter(Boolean);
    if (missing.length) {
      // A value the game reads from outside its bank: no colour to show.
      row.swatch.style.backgroundColor = 'transparent';
      row.alphaFill.style.backgroundColor = 'transparent';
      row.swatch.setAttribute('aria-label', 'Colour missing');
      row.alpha.setAttribute('aria-label', 'Alpha missing');
      row.note.hidden = false;
      row.note.textContent = `${missing.join(', ')} missing: read from outside the bank.`;
      return;
    }
    const d = row.last.map(clamp255);
    // CSSOM (allowed by the webview CSP); the value is built from numbers only.
    row.swatch.style.backgroundColor = `rgb(${d[0]}, ${d[1]}, ${d[2]})`;
    row.alphaFill.style.backgroundColor = `rgba(${d[0]}, ${d[1]}, ${d[2]}, ${d[3] / 255})`;
    row.swatch.setAttribute('aria-label', `Colour rgb(${d[0]}, ${d[1]}, ${d[2]})`);
    row.alpha.setAttribute('aria-label', `With alpha ${d[3]} of 255`);
    const outside = raw.map((v, i) => (v < 0 || v > 255 ? 'RGBA'[i] : '')).filter(Boolean);
    row.note.hidden = outside.length === 0;
    if (outside.length) row.note.textContent = `${outside.join(', ')} outside 0..255: the swatch shows ${outside.length > 1 ? 'them' : 'it'} clamped${row.entry.rangeNote ? ` (${row.entry.rangeNote})` : ''}.`;
  }
}
