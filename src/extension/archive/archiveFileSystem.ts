/**
 * A read-only FileSystemProvider that presents a game archive (RARC `.arc`/`.szs`, plain or Yaz0;
 * Shenmue PKS, plain or gzip) as a folder tree, so every VS Code feature that reads through
 * `vscode.workspace.fs` (the AnimScope editor, export, the hex editor, the Explorer) works on the
 * files inside without extracting them.
 *
 * URI design (scheme `animscope-archive`):
 *
 *     animscope-archive:/<inner path>?<outer URI>
 *     animscope-archive:/TripodBossCore/Wait.btk?file%3A%2F%2F%2Fhome%2Fme%2FTripodBossCore.arc
 *
 *   - the query is the archive file's own URI, as a string (`Uri.parse(uri.query)` gives it back);
 *     any scheme, including this one (an archive URI naming a nested archive entry);
 *   - the path is `/` + the inner path, one segment per folder/entry name; the root (`/`) is the
 *     archive itself. RARC paths start with the root folder's name (`TripodBossCore/…`), PKS entries
 *     are at the top level (`/MOTION.BIN`). The base name of a file URI is the entry name, so the
 *     animation editor (which decodes by name) and the export commands see the inner name.
 *   - names that cannot be a path segment (empty, `.`/`..`, containing `/`, `\` or control
 *     characters: hostile archives) get a deterministic safe segment (`_` for each bad character,
 *     `(unnamed)`, a ` (2)` suffix for duplicates). Lookups are exact first, then case-insensitive
 *     (the game looks names up case-insensitively).
 *   - nested archives: an entry that is itself an archive is shown as a FOLDER (its entries below
 *     it: `/Outer/inner.arc/Inner/f.bck?<outer>`), opened lazily within a depth limit (8) and a
 *     decompression budget. `archiveBytes()` still returns its stored bytes for the archive editor.
 *     The equivalent "nested outer" form `/Inner/f.bck?<animscope-archive:/Outer/inner.arc?…>` is
 *     accepted too; the provider itself always hands out the flat form.
 *
 * Caching: one parsed archive per outer URI (LRU, bounded by a total of decompressed bytes and a
 * count), revalidated against the outer file's stat at most once a second and dropped at once when
 * a watcher on the outer file reports a change; then Changed/Deleted events go out for every URI
 * of that archive that was listed, so open editors reload.
 *
 * Never hangs and never allocates without bound: the archive layer (src/formats/archive) is pure,
 * never throws, caps decompression, and walks tables iteratively; this file adds size caps on the
 * outer file and the cache.
 */
import * as vscode from 'vscode';
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import {
  AnyArchive, archiveKindOf, ArchiveEntry, bytesIdentity, Compression, EntryFormat, extractAny, NestingGuard, openAnyArchive,
} from '../../formats/archive/archive';
import { detect } from '../../formats/index';
import type { ListingLevel } from '../../wire/archiveProtocol';

export const ARCHIVE_SCHEME = 'animscope-archive';

/** Outer archive files larger than this are refused (FileTooLarge). */
export const MAX_ARCHIVE_FILE_BYTES = 512 * 1024 * 1024;
/** Decompressed bytes one outer archive may use, nested archives included. */
export const MAX_ARCHIVE_BUDGET = 512 * 1024 * 1024;
/** The cache keeps at most this many decompressed bytes (the archive in use is never evicted). */
export const MAX_CACHE_BYTES = 768 * 1024 * 1024;
export const MAX_CACHED_ARCHIVES = 16;
/** Archives nested deeper than this (outermost = 1) are shown as plain files. */
export const MAX_NESTING = 8;
const REVALIDATE_MS = 1000;
const MAX_WATCHERS = 64;

// ---- URIs ---------------------------------------------------------------------------------------

/** The archive URI of `innerPath` (`/`-separated segments as the provider names them) in `outer`. */
export function archiveUri(outer: vscode.Uri, innerPath = ''): vscode.Uri {
  if (outer.scheme === ARCHIVE_SCHEME) {
    // flat form: a nested archive is a folder of its outer archive
    const base = outer.path.replace(/\/+$/, '');
    const rest = innerPath.split('/').filter((s) => s.length > 0).join('/');
    return outer.with({ path: rest ? `${base}/${rest}` : (base || '/') });
  }
  const segments = innerPath.split('/').filter((s) => s.length > 0);
  return vscode.Uri.from({ scheme: ARCHIVE_SCHEME, path: '/' + segments.join('/'), query: outer.toString() });
}

/**
 * The root of `outer` in the "nested outer" form (`/?<outer>`) even when `outer` is itself an
 * archive URI: for an archive entry the provider did not recognise as one (it lists as a file).
 */
export function nestedRootUri(outer: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: ARCHIVE_SCHEME, path: '/', query: outer.toString() });
}

/** The root (the archive as a folder) of `outer`. */
export function archiveRootUri(outer: vscode.Uri): vscode.Uri {
  return archiveUri(outer, '');
}

export interface ParsedArchiveUri {
  outer: vscode.Uri;
  /** Segments after the root; empty for the root. */
  segments: string[];
}

/** Splits an `animscope-archive:` URI; undefined when it is not one or its query is not a URI. */
export function parseArchiveUri(uri: vscode.Uri): ParsedArchiveUri | undefined {
  if (uri.scheme !== ARCHIVE_SCHEME || !uri.query) return undefined;
  let outer: vscode.Uri;
  try {
    outer = vscode.Uri.parse(uri.query, true);
  } catch {
    return undefined;
  }
  return { outer, segments: uri.path.split('/').filter((s) => s.length > 0) };
}

export function isArchiveUri(uri: vscode.Uri): boolean {
  return parseArchiveUri(uri) !== undefined;
}

/** The outermost real file (not an archive URI) a URI of this scheme reads from. */
export function outermostFile(uri: vscode.Uri): vscode.Uri {
  let u = uri;
  for (let i = 0; i < 64; i++) {
    const p = parseArchiveUri(u);
    if (!p) return u;
    u = p.outer;
  }
  return u;
}

/** `TripodBossCore.arc/TripodBossCore/Wait.btk`: the archive file's name and the inner path (display). */
export function displayPath(uri: vscode.Uri): string {
  const parts: string[] = [];
  let u = uri;
  for (let i = 0; i < 64; i++) {
    const p = parseArchiveUri(u);
    if (!p) break;
    parts.unshift(...p.segments);
    u = p.outer;
  }
  const base = u.path.split('/').pop() ?? '';
  return [base, ...parts].filter((s) => s.length > 0).join('/');
}

/** A path segment for a stored (untrusted) name. */
export function safeSegment(name: string): string {
  // eslint-disable-next-line no-control-regex
  let s = name.replace(/[/\\\u0000-\u001f\u007f]/g, '_');
  if (s.length === 0) s = '(unnamed)';
  if (s === '.' || s === '..') s = `_${s}`;
  return s;
}

// ---- the parsed tree ----------------------------------------------------------------------------

export type NodeKind = 'root' | 'folder' | 'file' | 'archive';

/** One archive opened (the outer one, or a nested one on demand). */
export interface OpenedLevel {
  archive: AnyArchive;
  /** Its own diagnostics. */
  diagnostics: Diagnostic[];
  /** 1 for the outermost archive. */
  depth: number;
  /** Byte identities (bytesIdentity) of this archive and the archives containing it: an entry with one of them is not opened. */
  ancestors: string[];
}

export interface ArchiveNode {
  /** Path segment (see safeSegment). */
  segment: string;
  kind: NodeKind;
  /** Inner path from the outermost archive, with the provider's segments. */
  path: string;
  /** The entry (undefined for a root). */
  entry?: ArchiveEntry;
  /** The archive holding `entry` (for a root or an opened nested archive: that archive itself). */
  level: OpenedLevel;
  /** 'archive' nodes once opened. */
  nested?: OpenedLevel;
  children?: Map<string, ArchiveNode>;
  /** Byte length readFile returns (files), 0 otherwise. */
  size: number;
  /** Index of `entry` in `level.archive.entries` (-1 for a root). */
  index: number;
}

/** What the tree view shows for a node. */
export interface NodeInfo {
  kind: NodeKind;
  path: string;
  size: number;
  format: EntryFormat;
  compression: Compression;
  dataOffset: number;
  suspicious: boolean;
}

export interface RowSummary {
  uri: vscode.Uri;
  /** Provider path from the listing's root (`TripodBossCore/Wait.btk`). */
  path: string;
  /** The stored (untrusted) name. */
  name: string;
  kind: 'file' | 'folder' | 'archive';
  depth: number;
  /** Index in `levels` of the archive holding the entry (its offsets). */
  level: number;
  size: number;
  dataOffset: number;
  /** Offset of the entry's table record in the holding archive's bytes (-1 for none). */
  recordOffset: number;
  format: EntryFormat;
  compression: Compression;
  suspicious: boolean;
}

export interface ArchiveSummary {
  levels: ListingLevel[];
  rows: RowSummary[];
  /** Rows left out beyond the limit. */
  truncated: number;
  mtime: number;
}

interface CacheRecord {
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

function buildChildren(parent: ArchiveNode, level: OpenedLevel, parentIndex: number): Map<string, ArchiveNode> {
  const map = new Map<string, ArchiveNode>();
  const entries = level.archive.entries;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.parent !== parentIndex) continue;
    let segment = safeSegment(e.name);
    if (map.has(segment)) {
      let n = 2;
      while (map.has(`${segment} (${n})`)) n++;
      segment = `${segment} (${n})`;
    }
    const isFolder = e.kind === 'folder';
    let isArchive = !isFolder && e.format === 'archive' && level.depth < MAX_NESTING;
    // An entry holding an archive that contains it (a PKS entry pointing at its own IPAC) is a plain file here.
    if (isArchive && level.ancestors.includes(bytesIdentity(extractAny(level.archive, e)))) {
      isArchive = false;
      level.diagnostics.push({ severity: 'error', code: 'ARC_NESTED_SELF', offset: e.dataOffset, length: 0,
        message: `"${e.path}" holds the same bytes as an archive that contains it; not opened again.` });
    }
    const node: ArchiveNode = {
      segment,
      kind: isFolder ? 'folder' : isArchive ? 'archive' : 'file',
      path: parent.path ? `${parent.path}/${segment}` : segment,
      entry: e,
      level,
      size: isFolder || isArchive ? 0 : extractAny(level.archive, e).length,
      index: i,
    };
    map.set(segment, node);
  }
  return map;
}

function fsError(kind: 'FileNotFound' | 'FileNotADirectory' | 'FileIsADirectory' | 'NoPermissions' | 'Unavailable', uri: vscode.Uri, message?: string): vscode.FileSystemError {
  const m = message ?? uri;
  switch (kind) {
    case 'FileNotFound': return vscode.FileSystemError.FileNotFound(m);
    case 'FileNotADirectory': return vscode.FileSystemError.FileNotADirectory(m);
    case 'FileIsADirectory': return vscode.FileSystemError.FileIsADirectory(m);
    case 'NoPermissions': return vscode.FileSystemError.NoPermissions(m);
    case 'Unavailable': return vscode.FileSystemError.Unavailable(m);
  }
}

// ---- the provider --------------------------------------------------------------------------------

export class ArchiveFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;
  private readonly _onDidChangeArchive = new vscode.EventEmitter<vscode.Uri>();
  /** An outer archive file changed or was deleted (its outermost real file URI). */
  readonly onDidChangeArchive = this._onDidChangeArchive.event;

  private readonly cache = new Map<string, CacheRecord>();
  private readonly loading = new Map<string, Promise<CacheRecord>>();
  private readonly watchers = new Map<string, { disposable: vscode.Disposable; lastUsed: number }>();
  private disposed = false;

  constructor(private readonly log?: vscode.LogOutputChannel) {}

  register(): vscode.Disposable {
    return vscode.workspace.registerFileSystemProvider(ARCHIVE_SCHEME, this, { isReadonly: true, isCaseSensitive: true });
  }

  // ---- FileSystemProvider ------------------------------------------------------------------------
  watch(uri: vscode.Uri): vscode.Disposable {
    // Changes come from a watcher on the outer file (created on first contact); make sure it exists.
    const parsed = parseArchiveUri(uri);
    if (parsed) this.ensureWatcher(outermostFile(uri));
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { node, record } = await this.resolve(uri);
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
    const { node, record } = await this.resolve(uri);
    if (node.kind === 'file') throw fsError('FileNotADirectory', uri);
    const children = this.childrenOf(node, record);
    return [...children.values()].map((c) => [c.segment, c.kind === 'file' ? vscode.FileType.File : vscode.FileType.Directory]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { node } = await this.resolve(uri);
    if (node.kind !== 'file' || !node.entry) throw fsError('FileIsADirectory', uri);
    return copyOf(extractAny(node.level.archive, node.entry));
  }

  createDirectory(uri: vscode.Uri): void { throw fsError('NoPermissions', uri, `${displayPath(uri)}: archives are read-only.`); }
  writeFile(uri: vscode.Uri): void { throw fsError('NoPermissions', uri, `${displayPath(uri)}: archives are read-only.`); }
  delete(uri: vscode.Uri): void { throw fsError('NoPermissions', uri, `${displayPath(uri)}: archives are read-only.`); }
  rename(oldUri: vscode.Uri): void { throw fsError('NoPermissions', oldUri, `${displayPath(oldUri)}: archives are read-only.`); }

  // ---- for the tree view and the archive editor --------------------------------------------------
  /** Kind, format and size of what `uri` names. Throws FileNotFound like stat. */
  async info(uri: vscode.Uri): Promise<NodeInfo> {
    const { node } = await this.resolve(uri);
    const e = node.entry;
    return {
      kind: node.kind,
      path: node.path,
      size: node.kind === 'file' ? node.size : e?.size ?? 0,
      format: e?.format ?? 'archive',
      compression: node.kind === 'root' ? node.level.archive.container : e?.compression ?? 'none',
      dataOffset: e?.dataOffset ?? -1,
      suspicious: !!e?.suspicious,
    };
  }

  /** The children of a folder with their infos (one resolve for the whole listing). */
  async list(uri: vscode.Uri): Promise<{ uri: vscode.Uri; segment: string; info: NodeInfo }[]> {
    const { node, record } = await this.resolve(uri);
    if (node.kind === 'file') throw fsError('FileNotADirectory', uri);
    return [...this.childrenOf(node, record).values()].map((c) => ({
      uri: uri.with({ path: joinPath(uri.path, c.segment) }),
      segment: c.segment,
      info: {
        kind: c.kind, path: c.path, size: c.kind === 'file' ? c.size : c.entry?.size ?? 0,
        format: c.entry?.format ?? 'unknown', compression: c.entry?.compression ?? 'none',
        dataOffset: c.entry?.dataOffset ?? -1, suspicious: !!c.entry?.suspicious,
      },
    }));
  }

  /** The archive's own diagnostics (of the archive `uri` is the root of, or names as a nested entry). */
  async diagnostics(uri: vscode.Uri): Promise<Diagnostic[]> {
    const { node, record } = await this.resolve(uri);
    if (node.kind === 'archive') this.childrenOf(node, record);
    return (node.nested ?? node.level).diagnostics;
  }

  /**
   * The stored bytes of whatever `uri` names: a file's data, a nested archive entry's stored data,
   * or (for a root) the outer archive file itself. Any scheme: other schemes through workspace.fs.
   */
  async archiveBytes(uri: vscode.Uri): Promise<Uint8Array> {
    if (uri.scheme !== ARCHIVE_SCHEME) return vscode.workspace.fs.readFile(uri);
    const { node, record } = await this.resolve(uri);
    if (node.kind === 'root') return this.readOuter(record.outer);
    if (!node.entry || node.kind === 'folder') throw fsError('FileIsADirectory', uri);
    return copyOf(extractAny(node.level.archive, node.entry));
  }

  /**
   * Everything below `uri` (a root, a folder or a nested archive), depth-first in table order,
   * nested archives opened (within the limits); at most `maxRows` rows.
   */
  async describe(uri: vscode.Uri, maxRows = 200_000): Promise<ArchiveSummary> {
    const { node, record } = await this.resolve(uri);
    if (node.kind === 'file') throw fsError('FileNotADirectory', uri);
    const levels: ListingLevel[] = [];
    const rows: RowSummary[] = [];
    let truncated = 0;
    const levelOf = new Map<OpenedLevel, number>();
    const addLevel = (level: OpenedLevel, path: string, depth: number): number => {
      const known = levelOf.get(level);
      if (known !== undefined) return known;
      const a = level.archive;
      const kind = archiveKindOf(a.bytes);
      const summary: ListingLevel = {
        path, depth, kind: a.kind, container: a.container, byteLength: a.bytes.length, entryCount: a.entries.length,
        isArchive: kind !== undefined, diagnostics: level.diagnostics,
      };
      if (a.compressedSize !== undefined) summary.compressedSize = a.compressedSize;
      if (kind === undefined) summary.detected = detect(a.bytes.subarray(0, 64), path || displayPath(uri)).toString();
      levelOf.set(level, levels.length);
      levels.push(summary);
      return levels.length - 1;
    };
    if (node.kind === 'archive') this.childrenOf(node, record);
    const startLevel = node.kind === 'archive' && node.nested ? node.nested : node.level;
    addLevel(startLevel, '', 0);
    const prefix = node.path;
    const rel = (p: string): string => (prefix && p.startsWith(prefix + '/') ? p.slice(prefix.length + 1) : p);
    const stack: { node: ArchiveNode; depth: number }[] = [];
    const push = (parent: ArchiveNode, depth: number): void => {
      const children = [...this.childrenOf(parent, record).values()];
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth });
    };
    push(node, 0);
    const base = uri.with({ path: '/' + (parseArchiveUri(uri)?.segments ?? []).join('/') });
    while (stack.length) {
      const { node: n, depth } = stack.pop() as { node: ArchiveNode; depth: number };
      if (rows.length >= maxRows) { truncated++; continue; }
      const e = n.entry;
      const path = rel(n.path);
      rows.push({
        uri: base.with({ path: joinPath(base.path, path) }),
        path, name: e?.name ?? '', kind: n.kind === 'root' ? 'folder' : n.kind, depth, level: addLevel(n.level, '', depth),
        size: e?.kind === 'file' ? e.size : 0, dataOffset: e?.dataOffset ?? -1, recordOffset: e?.recordOffset ?? -1,
        format: e?.format ?? 'unknown', compression: e?.compression ?? 'none', suspicious: !!e?.suspicious,
      });
      if (n.kind === 'folder') push(n, depth);
      else if (n.kind === 'archive') {
        this.childrenOf(n, record);
        if (n.nested) addLevel(n.nested, path, depth + 1);
        push(n, depth + 1);
      }
    }
    return { levels, rows, truncated, mtime: record.mtime };
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

  /** For tests and the report: what the cache holds. */
  cacheStats(): { archives: number; bytes: number; watchers: number } {
    let bytes = 0;
    for (const r of this.cache.values()) bytes += r.cost;
    return { archives: this.cache.size, bytes, watchers: this.watchers.size };
  }

  // ---- internals -----------------------------------------------------------------------------------
  private async resolve(uri: vscode.Uri): Promise<{ node: ArchiveNode; record: CacheRecord }> {
    const parsed = parseArchiveUri(uri);
    if (!parsed) throw fsError('FileNotFound', uri, `${uri.toString()} is not an AnimScope archive URI (${ARCHIVE_SCHEME}:/inner/path?<archive URI>).`);
    const record = await this.record(parsed.outer);
    let node = record.root;
    for (const segment of parsed.segments) {
      if (node.kind === 'file') throw fsError('FileNotFound', uri);
      const children = this.childrenOf(node, record);
      let next = children.get(segment);
      if (!next) {
        const lower = segment.toLowerCase();
        for (const c of children.values()) if (c.segment.toLowerCase() === lower) { next = c; break; }
      }
      if (!next) throw fsError('FileNotFound', uri);
      node = next;
    }
    return { node, record };
  }

  private childrenOf(node: ArchiveNode, record: CacheRecord): Map<string, ArchiveNode> {
    if (node.children) return node.children;
    if (node.kind === 'root') {
      node.children = buildChildren(node, node.level, -1);
    } else if (node.kind === 'folder' && node.entry) {
      node.children = buildChildren(node, node.level, node.index);
    } else if (node.kind === 'archive' && node.entry) {
      const data = extractAny(node.level.archive, node.entry);
      const sink = new DiagnosticSink();
      if (record.guard.refuse(data, node.entry, node.path, node.level.depth, node.level.ancestors, sink)) {
        // an empty input parses to no entries (its own ARC_MAGIC goes to a scratch sink)
        node.nested = { archive: openAnyArchive(new Uint8Array(0), new DiagnosticSink()), diagnostics: sink.finish(), depth: node.level.depth + 1, ancestors: [] };
      } else {
        const archive = openAnyArchive(data, sink, { maxSize: record.guard.bytesLeft });
        const id = record.guard.opening(data, archive, node.path);
        record.cost += archive.bytes === data ? 0 : archive.bytes.length;
        node.nested = { archive, diagnostics: sink.finish(), depth: node.level.depth + 1, ancestors: [...node.level.ancestors, id] };
        this.trim(record.key);
      }
      node.children = buildChildren(node, node.nested, -1);
    } else {
      node.children = new Map();
    }
    return node.children;
  }

  /** The level a parent record opened for `outer` (an archive URI naming a nested archive), if any. */
  private async openedNested(outer: vscode.Uri): Promise<OpenedLevel | undefined> {
    if (outer.scheme !== ARCHIVE_SCHEME) return undefined;
    try {
      const { node, record } = await this.resolve(outer);
      if (node.kind !== 'archive') return undefined;
      this.childrenOf(node, record);
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
      const { node, record } = await this.resolve(outer);
      return { type: vscode.FileType.File, ctime: record.ctime, mtime: record.mtime, size: node.entry?.size ?? 0 };
    }
    return vscode.workspace.fs.stat(outer);
  }

  private async record(outer: vscode.Uri): Promise<CacheRecord> {
    const key = outer.toString();
    const cached = this.cache.get(key);
    const now = Date.now();
    if (cached) {
      cached.lastUsed = now;
      if (now - cached.checkedAt < REVALIDATE_MS) return cached;
      cached.checkedAt = now;
      let changed = false;
      try {
        const s = await this.statOuter(outer);
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

  private async load(outer: vscode.Uri, key: string): Promise<CacheRecord> {
    const t0 = performance.now();
    const base = outermostFile(outer);
    this.ensureWatcher(base);
    let stat: vscode.FileStat;
    try {
      stat = await this.statOuter(outer);
    } catch (e) {
      throw e instanceof vscode.FileSystemError ? e : fsError('FileNotFound', outer, String(e));
    }
    if ((stat.type & vscode.FileType.Directory) !== 0) throw fsError('FileIsADirectory', outer, `${outer.toString()} is a folder, not an archive.`);
    if (stat.size > MAX_ARCHIVE_FILE_BYTES) {
      throw vscode.FileSystemError.Unavailable(`${displayPath(outer)} is ${stat.size} bytes; archives over ${MAX_ARCHIVE_FILE_BYTES} bytes are not opened.`);
    }
    const guard = new NestingGuard({ maxDepth: MAX_NESTING, maxTotalBytes: MAX_ARCHIVE_BUDGET }, false);
    // A nested archive its parent has already opened (and decompressed) is reused, not read and decompressed again.
    const opened = await this.openedNested(outer);
    let level: OpenedLevel;
    let archive: AnyArchive;
    let cost = 0;
    if (opened) {
      archive = opened.archive;
      level = { archive, diagnostics: [...opened.diagnostics], depth: 1, ancestors: [guard.opening(archive.bytes, archive, '')] };
    } else {
      const bytes = await this.readOuter(outer);
      const sink = new DiagnosticSink();
      archive = openAnyArchive(bytes, sink, { maxSize: MAX_ARCHIVE_BUDGET });
      cost = bytes.length + (archive.bytes === bytes ? 0 : archive.bytes.length);
      level = { archive, diagnostics: sink.finish(), depth: 1, ancestors: [guard.opening(bytes, archive, '')] };
    }
    const root: ArchiveNode = { segment: '', kind: 'root', path: '', level, size: 0, index: -1 };
    const now = Date.now();
    const record: CacheRecord = {
      key, outer, baseKey: base.toString(), mtime: stat.mtime, ctime: stat.ctime, fileSize: stat.size, root,
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

  private ensureWatcher(base: vscode.Uri): void {
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

function joinPath(dir: string, segment: string): string {
  return dir.endsWith('/') ? dir + segment : `${dir}/${segment}`;
}

/** A fresh Uint8Array (the caller may keep or transfer it; the cache keeps its own bytes). */
function copyOf(view: Uint8Array): Uint8Array {
  return new Uint8Array(view);
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
