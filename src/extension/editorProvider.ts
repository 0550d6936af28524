/**
 * The read-only custom editor (`animscope.animation`, and `animscope.animation.anyFile` for "Reopen
 * With…"): one AnimationDocument per file, one EditorSession per webview panel. The host decodes;
 * the webview gets the decoded file by message (protocol.ts, validated both ways), never by URI.
 */
import * as vscode from 'vscode';
import { specFor } from '../formats/registry';
import {
  isWebviewToHost, LoadedFile, LoadMessage, msg, RestMessage, RenderCounts, WebviewCommand, WebviewToHost,
} from '../wire/protocol';
import { AnimationDocument } from './animationDocument';
import { isArchiveUri } from './archive/archiveUri';
import { applyEdits, EditRefused } from '../edit/applyEdits';
import type { EditRequest } from '../wire/protocol';
import { writeViaTemporary } from './workspaceWrite';
import type { ProblemsReporter } from './diagnostics';
import { CompanionChoices, loadCompanion } from './model/companions';
import type { ModelResolver } from './model/lookup';
import { BIND_MODEL_COMMAND } from './model/modelService';
import { viewSettings } from './settings';
import { ANIMATION_PAGE } from './webviewHtml';
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

/** Writes a file of an archive (the archive file system's save: ArchiveFileSystemProvider.writeEntry). */
export type ArchiveEntryWriter = (uri: vscode.Uri, stored: Uint8Array) => Promise<void>;

export interface ProviderHooks {
  /** Saves a file opened from inside an archive; without it such files cannot be edited. */
  writeArchiveEntry?: ArchiveEntryWriter;
  /** A webview toolbar asked for a host command for its document ("Bind Model…" is handled here). */
  runCommand(command: WebviewCommand, document: AnimationDocument): void;
  /** Finds the model (BMD/BDL) a J3D animation binds to; without it, no model is ever bound. */
  models?: ModelResolver;
  /** Remembers which animations play along ("Also play"); without it, none is ticked. */
  companions?: CompanionChoices;
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
      document.onDidReload(() => { if (this.ready) this.postLoad(); }),
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
      case 'edit': {
        const refusal = this.provider.applyEdit(this.document, m.label, m.edits);
        this.post(msg.editResult(m.requestId, refusal === undefined, refusal));
        break;
      }
    }
  }

  /** Tells the page whether it may edit and whether there are unsaved changes. */
  postEditState(): void {
    if (!this.ready) return;
    const reason = this.provider.whyReadOnly(this.document);
    this.post(msg.editState(reason === undefined, this.document.dirty, reason));
  }

  protected postLoad(freshPage = false): void {
    this.sentVersion = this.document.version;
    const file = loadedFile(this.document, this.provider.hooks.companions);
    const settings = viewSettings(this.document.uri, this.document.game);
    // A page that shows another version already gets the whole file at once (no half-new view).
    const { first, rest } = freshPage ? loadsOf(file) : { first: file };
    clearTimeout(this.restTimer);
    this.restTimer = undefined;
    const held = this.behindRest;
    this.behindRest = undefined;
    this.postLoadMessage(msg.load(first, settings, !freshPage && this.document.changedByEdit));
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
      this.postLoadMessage(msg.rest(rest));
      for (const m of later) super.post(m);
    }, 0);
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

type EditEvents = vscode.EventEmitter<vscode.CustomDocumentEditEvent<AnimationDocument>>;

export class AnimationEditorProvider implements vscode.Disposable {
  /**
   * Where each document's edits are announced: one emitter per view type, as VS Code keeps the
   * documents of each registration apart (an event for a document another registration opened fails).
   */
  private readonly editEvents = new WeakMap<AnimationDocument, EditEvents>();
  private readonly emitters: EditEvents[] = [];
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
      vscode.window.registerCustomEditorProvider(ANIMATION_VIEW_TYPE, this.forViewType(), options),
      vscode.window.registerCustomEditorProvider(ANIMATION_ANY_FILE_VIEW_TYPE, this.forViewType(), options),
    );
  }

  /** The provider VS Code sees for one view type: this one, with that view type's edit events. */
  private forViewType(): vscode.CustomEditorProvider<AnimationDocument> {
    const edits: EditEvents = new vscode.EventEmitter();
    this.emitters.push(edits);
    return {
      onDidChangeCustomDocument: edits.event,
      openCustomDocument: async (uri, openContext) => {
        const doc = await this.openCustomDocument(uri, openContext);
        this.editEvents.set(doc, edits);
        return doc;
      },
      resolveCustomEditor: (doc, panel) => this.resolveCustomEditor(doc, panel),
      saveCustomDocument: (doc) => this.saveCustomDocument(doc),
      saveCustomDocumentAs: (doc, destination) => this.saveCustomDocumentAs(doc, destination),
      revertCustomDocument: (doc) => this.revertCustomDocument(doc),
      backupCustomDocument: (doc, context) => this.backupCustomDocument(doc, context),
    };
  }

  async openCustomDocument(uri: vscode.Uri, openContext: vscode.CustomDocumentOpenContext = {} as vscode.CustomDocumentOpenContext): Promise<AnimationDocument> {
    const backup = openContext.backupId ? vscode.Uri.parse(openContext.backupId) : undefined;
    const doc = await AnimationDocument.open(uri, this.log, this.hooks.models, backup);
    doc.onDidChangeOnDisk(() => void this.askAboutDiskChange(doc));
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

  // ---- editing ------------------------------------------------------------------------------------
  /** Why `doc` cannot be edited, or undefined when it can. */
  whyReadOnly(doc: AnimationDocument): string | undefined {
    if (!vscode.workspace.isTrusted) return 'The workspace is not trusted: AnimScope opens files read-only in Restricted Mode.';
    if (!doc.decoded.anim) return doc.decoded.format === 'model' ? 'Models are not edited here (yet).' : 'Only a decoded animation can be edited.';
    if (isArchiveUri(doc.uri)) return this.hooks.writeArchiveEntry ? undefined : 'Files inside archives cannot be saved here.';
    if (vscode.workspace.fs.isWritableFileSystem(doc.uri.scheme) === false) return `The file system of ${doc.uri.scheme}: files is read-only.`;
    return undefined;
  }

  /**
   * Applies a page's edits as one undoable step; the refusal in one line, or undefined when applied.
   * Undo and redo set the content before and after (exactly those bytes).
   */
  applyEdit(doc: AnimationDocument, label: string, edits: readonly EditRequest[]): string | undefined {
    const why = this.whyReadOnly(doc);
    if (why) return why;
    let after: Uint8Array;
    try {
      after = applyEdits(doc.decoded, edits);
    } catch (e) {
      if (e instanceof EditRefused) return e.message;
      throw e;
    }
    const before = doc.content;
    doc.setContent(after);
    this.editEvents.get(doc)?.fire({
      document: doc,
      label,
      undo: () => doc.setContent(before),
      redo: () => doc.setContent(after),
    });
    return undefined;
  }

  async saveCustomDocument(doc: AnimationDocument): Promise<void> {
    await this.writeDocument(doc, doc.uri);
  }

  async saveCustomDocumentAs(doc: AnimationDocument, destination: vscode.Uri): Promise<void> {
    await this.writeDocument(doc, destination);
  }

  async revertCustomDocument(doc: AnimationDocument): Promise<void> {
    await doc.revert();
    this.postEditStates(doc);
  }

  async backupCustomDocument(doc: AnimationDocument, context: vscode.CustomDocumentBackupContext): Promise<vscode.CustomDocumentBackup> {
    await vscode.workspace.fs.writeFile(context.destination, doc.content);
    return {
      id: context.destination.toString(),
      delete: () => void Promise.resolve(vscode.workspace.fs.delete(context.destination)).catch(() => undefined),
    };
  }

  /** Writes the document's bytes to `target` (temporary file + rename; into its archive for an archive file). */
  private async writeDocument(doc: AnimationDocument, target: vscode.Uri): Promise<void> {
    const stored = doc.storedBytes();
    if (isArchiveUri(target)) {
      if (!this.hooks.writeArchiveEntry) throw new Error('Files inside archives cannot be saved here.');
      await this.hooks.writeArchiveEntry(target, stored);
    } else {
      await writeViaTemporary(target, stored);
    }
    if (target.toString() === doc.uri.toString()) doc.markSaved(stored);
    this.log.info(`saved ${target.toString()}: ${stored.length} bytes`);
    this.postEditStates(doc);
  }

  private postEditStates(doc: AnimationDocument): void {
    for (const s of this.sessions) if (s.document === doc) s.postEditState();
  }

  /** The file changed on disk while edited: reload it (dropping the edits) or keep them (a save overwrites the file). */
  private async askAboutDiskChange(doc: AnimationDocument): Promise<void> {
    const choice = await vscode.window.showWarningMessage(
      `${doc.fileName} changed on disk, and it has unsaved changes in AnimScope.`, 'Reload from Disk', 'Keep My Changes');
    if (choice === 'Reload from Disk') await this.revertCustomDocument(doc);
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
    for (const e of this.emitters) e.dispose();
  }
}
