/**
 * An archive with one file replaced, or one file added (addArchiveEntry; RARC folders only), at any depth: `Kuribo.arc` (Yaz0 → RARC) with
 * `kuribo/Walk.bck` new, a MOTN inside a gzipped PKS, an archive inside an archive. Each level is
 * rewritten by its own writer (rarcReplace, pksReplace) and compressed again the way it was
 * (Yaz0 with the original header's reserved bytes, gzip through fflate); a level whose bytes come out unchanged
 * keeps its original stored bytes, so writing an entry's own bytes back changes nothing.
 *
 * The entry bytes are the file as an editor holds it (decompressed): an entry stored compressed is
 * compressed again. Anything the readers report as an error in the tables on the way refuses the
 * write (ArchiveWriteError, one line): a damaged archive is not rewritten.
 */
import { sameBytes } from '../../formats/binary/bytes';
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import { compressionOf, decompressEntry, extractAny, isAnyArchive, openAnyArchive } from '../../formats/archive/archive';
import type { AnyArchive, ArchiveEntry, Compression } from '../../formats/archive/archive';
import { innerSegments, locateEntry } from '../../formats/archive/archive-path';
import { ArchiveWriteError } from './dataRegion';
import { replacePksEntry } from './pksReplace';
import { addRarcEntry } from './rarcAdd';
import { replaceRarcEntry } from './rarcReplace';
import { encodeYaz0 } from './yaz0Encode';
import { detectYaz0Style } from './yaz0Style';

export { ArchiveWriteError } from './dataRegion';

/** replaceArchiveEntry found no entry of that name (addArchiveEntry may add it). */
export class ArchiveEntryMissing extends ArchiveWriteError {}

/** Archives entered on the way down, the outermost included (as the readers' nesting limit). */
const MAX_DEPTH = 8;


/** `data` compressed as `original` was (`original` is returned when `data` is what it holds). */
function compressLike(original: Uint8Array, decompressed: Uint8Array, data: Uint8Array, how: Compression): Uint8Array {
  if (sameBytes(decompressed, data)) return original;
  if (how === 'none') return data;
  if (how === 'yaz0') {
    // the encoder that wrote the original (its lazy-matching rule and padding), so an archive saved unchanged elsewhere compresses alike
    const { style, reserved } = detectYaz0Style(original, decompressed);
    return encodeYaz0(data, { style, reserved });
  }
  // fflate, which inflates PKS gzip too; loaded here, as there, so the CLI's start does not pay for it.
  return (require('fflate') as typeof import('fflate')).gzipSync(data, { level: 9 });
}

export interface ReplaceOptions {
  /**
   * `entryBytes` are the entry as stored (what a file system read of the entry gives: still Yaz0 or
   * gzip when the entry is), not its content: they are written as they are.
   */
  entryIsStored?: boolean;
}

/** One level opened for writing: refused when the reader reports an error in its tables. */
function openLevel(container: Uint8Array, depth: number, where: string): AnyArchive {
  if (depth >= MAX_DEPTH) throw new ArchiveWriteError(`${where}: archives nested deeper than ${MAX_DEPTH} are not rewritten`);
  const diagnostics = new DiagnosticSink();
  const archive = openAnyArchive(container, diagnostics, { detectEntries: false });
  const firstError = diagnostics.list.find((d) => d.severity === 'error');
  if (firstError) throw new ArchiveWriteError(`${where} is damaged (${firstError.code} at 0x${firstError.offset.toString(16)}): not rewritten`);
  return archive;
}

/**
 * The level `archive` (opened from `container`) with the file entry `entry` holding what `edit`
 * makes of its content (decompressed); the entry compressed again as it was, the level too.
 * `asStored`: `edit` returns the entry as stored (written as it is).
 */
function rewriteEntry(container: Uint8Array, archive: AnyArchive, entry: ArchiveEntry, edit: (inner: Uint8Array, stored: Uint8Array) => Uint8Array, asStored = false): Uint8Array {
  const stored = extractAny(archive, entry);
  const how = compressionOf(stored);
  const inner = decompressEntry(stored, new DiagnosticSink());
  const newInner = edit(inner, stored);
  const newStored = asStored ? (sameBytes(stored, newInner) ? stored : newInner) : compressLike(stored, inner, newInner, how);
  if (newStored === stored) return container;
  const level = archive.bytes;
  const rewritten = archive.kind === 'rarc' ? replaceRarcEntry(level, entry.rarc!, newStored) : replacePksEntry(level, entry.pks!, newStored);
  return compressLike(container, level, rewritten, archive.container);
}

function replaceAt(container: Uint8Array, segments: string[], entryBytes: Uint8Array, depth: number, where: string, options: ReplaceOptions): Uint8Array {
  const archive = openLevel(container, depth, where);
  const hit = locateEntry(archive.entries, segments.join('/'));
  if (!hit) throw new ArchiveEntryMissing(`${where} has no entry "${segments.join('/')}"`);
  if (hit.entry.kind !== 'file') throw new ArchiveWriteError(`"${hit.entry.path}" in ${where} is a folder, not a file`);
  if (hit.rest.length > 0) {
    return rewriteEntry(container, archive, hit.entry, (inner) => {
      if (!isAnyArchive(inner)) throw new ArchiveWriteError(`"${hit.entry.path}" in ${where} is a file, not an archive`);
      return replaceAt(inner, hit.rest, entryBytes, depth + 1, `"${hit.entry.path}"`, options);
    });
  }
  return rewriteEntry(container, archive, hit.entry, () => entryBytes, options.entryIsStored === true);
}

function addAt(container: Uint8Array, segments: string[], entryBytes: Uint8Array, depth: number, where: string): Uint8Array {
  const archive = openLevel(container, depth, where);
  const name = segments[segments.length - 1];
  const parentPath = segments.slice(0, -1).join('/');
  let folder: ArchiveEntry | undefined;
  if (parentPath === '') {
    folder = archive.entries.find((e) => e.parent === -1 && e.kind === 'folder');
  } else {
    const hit = locateEntry(archive.entries, parentPath);
    if (!hit) throw new ArchiveWriteError(`${where} has no folder "${parentPath}"`);
    if (hit.entry.kind === 'file') {
      // an archive inside this one: the new entry goes into it
      return rewriteEntry(container, archive, hit.entry, (inner) => {
        if (!isAnyArchive(inner)) throw new ArchiveWriteError(`"${hit.entry.path}" in ${where} is a file, not a folder or an archive`);
        return addAt(inner, [...hit.rest, name], entryBytes, depth + 1, `"${hit.entry.path}"`);
      });
    }
    folder = hit.entry;
  }
  if (archive.kind !== 'rarc') throw new ArchiveWriteError(`${where} is a PKS archive: AnimScope replaces its entries but does not add new ones`);
  if (!folder?.rarc) throw new ArchiveWriteError(`${where} has no root folder`);
  const level = archive.bytes;
  let rewritten: Uint8Array;
  try {
    rewritten = addRarcEntry(level, folder.rarc, name, entryBytes);
  } catch (e) {
    if (e instanceof ArchiveWriteError) throw new ArchiveWriteError(`cannot add "${name}" to "${folder.path}" in ${where}: ${e.message}`);
    throw e;
  }
  return compressLike(container, level, rewritten, archive.container);
}

/**
 * `container` (an archive file's bytes: RARC or PKS, plain, Yaz0 or gzip) with the file at
 * `innerPath` (`kuribo/Walk.bck`, or its segments; nested archives continue the path) holding
 * `entryBytes`. Throws ArchiveWriteError with one line saying why it cannot (ArchiveEntryMissing
 * when there is no such entry).
 */
export function replaceArchiveEntry(container: Uint8Array, innerPath: string | string[], entryBytes: Uint8Array, options: ReplaceOptions = {}): Uint8Array {
  const segments = typeof innerPath === 'string' ? innerSegments(innerPath) : innerPath.flatMap((s) => innerSegments(s));
  if (segments.length === 0) throw new ArchiveWriteError('no entry named: the path inside the archive is empty');
  return replaceAt(container, segments, entryBytes, 0, 'the archive', options);
}

/**
 * `container` with a new file at `innerPath` (its last segment the new name, the rest an existing
 * folder — the root when there is none — or a nested archive and a folder in it) holding
 * `entryBytes`, written as they are. RARC only (rarcAdd.ts); every other entry stays
 * byte-identical and each level is compressed again as it was. Throws ArchiveWriteError with one
 * line saying why it cannot: the name exists, the folder does not, a PKS, a damaged archive, ….
 */
export function addArchiveEntry(container: Uint8Array, innerPath: string | string[], entryBytes: Uint8Array): Uint8Array {
  const segments = typeof innerPath === 'string' ? innerSegments(innerPath) : innerPath.flatMap((s) => innerSegments(s));
  if (segments.length === 0) throw new ArchiveWriteError('no entry named: the path inside the archive is empty');
  return addAt(container, segments, entryBytes, 0, 'the archive');
}
