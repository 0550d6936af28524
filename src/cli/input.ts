/**
 * Turns command-line arguments into animation bytes: plain files, archive paths that reach
 * into RARC or PKS archives (`X.arc/Root/Wait.btk`, `X.pks/MOTION.BIN`), directories
 * (validate), whole archives (validate). gzip-compressed archive entries are unwrapped here
 * (decode() itself unwraps Yaz0).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Diagnostic, DiagnosticSink } from '../formats/binary/diagnostics';
import { baseName, detect } from '../formats/index';
import { globMatches, isAnimFormat, MODEL_KIND, specOfName, withYaz0Suffixes } from '../kinds/registry';
import { isFileSync, readArchivePathSync, readFileBytes } from '../formats/archive/node';
import { extractAny, isAnyArchive, listArchiveTree } from '../formats/archive/archive';
import type { ArchiveEntry } from '../formats/archive/archive';
import { locateInArchive, splitArchivePath } from '../formats/archive/archive-path';
import { gunzip, isGzip } from '../formats/archive/inflate';
import { CliError, fsReason } from './output';

export interface AnimInput {
  /** What decode() gets as the file name (drives MOTN detection and animation names). */
  name: string;
  /** How the CLI shows it: the path as given, archive paths included. */
  display: string;
  bytes: Uint8Array;
  /** Problems of the archive(s) the file came out of. */
  containerDiagnostics: Diagnostic[];
}

/** A name AnimScope decodes (`Wait.bck`, `motion.bin.szs`, `Kuribo.bdl`): the registry's file patterns. */
const isAnimationName = (name: string): boolean =>
  specOfName(name) !== undefined || MODEL_KIND.filePatterns.flatMap(withYaz0Suffixes).some((p) => globMatches(p, baseName(name)));
const ARCHIVE_NAME = /\.(arc|szs|rarc|pks)$/i;
/** Nested archives deeper than this are not entered (a hostile archive could nest itself). */
const MAX_ARCHIVE_DEPTH = 4;

function looksLikeArchive(bytes: Uint8Array): boolean {
  return isAnyArchive(bytes);
}

/** gzip entries (PKS) are decompressed for decode(); their problems go to `diagnostics`. */
function unwrapGzip(bytes: Uint8Array, diagnostics: Diagnostic[]): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  const sink = new DiagnosticSink();
  const out = gunzip(bytes, sink);
  diagnostics.push(...sink.finish());
  return out;
}

function isAnimationBytes(bytes: Uint8Array, name: string): boolean {
  const kind = detect(bytes, name);
  return isAnimFormat(kind) || kind === 'model' || (kind === 'yaz0' && isAnimationName(name));
}

/** An archive's own problems (hashes, offsets, overlaps), reported once for the archive. */
export interface ArchiveReport {
  display: string;
  diagnostics: Diagnostic[];
}

/**
 * Every animation in an archive and its nested archives, through listArchiveTree (so the same
 * bounds as `ls`: depth, total size, total entries, an archive that nests itself opened once).
 */
function listEntries(archivePath: string, bytes: Uint8Array, out: AnimInput[], archives: ArchiveReport[]): void {
  const tree = listArchiveTree(bytes, { maxDepth: MAX_ARCHIVE_DEPTH });
  const nested = new Set(tree.archives.map((a) => a.path));
  for (const a of tree.archives) archives.push({ display: a.path ? `${archivePath}/${a.path}` : archivePath, diagnostics: a.diagnostics });
  for (const item of tree.items) {
    const entry = item.entry;
    if (entry.kind !== 'file' || nested.has(item.path)) continue;
    const stored = extractAny(tree.archives[item.archive].archive, entry);
    // An archive not opened (too deep, itself again, budget): its problem is reported above.
    if (entry.format === 'archive' && !isAnimationName(entry.name)) continue;
    const display = `${archivePath}/${item.path}`;
    const containerDiagnostics: Diagnostic[] = [];
    const data = unwrapGzip(stored, containerDiagnostics);
    // An entry named like an animation whose data did not decompress (a bomb, a broken stream) is
    // checked too, so its problem is reported rather than the entry silently left out.
    const broken = containerDiagnostics.some((d) => d.severity === 'error') && isAnimationName(entry.name);
    if (broken || isAnimationBytes(data, entry.name)) {
      out.push({ name: display, display, bytes: data, containerDiagnostics });
    }
  }
}

function readFile(file: string): Uint8Array {
  try {
    return readFileBytes(file);
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${fsReason(e)}`);
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** `arg` names a folder inside an archive (`Kuribo.arc/Kuribo`): what it holds, for `info` to list. */
export class ArchiveFolderError extends CliError {
  constructor(readonly arg: string, archivePath: string, readonly entries: readonly ArchiveEntry[]) {
    super(`${arg} is a folder in the archive, not a file: name a file in it (\`animscope ls ${archivePath}\` lists them all)`);
  }
}

/** The entries directly in the archive folder `arg` names; undefined when it names no folder. */
function archiveFolderAt(arg: string): { archivePath: string; entries: ArchiveEntry[] } | undefined {
  try {
    const split = splitArchivePath(arg, isFileSync);
    if (!split) return undefined;
    const location = locateInArchive(readFileBytes(split.archivePath), split.innerPath, new DiagnosticSink());
    if (location?.entry.kind !== 'folder') return undefined;
    const index = location.archive.entries.indexOf(location.entry);
    return { archivePath: split.archivePath, entries: location.archive.entries.filter((e) => e.parent === index) };
  } catch {
    return undefined;
  }
}

/**
 * The bytes at `arg`: a file, or an archive path reaching into an archive (`X.arc/Root/Wait.btk`,
 * nested archives too), with the archive's diagnostics. Throws CliError (exit 2) when unreadable;
 * `folderHint` says what to do instead when `arg` is a folder.
 */
export function readPathInput(arg: string, folderHint: string): { bytes: Uint8Array; diagnostics: Diagnostic[] } {
  if (isFileSync(arg)) return { bytes: readFile(arg), diagnostics: [] };
  if (isDirectory(arg)) throw new CliError(`${arg} is a folder, not a file: ${folderHint}`);
  const sink = new DiagnosticSink();
  let result;
  try {
    result = readArchivePathSync(arg, sink);
  } catch (e) {
    throw new CliError(`cannot read ${arg}: ${fsReason(e)}`);
  }
  const diagnostics = sink.finish();
  if (!result) {
    const folder = archiveFolderAt(arg);
    if (folder) throw new ArchiveFolderError(arg, folder.archivePath, folder.entries);
    const why = diagnostics.find((d) => d.severity === 'error')?.message;
    throw new CliError(why ? `cannot read ${arg}: ${why}` : fs.existsSync(arg) ? `${arg} is not a regular file (a device, pipe or socket is not read)` : `no such file: ${arg}`);
  }
  return { bytes: result.bytes, diagnostics };
}

/** One animation for info/export/sample. Throws CliError (exit 2) when it cannot be read. */
export function readAnimationInput(arg: string): AnimInput {
  const { bytes, diagnostics } = readPathInput(arg,
    `name an animation file in it (\`animscope validate ${arg}\` checks every animation below it)`);
  if (diagnostics.length === 0 && isFileSync(arg) && looksLikeArchive(bytes) && !isAnimationName(arg)) {
    const inner: AnimInput[] = [];
    listEntries(arg, bytes, inner, []);
    const example = inner.find((i) => i.bytes.length > 0)?.display ?? `${arg}/…`;
    throw new CliError(`this is an archive: name a file inside it, e.g. ${example} (\`animscope validate ${arg}\` checks every animation in it)`);
  }
  return { name: arg, display: arg, bytes: unwrapGzip(bytes, diagnostics), containerDiagnostics: diagnostics };
}

export interface ValidationInputs {
  inputs: AnimInput[];
  archives: ArchiveReport[];
  unreadable: { file: string; message: string }[];
}

function walkDirectory(dir: string, out: string[]): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walkDirectory(full, out);
    else if (entry.isFile() && (isAnimationName(entry.name) || ARCHIVE_NAME.test(entry.name))) out.push(full);
  }
}

/**
 * Everything `validate` checks: files as given, directories recursively (animation and archive
 * names), archives expanded to every animation inside them.
 */
export function collectValidationInputs(args: string[]): ValidationInputs {
  const inputs: AnimInput[] = [];
  const archives: ArchiveReport[] = [];
  const unreadable: ValidationInputs['unreadable'] = [];
  const files: string[] = [];
  for (const arg of args) {
    let stat: fs.Stats | undefined;
    try { stat = fs.statSync(arg); } catch { stat = undefined; }
    if (stat?.isDirectory()) walkDirectory(arg, files);
    else files.push(arg);
  }
  for (const file of files) {
    try {
      if (isFileSync(file)) {
        const bytes = readFile(file);
        if (looksLikeArchive(bytes) && !isAnimationName(file)) listEntries(file, bytes, inputs, archives);
        else inputs.push({ name: file, display: file, bytes, containerDiagnostics: [] });
      } else {
        inputs.push(readAnimationInput(file));
      }
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      unreadable.push({ file, message: e.message });
    }
  }
  return { inputs, archives, unreadable };
}
