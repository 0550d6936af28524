/**
 * The custom editor (`animscope.animation`, and `animscope.animation.anyFile` for "Reopen With…",
 * which stays read-only): one AnimationDocument per file, one EditorSession per webview panel. The
 * host decodes; the webview gets the decoded file by message (protocol.ts, validated both ways),
 * never by URI. The page's `edit` messages are applied here (src/edit/) as one undo step each of
 * VS Code's own stack; save, save as, revert and backup (hot exit) are the document's.
 */
import * as vscode from 'vscode';
import { specFor } from '../kinds/registry';
import {
  EditMessage, isWebviewToHost, LoadedFile, LoadMessage, msg, needsView3d, RestMessage, RenderCounts, WebviewCommand, WebviewToHost,
} from '../wire/protocol';
import { applyEdits } from '../edit/applyEdits';
import { AnimationDocument } from './animationDocument';
import { sameBytes } from '../formats/binary/bytes';
import { hostEditability } from './edit/hostEditability';
import { ARCHIVE_SCHEME } from './archive/archiveUri';
import { FileWriter, writeThroughTemporary } from './workspaceWrite';
import type { ProblemsReporter } from './diagnostics';
import { CompanionChoices, loadCompanion } from './model/companions';
import type { ModelResolver } from './model/lookup';
import { BIND_MODEL_COMMAND } from './model/modelService';
import { viewSettings } from './settings';
import { previewOf } from './previews';
import { ANIMATION_PAGE } from './webviewHtml';
import { view3dMessage } from './view3dScript';
import { loadedFileOf, loadsOf } from '../wire/loadedFile';
import { ANIMATION_ANY_FILE_VIEW_TYPE, ANIMATION_VIEW_TYPE } from './viewTypes';
import { WebviewSession } from './webviewSession';

export {
  ANIMATION_VIEW_TYPE as VIEW_TYPE, ANIMATION_ANY_FILE_VIEW_TYPE as VIEW_TYPE_ANY_FILE, ANIMATION_VIEW_TYPES as VIEW_TYPES,
} from './viewTypes';

/** What a webview last reported it rendered for a document (kept by the test probe: testProbes.ts). */
export interface RenderState {
  uri: string;
  viewType: string;
  format: string;
  fileName: string;
  byteLength: number;
  counts: RenderCounts;
  /** Date.now() in the extension host when the `rendered` message arrived. */
  renderedAt: number;
  /** How many `rendered` messages this document's webviews sent (reloads re-render). */
  renderCount: number;
  /** The document version (1, then +1 per reload from disk) of the last `load` sent to that webview. */
  documentVersion: number;
  /** True when the webview's echo (format, name, byte length, field and diagnostic counts) matches what the host sent. */
  consistent: boolean;
}

/** The last `selection` a webview reported (the Go to Offset default). */
export interface SelectionState {
  uri: string;
  offset: number;
  length: number;
  path?: string;
  at: number;
}

/** resolveCustomEditor → first `rendered`, per opened editor (kept by the test probe: testProbes.ts). */
export interface OpenTiming {
  uri: string;
  fileName: string;
  format: string;
  byteLength: number;
  /** Read + decode in openCustomDocument (0 when the document was already open). */
  openMs: number;
  /** Date.now() at resolveCustomEditor (to place the page's own clock against the host's). */
  resolvedEpochMs: number;
  /** resolveCustomEditor → `ready` from the webview. */
  readyMs?: number;
  /** resolveCustomEditor → the first `load` handed to postMessage (serialisation included). */
  loadPostedMs?: number;
  /** resolveCustomEditor → the webview's `loading` (sent as the `load` arrives, before it renders). */
  acknowledgedMs?: number;
  /** resolveCustomEditor → the first `rendered` of a partial load (a big file's start, loadsOf), when one went ahead. */
  firstScreenMs?: number;
  /** resolveCustomEditor → first `rendered` of the whole file. */
  renderedMs?: number;
}

/**
 * What a test probe is told (testProbes.ts; extension.ts passes one only when the extension runs
 * under tests): nothing of it is kept otherwise.
 */
export interface EditorProbe {
  /** A panel opened; `timing` fills in as the webview answers. */
  opened(timing: OpenTiming): void;
  /** A webview rendered (its render count is the probe's). */
  rendered(state: Omit<RenderState, 'renderCount'>): void;
  /** The last document of `uri` closed. */
  closed(uri: string): void;
}

export interface ProviderHooks {
  /** A webview toolbar asked for a host command for its document ("Bind Model…" is handled here). */
  runCommand(command: WebviewCommand, document: AnimationDocument): void;
  /** Finds the model (BMD/BDL) a J3D animation binds to; without it, no model is ever bound. */
  models?: ModelResolver;
  /** Remembers which animations play along ("Also play"); without it, none is ticked. */
  companions?: CompanionChoices;
  /** Saves a file opened from inside an archive into it (ArchiveFileSystemProvider.writeEntry); without it such files are read-only. */
  writeArchiveEntry?: (uri: vscode.Uri, stored: Uint8Array) => Promise<void>;
}

export function loadedFile(doc: AnimationDocument, choices?: CompanionChoices): LoadedFile {
  const modelPayload = doc.decoded.model ? undefined : doc.boundModelPayload;
  const chosen = new Set(choices?.chosen(doc.uri) ?? []);
  // "Also play" needs a model to play on: the file's own or the bound one
  const companions = doc.decoded.model || modelPayload ? doc.companions.map((c) => ({ ...c, chosen: chosen.has(c.name) })) : undefined;
  return loadedFileOf(doc.decoded, {
    fileByteLength: doc.fileSize, summary: doc.summary, model: doc.modelInfo, modelCandidates: doc.modelCandidates, modelError: doc.modelError,
    ...(modelPayload ? { modelPayload } : {}),
    ...(companions?.length ? { companions } : {}),
    ...previewOf(doc.uri),
  });
}

/** One webview panel showing one document. */
export class EditorSession extends WebviewSession<WebviewToHost> {
  private sentVersion = 0;
  /** A big file's rest, posted a task after its start; cleared when another load comes first or the panel closes. */
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  /** Messages posted while a big file's rest waits for its task: they follow it (a reveal must find the whole file). */
  private behindRest: unknown[] | undefined;
  private pendingReveal: { offset: number; length: number } | undefined;
  /** The page has the 3D view's script (sent since its last `ready`). */
  private view3dSent = false;
  private readonly resolvedAt = performance.now();
  readonly timing: OpenTiming;

  constructor(
    readonly document: AnimationDocument,
    panel: vscode.WebviewPanel,
    private readonly provider: AnimationEditorProvider,
    openMs: number,
  ) {
    super(panel, {
      extensionUri: provider.extensionUri, page: ANIMATION_PAGE, log: provider.log, isMessage: isWebviewToHost,
      source: `the webview of ${document.uri.toString()}`, label: document.fileName,
    });
    this.timing = {
      uri: document.uri.toString(), fileName: document.fileName, format: document.decoded.format,
      byteLength: document.decoded.bytes.length, openMs, resolvedEpochMs: Date.now(),
    };
    this.disposables.push(
      panel.onDidChangeViewState(() => provider.sessionViewStateChanged(this)),
      document.onDidReload((kind) => { if (this.ready) this.postLoad(false, kind.keepView); }),
      document.onDidSave(() => this.postEditState()),
      document.onDidDelete(() => { if (this.ready) this.post(msg.fileDeleted()); provider.sessionViewStateChanged(this); }),
    );
  }

  get key(): string { return this.document.uri.toString(); }
  get viewType(): string { return this.panel.viewType; }
  get active(): boolean { return this.panel.active; }

  private elapsed(): number { return Math.round((performance.now() - this.resolvedAt) * 10) / 10; }

  protected onMessage(m: WebviewToHost): void {
    switch (m.type) {
      case 'ready':
        // sent on every (re)load of the webview (it is not retained while hidden): send everything again
        this.timing.readyMs ??= this.elapsed();
        this.view3dSent = false;
        this.pageReady();
        if (this.document.deleted) this.post(msg.fileDeleted());
        if (this.pendingReveal) {
          this.post(msg.reveal(this.pendingReveal.offset, this.pendingReveal.length));
          this.pendingReveal = undefined;
        }
        break;
      case 'loading':
        this.timing.acknowledgedMs ??= this.elapsed();
        this.watchdog.loadAcknowledged();
        break;
      case 'rendered':
        // a partial load's (a big file's start) is not what the host sent as the document: the whole one's is checked
        if (m.partial) this.timing.firstScreenMs ??= this.elapsed();
        else {
          this.timing.renderedMs ??= this.elapsed();
          this.provider.recordRender(this, m);
        }
        break;
      case 'selection':
        this.provider.recordSelection(this, m);
        break;
      case 'requestTracks': {
        const anim = this.document.decoded.anim;
        const spec = anim && specFor(anim);
        const known = !!anim && !!spec?.deferred && m.group < spec.groups.count(anim);
        if (!known) this.provider.log.warn(`${this.key}: tracks asked for group ${m.group}, which has none to send`);
        void this.panel.webview.postMessage(msg.tracks(m.requestId, m.group, known ? spec.deferred!.part(anim, m.group) : []));
        break;
      }
      case 'requestCompanion':
        void loadCompanion(this.document.uri, m.name).then((answer) => {
          if (answer.error) this.provider.log.warn(`${this.key}: also play ${m.name}: ${answer.error}`);
          void this.panel.webview.postMessage(msg.companion(m.requestId, m.name, answer));
        });
        break;
      case 'companionsChosen':
        void this.provider.hooks.companions?.choose(this.document.uri, m.names.filter((n) => this.document.companions.some((c) => c.name === n)));
        break;
      case 'command':
        if (m.command === 'bindModel') void vscode.commands.executeCommand(BIND_MODEL_COMMAND, this.document.uri);
        else this.provider.hooks.runCommand(m.command, this.document);
        break;
      case 'error':
        this.provider.log.error(`webview of ${this.key}: ${m.message}`);
        break;
      case 'edit':
        this.provider.applyEdit(this, m);
        break;
      case 'requestView3d':
        // what was sent ahead did not run, or the page lost it
        this.view3dSent = false;
        this.sendView3d();
        break;
    }
  }

  /** Whether the page may edit, and whether the document is dirty (after every load and save). */
  postEditState(): void {
    if (this.ready) this.post(msg.editState(this.editState()));
  }

  editState(): { editable: boolean; reason?: string; dirty: boolean; keyEdits: boolean } {
    return { ...hostEditability(this.document, this.viewType, !!this.provider.hooks.writeArchiveEntry), dirty: this.document.dirty };
  }

  postEditResult(requestId: number, ok: boolean, message?: string): void {
    this.post(msg.editResult(requestId, ok, message));
  }

  protected postLoad(freshPage = false, keepView?: true): void {
    this.sentVersion = this.document.version;
    const file = loadedFile(this.document, this.provider.hooks.companions);
    const settings = viewSettings(this.document.uri, this.document.game);
    // A page that shows another version already gets the whole file at once (no half-new view).
    const { first, rest } = freshPage ? loadsOf(file) : { first: file };
    clearTimeout(this.restTimer);
    this.restTimer = undefined;
    const held = this.behindRest;
    this.behindRest = undefined;
    // the 3D view's script goes just before what it shows (a big file's start shows no model)
    if (!first.partial && needsView3d(file)) this.sendView3d();
    this.postLoadMessage(msg.load(first, settings, keepView));
    for (const m of held ?? []) super.post(m);
    this.postEditState();
    if (!rest) return;
    // In a task of its own: posted in the same one, VS Code may write both to the page's window
    // as one message, and the start would arrive no sooner than the rest (bench:editor saw late starts so).
    this.behindRest = [];
    this.restTimer = setTimeout(() => {
      this.restTimer = undefined;
      const later = this.behindRest ?? [];
      this.behindRest = undefined;
      if (needsView3d(file)) this.sendView3d();
      this.postLoadMessage(msg.rest(rest));
      for (const m of later) super.post(m);
    }, 0);
  }

  /** The 3D view's script, once per page (it asks again if it lost it). */
  private sendView3d(): void {
    if (this.view3dSent) return;
    this.view3dSent = true;
    void this.panel.webview.postMessage(view3dMessage(this.panel.webview, this.provider.extensionUri));
  }

  protected override post(message: unknown): void {
    if (this.behindRest) this.behindRest.push(message);
    else super.post(message);
  }

  private postLoadMessage(message: LoadMessage | RestMessage): void {
    const delivery = this.panel.webview.postMessage(message);
    // Timed when handed over, not when VS Code confirms delivery: that confirmation comes back
    // through the window the page renders in, so a busy first render could hold it (and the
    // figure) back until after the page had shown the file.
    this.timing.loadPostedMs ??= this.elapsed();
    void delivery.then((delivered) => {
      if (!delivered) this.provider.log.warn(`${this.key}: the load message was not delivered`);
    });
  }

  override dispose(): void {
    clearTimeout(this.restTimer);
    super.dispose();
  }

  /** What the last `load` sent to this webview was, to check the `rendered` echo against. */
  get loadedVersion(): number { return this.sentVersion; }

  postSettings(): void {
    if (this.ready) this.post(msg.settings(viewSettings(this.document.uri, this.document.game)));
  }

  /** Selects a byte range; queued until the webview is ready (its `load` must come first). */
  reveal(offset: number, length: number): void {
    if (this.ready) this.post(msg.reveal(offset, length));
    else this.pendingReveal = { offset, length };
  }
}

export class AnimationEditorProvider implements vscode.CustomEditorProvider<AnimationDocument>, vscode.Disposable {
  private readonly _onDidChangeCustomDocument = new vscode.EventEmitter<vscode.CustomDocumentEditEvent<AnimationDocument>>();
  /** One event per applied edit: VS Code's undo stack, with the bytes before and after. */
  readonly onDidChangeCustomDocument = this._onDidChangeCustomDocument.event;
  private readonly sessions = new Set<EditorSession>();
  private readonly documents = new Set<AnimationDocument>();
  private readonly selections = new Map<string, SelectionState>();
  /** openMs of documents not yet shown in a panel (the first panel reports it). */
  private readonly pendingOpenMs = new WeakMap<AnimationDocument, number>();
  private lastSelectedKey: string | undefined;
  private _active: EditorSession | undefined;
  private readonly _onDidChangeActive = new vscode.EventEmitter<void>();
  /** The active AnimScope editor changed, or its document changed (status bar). */
  readonly onDidChangeActive = this._onDidChangeActive.event;

  constructor(
    readonly extensionUri: vscode.Uri,
    readonly log: vscode.LogOutputChannel,
    private readonly problems: ProblemsReporter,
    readonly hooks: ProviderHooks,
    private readonly probe?: EditorProbe,
  ) {}

  register(): vscode.Disposable {
    // No retainContextWhenHidden: the webview keeps its UI state with getState/setState and asks again with `ready`.
    const options = { supportsMultipleEditorsPerDocument: true };
    return vscode.Disposable.from(
      vscode.window.registerCustomEditorProvider(ANIMATION_VIEW_TYPE, this, options),
      // read-only, so registered without the editing half (its own edit events would name documents it does not hold)
      vscode.window.registerCustomEditorProvider(ANIMATION_ANY_FILE_VIEW_TYPE, {
        openCustomDocument: (uri, context) => this.openCustomDocument(uri, context),
        resolveCustomEditor: (document, panel) => this.resolveCustomEditor(document, panel),
      } satisfies vscode.CustomReadonlyEditorProvider<AnimationDocument>, options),
      // trust granted: the editors become editable
      vscode.workspace.onDidGrantWorkspaceTrust(() => { for (const session of this.sessions) session.postEditState(); }),
    );
  }

  async openCustomDocument(uri: vscode.Uri, context?: vscode.CustomDocumentOpenContext): Promise<AnimationDocument> {
    const backup = context?.backupId ? vscode.Uri.parse(context.backupId) : undefined;
    const doc = await AnimationDocument.open(uri, this.log, this.hooks.models, backup);
    doc.onDidChangeOnDisk(() => void this.changedOnDisk(doc));
    this.documents.add(doc);
    this.pendingOpenMs.set(doc, doc.openMs);
    this.problems.track(doc);
    doc.onDidReload(() => { if (this._active?.document === doc) this._onDidChangeActive.fire(); });
    doc.onDidDispose(() => {
      this.documents.delete(doc);
      if (![...this.documents].some((d) => d.uri.toString() === doc.uri.toString())) this.probe?.closed(doc.uri.toString());
    });
    return doc;
  }

  async resolveCustomEditor(document: AnimationDocument, panel: vscode.WebviewPanel): Promise<void> {
    const openMs = this.pendingOpenMs.get(document) ?? 0;
    this.pendingOpenMs.delete(document);
    const session = new EditorSession(document, panel, this, Math.round(openMs * 10) / 10);
    this.sessions.add(session);
    this.probe?.opened(session.timing);
    panel.onDidDispose(() => {
      session.dispose();
      this.sessions.delete(session);
      if (this._active === session) this.setActive(undefined);
    });
    if (panel.active) this.setActive(session);
  }

  // ---- editing ----------------------------------------------------------------------------------
  /**
   * Applies a page's edits to its document: refused (one line) when the editor or the file does not
   * allow it or an edit cannot be stored; else the new bytes are shown in every editor of the
   * document and VS Code's undo stack gets the bytes before and after.
   */
  applyEdit(session: EditorSession, m: EditMessage): { ok: boolean; message?: string } {
    const doc = session.document;
    const allowed = hostEditability(doc, session.viewType, !!this.hooks.writeArchiveEntry);
    if (!allowed.editable) {
      const message = allowed.reason ?? 'This editor is read-only.';
      session.postEditResult(m.requestId, false, message);
      return { ok: false, message };
    }
    const before = doc.fileBytes;
    const outcome = applyEdits(before, doc.fileName, m.edits);
    if (!outcome.ok) {
      this.log.info(`${session.key}: edit "${m.label}" refused: ${outcome.message}`);
      session.postEditResult(m.requestId, false, outcome.message);
      return outcome;
    }
    session.postEditResult(m.requestId, true);
    const after = outcome.bytes;
    if (sameBytes(before, after)) return { ok: true };
    doc.setBytes(after);
    this.log.info(`${session.key}: edit "${m.label}" applied (${m.edits.length} change${m.edits.length === 1 ? '' : 's'}, ${after.length} bytes)`);
    this._onDidChangeCustomDocument.fire({
      document: doc, label: m.label,
      undo: () => doc.setBytes(before),
      redo: () => doc.setBytes(after),
    });
    return { ok: true };
  }

  saveCustomDocument(document: AnimationDocument, cancellation: vscode.CancellationToken): Promise<void> {
    return document.save(cancellation, this.writeFile);
  }

  saveCustomDocumentAs(document: AnimationDocument, destination: vscode.Uri, cancellation: vscode.CancellationToken): Promise<void> {
    return document.saveAs(destination, cancellation, this.writeFile);
  }

  /** A file on disk through a temporary file; a file of an archive into its archive (every other entry kept). */
  private readonly writeFile: FileWriter = (target, bytes, cancellation) => {
    if (target.scheme !== ARCHIVE_SCHEME) return writeThroughTemporary(target, bytes, cancellation);
    if (!this.hooks.writeArchiveEntry) return Promise.reject(new Error('Files inside archives cannot be saved here.'));
    return this.hooks.writeArchiveEntry(target, bytes);
  };

  revertCustomDocument(document: AnimationDocument): Promise<void> {
    return document.revert();
  }

  backupCustomDocument(document: AnimationDocument, context: vscode.CustomDocumentBackupContext, cancellation: vscode.CancellationToken): Promise<vscode.CustomDocumentBackup> {
    return document.backup(context.destination, cancellation);
  }

  /** The file changed on disk while edited: say so (no modal) and let the user reload or overwrite. */
  private async changedOnDisk(doc: AnimationDocument): Promise<void> {
    const choice = await vscode.window.showWarningMessage(
      `${doc.fileName} changed on disk while you were editing it.`, 'Reload', 'Overwrite');
    if (!choice) return;
    // through the workbench, so that VS Code's own dirty state follows (it calls revert/save here)
    const session = this.sessionsFor(doc.uri)[0];
    if (choice === 'Overwrite') {
      await vscode.workspace.save(doc.uri);
    } else if (session) {
      session.panel.reveal(session.panel.viewColumn, false);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    } else {
      await doc.revert();
    }
  }

  // ---- state the webviews report ---------------------------------------------------------------
  recordRender(session: EditorSession, m: Extract<WebviewToHost, { type: 'rendered' }>): void {
    const key = session.key;
    const decoded = session.document.decoded;
    const consistent = session.loadedVersion === session.document.version &&
      m.format === decoded.format && m.fileName === decoded.fileName && m.byteLength === decoded.bytes.length &&
      m.counts.fields === (decoded.root.children?.length ?? 0) && m.counts.diagnostics === decoded.diagnostics.length;
    this.probe?.rendered({
      uri: key, viewType: session.viewType, format: m.format, fileName: m.fileName, byteLength: m.byteLength,
      counts: { ...m.counts }, renderedAt: Date.now(), documentVersion: session.loadedVersion, consistent,
    });
    if (!consistent) this.log.warn(`${key}: the webview rendered ${JSON.stringify(m)}, which differs from what was sent`);
  }

  recordSelection(session: EditorSession, m: Extract<WebviewToHost, { type: 'selection' }>): void {
    this.selections.set(session.key, { uri: session.key, offset: m.offset, length: m.length, path: m.path, at: Date.now() });
    this.lastSelectedKey = session.key;
  }

  /** The last selection in the editor of `uri` (a Uri or its string), or in the last editor anything was selected in. */
  lastSelection(uri?: vscode.Uri | string): SelectionState | undefined {
    const key = uri === undefined ? this.lastSelectedKey : typeof uri === 'string' ? uri : uri.toString();
    const state = key === undefined ? undefined : this.selections.get(key);
    return state && { ...state };
  }

  // ---- which editor is active --------------------------------------------------------------------
  sessionViewStateChanged(session: EditorSession): void {
    if (session.active) this._active = session;
    else if (this._active === session) this._active = undefined;
    this._onDidChangeActive.fire();
  }

  private setActive(session: EditorSession | undefined): void {
    if (this._active === session) return;
    this._active = session;
    this._onDidChangeActive.fire();
  }

  get activeSession(): EditorSession | undefined { return this._active?.active ? this._active : undefined; }

  /** An open document for `uri` (any view type), if there is one. */
  documentFor(uri: vscode.Uri): AnimationDocument | undefined {
    const key = uri.toString();
    for (const s of this.sessions) if (s.key === key) return s.document;
    for (const d of this.documents) if (d.uri.toString() === key) return d;
    return undefined;
  }

  sessionsFor(uri: vscode.Uri): EditorSession[] {
    const key = uri.toString();
    return [...this.sessions].filter((s) => s.key === key);
  }

  /**
   * Selects a byte range in the editor of `uri`: the active one when it shows that file, otherwise the
   * file is opened (or brought forward) in its AnimScope editor first.
   */
  async reveal(uri: vscode.Uri, offset: number, length: number): Promise<boolean> {
    let session = this.activeSession?.key === uri.toString() ? this.activeSession : undefined;
    if (!session) {
      const existing = this.sessionsFor(uri)[0];
      if (existing) {
        // bring the open editor forward where it is (rather than opening a second one in the active group)
        existing.panel.reveal(existing.panel.viewColumn, false);
        session = existing;
      } else {
        await vscode.commands.executeCommand('vscode.openWith', uri, ANIMATION_VIEW_TYPE);
        session = this.activeSession?.key === uri.toString() ? this.activeSession : this.sessionsFor(uri)[0];
      }
    }
    if (!session) return false;
    session.reveal(offset, length);
    return true;
  }

  postSettings(): void {
    for (const s of this.sessions) s.postSettings();
  }

  dispose(): void {
    for (const s of this.sessions) s.dispose();
    this.sessions.clear();
    this._onDidChangeActive.dispose();
    this._onDidChangeCustomDocument.dispose();
  }
}
