/**
 * An archive with one file replaced, at any depth: `Kuribo.arc` (Yaz0 → RARC) with
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
import type { Compression } from '../../formats/archive/archive';
import { innerSegments, locateEntry } from '../../formats/archive/archive-path';
import { ArchiveWriteError } from './dataRegion';
import { replacePksEntry } from './pksReplace';
import { replaceRarcEntry } from './rarcReplace';
import { encodeYaz0 } from './yaz0Encode';
import { detectYaz0Style } from './yaz0Style';

export { ArchiveWriteError } from './dataRegion';

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

function replaceAt(container: Uint8Array, segments: string[], entryBytes: Uint8Array, depth: number, where: string, options: ReplaceOptions): Uint8Array {
  if (depth >= MAX_DEPTH) throw new ArchiveWriteError(`${where}: archives nested deeper than ${MAX_DEPTH} are not rewritten`);
  const diagnostics = new DiagnosticSink();
  const archive = openAnyArchive(container, diagnostics, { detectEntries: false });
  const firstError = diagnostics.list.find((d) => d.severity === 'error');
  if (firstError) throw new ArchiveWriteError(`${where} is damaged (${firstError.code} at 0x${firstError.offset.toString(16)}): not rewritten`);
  const hit = locateEntry(archive.entries, segments.join('/'));
  if (!hit) throw new ArchiveWriteError(`${where} has no entry "${segments.join('/')}"`);
  if (hit.entry.kind !== 'file') throw new ArchiveWriteError(`"${hit.entry.path}" in ${where} is a folder, not a file`);

  const stored = extractAny(archive, hit.entry);
  const how = compressionOf(stored);
  const inner = decompressEntry(stored, new DiagnosticSink());
  let newInner: Uint8Array;
  if (hit.rest.length > 0) {
    if (!isAnyArchive(inner)) throw new ArchiveWriteError(`"${hit.entry.path}" in ${where} is a file, not an archive`);
    newInner = replaceAt(inner, hit.rest, entryBytes, depth + 1, `"${hit.entry.path}"`, options);
  } else {
    newInner = entryBytes;
  }
  const leafAsStored = hit.rest.length === 0 && options.entryIsStored;
  const newStored = leafAsStored ? (sameBytes(stored, entryBytes) ? stored : entryBytes) : compressLike(stored, inner, newInner, how);
  if (newStored === stored) return container;

  const level = archive.bytes;
  const rewritten = archive.kind === 'rarc' ? replaceRarcEntry(level, hit.entry.rarc!, newStored) : replacePksEntry(level, hit.entry.pks!, newStored);
  return compressLike(container, level, rewritten, archive.container);
}

/**
 * `container` (an archive file's bytes: RARC or PKS, plain, Yaz0 or gzip) with the file at
 * `innerPath` (`kuribo/Walk.bck`, or its segments; nested archives continue the path) holding
 * `entryBytes`. Throws ArchiveWriteError with one line saying why it cannot.
 */
export function replaceArchiveEntry(container: Uint8Array, innerPath: string | string[], entryBytes: Uint8Array, options: ReplaceOptions = {}): Uint8Array {
  const segments = typeof innerPath === 'string' ? innerSegments(innerPath) : innerPath.flatMap((s) => innerSegments(s));
  if (segments.length === 0) throw new ArchiveWriteError('no entry named: the path inside the archive is empty');
  return replaceAt(container, segments, entryBytes, 0, 'the archive', options);
}
