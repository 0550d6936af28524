/**
 * The CustomDocument: one opened animation file. It reads the bytes through vscode.workspace.fs
 * (so any file system provider works), decodes them in the extension host, and re-decodes when the
 * file changes on disk (a watcher on the file itself, like VS Code's media preview).
 */
import * as vscode from 'vscode';
import { summarize, Summary } from '../export/summary';
import { baseName, decode } from '../formats/index';
import type { DecodedFile } from '../formats/types';

/** File events come in bursts (truncate + write, delete + create of atomic saves): wait this long. */
const RELOAD_DEBOUNCE_MS = 100;

export class AnimationDocument implements vscode.CustomDocument {
  private readonly _onDidReload = new vscode.EventEmitter<void>();
  /** The file changed on disk (or came back after a delete) and was decoded again. */
  readonly onDidReload = this._onDidReload.event;
  private readonly _onDidDelete = new vscode.EventEmitter<void>();
  /** The file is gone; the last decode stays available. */
  readonly onDidDelete = this._onDidDelete.event;
  private readonly _onDidDispose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this._onDidDispose.event;

  private _fileBytes: Uint8Array;
  private _decoded: DecodedFile;
  private _summary: Summary;
  private _deleted = false;
  private _version = 1;
  private readonly disposables: vscode.Disposable[] = [];
  private reloadTimer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  private disposed = false;

  /** Reads and decodes `uri`; throws (a FileSystemError) when it cannot be read. */
  static async open(uri: vscode.Uri, log: vscode.LogOutputChannel): Promise<AnimationDocument> {
    const t0 = performance.now();
    const bytes = await vscode.workspace.fs.readFile(uri);
    const doc = new AnimationDocument(uri, bytes, log);
    doc.openMs = performance.now() - t0;
    log.info(`opened ${uri.toString()} as ${doc.decoded.format}: ${bytes.length} bytes, ` +
      `${doc.decoded.diagnostics.length} diagnostics, read + decode ${doc.openMs.toFixed(1)} ms`);
    return doc;
  }

  /** Read + decode time of the first load (ms). */
  openMs = 0;

  private constructor(readonly uri: vscode.Uri, bytes: Uint8Array, private readonly log: vscode.LogOutputChannel) {
    this._fileBytes = bytes;
    this._decoded = decode(bytes, this.fileName);
    this._summary = summarize(this._decoded);
    this.watch();
  }

  /** The base name: what decode() gets, and what the webview shows. */
  get fileName(): string { return baseName(this.uri.path); }
  /** The file as stored (compressed when it is Yaz0). */
  get fileBytes(): Uint8Array { return this._fileBytes; }
  get decoded(): DecodedFile { return this._decoded; }
  get summary(): Summary { return this._summary; }
  get deleted(): boolean { return this._deleted; }
  /** Incremented on every successful reload. */
  get version(): number { return this._version; }

  private watch(): void {
    // A pattern relative to the file itself watches just that file, for any scheme whose provider can watch.
    let watcher: vscode.FileSystemWatcher;
    try {
      watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.uri, '*'));
    } catch (e) {
      this.log.warn(`cannot watch ${this.uri.toString()}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const onEvent = (changed: vscode.Uri): void => {
      if (changed.toString() === this.uri.toString()) this.scheduleReload();
    };
    this.disposables.push(watcher, watcher.onDidChange(onEvent), watcher.onDidCreate(onEvent), watcher.onDidDelete(onEvent));
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
    try {
      bytes = await vscode.workspace.fs.readFile(this.uri);
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
    if (!this._deleted && sameBytes(bytes, this._fileBytes)) return;
    const t0 = performance.now();
    this._fileBytes = bytes;
    this._decoded = decode(bytes, this.fileName);
    this._summary = summarize(this._decoded);
    this._deleted = false;
    this._version++;
    this.log.info(`reloaded ${this.uri.toString()}: ${bytes.length} bytes, ${this._decoded.diagnostics.length} diagnostics, ` +
      `decode ${(performance.now() - t0).toFixed(1)} ms`);
    this._onDidReload.fire();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.reloadTimer);
    this._onDidDispose.fire();
    for (const d of this.disposables) d.dispose();
    this._onDidReload.dispose();
    this._onDidDelete.dispose();
    this._onDidDispose.dispose();
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
