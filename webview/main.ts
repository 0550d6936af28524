/**
 * Webview entry (bundled by esbuild to dist/webview.js, iife). Renders what the host sends.
 * Every string that came from a file is set with textContent — never innerHTML.
 */
import { FileSummary, isFileSummary, isHostToWebview, msg, RenderCounts, WebviewToHost } from '../src/protocol';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface ViewState {
  summary?: FileSummary;
}

const vscode = acquireVsCodeApi();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: { id?: string; className?: string } = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (attrs.id) e.id = attrs.id;
  if (attrs.className) e.className = attrs.className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function hex(n: number): string {
  return '0x' + n.toString(16).toUpperCase();
}

function fact(list: HTMLDListElement, label: string, id: string, value: string): void {
  list.append(el('dt', {}, label), el('dd', { id }, value));
}

/** Replaces the page with the summary; returns what it rendered. */
function render(summary: FileSummary): RenderCounts {
  const app = document.getElementById('app') ?? document.body.appendChild(el('main', { id: 'app' }));
  const header = el('header');
  header.append(
    el('h1', { id: 'file-name' }, summary.fileName),
    el('span', { id: 'format', className: 'badge' }, summary.format.toUpperCase()),
  );

  const facts = el('dl', { id: 'facts' });
  fact(facts, 'Format', 'format-name', summary.format);
  fact(facts, summary.container ? 'Decompressed size' : 'Size', 'byte-length', `${summary.byteLength} bytes (${hex(summary.byteLength)})`);
  if (summary.container) fact(facts, `File size (${summary.container})`, 'file-byte-length', `${summary.fileByteLength} bytes`);
  fact(facts, 'Diagnostics', 'diagnostics-count', String(summary.diagnosticsCount));

  const diagSection = el('section', { id: 'diagnostics' });
  diagSection.append(el('h2', {}, `Diagnostics (${summary.diagnosticsCount})`));
  const diagList = el('ul', { className: 'diagnostics' });
  for (const d of summary.diagnostics) {
    const li = el('li', { className: `diagnostic severity-${d.severity}` });
    li.append(
      el('span', { className: 'severity' }, d.severity),
      el('code', { className: 'code' }, d.code),
      el('span', { className: 'offset' }, `@${hex(d.offset)}`),
      el('span', { className: 'message' }, d.message),
    );
    diagList.append(li);
  }
  if (summary.diagnostics.length < summary.diagnosticsCount) {
    diagList.append(el('li', { className: 'more' }, `… ${summary.diagnosticsCount - summary.diagnostics.length} more`));
  }
  diagSection.append(diagList);

  const fieldSection = el('section', { id: 'fields' });
  fieldSection.append(el('h2', {}, `Top-level fields (${summary.topLevelFields.length})`));
  const fieldList = el('ol', { className: 'fields' });
  for (const name of summary.topLevelFields) fieldList.append(el('li', {}, name));
  fieldSection.append(fieldList);

  app.replaceChildren(header, facts, diagSection, fieldSection);
  return { fields: summary.topLevelFields.length, diagnostics: summary.diagnostics.length };
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const m = event.data;
  if (!isHostToWebview(m)) {
    vscode.postMessage(msg.error('invalid message from the extension host'));
    return;
  }
  switch (m.type) {
    case 'summary':
      try {
        const counts = render(m.summary);
        vscode.setState({ summary: m.summary } satisfies ViewState);
        vscode.postMessage(msg.rendered(m.summary, counts));
      } catch (e) {
        vscode.postMessage(msg.error(`render failed: ${e instanceof Error ? e.message : String(e)}`));
      }
      break;
  }
});

// Restore the last view at once (reload after being hidden); the host re-sends the data on `ready`.
const saved = vscode.getState() as ViewState | undefined;
if (isFileSummary(saved?.summary)) render(saved.summary);
vscode.postMessage(msg.ready());
