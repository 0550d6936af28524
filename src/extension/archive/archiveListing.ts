/**
 * The archive overview's listing: everything below an archive URI (a root, a folder or a nested
 * archive), depth-first in table order, nested archives opened within the limits; each archive met
 * is a level (its kind, sizes and own diagnostics), each entry a row with its URI.
 */
import * as vscode from 'vscode';
import { archiveKindOf } from '../../formats/archive/archive';
import { detect } from '../../formats/index';
import type { ListingLevel, ListingRow } from '../../wire/archiveProtocol';
import type { ArchiveFileSystemProvider } from './archiveFileSystemProvider';
import type { ArchiveNode, OpenedLevel } from './archiveTree';
import { displayPath, joinPath, parseArchiveUri } from './archiveUri';

/** A listing row with the URI that opens it. */
export interface RowSummary extends ListingRow {
  uri: vscode.Uri;
}

export interface ArchiveSummary {
  levels: ListingLevel[];
  rows: RowSummary[];
  /** Rows left out beyond the limit. */
  truncated: number;
  mtime: number;
}

/** Everything below `uri` (not a file: FileNotADirectory); at most `maxRows` rows. */
export async function describeArchive(fs: ArchiveFileSystemProvider, uri: vscode.Uri, maxRows = 200_000): Promise<ArchiveSummary> {
  const { node, children, mtime } = await fs.resolve(uri);
  if (node.kind === 'file') throw vscode.FileSystemError.FileNotADirectory(uri);
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
  if (node.kind === 'archive') children(node);
  const startLevel = node.kind === 'archive' && node.nested ? node.nested : node.level;
  addLevel(startLevel, '', 0);
  const prefix = node.path;
  const rel = (p: string): string => (prefix && p.startsWith(prefix + '/') ? p.slice(prefix.length + 1) : p);
  const stack: { node: ArchiveNode; depth: number }[] = [];
  const push = (parent: ArchiveNode, depth: number): void => {
    const kids = [...children(parent).values()];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], depth });
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
      children(n);
      if (n.nested) addLevel(n.nested, path, depth + 1);
      push(n, depth + 1);
    }
  }
  return { levels, rows, truncated, mtime };
}
