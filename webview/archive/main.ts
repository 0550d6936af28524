/**
 * Archive overview webview entry (bundled by esbuild to dist/archive.js, iife; styles
 * media/archive.css → dist/archive.css): title, facts, the PKS / not-an-archive banners, the
 * diagnostics list and the entries table. Every message is validated (archiveProtocol.ts); every
 * string from the archive reaches the DOM through textContent only. UI state (selected row,
 * scroll, filter) is kept with getState/setState.
 */
import {
  ArchiveListing, archiveMsg, ArchiveWebviewToHost, isArchiveHostToWebview, ListingRow,
} from '../../src/wire/archiveProtocol';
import { el } from '../shared/dom';
import { archiveDiagnosticRows, archiveDiagnosticsList, LevelDiagnostic } from './diagnosticsList';
import { EntriesTable } from './entriesTable';
import { plural } from '../../src/formats/binary/text';

interface VsCodeApi {
  postMessage(message: ArchiveWebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface SavedState { fileName?: string; selected?: number; scrollTop?: number; filter?: string }

const PKS_BANNER = 'PKS support is less tested (no real sample was available): check what you see against the diagnostics.';

const vscode = acquireVsCodeApi();

function savedState(): SavedState {
  const s = vscode.getState();
  return typeof s === 'object' && s !== null ? (s as SavedState) : {};
}

class ArchiveApp {
  readonly element = el('div', 'ar-app');
  private readonly title = el('h1', 'as-title');
  private readonly badge = el('span', 'as-badge');
  private readonly facts = el('dl', 'as-facts');
  private readonly banner = el('div', 'ar-banner');
  private readonly notice = el('div', 'ar-notice');
  private readonly noticeText = el('span');
  private readonly noticeButton = el('button', 'as-button as-button-primary', 'Open in the AnimScope animation editor');
  private readonly deleted = el('div', 'ar-notice');
  private readonly filter = el('input', 'ar-filter');
  private readonly filterCount = el('span', 'ar-filter-count');
  private readonly diagnostics = archiveDiagnosticsList();
  readonly table = new EntriesTable();
  private listing: ArchiveListing | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    const header = el('header', 'ar-header');
    const top = el('div', 'ar-header-top');
    top.append(this.title, this.badge);
    this.banner.setAttribute('role', 'note');
    this.banner.hidden = true;
    this.notice.setAttribute('role', 'alert');
    this.notice.hidden = true;
    this.noticeButton.type = 'button';
    this.noticeButton.addEventListener('click', () => vscode.postMessage(archiveMsg.openAsAnimation()));
    this.notice.append(this.noticeText, this.noticeButton);
    this.deleted.setAttribute('role', 'alert');
    this.deleted.hidden = true;
    const filterRow = el('div', 'ar-filter-row');
    this.filter.type = 'search';
    this.filter.placeholder = 'Filter by path or format';
    this.filter.setAttribute('aria-label', 'Filter entries by path or format');
    this.filter.addEventListener('input', () => {
      this.table.setFilter(this.filter.value);
      this.updateFilterCount();
      this.save();
    });
    this.filter.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown') { e.preventDefault(); this.table.focus(); }
    });
    filterRow.append(this.filter, this.filterCount);
    header.append(top, this.facts, this.banner, this.notice, this.deleted);
    this.element.append(header);
    this.diagnostics.mount(header);
    header.append(filterRow);
    const body = el('section', 'ar-entries');
    body.setAttribute('aria-label', 'Entries');
    this.element.append(body);
    this.table.mount(body);
    this.table.onOpen((row) => vscode.postMessage(archiveMsg.open(row)));
    this.table.onDidChangeState(() => this.save());
    this.diagnostics.onJump((d) => this.jumpTo(d));
  }

  mount(container: HTMLElement): void {
    container.replaceChildren(this.element);
  }

  load(listing: ArchiveListing): void {
    const state = savedState();
    const same = state.fileName === listing.fileName;
    this.listing = listing;
    this.title.textContent = listing.fileName;
    this.title.title = listing.fileName;
    const top = listing.levels[0];
    this.badge.textContent = top.isArchive
      ? `${top.kind.toUpperCase()}${top.container !== 'none' ? ` · ${top.container === 'yaz0' ? 'Yaz0' : 'gzip'}` : ''}`
      : 'not an archive';
    this.renderFacts(listing);
    this.banner.hidden = !listing.lessTested;
    this.banner.textContent = listing.lessTested ? PKS_BANNER : '';
    if (listing.notArchive) {
      this.notice.hidden = false;
      const d = listing.notArchive.detected;
      this.noticeText.textContent = `This file is not a RARC or PKS archive${d && d !== 'unknown' ? ` (it holds ${d.toUpperCase()} data)` : ''}. `;
      this.noticeButton.hidden = !listing.notArchive.animation;
    } else {
      this.notice.hidden = true;
    }
    this.deleted.hidden = true;
    this.diagnostics.setRows(archiveDiagnosticRows(listing.levels));
    this.table.hexEditor = listing.hexEditor;
    if (same && state.filter) this.filter.value = state.filter;
    this.table.setRows(listing.rows);
    if (this.filter.value) this.table.setFilter(this.filter.value);
    if (same) this.table.restore(state.selected, state.scrollTop);
    this.updateFilterCount();
  }

  fileDeleted(): void {
    this.deleted.hidden = false;
    this.deleted.textContent = 'This archive was deleted from disk. What you see is its last listing.';
  }

  get bannerShown(): boolean {
    return !this.banner.hidden;
  }

  get diagnosticCount(): number {
    return this.diagnostics.count;
  }

  private renderFacts(listing: ArchiveListing): void {
    const top = listing.levels[0];
    const files = listing.rows.filter((r) => r.kind !== 'folder').length;
    const rows: [string, string][] = [
      ['Size', top.container !== 'none'
        ? `${listing.fileByteLength} bytes (${top.container === 'yaz0' ? 'Yaz0' : 'gzip'}; ${top.byteLength} decompressed, offsets are in the decompressed data)`
        : `${listing.fileByteLength} bytes`],
      ['Entries', `${plural(files, 'file')}, ${plural(listing.rows.length - files, 'folder')}`],
    ];
    if (listing.levels.length > 1) rows.push(['Nested archives', String(listing.levels.length - 1)]);
    if (listing.truncated) rows.push(['Not listed', `${listing.truncated} more entries (too many to list)`]);
    this.facts.replaceChildren(...rows.map(([label, value]) => {
      const item = el('div', 'as-fact');
      item.append(el('dt', undefined, label), el('dd', undefined, value));
      return item;
    }));
  }

  private updateFilterCount(): void {
    const shown = this.table.shownCount;
    const all = this.table.rowCount;
    this.filterCount.textContent = shown === all ? `${all} ${all === 1 ? 'entry' : 'entries'}` : `${shown} of ${all}`;
  }

  /** Selects the entry a diagnostic is about: its record or data holds the offset (same archive level). */
  private jumpTo({ level, diagnostic }: LevelDiagnostic): void {
    const rows = this.listing?.rows ?? [];
    const o = diagnostic.offset;
    const inLevel = (r: ListingRow): boolean => r.level === level;
    let index = rows.findIndex((r) => inLevel(r) && r.recordOffset >= 0 && o >= r.recordOffset && o < r.recordOffset + 20);
    if (index < 0) index = rows.findIndex((r) => inLevel(r) && r.kind !== 'folder' && r.dataOffset >= 0 && o >= r.dataOffset && o < r.dataOffset + Math.max(1, r.size));
    if (index < 0) index = rows.findIndex((r) => r.path === this.listing?.levels[level]?.path);
    if (index >= 0) {
      if (!this.table.select(index)) {
        this.filter.value = '';
        this.table.setFilter('');
        this.updateFilterCount();
        this.table.select(index);
      }
    }
  }

  private save(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      vscode.setState({
        fileName: this.listing?.fileName, selected: this.table.selected, scrollTop: this.table.scrollTop, filter: this.filter.value,
      } satisfies SavedState);
    }, 150);
  }
}

let app: ArchiveApp | undefined;

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const m = event.data;
  if (!isArchiveHostToWebview(m)) {
    vscode.postMessage(archiveMsg.error('ignored an invalid message from the extension host'));
    return;
  }
  try {
    switch (m.type) {
      case 'listing': {
        if (!app) {
          app = new ArchiveApp();
          app.mount(document.getElementById('app') ?? document.body);
        }
        app.load(m.listing);
        const view = app;
        requestAnimationFrame(() => vscode.postMessage(archiveMsg.rendered(m.listing.fileName, view.table.rowCount, view.diagnosticCount, view.bannerShown)));
        break;
      }
      case 'fileDeleted':
        app?.fileDeleted();
        break;
    }
  } catch (e) {
    vscode.postMessage(archiveMsg.error(`render failed: ${e instanceof Error ? e.message : String(e)}`));
  }
});

vscode.postMessage(archiveMsg.ready());
