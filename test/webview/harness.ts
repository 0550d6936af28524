/**
 * Dev/test harness page (bundled by test/webview/build.ts): decodes a sample in the page and
 * mounts StructureView + HexView + HoverCard + LinkController, the way the webview will.
 * Exposes `window.harness` for playwright.
 */
import { decode } from '../../src/formats/index';
import { assignPaths } from '../../src/formats/binary/fields';
import type { DecodedFile } from '../../src/formats/types';
import { HexView } from '../../webview/hex/hexView';
import { HoverCard } from '../../webview/hover/hoverCard';
import { el } from '../../webview/shared/dom';
import { LinkController } from '../../webview/structure/link';
import { StructureView } from '../../webview/structure/structureView';
import './previewHarness';

export interface LoadStats {
  format: string;
  byteLength: number;
  decodeMs: number;
  /** setData on both views + a forced layout. */
  renderMs: number;
  structureRows: number;
  structureRowsInDom: number;
  hexRowsInDom: number;
  diagnostics: number;
}

const app = el('div');
app.id = 'harness';
const title = el('h1');
title.id = 'harness-title';
const structurePane = el('div');
structurePane.id = 'structure-pane';
const hexPane = el('div');
hexPane.id = 'hex-pane';
app.append(title, structurePane, hexPane);
document.body.append(app);

const structure = new StructureView();
const hex = new HexView();
const card = new HoverCard();
structure.mount(structurePane);
hex.mount(hexPane);
card.mount(document.body);
const link = new LinkController(structure, hex, card, { hoverDelay: 150 });
let decoded: DecodedFile | undefined;

function show(bytes: Uint8Array, name: string): LoadStats {
  const t0 = performance.now();
  decoded = decode(bytes, name);
  const t1 = performance.now();
  title.textContent = `${name} — ${decoded.format.toUpperCase()}, ${decoded.bytes.length} bytes`;
  // The page's tree has its paths (unpackTree assigns them); the decoder leaves them to be derived.
  link.setData(assignPaths(decoded.root), decoded.bytes);
  void document.body.offsetHeight; // force style + layout
  const t2 = performance.now();
  return {
    format: decoded.format,
    byteLength: decoded.bytes.length,
    decodeMs: t1 - t0,
    renderMs: t2 - t1,
    structureRows: structure.rowCount,
    structureRowsInDom: structure.renderedRowCount,
    hexRowsInDom: hex.renderedRowCount,
    diagnostics: decoded.diagnostics.length,
  };
}

const harness = {
  structure,
  hex,
  card,
  link,
  get decoded() { return decoded; },
  async load(url: string, name: string): Promise<LoadStats> {
    const res = await fetch(url);
    return show(new Uint8Array(await res.arrayBuffer()), name);
  },
  loadBytes(bytes: number[], name: string): LoadStats {
    return show(new Uint8Array(bytes), name);
  },
  setTheme(theme: 'light' | 'dark' | 'high-contrast'): void {
    document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast');
    document.body.classList.add(`vscode-${theme}`);
  },
  /** Scrolls the structure view through `steps` positions, returns ms per scroll + render. */
  measureScroll(which: 'structure' | 'hex', steps: number): { msPerStep: number; rowsInDom: number } {
    const viewport = (which === 'structure' ? structure.element : hex.element).querySelector('.vlist') as HTMLElement;
    const max = viewport.scrollHeight - viewport.clientHeight;
    const t0 = performance.now();
    for (let i = 1; i <= steps; i++) {
      viewport.scrollTop = (max * i) / steps;
      viewport.dispatchEvent(new Event('scroll'));
      void viewport.offsetHeight;
    }
    const ms = (performance.now() - t0) / steps;
    return { msPerStep: ms, rowsInDom: which === 'structure' ? structure.renderedRowCount : hex.renderedRowCount };
  },
};

(window as unknown as { harness: typeof harness }).harness = harness;
harness.setTheme(new URLSearchParams(location.search).get('theme') === 'light' ? 'light' : 'dark');

const sampleParam = new URLSearchParams(location.search).get('sample');
if (sampleParam) void harness.load(`samples/${sampleParam}`, sampleParam.split('/').pop() ?? sampleParam);
