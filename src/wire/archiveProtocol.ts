/**
 * Messages between the archive editor (`animscope.archive`, src/extension/archive/archiveEditor.ts)
 * and its webview (webview/archive/main.ts). Shared by both sides (no `vscode`, no DOM), in the
 * style of protocol.ts: both sides validate what arrives with the `is…` functions before acting.
 *
 *   webview ──ready──────────► host   script loaded (sent on every (re)load of the webview)
 *   webview ◄──listing──────── host   every entry of the archive (nested archives included) + diagnostics
 *   webview ◄──fileDeleted──── host   the archive file is gone (the last listing stays visible)
 *   webview ──rendered───────► host   what it rendered (counts): for tests and the log
 *   webview ──open───────────► host   open the entry with this row index (Enter / double-click / button)
 *   webview ──openAsAnimation► host   the file is not an archive: open it in the animation editor
 *   webview ──error──────────► host   the webview could not render a message
 *
 * Every string in a listing comes from the archive (untrusted): the webview sets them with
 * textContent only.
 */
import type { EntryFormat } from '../formats/archive/archive';
import type { Diagnostic } from '../formats/binary/diagnostics';
import { FORMAT_IDS, KNOWN_FILE_KINDS, MODEL_KIND } from '../kinds/registry';
import { renderableDiagnostics } from './diagnosticRepair';
import { isBool, isCount, isInt, isObj, isStr, Obj } from '../formats/binary/guards';

export const ARCHIVE_PROTOCOL_VERSION = 1;

export const ENTRY_FORMATS: readonly EntryFormatName[] = [...FORMAT_IDS, MODEL_KIND.id, ...KNOWN_FILE_KINDS.map((k) => k.id), 'archive', 'unknown', 'folder'];
export type EntryFormatName = EntryFormat;
export const COMPRESSIONS = ['none', 'yaz0', 'gzip'] as const;
export type CompressionName = (typeof COMPRESSIONS)[number];
export const ROW_KINDS = ['file', 'folder', 'archive'] as const;

/** Rows beyond this are not sent (the listing says how many were left out). */
export const MAX_LISTING_ROWS = 200_000;

export interface ListingRow {
  /** Path from the archive's root with the file system's segments (`TripodBossCore/Wait.btk`). */
  path: string;
  /** The name as stored (may differ from the last path segment when it was unsafe). */
  name: string;
  kind: (typeof ROW_KINDS)[number];
  /** Nesting: 0 in the archive itself, 1 inside an archive inside it, … */
  depth: number;
  /** Index in `levels` of the archive holding the entry (its offsets are in that archive's bytes). */
  level: number;
  size: number;
  /** Absolute offset in the holding archive's (decompressed) bytes; -1 for folders. */
  dataOffset: number;
  /** Offset of the entry's table record in the holding archive's bytes; -1 when none. */
  recordOffset: number;
  format: EntryFormatName;
  compression: CompressionName;
  /** The stored name is empty or has `/`, `\`, `..` or control characters. */
  suspicious: boolean;
}

/** One archive (outermost or nested) in a listing; the archive file system builds them. */
export interface ListingLevel {
  /** Inner path of the nested archive ('' for the archive the listing starts at). */
  path: string;
  /** 0 for the archive the listing starts at. */
  depth: number;
  kind: 'rarc' | 'pks';
  container: CompressionName;
  /** Decompressed length (what offsets refer to). */
  byteLength: number;
  compressedSize?: number;
  entryCount: number;
  /** False when the bytes are neither RARC nor PKS (an empty listing with ARC_MAGIC). */
  isArchive: boolean;
  /** detect() of the (decompressed) bytes when it is not an archive. */
  detected?: string;
  diagnostics: Diagnostic[];
}

export interface ArchiveListing {
  /** Display name: the archive file name, or `outer.arc/…/inner.arc` for a nested archive. */
  fileName: string;
  /** Length of the archive file as stored. */
  fileByteLength: number;
  levels: ListingLevel[];
  rows: ListingRow[];
  /** Rows not sent (beyond MAX_LISTING_ROWS). */
  truncated: number;
  /** PKS anywhere in the listing: shown with a "less tested" banner. */
  lessTested: boolean;
  /** Set when the file is not an archive: what it is instead, and whether it is an animation. */
  notArchive?: { detected: string; animation: boolean };
  /** Is the hex editor extension installed (other entries open there). */
  hexEditor: boolean;
}

// ---- host → webview --------------------------------------------------------------------------
export interface ListingMessage { type: 'listing'; version: typeof ARCHIVE_PROTOCOL_VERSION; listing: ArchiveListing }
export interface ArchiveDeletedMessage { type: 'fileDeleted'; version: typeof ARCHIVE_PROTOCOL_VERSION }
export type ArchiveHostToWebview = ListingMessage | ArchiveDeletedMessage;

// ---- webview → host --------------------------------------------------------------------------
export interface ArchiveReadyMessage { type: 'ready'; version: typeof ARCHIVE_PROTOCOL_VERSION }
export interface ArchiveRenderedMessage {
  type: 'rendered';
  version: typeof ARCHIVE_PROTOCOL_VERSION;
  fileName: string;
  /** Entry rows the table holds (virtualised: not all in the DOM). */
  rows: number;
  /** Diagnostics listed (all levels). */
  diagnostics: number;
  /** The PKS banner is shown. */
  banner: boolean;
}
export interface OpenEntryMessage { type: 'open'; version: typeof ARCHIVE_PROTOCOL_VERSION; row: number }
export interface OpenAsAnimationMessage { type: 'openAsAnimation'; version: typeof ARCHIVE_PROTOCOL_VERSION }
export interface ArchiveErrorMessage { type: 'error'; version: typeof ARCHIVE_PROTOCOL_VERSION; message: string }
export type ArchiveWebviewToHost = ArchiveReadyMessage | ArchiveRenderedMessage | OpenEntryMessage | OpenAsAnimationMessage | ArchiveErrorMessage;

// ---- validation -----------------------------------------------------------------------------
const oneOf = <T extends string>(list: readonly T[], x: unknown): x is T => isStr(x) && (list as readonly string[]).includes(x);
const isVersioned = (x: unknown): x is Obj => isObj(x) && x.version === ARCHIVE_PROTOCOL_VERSION && isStr(x.type);

export function isListingRow(x: unknown, levelCount: number): x is ListingRow {
  return isObj(x) && isStr(x.path) && isStr(x.name) && oneOf(ROW_KINDS, x.kind) && isCount(x.depth) &&
    isCount(x.level) && x.level < levelCount && isCount(x.size) && isInt(x.dataOffset) && x.dataOffset >= -1 && isInt(x.recordOffset) && x.recordOffset >= -1 &&
    oneOf(ENTRY_FORMATS, x.format) && oneOf(COMPRESSIONS, x.compression) && isBool(x.suspicious);
}

/** Checks one level; its diagnostics are repaired in place item by item (renderableDiagnostics) rather than refusing the listing. */
export function isListingLevel(x: unknown): x is ListingLevel {
  if (!(isObj(x) && isStr(x.path) && isCount(x.depth) && (x.kind === 'rarc' || x.kind === 'pks') &&
    oneOf(COMPRESSIONS, x.container) && isCount(x.byteLength) && (x.compressedSize === undefined || isCount(x.compressedSize)) &&
    isCount(x.entryCount) && isBool(x.isArchive) && (x.detected === undefined || isStr(x.detected)) &&
    Array.isArray(x.diagnostics))) return false;
  x.diagnostics = renderableDiagnostics(x.diagnostics, undefined, `the archive ${x.path || 'file'}`);
  return true;
}

export function isArchiveListing(x: unknown): x is ArchiveListing {
  if (!isObj(x) || !isStr(x.fileName) || !isCount(x.fileByteLength) || !isCount(x.truncated) || !isBool(x.lessTested) || !isBool(x.hexEditor)) return false;
  if (!Array.isArray(x.levels) || x.levels.length === 0 || !x.levels.every(isListingLevel)) return false;
  if (!Array.isArray(x.rows) || x.rows.length > MAX_LISTING_ROWS) return false;
  const levels = x.levels.length;
  if (!x.rows.every((r) => isListingRow(r, levels))) return false;
  const na = x.notArchive;
  return na === undefined || (isObj(na) && isStr(na.detected) && isBool(na.animation));
}

export function isArchiveHostToWebview(x: unknown): x is ArchiveHostToWebview {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'listing': return isArchiveListing(x.listing);
    case 'fileDeleted': return true;
    default: return false;
  }
}

export function isArchiveWebviewToHost(x: unknown): x is ArchiveWebviewToHost {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'ready': return true;
    case 'rendered': return isStr(x.fileName) && isCount(x.rows) && isCount(x.diagnostics) && isBool(x.banner);
    case 'open': return isCount(x.row);
    case 'openAsAnimation': return true;
    case 'error': return isStr(x.message);
    default: return false;
  }
}

// ---- constructors ---------------------------------------------------------------------------
const v = ARCHIVE_PROTOCOL_VERSION;
export const archiveMsg = {
  listing: (listing: ArchiveListing): ListingMessage => ({ type: 'listing', version: v, listing }),
  fileDeleted: (): ArchiveDeletedMessage => ({ type: 'fileDeleted', version: v }),
  ready: (): ArchiveReadyMessage => ({ type: 'ready', version: v }),
  rendered: (fileName: string, rows: number, diagnostics: number, banner: boolean): ArchiveRenderedMessage =>
    ({ type: 'rendered', version: v, fileName, rows, diagnostics, banner }),
  open: (row: number): OpenEntryMessage => ({ type: 'open', version: v, row }),
  openAsAnimation: (): OpenAsAnimationMessage => ({ type: 'openAsAnimation', version: v }),
  error: (message: string): ArchiveErrorMessage => ({ type: 'error', version: v, message }),
};

/** Entry formats the AnimScope animation editor opens. */
export const ANIMATION_FORMATS: readonly string[] = [...FORMAT_IDS, MODEL_KIND.id];

