/**
 * The archive overview: a read-only custom editor (`animscope.archive`) for `.arc`, `.rarc`, `.pks`
 * and `.szs` (both default; a `.szs` holding a single file says what it is and offers the animation
 * editor, and `*.bck.szs`-style names match the animation editor's more specific selector). It lists every
 * entry (path, size, data offset, detected format, compression), nested archives included, with the
 * archive's own diagnostics. Opening an entry: animations in the AnimScope editor, nested archives
 * and folders in the Archive view, anything else in the hex editor (when installed) or VS Code's
 * default editor. The listing comes from the archive file system (one parse, shared cache), so
 * the URIs it opens are the same the Explorer shows.
 */
import * as vscode from 'vscode';
import {
  ANIMATION_FORMATS, ArchiveListing, archiveMsg, ArchiveWebviewToHost, isArchiveWebviewToHost, MAX_LISTING_ROWS,
} from '../../wire/archiveProtocol';
import { ARCHIVE_PAGE } from '../webviewHtml';
import { WebviewSession } from '../webviewSession';
import { Disposables } from '../disposables';
import type { ArchiveFileSystemProvider } from './archiveFileSystemProvider';
import { describeArchive } from './archiveListing';
import { archiveRootUri, ARCHIVE_SCHEME, displayPath, nestedRootUri, outermostFile } from './archiveUri';
import { ProblemEntry, ProblemSource, ProblemsReporter } from '../diagnostics';
import {
  ANIMATION_ANY_FILE_VIEW_TYPE, ANIMATION_VIEW_TYPE, ARCHIVE_SZS_VIEW_TYPE, ARCHIVE_VIEW_TYPE, HEX_EDITOR_EXTENSION, HEX_EDITOR_VIEW_TYPE,
} from '../viewTypes';

/** The archive editor view type whose selector matches `uri`'s name. */
export function archiveViewTypeFor(uri: vscode.Uri): string {
  return /\.szs$/i.test(uri.path) ? ARCHIVE_SZS_VIEW_TYPE : ARCHIVE_VIEW_TYPE;
}

const RELOAD_DEBOUNCE_MS = 100;

/** What an archive webview last reported (kept by the test probe: testProbes.ts). */
export interface ArchiveRenderState {
  uri: string;
  fileName: string;
  rows: number;
  diagnostics: number;
  banner: boolean;
  /** What the host sent, to compare. */
  sentRows: number;
  sentDiagnostics: number;
  renderedAt: number;
  renderCount: number;
  /** describe() time (ms) of the last listing, and resolveCustomEditor → first `rendered`. */
  listMs: number;
  renderedMs?: number;
}

/** What a test probe is told (testProbes.ts; only under tests). */
export interface ArchiveProbe {
  /** A webview rendered; `firstRenderedMs` is resolveCustomEditor → this `rendered` (the probe keeps the first). */
  rendered(state: Omit<ArchiveRenderState, 'renderCount' | 'renderedMs'>, firstRenderedMs: number): void;
}

export interface ArchiveEditorHooks {
  /** Show a folder / nested archive URI in the Archive view. */
  revealInView(uri: vscode.Uri): Promise<void>;
}

/** How an entry opens: the animation editor, the Archive view, or the hex/default editor. */
export async function openArchiveEntry(uri: vscode.Uri, format: string, kind: 'file' | 'folder' | 'archive',
  hooks: ArchiveEditorHooks, column?: vscode.ViewColumn): Promise<string> {
  if (kind !== 'file') {
    await hooks.revealInView(uri);
    return 'archiveView';
  }
  if (ANIMATION_FORMATS.includes(format)) {
    await vscode.commands.executeCommand('vscode.openWith', uri, ANIMATION_VIEW_TYPE, column);
    return ANIMATION_VIEW_TYPE;
  }
  const viewType = vscode.extensions.getExtension(HEX_EDITOR_EXTENSION) ? HEX_EDITOR_VIEW_TYPE : 'default';
  await vscode.commands.executeCommand('vscode.openWith', uri, viewType, column);
  return viewType;
}

export class ArchiveDocument implements vscode.CustomDocument, ProblemSource {
  private readonly _onDidChange = new vscode.EventEmitter<void>();
  /** Listed again, or deleted. */
  readonly onDidChange = this._onDidChange.event;
  private readonly _onDidDispose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this._onDidDispose.event;
  private readonly disposables = new Disposables();
  private timer: NodeJS.Timeout | undefined;
  listing!: ArchiveListing;
  rowUris: vscode.Uri[] = [];
  deleted = false;
  listMs = 0;
  version = 0;

  private constructor(readonly uri: vscode.Uri, private readonly fs: ArchiveFileSystemProvider, private readonly log: vscode.LogOutputChannel) {
    this.disposables.push(fs.onDidChangeArchive((base) => {
      if (base.toString() === outermostFile(uri).toString()) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.reload(), RELOAD_DEBOUNCE_MS);
      }
    }));
  }

  static async open(uri: vscode.Uri, fs: ArchiveFileSystemProvider, log: vscode.LogOutputChannel): Promise<ArchiveDocument> {
    const doc = new ArchiveDocument(uri, fs, log);
    await doc.load();
    return doc;
  }

  /** The archive as a folder of the archive file system. */
  get rootUri(): vscode.Uri {
    return this.uri.scheme === ARCHIVE_SCHEME ? this.uri : archiveRootUri(this.uri);
  }

  private async load(): Promise<void> {
    const t0 = performance.now();
    let root = this.rootUri;
    let summary;
    try {
      summary = await describeArchive(this.fs, root, MAX_LISTING_ROWS);
    } catch (e) {
      // an archive entry the provider lists as a plain file (not detected as an archive): open it as an outer
      if (this.uri.scheme === ARCHIVE_SCHEME && e instanceof vscode.FileSystemError && e.code === 'FileNotADirectory') {
        root = nestedRootUri(this.uri);
        summary = await describeArchive(this.fs, root, MAX_LISTING_ROWS);
      } else {
        throw e;
      }
    }
    let fileByteLength = 0;
    try {
      fileByteLength = (await vscode.workspace.fs.stat(this.uri)).size;
    } catch { /* a nested archive shown as a folder has no file size of its own */ }
    const first = summary.levels[0];
    if (!fileByteLength) fileByteLength = first.compressedSize ?? first.byteLength;
    const listing: ArchiveListing = {
      fileName: displayPath(this.uri),
      fileByteLength,
      levels: summary.levels.map((l) => ({ ...l })),
      rows: summary.rows.map(({ uri: _uri, ...row }) => row),
      truncated: summary.truncated,
      lessTested: summary.levels.some((l) => l.isArchive && l.kind === 'pks'),
      hexEditor: !!vscode.extensions.getExtension(HEX_EDITOR_EXTENSION),
    };
    if (!first.isArchive) {
      const detected = first.detected ?? 'unknown';
      listing.notArchive = { detected, animation: ANIMATION_FORMATS.includes(detected) };
    }
    this.listing = listing;
    this.rowUris = summary.rows.map((r) => r.uri);
    this.listMs = Math.round((performance.now() - t0) * 10) / 10;
    this.version++;
    this.log.info(`archive overview ${listing.fileName}: ${listing.rows.length} rows, ${summary.levels.length} archives, ` +
      `${summary.levels.reduce((n, l) => n + l.diagnostics.length, 0)} diagnostics, listed in ${this.listMs} ms`);
  }

  async reload(): Promise<void> {
    try {
      await this.load();
      this.deleted = false;
    } catch (e) {
      this.deleted = true;
      this.log.info(`archive ${this.uri.toString()} is gone: ${e instanceof Error ? e.message : String(e)}`);
    }
    this._onDidChange.fire();
  }

  /** No byte view to reveal offsets in. */
  readonly revealable = false;
  readonly onDidChangeProblems = this.onDidChange;

  /** Every archive's own diagnostics; a nested archive's are named by its inner path (their offsets are in its bytes). */
  problemEntries(): ProblemEntry[] {
    return this.listing.levels.flatMap((level) => level.diagnostics.map((diagnostic) => ({ diagnostic, where: level.path || undefined })));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.disposables.dispose();
    this._onDidDispose.fire();
    this._onDidChange.dispose();
    this._onDidDispose.dispose();
  }
}

export class ArchiveEditorProvider implements vscode.CustomReadonlyEditorProvider<ArchiveDocument>, vscode.Disposable {
  private readonly panels = new Map<vscode.WebviewPanel, ArchiveDocument>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly fs: ArchiveFileSystemProvider,
    private readonly log: vscode.LogOutputChannel,
    private readonly hooks: ArchiveEditorHooks,
    /** The Problems panel (the animation editor's); without it, diagnostics are shown in the page only. */
    private readonly problems?: ProblemsReporter,
    private readonly probe?: ArchiveProbe,
  ) {}

  register(): vscode.Disposable {
    const options = { supportsMultipleEditorsPerDocument: true };
    return vscode.Disposable.from(
      vscode.window.registerCustomEditorProvider(ARCHIVE_VIEW_TYPE, this, options),
      vscode.window.registerCustomEditorProvider(ARCHIVE_SZS_VIEW_TYPE, this, options),
    );
  }

  async openCustomDocument(uri: vscode.Uri): Promise<ArchiveDocument> {
    const doc = await ArchiveDocument.open(uri, this.fs, this.log);
    this.problems?.track(doc);
    return doc;
  }

  async resolveCustomEditor(document: ArchiveDocument, panel: vscode.WebviewPanel): Promise<void> {
    const session = new ArchiveSession(document, panel, this, this.extensionUri, this.log, this.probe);
    this.panels.set(panel, document);
    panel.onDidDispose(() => {
      this.panels.delete(panel);
      session.dispose();
    });
  }

  /** A failure the user should see (opening an entry). */
  fail(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.log.error(`archive: ${message}`);
    void vscode.window.showErrorMessage(`AnimScope: ${message}`);
  }

  /** Opens row `row` of the document's listing the way a click does; returns how it opened. */
  async openRow(document: ArchiveDocument, row: number, column?: vscode.ViewColumn): Promise<string> {
    const r = document.listing.rows[row];
    const uri = document.rowUris[row];
    if (!r || !uri) throw new Error(`no entry ${row} in ${document.listing.fileName}`);
    return openArchiveEntry(uri, r.format, r.kind, this.hooks, column);
  }

  /** The document an open archive editor shows for `uri` (a Uri or its string), if any. */
  openDocument(uri: vscode.Uri | string): ArchiveDocument | undefined {
    const key = typeof uri === 'string' ? uri : uri.toString();
    for (const doc of this.panels.values()) if (doc.uri.toString() === key) return doc;
    return undefined;
  }

  dispose(): void {
    this.panels.clear();
  }
}

/** One archive overview panel. */
class ArchiveSession extends WebviewSession<ArchiveWebviewToHost> {
  private readonly started = performance.now();

  constructor(
    private readonly document: ArchiveDocument,
    panel: vscode.WebviewPanel,
    private readonly provider: ArchiveEditorProvider,
    extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly probe?: ArchiveProbe,
  ) {
    super(panel, {
      extensionUri, page: ARCHIVE_PAGE, log, isMessage: isArchiveWebviewToHost,
      source: `the archive webview of ${document.uri.toString()}`, label: document.uri.toString(),
    });
    this.disposables.add(document.onDidChange(() => this.postLoad()));
  }

  protected postLoad(): void {
    if (!this.ready) return;
    this.post(archiveMsg.listing(this.document.listing));
    if (this.document.deleted) this.post(archiveMsg.fileDeleted());
  }

  protected onMessage(m: ArchiveWebviewToHost): void {
    const { document, panel } = this;
    const key = document.uri.toString();
    switch (m.type) {
      case 'ready':
        this.pageReady();
        break;
      case 'rendered':
        // the listing is small: its `rendered` answer is the acknowledgement
        this.watchdog.loadAcknowledged();
        this.probe?.rendered({
          uri: key, fileName: m.fileName, rows: m.rows, diagnostics: m.diagnostics, banner: m.banner,
          sentRows: document.listing.rows.length,
          sentDiagnostics: document.listing.levels.reduce((n, l) => n + l.diagnostics.length, 0),
          renderedAt: Date.now(), listMs: document.listMs,
        }, Math.round((performance.now() - this.started) * 10) / 10);
        break;
      case 'open':
        void this.provider.openRow(document, m.row, panel.viewColumn).catch((e) => this.provider.fail(e));
        break;
      case 'openAsAnimation':
        void vscode.commands.executeCommand('vscode.openWith', document.uri, ANIMATION_ANY_FILE_VIEW_TYPE, panel.viewColumn)
          .then(undefined, (e) => this.provider.fail(e));
        break;
      case 'error':
        this.log.error(`archive webview of ${key}: ${m.message}`);
        break;
    }
  }
}
