/**
 * The only archive helper that touches the file system (Node's `fs`): reads a plain file or an
 * archive path such as `samples/archives/TripodBossCore.arc/TripodBossCore/Wait.btk`.
 */
import * as fs from 'fs';
import type { DiagnosticSink } from '../binary/diagnostics';
import { MAX_ARCHIVE_FILE_BYTES, tooLargeToRead } from './archive';
import { locateInArchive, splitArchivePath } from './archive-path';
import type { ArchiveLocation, ArchivePathSplit } from './archive-path';

export function isFileSync(path: string): boolean {
  try {
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A file over MAX_ARCHIVE_FILE_BYTES, refused before it is read. */
export class FileTooLargeError extends Error {
  constructor(readonly size: number) {
    super(tooLargeToRead(size));
  }
}

/**
 * A file's bytes as a plain Uint8Array over the memory Node read them into: no copy (a copy held
 * the file twice), and not a Buffer (its own class would make the decoders' reads polymorphic).
 * A file over MAX_ARCHIVE_FILE_BYTES is refused unread (FileTooLargeError).
 */
export function readFileBytes(path: string): Uint8Array {
  const size = fs.statSync(path).size;
  if (size > MAX_ARCHIVE_FILE_BYTES) throw new FileTooLargeError(size);
  const read = fs.readFileSync(path);
  return new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
}

export interface ReadPathResult {
  bytes: Uint8Array;
  /** Set when the path went into an archive. */
  split?: ArchivePathSplit;
  location?: ArchiveLocation;
}

/**
 * Reads `path`: the file itself when it exists, else the archive entry it names. Undefined when
 * neither exists (archive problems are in `diagnostics`). May throw only fs errors of the
 * archive file itself (permissions), like fs.readFileSync, and FileTooLargeError.
 */
export function readArchivePathSync(path: string, diagnostics: DiagnosticSink): ReadPathResult | undefined {
  if (isFileSync(path)) return { bytes: readFileBytes(path) };
  const split = splitArchivePath(path, isFileSync);
  if (!split) return undefined;
  const archive = readFileBytes(split.archivePath);
  const location = locateInArchive(archive, split.innerPath, diagnostics);
  if (!location || location.entry.kind !== 'file') return undefined;
  return { bytes: location.bytes, split, location };
}
