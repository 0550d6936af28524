/**
 * The only archive helper that touches the file system (Node's `fs`): reads a plain file or an
 * archive path such as `samples/archives/TripodBossCore.arc/TripodBossCore/Wait.btk`.
 */
import * as fs from 'fs';
import type { DiagnosticSink } from '../binary/diagnostics';
import { locateInArchive, splitArchivePath } from './archive-path';
import type { ArchiveLocation, ArchivePathSplit } from './archive-path';

export function isFileSync(path: string): boolean {
  try {
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
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
 * archive file itself (permissions), like fs.readFileSync.
 */
export function readArchivePathSync(path: string, diagnostics: DiagnosticSink): ReadPathResult | undefined {
  if (isFileSync(path)) return { bytes: new Uint8Array(fs.readFileSync(path)) };
  const split = splitArchivePath(path, isFileSync);
  if (!split) return undefined;
  const archive = new Uint8Array(fs.readFileSync(split.archivePath));
  const location = locateInArchive(archive, split.innerPath, diagnostics);
  if (!location || location.entry.kind !== 'file') return undefined;
  return { bytes: location.bytes, split, location };
}
