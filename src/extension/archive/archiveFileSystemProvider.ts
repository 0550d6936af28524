/**
 * A read-only FileSystemProvider that presents a game archive (RARC `.arc`/`.szs`, plain or Yaz0;
 * Shenmue PKS, plain or gzip) as a folder tree, so every VS Code feature that reads through
 * `vscode.workspace.fs` (the AnimScope editor, export, the hex editor, the Explorer) works on the
 * files inside without extracting them. URIs: archiveUri.ts; the tree: archiveTree.ts; caching
 * and watching: archiveCache.ts.
 */
import * as vscode from 'vscode';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import { extractAny } from '../../formats/archive/archive';
import { ArchiveCache, CacheRecord } from './archiveCache';
import { ArchiveNode, childNamed, NodeInfo, nodeInfo, OpenedLevel } from './archiveTree';
import { ARCHIVE_SCHEME, displayPath, joinPath, outermostFile, parseArchiveUri } from './archiveUri';
import { addArchiveEntry, ArchiveWriteError, replaceArchiveEntry } from '../../write/archive/replaceEntry';
import { writeThroughTemporary } from '../workspaceWrite';

type FsErrorKind = 'FileNotFound' | 'FileNotADirectory' | 'FileIsADirectory' | 'NoPermissions';

function fsError(kind: FsErrorKind, uri: vscode.Uri, message?: string): vscode.FileSystemError {
  return vscode.FileSystemError[kind](message ?? uri);
}

/** A fresh Uint8Array (the caller may keep or transfer it; the cache keeps its own bytes). */
function copyOf(view: Uint8Array): Uint8Array {
  return new Uint8Array(view);
}

/** A node found by URI, with its archive's tree to walk further. */
export interface ResolvedNode {
  node: ArchiveNode;
  /** The children of any node of the same tree (nested archives opened within the limits). */
  children(node: ArchiveNode): Map<string, ArchiveNode>;
  /** The outer archive file's modification time. */
  mtime: number;
}

export class ArchiveFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly cache: ArchiveCache;
  readonly onDidChangeFile: vscode.Event<vscode.FileChangeEvent[]>;
  /** An outer archive file changed or was deleted (its outermost real file URI). */
  readonly onDidChangeArchive: vscode.Event<vscode.Uri>;

  constructor(log?: vscode.LogOutputChannel) {
    this.cache = new ArchiveCache({
      read: (outer) => this.readOuter(outer),
      stat: (outer) => this.statOuter(outer),
      openedNested: (outer) => this.openedNested(outer),
    }, log);
    this.onDidChangeFile = this.cache.onDidChangeFile;
    this.onDidChangeArchive = this.cache.onDidChangeArchive;
  }

  register(): vscode.Disposable {
    return vscode.workspace.registerFileSystemProvider(ARCHIVE_SCHEME, this, { isReadonly: true, isCaseSensitive: true });
  }

  // ---- FileSystemProvider ------------------------------------------------------------------------
  watch(uri: vscode.Uri): vscode.Disposable {
    // Changes come from a watcher on the outer file (created on first contact); make sure it exists.
    if (parseArchiveUri(uri)) this.cache.ensureWatcher(outermostFile(uri));
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { node, record } = await this.find(uri);
    const isDir = node.kind !== 'file';
    return {
      type: isDir ? vscode.FileType.Directory : vscode.FileType.File,
      ctime: record.ctime,
      mtime: record.mtime,
      size: isDir ? 0 : node.size,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const { node, record } = await this.find(uri);
    if (node.kind === 'file') throw fsError('FileNotADirectory', uri);
    const children = this.cache.childrenOf(node, record);
    return [...children.values()].map((c) => [c.segment, c.kind === 'file' ? vscode.FileType.File : vscode.FileType.Directory]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { node } = await this.find(uri);
    if (node.kind !== 'file' || !node.entry) throw fsError('FileIsADirectory', uri);
    return copyOf(extractAny(node.level.archive, node.entry));
  }

  createDirectory(uri: vscode.Uri): void { throw this.readOnly(uri); }
  writeFile(uri: vscode.Uri): void { throw this.readOnly(uri); }
  delete(uri: vscode.Uri): void { throw this.readOnly(uri); }
  rename(oldUri: vscode.Uri): void { throw this.readOnly(oldUri); }

  private readOnly(uri: vscode.Uri): vscode.FileSystemError {
    return fsError('NoPermissions', uri, `${displayPath(uri)}: archives are read-only.`);
  }

  // ---- for the tree view and the archive editor --------------------------------------------------
  /** Kind, format and size of what `uri` names. Throws FileNotFound like stat. */
  async info(uri: vscode.Uri): Promise<NodeInfo> {
    return nodeInfo((await this.find(uri)).node);
  }

  /** The children of a folder with their infos (one resolve for the whole listing). */
  async list(uri: vscode.Uri): Promise<{ uri: vscode.Uri; segment: string; info: NodeInfo }[]> {
    const { node, record } = await this.find(uri);
    if (node.kind === 'file') throw fsError('FileNotADirectory', uri);
    return [...this.cache.childrenOf(node, record).values()].map((c) => ({
      uri: uri.with({ path: joinPath(uri.path, c.segment) }),
      segment: c.segment,
      info: nodeInfo(c),
    }));
  }

  /** The archive's own diagnostics (of the archive `uri` is the root of, or names as a nested entry). */
  async diagnostics(uri: vscode.Uri): Promise<Diagnostic[]> {
    const { node, record } = await this.find(uri);
    if (node.kind === 'archive') this.cache.childrenOf(node, record);
    return (node.nested ?? node.level).diagnostics;
  }

  /**
   * The stored bytes of whatever `uri` names: a file's data, a nested archive entry's stored data,
   * or (for a root) the outer archive file itself. Any scheme: other schemes through workspace.fs.
   */
  async archiveBytes(uri: vscode.Uri): Promise<Uint8Array> {
    if (uri.scheme !== ARCHIVE_SCHEME) return vscode.workspace.fs.readFile(uri);
    const { node, record } = await this.find(uri);
    if (node.kind === 'root') return this.readOuter(record.outer);
    if (!node.entry || node.kind === 'folder') throw fsError('FileIsADirectory', uri);
    return copyOf(extractAny(node.level.archive, node.entry));
  }

  /**
   * Saves a file of an archive (the AnimScope editor's save, the glTF import; the file system
   * itself stays read-only to everything else): the archive file is written back with `stored`
   * (the entry as stored, as readFile gives it) and every other entry byte-identical, each level
   * compressed as it was (src/write/archive), through a temporary file renamed over it. When `uri`
   * names no entry but its parent is a folder of a RARC (or the archive itself), the file is added
   * to it (addArchiveEntry); with no such parent it is FileNotFound. A nested archive is written
   * into its own archive the same way. Throws a FileSystemError (NoPermissions) with the reason
   * when the archive cannot be rewritten; nothing is written then.
   */
  async writeEntry(uri: vscode.Uri, stored: Uint8Array): Promise<void> {
    const parsed = parseArchiveUri(uri);
    if (!parsed || parsed.segments.length === 0) throw fsError('FileNotFound', uri);
    const exists = await this.find(uri).then(() => true, (e: unknown) => {
      if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return false;
      throw e;
    });
    if (!exists) {
      const parentUri = uri.with({ path: '/' + parsed.segments.slice(0, -1).join('/') });
      const parent = await this.find(parentUri).catch(() => undefined);
      if (!parent) throw fsError('FileNotFound', uri, `${displayPath(uri)}: its folder ${displayPath(parentUri)} does not exist in the archive.`);
      if (parent.node.kind === 'file') throw fsError('FileNotADirectory', uri, `${displayPath(parentUri)} is a file, not a folder of the archive.`);
    }
    const outerBytes = await this.readOuter(parsed.outer);
    let rewritten: Uint8Array;
    try {
      rewritten = exists
        ? replaceArchiveEntry(outerBytes, parsed.segments, stored, { entryIsStored: true })
        : addArchiveEntry(outerBytes, parsed.segments, stored);
    } catch (e) {
      if (e instanceof ArchiveWriteError) throw fsError('NoPermissions', uri, `${displayPath(uri)}: ${e.message}`);
      throw e;
    }
    if (rewritten === outerBytes) return;
    if (parsed.outer.scheme === ARCHIVE_SCHEME) await this.writeEntry(parsed.outer, rewritten);
    else await writeThroughTemporary(parsed.outer, rewritten);
    this.cache.invalidate(outermostFile(uri));
  }

  /** The node `uri` names, to walk its tree (the archive listing). Throws FileNotFound like stat. */
  async resolve(uri: vscode.Uri): Promise<ResolvedNode> {
    const { node, record } = await this.find(uri);
    return { node, children: (n) => this.cache.childrenOf(n, record), mtime: record.mtime };
  }

  /** Drops cached archives (all, or those read from `outer`), firing change events. */
  invalidate(outer?: vscode.Uri): void {
    this.cache.invalidate(outer);
  }

  /** For tests and the report: what the cache holds. */
  cacheStats(): { archives: number; bytes: number; watchers: number } {
    return this.cache.stats();
  }

  // ---- internals -----------------------------------------------------------------------------------
  private async find(uri: vscode.Uri): Promise<{ node: ArchiveNode; record: CacheRecord }> {
    const parsed = parseArchiveUri(uri);
    if (!parsed) throw fsError('FileNotFound', uri, `${uri.toString()} is not an AnimScope archive URI (${ARCHIVE_SCHEME}:/inner/path?<archive URI>).`);
    const record = await this.cache.record(parsed.outer);
    let node = record.root;
    for (const segment of parsed.segments) {
      if (node.kind === 'file') throw fsError('FileNotFound', uri);
      const next = childNamed(this.cache.childrenOf(node, record), segment);
      if (!next) throw fsError('FileNotFound', uri);
      node = next;
    }
    return { node, record };
  }

  /** The level a parent record opened for `outer` (an archive URI naming a nested archive), if any. */
  private async openedNested(outer: vscode.Uri): Promise<OpenedLevel | undefined> {
    if (outer.scheme !== ARCHIVE_SCHEME) return undefined;
    try {
      const { node, record } = await this.find(outer);
      if (node.kind !== 'archive') return undefined;
      this.cache.childrenOf(node, record);
      return node.nested && node.nested.archive.entries.length > 0 ? node.nested : undefined;
    } catch {
      return undefined;
    }
  }

  private async readOuter(outer: vscode.Uri): Promise<Uint8Array> {
    if (outer.scheme === ARCHIVE_SCHEME) return this.archiveBytes(outer);
    return vscode.workspace.fs.readFile(outer);
  }

  private async statOuter(outer: vscode.Uri): Promise<vscode.FileStat> {
    if (outer.scheme === ARCHIVE_SCHEME) {
      const { node, record } = await this.find(outer);
      return { type: vscode.FileType.File, ctime: record.ctime, mtime: record.mtime, size: node.entry?.size ?? 0 };
    }
    return vscode.workspace.fs.stat(outer);
  }

  dispose(): void {
    this.cache.dispose();
  }
}
