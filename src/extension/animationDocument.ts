/**
 * The CustomDocument: one opened animation file. It reads the bytes through vscode.workspace.fs
 * (so any file system provider works), decodes them in the extension host, and re-decodes when the
 * file changes on disk (a watcher on the file itself, like VS Code's media preview). The bound
 * model is watched the same way: a model exported again re-binds the open animation.
 *
 * Editing: the document holds the bytes shown (`fileBytes`, edited) and the bytes last read or
 * saved (`savedBytes`); the provider changes the former (setBytes: an edit, undo, redo) and
 * VS Code's undo stack keeps the bytes before and after each edit. Save and backup write through a
 * temporary file and a rename. A change on disk while the document is dirty is not loaded: it is
 * announced (onDidChangeOnDisk) for the user to reload or overwrite.
 */
import * as vscode from 'vscode';
import { sameBytes } from '../formats/binary/bytes';
import { FileWriter, writeThroughTemporary } from './workspaceWrite';
import type { ModelBoundFile } from '../export/json';
import { summarize, Summary } from '../kinds/summary';
import { baseName, decode, MAX_ANIMATION_SIZE, tooLargeFile } from '../formats/index';
import { Game, gameOf } from '../formats/game';
import { CompanionFile, companionsAmong } from '../kinds/companions';
import { specFor } from '../kinds/registry';
import type { DecodedFile } from '../formats/types';
import type { ModelPayload } from '../wire/modelPayload';
import type { ModelInfo } from '../wire/protocol';
import { bindModel, ModelBinding } from './model/binding';
import type { ModelLookup, ModelResolver } from './model/lookup';
import { Disposables } from './disposables';
import type { ProblemEntry, ProblemSource } from './diagnostics';

/** File events come in bursts (truncate + write, delete + create of atomic saves): wait this long. */
const RELOAD_DEBOUNCE_MS = 100;

/** What a reload was: `keepView` after an edit, undo, redo or revert (not a change on disk). */
export interface ReloadKind { keepView?: true }

export class AnimationDocument implements vscode.CustomDocument, ProblemSource {
  private readonly _onDidReload = new vscode.EventEmitter<ReloadKind>();
  /**
   * The file was decoded again: it changed on disk (or came back after a delete), or its bytes were
   * edited, undone, redone or reverted (`keepView`: the page keeps its place).
   */
  readonly onDidReload = this._onDidReload.event;
  private readonly _onDidChangeOnDisk = new vscode.EventEmitter<void>();
  /** The file changed on disk while the document was dirty: it was not loaded (reload or overwrite). */
  readonly onDidChangeOnDisk = this._onDidChangeOnDisk.event;
  private readonly _onDidSave = new vscode.EventEmitter<void>();
  /** The document was saved (it is clean now). */
  readonly onDidSave = this._onDidSave.event;
  private readonly _onDidDelete = new vscode.EventEmitter<void>();
  /** The file is gone; the last decode stays available. */
  readonly onDidDelete = this._onDidDelete.event;
  private readonly _onDidDispose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this._onDidDispose.event;

  private _fileBytes: Uint8Array;
  /** The bytes on disk as last read or saved (fileBytes differs from them when the document is dirty). */
  private _savedBytes: Uint8Array;
  /** The file's size on disk (its bytes are not read when it is larger than MAX_ANIMATION_SIZE). */
  private _fileSize: number;
  private _decoded: DecodedFile;
  /** _decoded with the model binding's diagnostics and export section (what everyone reads). */
  private _view: ModelBoundFile;
  private _models: ModelResolver | undefined;
  private _lookup: ModelLookup | undefined;
  private _binding: ModelBinding | undefined;
  private _summary: Summary;
  private _deleted = false;
  private _version = 1;
  private readonly disposables = new Disposables();
  private reloadTimer: NodeJS.Timeout | undefined;
  private modelTimer: NodeJS.Timeout | undefined;
  /** The watcher of the bound model file, with the URI it watches. */
  private modelWatch: { uri: string; watcher: vscode.Disposable } | undefined;
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  private disposed = false;

  /**
   * Reads and decodes `uri`; throws (a FileSystemError) when it cannot be read. With `models`, a J3D
   * animation is bound to its model (found beside it or remembered) before the document is returned.
   */
  static async open(uri: vscode.Uri, log: vscode.LogOutputChannel, models?: ModelResolver, backup?: vscode.Uri): Promise<AnimationDocument> {
    const t0 = performance.now();
    const { bytes, size } = await readBounded(uri);
    // hot exit: the edited bytes come back from the backup, the file's own stay the saved ones
    const edited = backup ? await readBackup(backup, log) : undefined;
    const doc = new AnimationDocument(uri, edited ?? bytes, edited ? edited.length : size, log, bytes);
    doc._models = models;
    const siblings = await folderNames(uri);
    doc._game = gameOf(uri.path.split('/').filter(Boolean), siblings);
    doc._companions = companionsAmong(baseName(uri.path), siblings);
    await doc.lookupModel();
    doc.openMs = performance.now() - t0;
    log.info(`opened ${uri.toString()} as ${doc.decoded.format}: ${bytes.length} bytes, ` +
      `${doc.decoded.diagnostics.length} diagnostics, read + decode ${doc.openMs.toFixed(1)} ms`);
    return doc;
  }

  /** The game the file was recognised as, by what is beside it (it decides the playback rate). */
  get game(): Game | undefined { return this._game; }
  private _game: Game | undefined;
  /** The animations beside the file that could play along on its model ("Also play"). */
  get companions(): CompanionFile[] { return this._companions; }
  private _companions: CompanionFile[] = [];

  /** Read + decode time of the first load (ms). */
  openMs = 0;

  private constructor(readonly uri: vscode.Uri, bytes: Uint8Array, size: number, private readonly log: vscode.LogOutputChannel, saved = bytes) {
    this._fileBytes = bytes;
    this._savedBytes = saved;
    this._fileSize = size;
    this._decoded = decodeBounded(bytes, size, this.fileName);
    this._view = this._decoded;
    this._summary = summarize(this._decoded);
    this.watch();
  }

  /** The base name: what decode() gets, and what the webview shows. */
  get fileName(): string { return baseName(this.uri.path); }
  /** The file's size on disk (fileBytes is empty when it was too large to read). */
  get fileSize(): number { return this._fileSize; }
  /** The file as shown, edits included (compressed when it is Yaz0). */
  get fileBytes(): Uint8Array { return this._fileBytes; }
  /** The bytes on disk as last read or saved. */
  get savedBytes(): Uint8Array { return this._savedBytes; }
  /** The shown bytes differ from the saved ones. */
  get dirty(): boolean { return !sameBytes(this._fileBytes, this._savedBytes); }

  /** Shows `bytes` (an edit, its undo or redo): decoded again; the page keeps its place. */
  setBytes(bytes: Uint8Array): void {
    if (this.disposed) return;
    this.showBytes(bytes, bytes.length);
    this._onDidReload.fire({ keepView: true });
  }

  private showBytes(bytes: Uint8Array, size: number): void {
    this._fileBytes = bytes;
    this._fileSize = size;
    this._decoded = decodeBounded(bytes, size, this.fileName);
    this.applyModel();
    this._summary = summarize(this._decoded);
    this._version++;
  }

  /** Writes the shown bytes to the file (temporary file + rename); the document is clean after. */
  async save(cancellation?: vscode.CancellationToken, write: FileWriter = writeThroughTemporary): Promise<void> {
    const bytes = this._fileBytes;
    await write(this.uri, bytes, cancellation);
    this._savedBytes = bytes;
    this.log.info(`saved ${this.uri.toString()}: ${bytes.length} bytes`);
    this._onDidSave.fire();
  }

  /** Writes the shown bytes to `target` (Save As): this document stays as it is. */
  async saveAs(target: vscode.Uri, cancellation?: vscode.CancellationToken, write: FileWriter = writeThroughTemporary): Promise<void> {
    await write(target, this._fileBytes, cancellation);
    this.log.info(`saved ${this.uri.toString()} as ${target.toString()}: ${this._fileBytes.length} bytes`);
  }

  /** Shows the file on disk again, edits dropped. */
  async revert(): Promise<void> {
    const { bytes, size } = await readBounded(this.uri);
    if (this.disposed) return;
    this._savedBytes = bytes;
    this._deleted = false;
    this.showBytes(bytes, size);
    this.log.info(`reverted ${this.uri.toString()}: ${bytes.length} bytes`);
    this._onDidReload.fire({ keepView: true });
  }

  /** Hot exit: the shown bytes into `destination` (VS Code's backup location). */
  async backup(destination: vscode.Uri, cancellation?: vscode.CancellationToken): Promise<vscode.CustomDocumentBackup> {
    await writeThroughTemporary(destination, this._fileBytes, cancellation);
    return {
      id: destination.toString(),
      delete: () => { void Promise.resolve(vscode.workspace.fs.delete(destination)).catch(() => undefined); },
    };
  }
  /** The decode, with the bound model's diagnostics appended and its export section (`model`). */
  get decoded(): ModelBoundFile { return this._view; }
  /** The bound model as the webview gets it. */
  get modelInfo(): ModelInfo | undefined { return this._binding?.info; }
  /** The bound model's 3D view data. */
  get boundModelPayload(): ModelPayload | undefined { return this._binding ? this._lookup?.bound?.payload : undefined; }
  get boundModelUri(): vscode.Uri | undefined { return this._binding ? this._lookup?.bound?.uri : undefined; }
  /** No model bound: base names of the models beside the animation. */
  get modelCandidates(): string[] | undefined {
    if (this._binding || !this._lookup) return undefined;
    return this._lookup.candidates.map((u) => baseName(u.path));
  }
  /** A remembered model that could not be used. */
  get modelError(): string | undefined { return this._lookup?.error; }

  private static bindable(decoded: DecodedFile): boolean {
    return !!decoded.anim && specFor(decoded.anim).model.target !== 'none';
  }

  private async lookupModel(): Promise<void> {
    this._lookup = undefined;
    if (this._models && AnimationDocument.bindable(this._decoded)) {
      try {
        this._lookup = await this._models.lookup(this.uri);
      } catch (e) {
        this.log.warn(`model lookup for ${this.uri.toString()} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    this.applyModel();
    this.watchModel();
  }

  /** Watches the bound model's file (only that one); a change looks the model up again. */
  private watchModel(): void {
    const uri = this._lookup?.bound?.uri;
    if (this.modelWatch?.uri === uri?.toString()) return;
    this.modelWatch?.watcher.dispose();
    this.modelWatch = undefined;
    if (!uri || this.disposed) return;
    const watcher = this.watchFile(uri, () => {
      clearTimeout(this.modelTimer);
      this.modelTimer = setTimeout(() => void this.refreshModel(), RELOAD_DEBOUNCE_MS);
    });
    if (watcher) this.modelWatch = { uri: uri.toString(), watcher };
  }

  /** Recomputes the binding of the current decode with the looked-up model. */
  private applyModel(): void {
    const bound = AnimationDocument.bindable(this._decoded) ? this._lookup?.bound : undefined;
    this._binding = bound ? bindModel(this._decoded, bound.model, bound.fileName, bound.source, bound.diagnostics) : undefined;
    this._view = this._binding
      ? { ...this._decoded, diagnostics: [...this._decoded.diagnostics, ...this._binding.diagnostics], boundModel: this._binding.exported }
      : this._decoded;
    if (this._binding) {
      this.log.info(`${this.fileName}: bound to ${bound!.fileName} (${bound!.source}), ${this._binding.diagnostics.length} binding diagnostics`);
    }
  }

  /** Looks the model up again (after "Bind Model…"): a new version, like a reload from disk. */
  async refreshModel(): Promise<void> {
    if (this.disposed) return;
    await this.lookupModel();
    if (this.disposed) return;
    this._version++;
    this._onDidReload.fire({});
  }
  get summary(): Summary { return this._summary; }
  get deleted(): boolean { return this._deleted; }

  // ---- as a source of the Problems panel (its decode, model binding included) --------------------
  /** Offsets are revealed in the AnimScope editor. */
  readonly revealable = true;
  problemEntries(): ProblemEntry[] {
    return this.decoded.diagnostics.map((diagnostic) => ({ diagnostic }));
  }
  onDidChangeProblems(listener: () => void): vscode.Disposable {
    return vscode.Disposable.from(this.onDidReload(() => listener()), this.onDidDelete(listener));
  }

  /** Incremented on every successful reload. */
  get version(): number { return this._version; }

  private watch(): void {
    const watcher = this.watchFile(this.uri, () => this.scheduleReload());
    if (watcher) this.disposables.push(watcher);
  }

  /** Changes, creation and deletion of `uri` (and nothing else); undefined when it cannot be watched. */
  private watchFile(uri: vscode.Uri, onEvent: () => void): vscode.Disposable | undefined {
    // A pattern relative to the file itself watches just that file, for any scheme whose provider can watch.
    let watcher: vscode.FileSystemWatcher;
    try {
      watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(uri, '*'));
    } catch (e) {
      this.log.warn(`cannot watch ${uri.toString()}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
    const onAny = (changed: vscode.Uri): void => {
      if (changed.toString() === uri.toString()) onEvent();
    };
    return vscode.Disposable.from(watcher, watcher.onDidChange(onAny), watcher.onDidCreate(onAny), watcher.onDidDelete(onAny));
  }

  private scheduleReload(): void {
    if (this.disposed) return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.reload(), RELOAD_DEBOUNCE_MS);
  }

  /** Reads the file again: decodes it when it changed, marks the document deleted when it is gone. */
  async reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        await this.reloadOnce();
      } while (this.reloadAgain && !this.disposed);
    })().finally(() => { this.reloading = undefined; });
    return this.reloading;
  }

  private async reloadOnce(): Promise<void> {
    let bytes: Uint8Array;
    let size: number;
    try {
      ({ bytes, size } = await readBounded(this.uri));
    } catch (e) {
      if (this.disposed) return;
      if (e instanceof vscode.FileSystemError && e.code !== 'FileNotFound' && e.code !== 'FileIsADirectory') {
        this.log.warn(`cannot re-read ${this.uri.toString()}: ${e.message}`);
        return;
      }
      if (!this._deleted) {
        this._deleted = true;
        this.log.info(`${this.uri.toString()} was deleted`);
        this._onDidDelete.fire();
      }
      return;
    }
    if (this.disposed) return;
    if (!this._deleted && sameBytes(bytes, this._savedBytes) && (this.dirty || size === this._fileSize)) return;
    if (this.dirty && !this._deleted) {
      // the user's edits are not thrown away by someone else's write: they choose (reload or overwrite)
      this.log.info(`${this.uri.toString()} changed on disk while edited`);
      this._onDidChangeOnDisk.fire();
      return;
    }
    const t0 = performance.now();
    this._fileBytes = bytes;
    this._savedBytes = bytes;
    this._fileSize = size;
    this._decoded = decodeBounded(bytes, size, this.fileName);
    if (this._models && this._lookup === undefined) await this.lookupModel();
    else this.applyModel();
    this._summary = summarize(this._decoded);
    this._deleted = false;
    this._version++;
    this.log.info(`reloaded ${this.uri.toString()}: ${bytes.length} bytes, ${this._view.diagnostics.length} diagnostics, ` +
      `decode ${(performance.now() - t0).toFixed(1)} ms`);
    this._onDidReload.fire({});
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.reloadTimer);
    clearTimeout(this.modelTimer);
    this.modelWatch?.watcher.dispose();
    this._onDidDispose.fire();
    this.disposables.dispose();
    this._onDidReload.dispose();
    this._onDidChangeOnDisk.dispose();
    this._onDidSave.dispose();
    this._onDidDelete.dispose();
    this._onDidDispose.dispose();
  }
}

/**
 * The file's bytes, unless it is larger than any animation can be: then none are read (the size is
 * what decodeBounded reports). Throws like readFile when the file cannot be read.
 */
async function readBounded(uri: vscode.Uri): Promise<{ bytes: Uint8Array; size: number }> {
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > MAX_ANIMATION_SIZE) return { bytes: new Uint8Array(0), size };
  const bytes = await vscode.workspace.fs.readFile(uri);
  return { bytes, size: bytes.length };
}

/** The edited bytes a hot-exit backup kept; undefined (the file is opened as it is on disk) when it cannot be read. */
async function readBackup(backup: vscode.Uri, log: vscode.LogOutputChannel): Promise<Uint8Array | undefined> {
  try {
    const { size } = await vscode.workspace.fs.stat(backup);
    if (size > MAX_ANIMATION_SIZE) return undefined;
    return await vscode.workspace.fs.readFile(backup);
  } catch (e) {
    log.warn(`cannot read the backup ${backup.toString()}: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

function decodeBounded(bytes: Uint8Array, size: number, fileName: string): DecodedFile {
  return size > MAX_ANIMATION_SIZE ? tooLargeFile(fileName, size) : decode(bytes, fileName);
}


/** The names in the folder of `uri` (a disk or archive folder); none when it cannot be listed. */
async function folderNames(uri: vscode.Uri): Promise<string[]> {
  try {
    return (await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(uri, '..'))).map(([name]) => name);
  } catch {
    return [];
  }
}
