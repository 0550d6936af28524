/**
 * One parsed archive per outer URI (LRU, bounded by a total of decompressed bytes and a count),
 * revalidated against the outer file's stat at most once a second and dropped at once when a
 * watcher on the outer file reports a change; then Changed/Deleted events go out for every URI of
 * that archive that was listed, so open editors reload.
 *
 * Never allocates without bound: the archive layer (src/formats/archive) is pure, never throws,
 * caps decompression, and walks tables iteratively; this adds size caps on the outer file and the
 * cache.
 */
import * as vscode from 'vscode';
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import { AnyArchive, DEFAULT_NESTING, MAX_ARCHIVE_FILE_BYTES, NestingGuard, openAnyArchive, tooLargeToRead } from '../../formats/archive/archive';
import { ArchiveNode, childrenOf, MAX_NESTING, OpenedLevel, rootNode } from './archiveTree';
import { archiveRootUri, ARCHIVE_SCHEME, displayPath, joinPath, outermostFile } from './archiveUri';

/** Decompressed bytes one outer archive may use, nested archives included (the CLI's bound). */
export const MAX_ARCHIVE_BUDGET = DEFAULT_NESTING.maxTotalBytes;
/** The cache keeps at most this many decompressed bytes (the archive in use is never evicted). */
export const MAX_CACHE_BYTES = 768 * 1024 * 1024;
export const MAX_CACHED_ARCHIVES = 16;
const REVALIDATE_MS = 1000;
const MAX_WATCHERS = 64;

export interface CacheRecord {
  key: string;
  outer: vscode.Uri;
  /** The outermost real file's key (watched): changes there invalidate this record. */
  baseKey: string;
  mtime: number;
  ctime: number;
  fileSize: number;
  root: ArchiveNode;
  /** Decompressed bytes held (all levels); the guard keeps the budget left for nested archives (the library's bounds). */
  cost: number;
  guard: NestingGuard;
  lastUsed: number;
  checkedAt: number;
}

/** How the cache reaches an outer archive (through the provider when it is itself an archive entry). */
export interface OuterArchives {
  read(outer: vscode.Uri): Promise<Uint8Array>;
  stat(outer: vscode.Uri): Promise<vscode.FileStat>;
  /** The level a parent record already opened for `outer` (an archive URI naming a nested archive), if any. */
  openedNested(outer: vscode.Uri): Promise<OpenedLevel | undefined>;
}

export class ArchiveCache implements vscode.Disposable {
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;
  private readonly _onDidChangeArchive = new vscode.EventEmitter<vscode.Uri>();
  /** An outer archive file changed or was deleted (its outermost real file URI). */
  readonly onDidChangeArchive = this._onDidChangeArchive.event;

  private readonly cache = new Map<string, CacheRecord>();
  private readonly loading = new Map<string, Promise<CacheRecord>>();
  private readonly watchers = new Map<string, { disposable: vscode.Disposable; lastUsed: number }>();
  private disposed = false;

  constructor(private readonly outers: OuterArchives, private readonly log?: vscode.LogOutputChannel) {}

  /** The children of a node of `record`'s tree (nested archives count against its budget and the cache's). */
  childrenOf(node: ArchiveNode, record: CacheRecord): Map<string, ArchiveNode> {
    return childrenOf(node, {
      guard: record.guard,
      opened: (bytes) => {
        record.cost += bytes;
        this.trim(record.key);
      },
    });
  }

  /** The parsed archive `outer`, from the cache when it is still current. */
  async record(outer: vscode.Uri): Promise<CacheRecord> {
    const key = outer.toString();
    const cached = this.cache.get(key);
    const now = Date.now();
    if (cached) {
      cached.lastUsed = now;
      if (now - cached.checkedAt < REVALIDATE_MS) return cached;
      cached.checkedAt = now;
      let changed = false;
      try {
        const s = await this.outers.stat(outer);
        changed = s.mtime !== cached.mtime || s.size !== cached.fileSize;
      } catch {
        changed = true;
      }
      if (!changed) return cached;
      this.invalidate(outer);
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const load = this.load(outer, key).finally(() => this.loading.delete(key));
    this.loading.set(key, load);
    return load;
  }

  /** Drops cached archives (all, or those read from `outer`), firing change events. */
  invalidate(outer?: vscode.Uri): void {
    const baseKey = outer ? outermostFile(outer).toString() : undefined;
    const events: vscode.FileChangeEvent[] = [];
    for (const [key, record] of [...this.cache]) {
      if (baseKey !== undefined && record.baseKey !== baseKey) continue;
      this.cache.delete(key);
      collectUris(record, vscode.FileChangeType.Changed, events);
    }
    if (events.length) this._onDidChangeFile.fire(events);
  }

  /** What the cache holds (the report, tests). */
  stats(): { archives: number; bytes: number; watchers: number } {
    let bytes = 0;
    for (const r of this.cache.values()) bytes += r.cost;
    return { archives: this.cache.size, bytes, watchers: this.watchers.size };
  }

  private async load(outer: vscode.Uri, key: string): Promise<CacheRecord> {
    const t0 = performance.now();
    const base = outermostFile(outer);
    this.ensureWatcher(base);
    let stat: vscode.FileStat;
    try {
      stat = await this.outers.stat(outer);
    } catch (e) {
      throw e instanceof vscode.FileSystemError ? e : vscode.FileSystemError.FileNotFound(String(e));
    }
    if ((stat.type & vscode.FileType.Directory) !== 0) throw vscode.FileSystemError.FileIsADirectory(`${outer.toString()} is a folder, not an archive.`);
    if (stat.size > MAX_ARCHIVE_FILE_BYTES) {
      throw vscode.FileSystemError.Unavailable(`${displayPath(outer)}: ${tooLargeToRead(stat.size)}.`);
    }
    const guard = new NestingGuard({ maxDepth: MAX_NESTING, maxTotalBytes: MAX_ARCHIVE_BUDGET }, false);
    // A nested archive its parent has already opened (and decompressed) is reused, not read and decompressed again.
    const opened = await this.outers.openedNested(outer);
    let level: OpenedLevel;
    let archive: AnyArchive;
    let cost = 0;
    if (opened) {
      archive = opened.archive;
      level = { archive, diagnostics: [...opened.diagnostics], depth: 1, ancestors: [guard.opening(archive.bytes, archive, '')] };
    } else {
      const bytes = await this.outers.read(outer);
      const sink = new DiagnosticSink();
      archive = openAnyArchive(bytes, sink);
      cost = bytes.length + (archive.bytes === bytes ? 0 : archive.bytes.length);
      level = { archive, diagnostics: sink.finish(), depth: 1, ancestors: [guard.opening(bytes, archive, '')] };
    }
    const now = Date.now();
    const record: CacheRecord = {
      key, outer, baseKey: base.toString(), mtime: stat.mtime, ctime: stat.ctime, fileSize: stat.size, root: rootNode(level),
      cost, guard,
      lastUsed: now, checkedAt: now,
    };
    this.cache.set(key, record);
    this.trim(key);
    this.log?.info(`archive ${displayPath(outer)}: ${archive.kind}${archive.container !== 'none' ? ` (${archive.container})` : ''}, ` +
      `${archive.entries.length} entries, ${level.diagnostics.length} diagnostics, read + parse ${(performance.now() - t0).toFixed(1)} ms`);
    return record;
  }

  /** Evicts least recently used archives beyond the bounds (never `keep`). */
  private trim(keep: string): void {
    let total = 0;
    for (const r of this.cache.values()) total += r.cost;
    const order = [...this.cache.values()].sort((a, b) => a.lastUsed - b.lastUsed);
    for (const r of order) {
      if (total <= MAX_CACHE_BYTES && this.cache.size <= MAX_CACHED_ARCHIVES) break;
      if (r.key === keep) continue;
      this.cache.delete(r.key);
      total -= r.cost;
    }
  }

  /** Watches the real file `base` an archive is read from (once; the least recently used beyond the bound are dropped). */
  ensureWatcher(base: vscode.Uri): void {
    if (this.disposed || base.scheme === ARCHIVE_SCHEME) return;
    const key = base.toString();
    const known = this.watchers.get(key);
    if (known) {
      known.lastUsed = Date.now();
      return;
    }
    let watcher: vscode.FileSystemWatcher;
    try {
      watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(base, '*'));
    } catch (e) {
      this.log?.warn(`cannot watch ${key}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const onEvent = (deleted: boolean) => (changed: vscode.Uri): void => {
      if (changed.toString() !== key) return;
      this.outerChanged(base, deleted);
    };
    const disposable = vscode.Disposable.from(watcher, watcher.onDidChange(onEvent(false)), watcher.onDidCreate(onEvent(false)), watcher.onDidDelete(onEvent(true)));
    this.watchers.set(key, { disposable, lastUsed: Date.now() });
    if (this.watchers.size > MAX_WATCHERS) {
      const oldest = [...this.watchers.entries()].filter(([k]) => ![...this.cache.values()].some((r) => r.baseKey === k))
        .sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
      if (oldest) {
        oldest[1].disposable.dispose();
        this.watchers.delete(oldest[0]);
      }
    }
  }

  private outerChanged(base: vscode.Uri, deleted: boolean): void {
    const key = base.toString();
    const events: vscode.FileChangeEvent[] = [];
    for (const [k, record] of [...this.cache]) {
      if (record.baseKey !== key) continue;
      this.cache.delete(k);
      collectUris(record, deleted ? vscode.FileChangeType.Deleted : vscode.FileChangeType.Changed, events);
    }
    if (!events.length) events.push({ type: vscode.FileChangeType.Changed, uri: archiveRootUri(base) });
    this.log?.info(`archive ${displayPath(base)} ${deleted ? 'deleted' : 'changed'}: ${events.length} URIs invalidated`);
    this._onDidChangeFile.fire(events);
    this._onDidChangeArchive.fire(base);
  }

  dispose(): void {
    this.disposed = true;
    for (const w of this.watchers.values()) w.disposable.dispose();
    this.watchers.clear();
    this.cache.clear();
    this._onDidChangeFile.dispose();
    this._onDidChangeArchive.dispose();
  }
}

/** Every URI of the record's tree that was built (listed), root first. */
function collectUris(record: CacheRecord, type: vscode.FileChangeType, out: vscode.FileChangeEvent[]): void {
  const root = archiveRootUri(record.outer);
  const stack: ArchiveNode[] = [record.root];
  while (stack.length) {
    const node = stack.pop() as ArchiveNode;
    out.push({ type, uri: node.path ? root.with({ path: joinPath(root.path, node.path) }) : root });
    if (node.children) for (const c of node.children.values()) stack.push(c);
  }
}
