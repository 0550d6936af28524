/**
 * One archive API over RARC (`.arc`, plain or Yaz0) and Shenmue PKS (plain or gzip): what the
 * CLI (`ls`, `extract`, archive paths) and the extension's archive file system build on.
 *
 * Pure and browser-safe (no Node modules). Never throws; every size is bounded:
 * decompression is capped, format detection shares one decompression budget per archive, and
 * nested archives are opened only within a depth, a total-bytes budget (plain nested archives
 * count their stored size), a total number of listed entries, and never again when their bytes
 * are those of an archive that contains them (a PKS entry pointing at its own IPAC block):
 * {@link NestingGuard}, shared by every caller that enters nested archives.
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../binary/diagnostics';
import type { Diagnostic } from '../binary/diagnostics';
import type { FieldNode } from '../binary/fields';
import { detect } from '../detect';
import { AnimFormat, decoderOf, formatOfName, isAnimFormat } from '../decoders';
import { knownFileKind, KnownFileKindId } from '../fileKinds';
import { gunzip, INFLATE_CODES, INFLATE_DEFAULT_MAX_SIZE, isGzip } from './inflate';
import { isPks, parsePks, PksEntry, pksTablesEnd, PKS_CODES } from './pks';
import { isRarc, parseRarc, RarcEntry } from './rarc';
import { decompressYaz0, isYaz0, yaz0DeclaredSize } from './yaz0';

export type ArchiveKind = 'rarc' | 'pks';
export type Compression = 'none' | 'yaz0' | 'gzip';
/** What an entry holds (after its own compression is removed). */
/** What an entry is: an animation format, a model, another named kind (`bti`, `bcsv`, …), an archive. */
export type EntryFormat = AnimFormat | 'model' | KnownFileKindId | 'archive' | 'unknown' | 'folder';

/** Codes added by the PKS / gzip / unified layer (RARC and Yaz0 codes are in rarc.ts's ARCHIVE_CODES). */
export const ANY_ARCHIVE_CODES: DiagnosticCode[] = [
  ...INFLATE_CODES,
  ...PKS_CODES,
  { code: 'ARC_BUDGET', severity: 'error', summary: 'A nested archive was not opened: the total size allowed across nesting levels (decompressed, or stored for plain nested archives; 256 MiB) was used up.' },
  { code: 'ARC_NESTED_SELF', severity: 'error', summary: 'An archive entry holds the very bytes of an archive that contains it (e.g. a PKS entry pointing at its own IPAC block): listed once, not opened again.' },
  { code: 'ARC_NESTED_REPEAT', severity: 'info', summary: 'A nested archive has the same bytes as one already listed (shared data): its entries are listed once, under the first.' },
  { code: 'ARC_LISTING_PREFIX', severity: 'info', summary: 'A listing of a compressed PKS holding an entry over 16 MiB decompressed only the directory and each entry\'s first 64 KiB: checks against the end of the archive and of the gzip / Yaz0 stream (PKS_ENTRY_PAST_END, PKS_CONTENT_SIZE, GZIP_CRC, GZIP_SIZE, INFLATE_BOMB, …) were not made; opening or extracting an entry makes them.' },
  { code: 'ARC_LIST_LIMIT', severity: 'error', summary: 'The listing reached its limit on entries across nested archives (100,000); the rest were not listed.' },
];

export interface ArchiveEntry {
  /** Inner path: RARC `Root/Folder/file.bck` (root folder name first), PKS `NAME.EXT`. */
  path: string;
  /** The name as stored (untrusted: may be hostile, see `suspicious`). */
  name: string;
  kind: 'file' | 'folder';
  /** Index in `entries` of the containing folder; -1 at the top level (RARC root folder, every PKS entry). */
  parent: number;
  /** Files: declared (stored) size. Folders: 0. */
  size: number;
  /** Files: absolute offset in `AnyArchive.bytes` (decompressed archive). Folders: -1. */
  dataOffset: number;
  /** Absolute offset of the entry's table record (RARC entry / node record, PKS dictionary record). */
  recordOffset: number;
  /** Detected from the entry's first bytes. */
  compression: Compression;
  /** detect() on the (decompressed) entry; 'archive' for nested RARC/PKS; 'folder' for folders. */
  format: EntryFormat;
  /** Name empty or with `/`, `\`, `..` or control characters. */
  suspicious?: boolean;
  /** The format-specific entry. */
  rarc?: RarcEntry;
  pks?: PksEntry;
}

export interface AnyArchive {
  kind: ArchiveKind;
  /** How the archive file itself was compressed. */
  container: Compression;
  /** Size of the input when it was compressed. */
  compressedSize?: number;
  /** Field tree of the (decompressed) archive, root path ''. */
  root: FieldNode;
  /** RARC: root folder first, then depth-first in table order. PKS: dictionary order. */
  entries: ArchiveEntry[];
  /** The bytes every offset refers to (decompressed when the input was compressed). */
  bytes: Uint8Array;
  /** The live diagnostic list of the sink passed in. */
  diagnostics: Diagnostic[];
  /**
   * `bytes` are only the start of the decompressed archive (a listing: the tables and each entry's
   * head, see {@link OpenAnyOptions.listing}); entries past them are cut. Absent: all of it.
   */
  prefix?: true;
}

export interface OpenAnyOptions {
  /** Cap on the decompressed archive size (Yaz0 / gzip); never above {@link MAX_STREAM_BYTES}. */
  maxSize?: number;
  /** Detect compression and format of every entry (default true). Off: both are 'none'/'unknown' (faster path lookups). */
  detectEntries?: boolean;
  /**
   * Bytes all entries of this archive may decompress, together, to detect their format (default
   * {@link DETECT_BUDGET}); past it a compressed entry is classified from its first bytes only.
   */
  detectBudget?: number;
  /**
   * Open for a listing only: a compressed PKS holding an entry over {@link FULL_DETECT_LIMIT} is
   * decompressed only as far as its tables and each entry's bytes used for detection (the whole
   * entry up to 16 MiB, the first {@link LISTING_ENTRY_HEAD} bytes of a larger one), and the
   * result is marked `prefix`. Extracting or opening entries needs the full open (the default).
   */
  listing?: boolean;
}

/** The most one Yaz0 / gzip stream may decompress to, whatever a caller's budget allows. */
export const MAX_STREAM_BYTES = INFLATE_DEFAULT_MAX_SIZE;

/** Default total decompression for format detection in one archive. */
export const DETECT_BUDGET = 64 * 1024 * 1024;

/** The largest file an archive, and so any input, may be: larger files are not read (the archive view, the CLI). */
export const MAX_ARCHIVE_FILE_BYTES = 512 * 1024 * 1024;

/** Why a file of `size` bytes (over MAX_ARCHIVE_FILE_BYTES) is not read: one wording wherever it is refused. */
export function tooLargeToRead(size: number): string {
  return `it is ${size} bytes (${(size / 1048576).toFixed(1)} MiB); files over ${MAX_ARCHIVE_FILE_BYTES / 1048576} MiB are not read`;
}

/** Decompresses at most `n` bytes of a Yaz0 / gzip stream (for sniffing); the bytes themselves otherwise. */
export function peekDecompressed(bytes: Uint8Array, n = 64): Uint8Array {
  const scratch = new DiagnosticSink();
  if (isYaz0(bytes)) return decompressYaz0(bytes, scratch, { maxSize: n });
  if (isGzip(bytes)) return gunzip(bytes, scratch, { maxSize: n });
  return bytes.subarray(0, n);
}

export function compressionOf(bytes: Uint8Array): Compression {
  return isYaz0(bytes) ? 'yaz0' : isGzip(bytes) ? 'gzip' : 'none';
}

/** The archive kind of the bytes, looking through one level of Yaz0 / gzip; undefined when not an archive. */
export function archiveKindOf(bytes: Uint8Array): ArchiveKind | undefined {
  const head = compressionOf(bytes) === 'none' ? bytes : peekDecompressed(bytes, 16);
  if (isRarc(head)) return 'rarc';
  if (isPks(head)) return 'pks';
  return undefined;
}

/** True for RARC / PKS archives, plain or (one level) Yaz0- or gzip-compressed. */
export function isAnyArchive(bytes: Uint8Array): boolean {
  return archiveKindOf(bytes) !== undefined;
}

/** Entries whose compressed data declares at most this much are decompressed fully for format detection. */
const FULL_DETECT_LIMIT = 16 * 1024 * 1024;

/**
 * What a listing reads of an entry over {@link FULL_DETECT_LIMIT}: detection needs its first 8
 * bytes (J3D magic and type, Yaz0 / gzip / RARC / PKS magic) or, for a compressed entry, 64
 * decompressed bytes, which a head this long always holds (DEFLATE's header and first codes,
 * Yaz0's 16-byte header and groups). MOTN told by content (not by name) needs the whole entry:
 * past 16 MiB a listing calls it unknown.
 */
export const LISTING_ENTRY_HEAD = 64 * 1024;

/** A listing's first decompression of a container; it reads more when the tables or heads need it. */
const LISTING_FIRST_READ = 64 * 1024;

function declaredSize(bytes: Uint8Array, compression: Compression): number {
  if (compression === 'yaz0') return yaz0DeclaredSize(bytes);
  if (compression === 'gzip' && bytes.length >= 18) {
    const o = bytes.length - 4;
    return (bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24)) >>> 0;
  }
  return bytes.length;
}

/**
 * Compression and format of one entry's bytes (`name` helps MOTN detection, which has no magic).
 * A compressed entry is decompressed fully only when its head says nothing, its declared size is
 * at most 16 MiB and `budget` (shared by the caller across entries) has room; what it costs is
 * taken from `budget.left`.
 */
export function detectEntry(data: Uint8Array, name: string, budget: { left: number } = { left: FULL_DETECT_LIMIT }): { compression: Compression; format: EntryFormat } {
  const compression = compressionOf(data);
  const classify = (bytes: Uint8Array): EntryFormat | undefined => {
    if (isRarc(bytes) || isPks(bytes)) return 'archive';
    const kind = detect(bytes, name);
    if (isAnimFormat(kind) || kind === 'model') return kind;
    return knownFileKind(bytes, name)?.id;
  };
  if (compression === 'none') return { compression, format: classify(data) ?? 'unknown' };
  const head = peekDecompressed(data, 64);
  let format = classify(head);
  const declared = declaredSize(data, compression);
  if (format === undefined && declared <= FULL_DETECT_LIMIT && declared <= budget.left) {
    const full = decompressEntry(data, new DiagnosticSink(), { maxSize: Math.min(FULL_DETECT_LIMIT, budget.left) });
    budget.left -= full.length;
    format = classify(full);
  }
  return { compression, format: format ?? 'unknown' };
}

/** Removes one level of Yaz0 / gzip compression (the bytes themselves when neither). Never throws. */
export function decompressEntry(data: Uint8Array, diagnostics: DiagnosticSink, options: { maxSize?: number } = {}): Uint8Array {
  if (isYaz0(data)) return decompressYaz0(data, diagnostics, options);
  if (isGzip(data)) return gunzip(data, diagnostics, options);
  return data;
}

/**
 * The archive inside a Yaz0 / gzip container. Every diagnostic of an archive refers to its bytes
 * (`AnyArchive.bytes`, here the decompressed ones); the decompressor's own diagnostics give
 * offsets in the compressed file, which the archive's bytes do not hold: they are shown where the
 * decompressed bytes end (where decompression stopped, or what the error is after), with the
 * compressed offset kept in the message.
 */
function decompressContainer(input: Uint8Array, diagnostics: DiagnosticSink, maxSize: number): Uint8Array {
  const unpacking = new DiagnosticSink();
  const bytes = decompressEntry(input, unpacking, { maxSize });
  const end = bytes.length;
  for (const d of unpacking.finish()) {
    diagnostics.add(d.severity, d.code, end, 0, `${d.message} [compressed file offset ${hex(d.offset)}; shown at the end of the ${end} decompressed bytes]`);
  }
  return bytes;
}

/** Container diagnostics of a decompression stopped on purpose at `cap`: not about the file. */
const CAP_CODES = new Set(['INFLATE_LIMIT', 'YAZ0_SIZE']);

/**
 * The start of a compressed PKS that a listing needs (see {@link OpenAnyOptions.listing}), or
 * undefined when the listing needs all of it (not a PKS, no entry over 16 MiB, a stream that ends
 * or fails early): then the caller decompresses it whole, as an open does. Each pass decompresses
 * at most twice the previous one, so a listing costs at most about twice what it keeps.
 */
function decompressListingPrefix(input: Uint8Array, diagnostics: DiagnosticSink, maxSize: number): Uint8Array | undefined {
  if (archiveKindOf(input) !== 'pks') return undefined;
  for (let cap = Math.min(LISTING_FIRST_READ, maxSize); cap < maxSize;) {
    const unpacking = new DiagnosticSink();
    const bytes = decompressEntry(input, unpacking, { maxSize: cap });
    const found = unpacking.finish();
    if (bytes.length < cap || !isPks(bytes)) return undefined;
    let needed = pksTablesEnd(bytes);
    if (needed <= bytes.length) {
      const entries = parsePks(bytes, new DiagnosticSink(), { prefix: true }).entries;
      if (!entries.some((e) => e.size > FULL_DETECT_LIMIT)) return undefined;
      needed = entries.reduce((n, e) => Math.max(n, e.dataOffset + (e.size > FULL_DETECT_LIMIT ? LISTING_ENTRY_HEAD : e.size)), needed);
      if (needed <= bytes.length) {
        for (const d of found) {
          if (!CAP_CODES.has(d.code)) diagnostics.add(d.severity, d.code, bytes.length, 0, `${d.message} [compressed file offset ${hex(d.offset)}; shown at the end of the ${bytes.length} decompressed bytes]`);
        }
        diagnostics.info('ARC_LISTING_PREFIX', bytes.length, 0, `Listed from the first ${bytes.length} decompressed bytes (the directory and each entry's first ` +
          `${LISTING_ENTRY_HEAD / 1024} KiB; entries over ${FULL_DETECT_LIMIT / 1048576} MiB are not read whole): checks against the end of the archive and of the ` +
          `${compressionOf(input)} stream were not made; opening or extracting an entry makes them.`);
        return bytes;
      }
    }
    cap = Math.min(maxSize, Math.max(needed, cap * 2));
  }
  return undefined;
}

/**
 * Opens a RARC or PKS archive, plain, Yaz0- or gzip-compressed. Never throws. Input that is
 * neither is parsed as RARC, which reports `ARC_MAGIC` (and yields no entries).
 */
export function openAnyArchive(input: Uint8Array, diagnostics: DiagnosticSink, options: OpenAnyOptions = {}): AnyArchive {
  const container = compressionOf(input);
  const maxSize = Math.min(options.maxSize ?? MAX_STREAM_BYTES, MAX_STREAM_BYTES);
  const prefix = container !== 'none' && options.listing ? decompressListingPrefix(input, diagnostics, maxSize) : undefined;
  const bytes = container === 'none' ? input : prefix ?? decompressContainer(input, diagnostics, maxSize);
  const compressedSize = container === 'none' ? undefined : input.length;
  const detectEntries = options.detectEntries ?? true;
  const budget = { left: options.detectBudget ?? DETECT_BUDGET };
  // Entries sharing one range of data (hostile tables can make thousands) are detected once.
  const detected = new Map<string, { compression: Compression; format: EntryFormat }>();
  const info = (data: Uint8Array, name: string, cut = false): { compression: Compression; format: EntryFormat } => {
    if (!detectEntries) return { compression: 'none', format: 'unknown' };
    // Formats without magic (MOTN) are told by name too: the name is part of the key.
    const named = formatOfName(name);
    const key = `${data.byteOffset}:${data.length}:${named && decoderOf(named).magic.kind === 'content' ? 'm' : ''}`;
    const known = detected.get(key);
    if (known) return { ...known };
    // An entry a prefix cuts is classified from its head alone (nothing of it is decompressed whole).
    const found = detectEntry(data, name, cut ? { left: 0 } : budget);
    detected.set(key, found);
    return { ...found };
  };

  // The tables' diagnostics lie in the (decompressed) archive: one past its end is moved inside.
  const parsing = new DiagnosticSink().within(bytes.length);
  const parsed = (): void => {
    for (const d of parsing.finish()) diagnostics.add(d.severity, d.code, d.offset, d.length, d.message);
  };
  if (isPks(bytes)) {
    const pks = parsePks(bytes, parsing, { prefix: prefix !== undefined });
    parsed();
    const entries = pks.entries.map((e): ArchiveEntry => {
      const data = bytes.subarray(Math.min(bytes.length, e.dataOffset), Math.min(bytes.length, e.dataOffset + e.size));
      const entry: ArchiveEntry = {
        path: e.path, name: e.name, kind: 'file', parent: -1, size: e.size, dataOffset: e.dataOffset, recordOffset: e.recordOffset,
        ...info(data, e.name, data.length < e.size && prefix !== undefined), pks: e,
      };
      if (e.suspicious) entry.suspicious = true;
      return entry;
    });
    const out: AnyArchive = { kind: 'pks', container, root: pks.root, entries, bytes, diagnostics: diagnostics.list };
    if (compressedSize !== undefined) out.compressedSize = compressedSize;
    if (prefix) out.prefix = true;
    return out;
  }
  const rarc = parseRarc(bytes, parsing);
  parsed();
  const entries = rarc.entries.map((e): ArchiveEntry => {
    const isFile = e.kind === 'file';
    const data = isFile ? bytes.subarray(Math.min(bytes.length, Math.max(0, e.dataOffset)), Math.min(bytes.length, Math.max(0, e.dataOffset + e.size))) : undefined;
    const entry: ArchiveEntry = {
      path: e.path, name: e.name, kind: e.kind, parent: e.parent, size: isFile ? e.size : 0, dataOffset: isFile ? e.dataOffset : -1,
      recordOffset: e.recordOffset, ...(data ? info(data, e.name) : { compression: 'none' as const, format: 'folder' as const }), rarc: e,
    };
    if (e.suspicious) entry.suspicious = true;
    return entry;
  });
  const out: AnyArchive = { kind: 'rarc', container, root: rarc.root, entries, bytes, diagnostics: diagnostics.list };
  if (compressedSize !== undefined) out.compressedSize = compressedSize;
  return out;
}

/** The stored bytes of a file entry (still compressed if the entry is): a view clamped to the archive; empty for folders. */
export function extractAny(archive: Pick<AnyArchive, 'bytes'>, entry: ArchiveEntry): Uint8Array {
  const b = archive.bytes;
  if (entry.kind !== 'file' || entry.dataOffset < 0 || entry.dataOffset >= b.length) return new Uint8Array(0);
  return b.subarray(entry.dataOffset, Math.min(b.length, entry.dataOffset + entry.size));
}

// --- nested archives: the bounds every caller shares ---

export interface NestingLimits {
  /** Archives opened along one path, outermost included (default 8). */
  maxDepth?: number;
  /** Total size of the archives opened: decompressed, or stored for plain nested archives (default 256 MiB). */
  maxTotalBytes?: number;
  /** Entries listed across all archives (default 100,000). */
  maxEntries?: number;
}

export const DEFAULT_NESTING: Required<NestingLimits> = { maxDepth: 8, maxTotalBytes: 256 * 1024 * 1024, maxEntries: 100_000 };

const bufferIds = new WeakMap<ArrayBufferLike, number>();
let nextBufferId = 1;

/**
 * Identity of a range of bytes: the same buffer, offset and length. A nested archive whose
 * stored bytes have the identity of an archive containing it is that archive again.
 */
export function bytesIdentity(bytes: Uint8Array): string {
  let id = bufferIds.get(bytes.buffer);
  if (id === undefined) {
    id = nextBufferId++;
    bufferIds.set(bytes.buffer, id);
  }
  return `${id}:${bytes.byteOffset}:${bytes.length}`;
}

/** Why a nested archive is not opened (undefined: it may be). */
export type NestingRefusal = 'depth' | 'self' | 'repeat' | 'budget';

/**
 * The bounds of one walk through nested archives (a listing, a path lookup, the archive file
 * system's tree of one outer file): depth, total bytes, total entries, and archives that are
 * their own ancestor. Reports refusals to the sink of the archive holding the entry.
 */
export class NestingGuard {
  readonly maxDepth: number;
  readonly maxEntries: number;
  /** Bytes left for archives still to open. */
  bytesLeft: number;
  private entriesUsed = 0;
  /** Identity of every archive opened → its inner path ('' for the outermost). */
  private readonly opened = new Map<string, string>();

  constructor(limits: NestingLimits = {}, private readonly skipRepeats = true) {
    this.maxDepth = limits.maxDepth ?? DEFAULT_NESTING.maxDepth;
    this.maxEntries = limits.maxEntries ?? DEFAULT_NESTING.maxEntries;
    this.bytesLeft = limits.maxTotalBytes ?? DEFAULT_NESTING.maxTotalBytes;
  }

  /** Records an opened archive (its stored bytes' identity) and charges its size (decompressed, or stored when plain). */
  opening(stored: Uint8Array, archive: Pick<AnyArchive, 'bytes'>, path: string): string {
    const id = bytesIdentity(stored);
    if (!this.opened.has(id)) this.opened.set(id, path);
    this.bytesLeft = Math.max(0, this.bytesLeft - archive.bytes.length);
    return id;
  }

  /** Takes one entry from the listing budget; false once the limit is reached. */
  takeEntry(): boolean {
    if (this.entriesUsed >= this.maxEntries) return false;
    this.entriesUsed++;
    return true;
  }

  get entriesListed(): number {
    return this.entriesUsed;
  }

  /**
   * May the nested archive `stored` (the stored bytes of `entry`, at inner path `path`, inside the
   * archives whose identities are `ancestors`, outermost first) be opened at `depth` (outermost = 0)?
   * When not, says why on `sink` and returns the reason.
   */
  refuse(stored: Uint8Array, entry: Pick<ArchiveEntry, 'path' | 'dataOffset'>, path: string, depth: number,
    ancestors: readonly string[], sink: DiagnosticSink): NestingRefusal | undefined {
    const id = bytesIdentity(stored);
    if (ancestors.includes(id)) {
      const first = this.opened.get(id);
      sink.error('ARC_NESTED_SELF', entry.dataOffset, 0,
        `"${entry.path}" holds the same ${stored.length} bytes as ${first ? `the archive "${first}"` : 'the outermost archive'}, which contains it; not opened again.`);
      return 'self';
    }
    if (depth >= this.maxDepth) {
      sink.error('ARC_NESTING', entry.dataOffset, 0, `"${entry.path}" is an archive nested deeper than ${this.maxDepth} levels; not opened.`);
      return 'depth';
    }
    const first = this.opened.get(id);
    if (this.skipRepeats && first !== undefined) {
      sink.info('ARC_NESTED_REPEAT', entry.dataOffset, 0, `"${entry.path}" has the same bytes as "${first}", listed there.`);
      return 'repeat';
    }
    // A plain archive costs its stored size; a compressed one at least that (its decompression is capped by what is left).
    if (this.bytesLeft <= 0 || stored.length > this.bytesLeft) {
      sink.error('ARC_BUDGET', entry.dataOffset, 0, `"${path}" was not opened: the size budget across nested archives is used up.`);
      return 'budget';
    }
    return undefined;
  }
}

// --- nested listing ---

export interface ArchiveTreeItem {
  /** Full inner path from the outermost archive: `Outer/Dir/inner.szs/Inner/Anim/f.bck`. */
  path: string;
  /** 0 for entries of the outermost archive, 1 inside a nested archive, … */
  depth: number;
  /** Index in `ArchiveTree.archives` of the archive holding the entry (offsets are relative to its bytes). */
  archive: number;
  entry: ArchiveEntry;
}

export interface ArchiveTreeNode {
  /** Inner path of the nested archive entry ('' for the outermost archive). */
  path: string;
  depth: number;
  archive: AnyArchive;
  /** This archive's own diagnostics (offsets in its bytes, decompressed when it was compressed: see decompressContainer). */
  diagnostics: Diagnostic[];
}

export interface ArchiveTree {
  archives: ArchiveTreeNode[];
  /** Depth-first: each nested archive's entries follow its own entry. */
  items: ArchiveTreeItem[];
}

export interface TreeOptions extends NestingLimits {
  /** Enter nested archives (default true). */
  nested?: boolean;
  /** Read only what the listing shows ({@link OpenAnyOptions.listing}); entries' bytes are then not all there. */
  listing?: boolean;
}

/**
 * Lists an archive and (by default) every archive nested in it, with full inner paths. Never
 * throws; bounded by {@link NestingGuard}: an archive is opened once per listing (an entry with
 * the bytes of an archive containing it, or of one already listed, is listed but not opened).
 */
export function listArchiveTree(input: Uint8Array, options: TreeOptions = {}): ArchiveTree {
  const guard = new NestingGuard(options);
  const tree: ArchiveTree = { archives: [], items: [] };
  let full = false;
  const visit = (bytes: Uint8Array, prefix: string, depth: number, ancestors: readonly string[]): void => {
    let sink = new DiagnosticSink();
    let archive = openAnyArchive(bytes, sink, { maxSize: guard.bytesLeft, listing: options.listing });
    // A nested archive the prefix cut is opened from the whole outer archive.
    if (archive.prefix && options.nested !== false && archive.entries.some((e) => e.format === 'archive' && extractAny(archive, e).length < e.size)) {
      sink = new DiagnosticSink();
      archive = openAnyArchive(bytes, sink, { maxSize: guard.bytesLeft });
    }
    const chain = [...ancestors, guard.opening(bytes, archive, prefix)];
    const node: ArchiveTreeNode = { path: prefix, depth, archive, diagnostics: sink.list };
    const index = tree.archives.push(node) - 1;
    for (const entry of archive.entries) {
      if (full) break;
      if (!guard.takeEntry()) {
        full = true;
        sink.error('ARC_LIST_LIMIT', entry.recordOffset, 0, `The listing stopped at ${guard.maxEntries} entries (nested archives included); "${entry.path}" and the rest are not listed.`);
        break;
      }
      const path = prefix ? `${prefix}/${entry.path}` : entry.path;
      tree.items.push({ path, depth, archive: index, entry });
      if (entry.kind !== 'file' || entry.format !== 'archive' || options.nested === false) continue;
      const data = extractAny(archive, entry);
      if (guard.refuse(data, entry, path, depth + 1, chain, sink)) continue;
      visit(data, path, depth + 1, chain);
    }
    sink.finish();
  };
  visit(input, '', 0, []);
  return tree;
}
