/**
 * Archive paths: `dir/TripodBossCore.arc/TripodBossCore/Wait.btk` names the entry
 * `TripodBossCore/Wait.btk` of the archive file `dir/TripodBossCore.arc`; nested archives
 * continue the path (`outer.arc/root/inner.arc/root/file.bck`). RARC and PKS (`x.pks/MOTION.BIN`)
 * both work, through the unified API of archive.ts.
 *
 * Pure: the file system is injected (`isFile`), so the extension (vscode.workspace.fs), the CLI
 * (fs) and the tests can share it. Matching inside archives is exact first, then
 * case-insensitive (GameCube archives are looked up case-insensitively by the game).
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { hasControlChars } from '../binary/text';
import { AnyArchive, ArchiveEntry, extractAny, isAnyArchive, NestingGuard, openAnyArchive } from './archive';
import type { NestingLimits } from './archive';

export interface ArchivePathSplit {
  /** The path of the archive file on disk, as given (original separators). */
  archivePath: string;
  /** The rest, `/`-separated, never empty: the path inside the archive. */
  innerPath: string;
}

function separatorPositions(path: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < path.length; i++) if (path[i] === '/' || path[i] === '\\') out.push(i);
  return out;
}

function innerFrom(path: string, cut: number): string {
  return path.slice(cut + 1).split(/[\\/]+/).filter((s) => s.length > 0).join('/');
}

/**
 * Splits `path` at the shortest prefix that is an existing file (the archive); undefined when no
 * proper prefix is a file (a plain path, or a path to the archive itself).
 */
export function splitArchivePath(path: string, isFile: (prefix: string) => boolean): ArchivePathSplit | undefined {
  for (const cut of separatorPositions(path)) {
    const prefix = path.slice(0, cut);
    if (prefix === '' || /^[A-Za-z]:$/.test(prefix) || /[\\/]$/.test(prefix)) continue;
    if (isFile(prefix)) {
      const innerPath = innerFrom(path, cut);
      return innerPath ? { archivePath: prefix, innerPath } : undefined;
    }
  }
  return undefined;
}

/** {@link splitArchivePath} with an asynchronous file test (vscode.workspace.fs.stat). */
export async function splitArchivePathAsync(
  path: string, isFile: (prefix: string) => boolean | Promise<boolean>,
): Promise<ArchivePathSplit | undefined> {
  for (const cut of separatorPositions(path)) {
    const prefix = path.slice(0, cut);
    if (prefix === '' || /^[A-Za-z]:$/.test(prefix) || /[\\/]$/.test(prefix)) continue;
    if (await isFile(prefix)) {
      const innerPath = innerFrom(path, cut);
      return innerPath ? { archivePath: prefix, innerPath } : undefined;
    }
  }
  return undefined;
}

export function innerSegments(innerPath: string): string[] {
  return innerPath.split(/[\\/]+/).filter((s) => s.length > 0 && s !== '.');
}

/** What path lookup needs of an entry: RarcEntry and the unified ArchiveEntry both qualify. */
export interface LocatableEntry {
  name: string;
  kind: 'file' | 'folder';
  /** Index of the containing folder in the entry list; -1 at the top level. */
  parent: number;
}

function childrenIndex<E extends LocatableEntry>(entries: readonly E[]): Map<number, { entry: E; index: number }[]> {
  const map = new Map<number, { entry: E; index: number }[]>();
  entries.forEach((entry, index) => {
    const list = map.get(entry.parent);
    if (list) list.push({ entry, index });
    else map.set(entry.parent, [{ entry, index }]);
  });
  return map;
}

function pick<E extends LocatableEntry>(candidates: readonly { entry: E; index: number }[] | undefined, segment: string): { entry: E; index: number } | undefined {
  if (!candidates) return undefined;
  const exact = candidates.find((c) => c.entry.name === segment);
  if (exact) return exact;
  const lower = segment.toLowerCase();
  return candidates.find((c) => c.entry.name.toLowerCase() === lower);
}

export interface EntryLocation<E extends LocatableEntry = ArchiveEntry> {
  entry: E;
  /** Segments left after `entry` (non-empty only when `entry` is a file: a nested archive). */
  rest: string[];
}

/**
 * Walks `innerPath` through the archive's entries. RARC: the first segment is the root folder's
 * name; when it does not match, the path is also tried relative to the root folder. PKS (no
 * folders): the path is the entry name. Stops at a file that has segments left (the caller may
 * open it as a nested archive).
 */
export function locateEntry<E extends LocatableEntry>(entries: readonly E[], innerPath: string): EntryLocation<E> | undefined {
  const segments = innerSegments(innerPath);
  if (segments.length === 0) return undefined;
  const children = childrenIndex(entries);
  const top = children.get(-1);
  if (!top || top.length === 0) return undefined;

  const walk = (start: number, segs: string[]): EntryLocation<E> | undefined => {
    let folder = start;
    for (let i = 0; i < segs.length; i++) {
      const found = pick(children.get(folder), segs[i]);
      if (!found) return undefined;
      if (found.entry.kind === 'file') return { entry: found.entry, rest: segs.slice(i + 1) };
      folder = found.index;
      if (i === segs.length - 1) return { entry: found.entry, rest: [] };
    }
    return undefined;
  };

  // A single top-level folder (the RARC root): its name may be left out of the path.
  if (top.length === 1 && top[0].entry.kind === 'folder') {
    const root = top[0];
    const first = segments[0];
    if (root.entry.name === first || root.entry.name.toLowerCase() === first.toLowerCase()) {
      if (segments.length === 1) return { entry: root.entry, rest: [] };
      const hit = walk(root.index, segments.slice(1));
      if (hit) return hit;
    }
    return walk(root.index, segments);
  }
  return walk(-1, segments);
}

/** The entry at `innerPath` (exact, then case-insensitive), or undefined. Does not enter nested archives. */
export function findEntry<E extends LocatableEntry>(entries: readonly E[], innerPath: string): E | undefined {
  const hit = locateEntry(entries, innerPath);
  return hit && hit.rest.length === 0 ? hit.entry : undefined;
}

/** Archives opened along the way, outermost included (default 8); total size of the archives opened (default 256 MiB). */
export type ResolveOptions = Pick<NestingLimits, 'maxDepth' | 'maxTotalBytes'>;

export interface ArchiveLocation {
  /** The entry's stored bytes (still Yaz0/gzip-compressed if the entry itself is). */
  bytes: Uint8Array;
  entry: ArchiveEntry;
  /** The innermost archive, which holds `entry` (its `bytes` are what `entry.dataOffset` refers to). */
  archive: AnyArchive;
  /** The nested archive entries passed through, outermost first (empty for a direct hit). */
  via: ArchiveEntry[];
  /** Full inner path with the stored names (`Outer/Dir/inner.szs/Inner/Anim/f.bck`). */
  fullPath: string;
}

/** Finds `innerPath` in an archive (RARC or PKS; plain, Yaz0 or gzip), entering nested archives. Never throws. */
export function locateInArchive(
  archiveBytes: Uint8Array, innerPath: string, diagnostics: DiagnosticSink, options: ResolveOptions = {},
): ArchiveLocation | undefined {
  // The path names one archive per level: only depth, size and self-nesting need bounding.
  const guard = new NestingGuard(options, false);
  let bytes = archiveBytes;
  let path = innerPath;
  const via: ArchiveEntry[] = [];
  const ancestors: string[] = [];
  for (let depth = 0; ; depth++) {
    const archive = openAnyArchive(bytes, diagnostics, { maxSize: guard.bytesLeft, detectEntries: false });
    ancestors.push(guard.opening(bytes, archive, via.map((v) => v.path).join('/')));
    const hit = locateEntry(archive.entries, path);
    if (!hit) {
      diagnostics.error('ARC_PATH_NOT_FOUND', 0, 0, `No entry "${path}" in the archive${via.length ? ` "${via[via.length - 1].path}"` : ''}.`);
      return undefined;
    }
    const data = extractAny(archive, hit.entry);
    if (hit.rest.length === 0) {
      const fullPath = [...via.map((v) => v.path), hit.entry.path].join('/');
      return { bytes: data, entry: hit.entry, archive, via, fullPath };
    }
    if (!isAnyArchive(data)) {
      diagnostics.error('ARC_PATH_NOT_FOUND', hit.entry.dataOffset, Math.min(4, data.length),
        `"${hit.entry.path}" (at ${hex(hit.entry.dataOffset)}) is a file, not an archive; "${hit.rest.join('/')}" cannot be inside it.`);
      return undefined;
    }
    if (guard.refuse(data, hit.entry, [...via.map((v) => v.path), hit.entry.path].join('/'), depth + 1, ancestors, diagnostics)) return undefined;
    via.push(hit.entry);
    bytes = data;
    path = hit.rest.join('/');
  }
}

/** The bytes of the file at `innerPath` (nested archives allowed); undefined when missing or a folder. Never throws. */
export function resolveInArchive(archiveBytes: Uint8Array, innerPath: string, diagnostics: DiagnosticSink): Uint8Array | undefined {
  const hit = locateInArchive(archiveBytes, innerPath, diagnostics);
  return hit && hit.entry.kind === 'file' ? hit.bytes : undefined;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A relative, `/`-separated path safe to create under an output folder, or undefined when the
 * inner path is hostile: absolute, a drive letter, `..` / `.` or empty segments, backslashes,
 * control characters, characters Windows refuses, reserved device names, or segments ending in
 * a dot or space.
 */
export function safeExtractPath(innerPath: string): string | undefined {
  if (typeof innerPath !== 'string' || innerPath.length === 0 || innerPath.length > 4096) return undefined;
  if (innerPath.includes('\\')) return undefined;
  if (hasControlChars(innerPath)) return undefined;
  if (innerPath.startsWith('/') || /^[A-Za-z]:/.test(innerPath)) return undefined;
  const segments = innerPath.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..') return undefined;
    if (/[<>:"|?*]/.test(s)) return undefined;
    if (/[. ]$/.test(s)) return undefined;
    if (WINDOWS_RESERVED.test(s)) return undefined;
  }
  return segments.join('/');
}
