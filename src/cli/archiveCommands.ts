/**
 * `animscope ls ARCHIVE [--json]` and `animscope extract ARCHIVE [INNER…] -o DIR [--decompress]`
 * over RARC (plain / Yaz0) and Shenmue PKS (plain / gzip) archives, nested archives included.
 *
 * ls prints one line per entry — size, data offset (hex, in the bytes of the archive holding
 * the entry, decompressed), compression, detected format, full inner path (folders end in `/`,
 * nested entries carry the nested archive's path: `Root/inner.szs/Inner/f.bck`) — then the
 * archive diagnostics in validate's format, then a summary.
 *
 * extract never writes outside DIR: every path goes through safeExtractPath (hostile names are
 * skipped with an error line), folders are created one level at a time and symlinks already
 * present under DIR are followed only when they resolve inside DIR.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from './args';
import type { Diagnostic } from '../formats/binary/diagnostics';
import { DiagnosticSink, hex } from '../formats/binary/diagnostics';
import { gunzipTo, isGzip } from '../formats/archive/inflate';
import {
  AnyArchive, ArchiveEntry, compressionOf, decompressEntry, detectEntry, extractAny, isAnyArchive, listArchiveTree,
} from '../formats/archive/archive';
import { locateInArchive, safeExtractPath } from '../formats/archive/archive-path';
import { countBySeverity, diagnosticLine, jsonForTerminal, plural, safe } from './format';
import { readPathInput } from './input';
import { outputFolder, writeFileViaTemp } from './outputFile';
import { CliError, CliFileSystem, CliIO, Command, EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, fsReason, UsageError } from './output';

export const nodeFiles: CliFileSystem = {
  mkdir: (p) => fs.mkdirSync(p),
  writeBytes: (p, data) => writeFileViaTemp(p, (write) => write(data)),
  writeChunks: writeFileViaTemp,
  lstat: (p) => {
    let st: fs.Stats;
    try { st = fs.lstatSync(p); } catch { return undefined; }
    return st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other';
  },
  realpath: (p) => {
    try { return fs.realpathSync(p); } catch { return undefined; }
  },
};

/**
 * The archive's bytes: a file, or an archive path naming a nested archive (`X.arc/Root/inner.szs`).
 * Anything else is refused (exit 2) before it is parsed as a RARC full of errors.
 */
const ARCHIVE_FILE_NAME = /\.(arc|szs|rarc|pks)$/i;

function readArchiveInput(arg: string, command: string): { bytes: Uint8Array; diagnostics: Diagnostic[] } {
  const input = readPathInput(arg,
    `${command} takes an archive file (.arc, .szs, .rarc, .pks); \`animscope validate ${arg}\` checks every archive and animation below it`);
  // compressed data named like an archive that does not decompress: opening it says why (GZIP_/YAZ0_ codes)
  if (isAnyArchive(input.bytes) || (compressionOf(input.bytes) !== 'none' && ARCHIVE_FILE_NAME.test(arg))) return input;
  const { format } = detectEntry(input.bytes, arg);
  if (format !== 'unknown' && format !== 'archive') {
    throw new CliError(`${arg} is a ${format.toUpperCase()} file, not an archive (\`animscope info ${arg}\` describes it)`);
  }
  const head = Array.from(input.bytes.subarray(0, 4), (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  throw new CliError(`${arg} is not an archive: ${command} reads RARC (plain or Yaz0) and Shenmue PKS (plain or gzip) archives, ` +
    (input.bytes.length ? `and this file starts with ${head}` : 'and this file is empty'));
}

function describeArchive(a: AnyArchive): string {
  const kind = a.kind.toUpperCase();
  if (a.container === 'none') return `${kind}, ${a.bytes.length} bytes`;
  return `${kind}, ${a.container} ${a.compressedSize} → ${a.prefix ? `at least ${a.bytes.length} bytes (only the directory and the entries' heads were decompressed)` : `${a.bytes.length} bytes`}`;
}

/** `animscope ls`. */
function lsCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError(`ls takes exactly one ARCHIVE (got ${positionals.length})`);
  const arg = positionals[0];
  const input = readArchiveInput(arg, 'ls');
  const tree = listArchiveTree(input.bytes, { listing: true });
  const fileOf = (archiveIndex: number): string => {
    const p = tree.archives[archiveIndex].path;
    return p ? `${arg}/${p}` : arg;
  };
  const diagnostics: { file: string; d: Diagnostic }[] = input.diagnostics.map((d) => ({ file: arg, d }));
  tree.archives.forEach((a, i) => { for (const d of a.diagnostics) diagnostics.push({ file: fileOf(i), d }); });
  const counts = countBySeverity(diagnostics.map((x) => x.d));

  if (values.json) {
    io.out(jsonForTerminal({
      archive: arg,
      archives: tree.archives.map((a) => ({
        path: a.path, depth: a.depth, kind: a.archive.kind, container: a.archive.container,
        size: a.archive.bytes.length, ...(a.archive.compressedSize !== undefined ? { compressedSize: a.archive.compressedSize } : {}),
        ...(a.archive.prefix ? { prefix: true } : {}),
      })),
      entries: tree.items.map((it) => ({
        path: it.path, name: it.entry.name, kind: it.entry.kind, size: it.entry.size, dataOffset: it.entry.dataOffset,
        compression: it.entry.compression, format: it.entry.format, depth: it.depth, archive: it.archive,
        ...(it.entry.suspicious ? { suspicious: true } : {}),
      })),
      diagnostics: diagnostics.map(({ file, d }) => ({ file, ...d })),
    }, 1));
  } else {
    io.out(`${safe(arg)}: ${describeArchive(tree.archives[0].archive)}`);
    io.out(`${'SIZE'.padStart(10)}  ${'OFFSET'.padEnd(10)}  ${'COMP'.padEnd(4)}  ${'FORMAT'.padEnd(7)}  PATH`);
    for (const it of tree.items) {
      const e = it.entry;
      if (e.kind === 'folder') {
        io.out(`${'-'.padStart(10)}  ${'-'.padEnd(10)}  ${'-'.padEnd(4)}  ${'folder'.padEnd(7)}  ${safe(it.path)}/`);
      } else {
        io.out(`${String(e.size).padStart(10)}  ${hex(e.dataOffset, 8)}  ${e.compression.padEnd(4)}  ${e.format.padEnd(7)}  ${safe(it.path)}`);
      }
    }
    for (const { file, d } of diagnostics) io.out(diagnosticLine(file, d));
    const files = tree.items.filter((i) => i.entry.kind === 'file').length;
    io.out(`${plural(files, 'file')}, ${plural(tree.items.length - files, 'folder')}, ${plural(tree.archives.length - 1, 'nested archive')}: ` +
      `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}`);
  }
  return counts.error > 0 ? EXIT_ERRORS : EXIT_OK;
}

interface ExtractItem {
  /** Full inner path (nested archives included), as stored: untrusted. */
  path: string;
  entry: ArchiveEntry;
  archive: AnyArchive;
}

/** Entries below `folder` in its archive (parent chains, guarded against cycles). */
function descendants(archive: AnyArchive, folder: ArchiveEntry): ArchiveEntry[] {
  const index = archive.entries.indexOf(folder);
  const under = (e: ArchiveEntry): boolean => {
    let p = e.parent;
    for (let steps = 0; p >= 0 && steps <= archive.entries.length; steps++) {
      if (p === index) return true;
      p = archive.entries[p].parent;
    }
    return false;
  };
  return archive.entries.filter(under);
}

function inside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The file to write for `rel` (a safeExtractPath result) under `root` (a real path), creating its
 * folders, or the folder `rel` itself (created) when `folder`. With `dryRun` nothing is created:
 * the path is undefined when a folder on the way does not exist yet. Throws CliError with the
 * reason when it refuses.
 */
function safeTarget(files: CliFileSystem, root: string, rel: string, folder: boolean, dryRun = false): string | undefined {
  const segments = rel.split('/');
  let dir = root;
  const count = folder ? segments.length : segments.length - 1;
  for (let i = 0; i < count; i++) {
    const next = path.join(dir, segments[i]);
    const kind = files.lstat(next);
    if (kind === undefined) {
      if (dryRun) return undefined;
      files.mkdir(next);
      dir = next;
    } else if (kind === 'directory') {
      dir = next;
    } else if (kind === 'symlink') {
      const real = files.realpath(next);
      if (!real || !inside(root, real)) throw new CliError(`${next} is a symlink that leads outside the output folder`);
      if (files.lstat(real) !== 'directory') throw new CliError(`${next} is not a folder`);
      dir = real;
    } else {
      throw new CliError(`${next} exists and is not a folder`);
    }
  }
  if (folder) return dir;
  let target = path.join(dir, segments[segments.length - 1]);
  if (!inside(root, path.resolve(target))) throw new CliError(`${target} lies outside the output folder`);
  const kind = files.lstat(target);
  if (kind === 'symlink') {
    const real = files.realpath(target);
    if (!real || !inside(root, real)) throw new CliError(`${target} is a symlink that leads outside the output folder`);
    target = real;
  } else if (kind === 'directory' || kind === 'other') {
    throw new CliError(`${target} exists and is not a regular file`);
  }
  return target;
}

/** An existing regular file `rel` would replace under `root` (undefined: none, or the write will be refused anyway). */
function existingFile(files: CliFileSystem, root: string, rel: string): string | undefined {
  let target: string | undefined;
  try {
    target = safeTarget(files, root, rel, false, true);
  } catch {
    return undefined;
  }
  return target !== undefined && files.lstat(target) === 'file' ? target : undefined;
}

/** Existing files listed when extract refuses to replace them. */
const MAX_LISTED_EXISTING = 20;

/**
 * Writes one entry's stored bytes at `target`, or with `decompress` its Yaz0 / gzip data
 * decompressed: gzip streamed to the file chunk by chunk, Yaz0 (at most 64 MiB, and 32:1) whole.
 * Decompression problems go to `diagnostics` under `file`. Returns the bytes written.
 */
function writeEntry(files: CliFileSystem, target: string, stored: Uint8Array, decompress: boolean, file: string,
  diagnostics: { file: string; d: Diagnostic }[]): number {
  // The entry's own bytes decide (path lookups do not run format detection).
  if (!decompress || compressionOf(stored) === 'none') {
    files.writeBytes(target, stored);
    return stored.length;
  }
  const sink = new DiagnosticSink();
  let size = 0;
  try {
    if (isGzip(stored)) {
      files.writeChunks(target, (write) => { size = gunzipTo(stored, sink, write); });
    } else {
      const data = decompressEntry(stored, sink);
      files.writeBytes(target, data);
      size = data.length;
    }
  } finally {
    for (const d of sink.finish()) diagnostics.push({ file, d });
  }
  return size;
}

/** `animscope extract`. */
function extractCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' }, decompress: { type: 'boolean' }, force: { type: 'boolean' } });
  if (positionals.length === 0) throw new UsageError('extract needs an ARCHIVE (and optionally inner paths)');
  const outDir = values.output as string | undefined;
  if (!outDir) throw new UsageError('extract needs an output folder: -o DIR');
  const files = io.files ?? nodeFiles;
  const [arg, ...inner] = positionals;
  const input = readArchiveInput(arg, 'extract');
  let errors = 0;
  const diagnostics: { file: string; d: Diagnostic }[] = input.diagnostics.map((d) => ({ file: arg, d }));

  // What to write.
  const items: ExtractItem[] = [];
  if (inner.length === 0) {
    const tree = listArchiveTree(input.bytes, { nested: false });
    for (const d of tree.archives[0].diagnostics) diagnostics.push({ file: arg, d });
    for (const it of tree.items) items.push({ path: it.path, entry: it.entry, archive: tree.archives[0].archive });
  } else {
    const seenArchives = new Set<AnyArchive>();
    for (const p of inner) {
      const sink = new DiagnosticSink();
      const hit = locateInArchive(input.bytes, p, sink);
      for (const d of sink.finish()) {
        // Archive problems are the same for every path: report each once.
        if (d.code === 'ARC_PATH_NOT_FOUND' || !hit || !seenArchives.has(hit.archive)) diagnostics.push({ file: arg, d });
      }
      if (!hit) {
        io.err(`animscope extract: ${safe(`${arg}/${p}`)}: not found`);
        errors++;
        continue;
      }
      seenArchives.add(hit.archive);
      const prefix = hit.via.map((v) => v.path).join('/');
      const full = (e: ArchiveEntry): string => (prefix ? `${prefix}/${e.path}` : e.path);
      items.push({ path: full(hit.entry), entry: hit.entry, archive: hit.archive });
      if (hit.entry.kind === 'folder') {
        for (const e of descendants(hit.archive, hit.entry)) items.push({ path: full(e), entry: e, archive: hit.archive });
      }
    }
  }

  // What is written where: unsafe and duplicate names are skipped here, before anything is written.
  const plan: { item: ExtractItem; rel: string }[] = [];
  const planned = new Set<string>();
  for (const item of items) {
    const rel = safeExtractPath(item.path);
    if (rel === undefined) {
      io.err(`animscope extract: refusing unsafe path "${safe(item.path)}" (absolute, \`..\`, backslash, drive letter, control or reserved characters); skipped`);
      errors++;
      continue;
    }
    const key = rel.toLowerCase();
    if (item.entry.kind === 'file' && planned.has(key)) {
      io.err(`animscope extract: "${safe(item.path)}" was already written (duplicate name); skipped`);
      errors++;
      continue;
    }
    if (item.entry.kind === 'file') planned.add(key);
    plan.push({ item, rel });
  }

  // Output folder (given by the user: trusted, created when missing).
  const existing = files.lstat(outDir);
  if (existing === 'file' || existing === 'other') throw new CliError(`${outDir} is a file, not a folder: -o names the folder to extract into`);
  // Files already there are not replaced without --force (a modder re-extracting would lose edits).
  const present = existing === undefined ? undefined : files.realpath(outDir);
  if (present && !values.force) {
    const clashes = plan.filter((p) => p.item.entry.kind === 'file').map((p) => existingFile(files, present, p.rel)).filter((t): t is string => t !== undefined);
    if (clashes.length > 0) {
      io.err(`animscope extract: ${plural(clashes.length, 'file')} already exist${clashes.length === 1 ? 's' : ''} under ${safe(outDir)}; nothing written (--force replaces them):`);
      for (const t of clashes.slice(0, MAX_LISTED_EXISTING)) io.err(`  ${safe(t)}`);
      if (clashes.length > MAX_LISTED_EXISTING) io.err(`  … and ${clashes.length - MAX_LISTED_EXISTING} more`);
      return EXIT_UNREADABLE;
    }
  }
  const root = outputFolder(files, outDir, 'extract into');

  let fileCount = 0;
  let bytesWritten = 0;
  for (const { item, rel } of plan) {
    const isFile = item.entry.kind === 'file';
    let size = 0;
    try {
      const target = safeTarget(files, root, rel, !isFile) as string;
      if (isFile) size = writeEntry(files, target, extractAny(item.archive, item.entry), values.decompress === true, `${arg}/${item.path}`, diagnostics);
    } catch (e) {
      if (!(e instanceof CliError)) {
        io.err(`animscope extract: cannot write "${safe(item.path)}": ${fsReason(e)}`);
      } else {
        io.err(`animscope extract: refusing "${safe(item.path)}": ${safe(e.message)}; skipped`);
      }
      errors++;
      continue;
    }
    if (isFile) {
      fileCount++;
      bytesWritten += size;
      io.out(`wrote ${safe(path.join(outDir, ...rel.split('/')))} (${size} bytes)`);
    }
  }
  for (const { file, d } of diagnostics) io.out(diagnosticLine(file, d));
  const counts = countBySeverity(diagnostics.map((x) => x.d));
  io.out(`${plural(fileCount, 'file')} (${bytesWritten} bytes) written to ${safe(outDir)}` +
    (errors ? `, ${plural(errors, 'path')} skipped` : '') + (counts.error ? `, ${plural(counts.error, 'archive error')}` : ''));
  return errors > 0 || counts.error > 0 ? EXIT_ERRORS : EXIT_OK;
}

export const LS: Command = {
  name: 'ls',
  synopsis: 'ARCHIVE [--json]',
  summary: 'entries (size, offset, compression, format, path) and archive diagnostics',
  help: `Lists every entry of an archive, nested archives included: size, data offset (hex, in the
decompressed bytes of the archive holding the entry), compression, detected format and full path
(folders end in /; entries of a nested archive carry its path: Root/inner.szs/Inner/f.bck). Then
the archive's diagnostics, one per line, and a summary.

ARCHIVE is a RARC (.arc, .szs, .rarc; plain or Yaz0) or Shenmue PKS (.pks; plain or gzip) file, or
an archive path naming a nested archive: Stage.arc/Root/inner.szs

Options:
  --json              one JSON document: archives, entries, diagnostics`,
  run: lsCommand,
};

export const EXTRACT: Command = {
  name: 'extract',
  synopsis: 'ARCHIVE [INNER…] -o DIR [--decompress] [--force]',
  summary: 'write entries under DIR (all, or the named inner paths)',
  help: `Writes the entries of ARCHIVE under DIR: all of them, or the inner paths named (a folder brings
everything below it; nested archives are reached like Root/inner.szs/Inner/f.bck). Nothing is
written outside DIR: absolute paths, "..", drive letters, control characters, duplicate names and
symlinks leading out of DIR are skipped with one line each (exit 1). Files already in DIR are not
replaced: they are listed and nothing is written (exit 2) unless --force. Each file is written to a
temporary file renamed into place, so a failed write leaves nothing behind.

Options:
  -o, --output DIR    where to write (created when missing)
  --decompress        write Yaz0- and gzip-compressed entries decompressed (gzip streamed to disk)
  --force             replace files that already exist in DIR`,
  run: extractCommand,
};
