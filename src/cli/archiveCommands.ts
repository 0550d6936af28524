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
import { DiagnosticSink } from '../formats/binary/diagnostics';
import {
  AnyArchive, ArchiveEntry, compressionOf, decompressEntry, extractAny, listArchiveTree,
} from '../formats/archive/archive';
import { locateInArchive, safeExtractPath } from '../formats/archive/archive-path';
import { countBySeverity, diagnosticLine, plural } from './format';
import { readPathInput } from './input';
import { CliError, CliFileSystem, CliIO, EXIT_ERRORS, EXIT_OK } from './output';

export const ARCHIVE_USAGE = `  animscope ls ARCHIVE [--json]         entries (size, offset, compression, format, path) and archive diagnostics
  animscope extract ARCHIVE [INNER…] -o DIR [--decompress]
                                        write entries under DIR (all, or the named inner paths)`;

export const nodeFiles: CliFileSystem = {
  mkdir: (p) => fs.mkdirSync(p),
  writeBytes: (p, data) => fs.writeFileSync(p, data),
  lstat: (p) => {
    let st: fs.Stats;
    try { st = fs.lstatSync(p); } catch { return undefined; }
    return st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other';
  },
  realpath: (p) => {
    try { return fs.realpathSync(p); } catch { return undefined; }
  },
};

/** The archive's bytes: a file, or an archive path naming a nested archive (`X.arc/Root/inner.szs`). */
const readArchiveInput = readPathInput;

function offsetText(n: number): string {
  return '0x' + n.toString(16).toUpperCase().padStart(8, '0');
}

function describeArchive(a: AnyArchive): string {
  const kind = a.kind.toUpperCase();
  return a.container === 'none' ? `${kind}, ${a.bytes.length} bytes` : `${kind}, ${a.container} ${a.compressedSize} → ${a.bytes.length} bytes`;
}

/** `animscope ls`. */
export function lsCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new CliError(`ls takes exactly one ARCHIVE (got ${positionals.length}).`);
  const arg = positionals[0];
  const input = readArchiveInput(arg);
  const tree = listArchiveTree(input.bytes);
  const fileOf = (archiveIndex: number): string => {
    const p = tree.archives[archiveIndex].path;
    return p ? `${arg}/${p}` : arg;
  };
  const diagnostics: { file: string; d: Diagnostic }[] = input.diagnostics.map((d) => ({ file: arg, d }));
  tree.archives.forEach((a, i) => { for (const d of a.diagnostics) diagnostics.push({ file: fileOf(i), d }); });
  const counts = countBySeverity(diagnostics.map((x) => x.d));

  if (values.json) {
    io.out(JSON.stringify({
      archive: arg,
      archives: tree.archives.map((a) => ({
        path: a.path, depth: a.depth, kind: a.archive.kind, container: a.archive.container,
        size: a.archive.bytes.length, ...(a.archive.compressedSize !== undefined ? { compressedSize: a.archive.compressedSize } : {}),
      })),
      entries: tree.items.map((it) => ({
        path: it.path, name: it.entry.name, kind: it.entry.kind, size: it.entry.size, dataOffset: it.entry.dataOffset,
        compression: it.entry.compression, format: it.entry.format, depth: it.depth, archive: it.archive,
        ...(it.entry.suspicious ? { suspicious: true } : {}),
      })),
      diagnostics: diagnostics.map(({ file, d }) => ({ file, ...d })),
    }, null, 1));
  } else {
    io.out(`${arg}: ${describeArchive(tree.archives[0].archive)}`);
    io.out(`${'SIZE'.padStart(10)}  ${'OFFSET'.padEnd(10)}  ${'COMP'.padEnd(4)}  ${'FORMAT'.padEnd(7)}  PATH`);
    for (const it of tree.items) {
      const e = it.entry;
      if (e.kind === 'folder') {
        io.out(`${'-'.padStart(10)}  ${'-'.padEnd(10)}  ${'-'.padEnd(4)}  ${'folder'.padEnd(7)}  ${it.path}/`);
      } else {
        io.out(`${String(e.size).padStart(10)}  ${offsetText(e.dataOffset)}  ${e.compression.padEnd(4)}  ${e.format.padEnd(7)}  ${it.path}`);
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
 * Writes `data` at `rel` (a safeExtractPath result) under `root` (a real path), or creates the
 * folder `rel` when `data` is undefined. Returns the path written; throws CliError with the
 * reason when it refuses.
 */
function safeWrite(files: CliFileSystem, root: string, rel: string, data: Uint8Array | undefined): string {
  const segments = rel.split('/');
  let dir = root;
  const count = data === undefined ? segments.length : segments.length - 1;
  for (let i = 0; i < count; i++) {
    const next = path.join(dir, segments[i]);
    const kind = files.lstat(next);
    if (kind === undefined) {
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
  if (data === undefined) return dir;
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
  files.writeBytes(target, data);
  return target;
}

/** `animscope extract`. */
export function extractCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' }, decompress: { type: 'boolean' } });
  if (positionals.length === 0) throw new CliError('extract needs an ARCHIVE (and optionally inner paths).');
  const outDir = values.output as string | undefined;
  if (!outDir) throw new CliError('extract needs an output folder: -o DIR.');
  const files = io.files ?? nodeFiles;
  const [arg, ...inner] = positionals;
  const input = readArchiveInput(arg);
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
        io.err(`extract: ${arg}/${p}: not found`);
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

  // Output folder (given by the user: trusted, created when missing).
  try {
    fs.mkdirSync(outDir, { recursive: true });
  } catch (e) {
    throw new CliError(`cannot create ${outDir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const root = files.realpath(outDir);
  if (!root) throw new CliError(`cannot resolve ${outDir}`);

  const written = new Set<string>();
  let fileCount = 0;
  let bytesWritten = 0;
  for (const item of items) {
    const rel = safeExtractPath(item.path);
    if (rel === undefined) {
      io.err(`extract: refusing unsafe path ${JSON.stringify(item.path)} (absolute, \`..\`, backslash, drive letter, control or reserved characters); skipped`);
      errors++;
      continue;
    }
    const key = rel.toLowerCase();
    if (item.entry.kind === 'file' && written.has(key)) {
      io.err(`extract: ${JSON.stringify(item.path)} was already written (duplicate name); skipped`);
      errors++;
      continue;
    }
    let data: Uint8Array | undefined;
    if (item.entry.kind === 'file') {
      data = extractAny(item.archive, item.entry);
      // The entry's own bytes decide (path lookups do not run format detection).
      if (values.decompress && compressionOf(data) !== 'none') {
        const sink = new DiagnosticSink();
        data = decompressEntry(data, sink);
        for (const d of sink.finish()) diagnostics.push({ file: `${arg}/${item.path}`, d });
      }
    }
    try {
      safeWrite(files, root, rel, data);
      if (data !== undefined) {
        written.add(key);
        fileCount++;
        bytesWritten += data.length;
        io.out(`wrote ${path.join(outDir, ...rel.split('/'))} (${data.length} bytes)`);
      }
    } catch (e) {
      if (!(e instanceof CliError)) {
        io.err(`extract: cannot write ${JSON.stringify(item.path)}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      } else {
        io.err(`extract: refusing ${JSON.stringify(item.path)}: ${e.message}; skipped`);
      }
      errors++;
    }
  }
  for (const { file, d } of diagnostics) io.out(diagnosticLine(file, d));
  const counts = countBySeverity(diagnostics.map((x) => x.d));
  io.out(`${plural(fileCount, 'file')} (${bytesWritten} bytes) written to ${outDir}` +
    (errors ? `, ${plural(errors, 'path')} skipped` : '') + (counts.error ? `, ${plural(counts.error, 'archive error')}` : ''));
  return errors > 0 || counts.error > 0 ? EXIT_ERRORS : EXIT_OK;
}
