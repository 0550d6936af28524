/**
 * `animscope build DOC.json -o OUT`: an export (schema v3) back to the animation's bytes
 * (src/write). A document it cannot take is one line naming the JSON path, exit 2, and nothing
 * written; the file is written to a temporary file and renamed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { decode } from '../formats/index';
import { plural } from '../formats/binary/text';
import { hex } from '../formats/binary/diagnostics';
import { buildFromKeys } from '../write/buildFromKeys';
import { splitArchivePath } from '../formats/archive/archive-path';
import { isAnyArchive } from '../formats/archive/archive';
import { isFileSync, readFileBytes } from '../formats/archive/node';
import { addArchiveEntry, ArchiveEntryMissing, ArchiveWriteError, replaceArchiveEntry } from '../write/archive/replaceEntry';
import { buildFromExport, isExportDocument } from '../write/exportBuild';
import { BuildInputError, isObject } from '../write/input';
import { parse } from './args';
import { safe } from './format';
import { outputFileError, writeFileAtomic } from './outputFile';
import { CliError, CliIO, Command, EXIT_ERRORS, EXIT_OK, fsReason, UsageError } from './output';

/** Larger than any export (motion.bin's is about 100 MB): a bound on what one read may hold. */
const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;

function readDocument(file: string): unknown {
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) throw new CliError(`${file} is a folder, not a file: name a JSON document (an export or a keys form)`);
    const size = stat.size;
    if (size > MAX_DOCUMENT_BYTES) throw new CliError(`cannot read ${file}: larger than ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB`);
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read ${file}: ${fsReason(e)}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${file} is not JSON: ${(e as Error).message}`);
  }
}

/** The bytes a document describes; a value it cannot take is a CliError (exit 2) naming its JSON path. */
export function buildDocument(doc: unknown, file: string): Uint8Array {
  try {
    if (isObject(doc) && doc.keysVersion !== undefined) return buildFromKeys(doc);
    if (!isObject(doc) || !isExportDocument(doc)) {
      throw new BuildInputError('', 'neither an AnimScope export nor a keys form (`animscope export FILE -o DOC.json` or `animscope keys FILE -o KEYS.json` writes one)');
    }
    return buildFromExport(doc);
  } catch (e) {
    if (e instanceof BuildInputError) throw new CliError(`${file}: ${e.message}`);
    throw e;
  }
}

/** `-o Kuribo.arc/kuribo/Walk.bck`: the archive file and the path inside it; undefined for a plain output path. */
function intoArchive(outPath: string): { archivePath: string; innerPath: string } | undefined {
  if (isFileSync(outPath)) return undefined;
  const split = splitArchivePath(outPath, isFileSync);
  if (!split) return undefined;
  let head: Uint8Array;
  try {
    head = readFileBytes(split.archivePath);
  } catch (e) {
    throw new CliError(`cannot read ${split.archivePath}: ${fsReason(e)}`);
  }
  return isAnyArchive(head) ? split : undefined;
}

/**
 * Writes `bytes` as the entry `innerPath` of the archive file (temp + rename of the whole archive);
 * an entry the archive does not hold is added to its folder (RARC). Says what changed.
 */
function writeIntoArchive(archivePath: string, innerPath: string, bytes: Uint8Array): string {
  const before = readFileBytes(archivePath);
  let after: Uint8Array;
  let added = false;
  try {
    try {
      after = replaceArchiveEntry(before, innerPath, bytes);
    } catch (e) {
      if (!(e instanceof ArchiveEntryMissing)) throw e;
      after = addArchiveEntry(before, innerPath, bytes);
      added = true;
    }
  } catch (e) {
    if (e instanceof ArchiveWriteError) throw new CliError(`cannot write into ${archivePath}: ${e.message}`);
    throw e;
  }
  if (after === before) return `; ${archivePath} unchanged (the entry already holds these bytes)`;
  try {
    writeFileAtomic(archivePath, after);
  } catch (e) {
    throw outputFileError(archivePath, e);
  }
  const size = (n: number): string => n.toLocaleString('en-US');
  return `; ${added ? 'added to' : 'written into'} ${archivePath} (${size(after.length)} bytes, was ${size(before.length)})`;
}

function buildCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' } });
  if (positionals.length !== 1) throw new UsageError(`build takes exactly one JSON document (got ${positionals.length})`);
  const outPath = values.output as string | undefined;
  if (!outPath) throw new UsageError('build needs an output file: -o OUT');
  const file = positionals[0];
  const bytes = buildDocument(readDocument(file), file);
  const into = intoArchive(outPath);
  const written = into ? writeIntoArchive(into.archivePath, into.innerPath, bytes) : undefined;
  if (!into) {
    try {
      writeFileAtomic(outPath, bytes);
    } catch (e) {
      throw outputFileError(outPath, e);
    }
  }
  // What the game would read of it: the built file's own diagnostics, as `export` reports them.
  const built = decode(bytes, path.basename(outPath));
  const errors = built.diagnostics.filter((d) => d.severity === 'error');
  io.out(safe(`${outPath}: ${plural(bytes.length, 'byte')} (${built.format})${written ?? ''}`));
  if (errors.length === 0) return EXIT_OK;
  io.err(safe(`animscope build: ${outPath} has ${plural(errors.length, 'error')} (first: ${errors[0].code} at ${hex(errors[0].offset)}); ` +
    `\`animscope validate ${outPath}\` lists them`));
  return EXIT_ERRORS;
}

export const BUILD: Command = {
  name: 'build', synopsis: 'DOC.json -o OUT', summary: 'write an animation from its JSON export (byte for byte) or BCK / MOTN keys form', run: buildCommand,
  help: `Writes the animation an export describes (\`animscope export FILE -o DOC.json\`, schema 3):
every field's value at its offset, then the document's rawBytes (padding, gaps and other bytes the
values do not give back). An unedited export builds to the original bytes (decompressed: an
archive entry or a Yaz0 file builds to its contents); an edited value lands in its field.
A value the document cannot hold there (wrong type, out of the field's range, past the end of the
file) stops the build with one line naming its JSON path (exit 2), and nothing is written; the file
is written to a temporary file and renamed. Exit 1 when the built file has error diagnostics.

A keys form (\`animscope keys FILE -o KEYS.json\`) of a BCK or a MOTN is laid out the way the games'
converter does (docs/writing.md): it samples like the file it came from; the other kinds come later.

OUT may name an entry inside an archive (\`-o Kuribo.arc/kuribo/Walk.bck\`, nested archives too): the
archive is written back with every other entry byte-identical, its folders and order kept, and
compressed again the way it was (Yaz0, gzip); an entry it does not hold is added to its folder
(RARC only; the folder must exist).

Options:
  -o, --output OUT    the file to write, or an entry of an archive`,
};
