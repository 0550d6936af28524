/**
 * An archive as a tree of nodes with path segments: folders and files from its table, nested
 * archives as folders opened on demand (within a depth limit and the NestingGuard's budget).
 * Pure: no `vscode`; the cache (archiveCache.ts) holds one tree per outer archive.
 */
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import { CONTROL_CHARS } from '../../formats/binary/text';
import {
  AnyArchive, ArchiveEntry, bytesIdentity, Compression, EntryFormat, extractAny, NestingGuard, openAnyArchive,
} from '../../formats/archive/archive';

/** Archives nested deeper than this (outermost = 1) are shown as plain files. */
export const MAX_NESTING = 8;

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

/** Where nested archives are opened: the outer archive's budget, told of what each one costs. */
export interface Nesting {
  guard: NestingGuard;
  /** A nested archive was decompressed into `bytes` new bytes. */
  opened(bytes: number): void;
}

/** A path segment for a stored (untrusted) name. */
export function safeSegment(name: string): string {
  let s = name.replace(/[/\\]/g, '_').replace(CONTROL_CHARS, '_');
  if (s.length === 0) s = '(unnamed)';
  if (s === '.' || s === '..') s = `_${s}`;
  return s;
}

/** The root node of an opened outer archive. */
export function rootNode(level: OpenedLevel): ArchiveNode {
  return { segment: '', kind: 'root', path: '', level, size: 0, index: -1 };
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

/** The children of `node`, built once (a nested archive is opened here, within `nesting`'s bounds). */
export function childrenOf(node: ArchiveNode, nesting: Nesting): Map<string, ArchiveNode> {
  if (node.children) return node.children;
  if (node.kind === 'root') {
    node.children = buildChildren(node, node.level, -1);
  } else if (node.kind === 'folder' && node.entry) {
    node.children = buildChildren(node, node.level, node.index);
  } else if (node.kind === 'archive' && node.entry) {
    const data = extractAny(node.level.archive, node.entry);
    const sink = new DiagnosticSink();
    const { guard } = nesting;
    if (guard.refuse(data, node.entry, node.path, node.level.depth, node.level.ancestors, sink)) {
      // an empty input parses to no entries (its own ARC_MAGIC goes to a scratch sink)
      node.nested = { archive: openAnyArchive(new Uint8Array(0), new DiagnosticSink()), diagnostics: sink.finish(), depth: node.level.depth + 1, ancestors: [] };
    } else {
      const archive = openAnyArchive(data, sink, { maxSize: guard.bytesLeft });
      const id = guard.opening(data, archive, node.path);
      node.nested = { archive, diagnostics: sink.finish(), depth: node.level.depth + 1, ancestors: [...node.level.ancestors, id] };
      nesting.opened(archive.bytes === data ? 0 : archive.bytes.length);
    }
    node.children = buildChildren(node, node.nested, -1);
  } else {
    node.children = new Map();
  }
  return node.children;
}

/** The child named `segment`: exact first, then case-insensitive (the game looks names up that way). */
export function childNamed(children: Map<string, ArchiveNode>, segment: string): ArchiveNode | undefined {
  const exact = children.get(segment);
  if (exact) return exact;
  const lower = segment.toLowerCase();
  for (const c of children.values()) if (c.segment.toLowerCase() === lower) return c;
  return undefined;
}

/** Kind, format, size and offsets of a node, for the Archive view. */
export function nodeInfo(node: ArchiveNode): NodeInfo {
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
