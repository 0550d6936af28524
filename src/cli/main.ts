/**
 * `animscope` — info, validate, export, sample (and ls/extract for archives).
 * run() returns the exit code and never throws, so tests drive it directly; main() is the process
 * around it (bin/animscope.js). Help, usage errors, exit codes and error lines are handled here
 * for every command alike: a command only throws CliError / UsageError or returns its code.
 */
import * as fs from 'fs';
import { bugs, version } from '../../package.json';
import { parse } from './args';
import { checkSampleLimit, DEFAULT_MAX_SAMPLES, SampleLimitError, sampleStream } from '../kinds/sample';
import { exportJsonChunks } from '../export/files';
import { sampleJsonText } from '../export/serialize';
import { summarize } from '../kinds/summary';
import { hex } from '../formats/binary/diagnostics';
import type { Diagnostic } from '../formats/binary/diagnostics';
import type { DecodedFile } from '../formats/types';
import { grouped } from '../formats/binary/text';
import { baseName, decode } from '../formats/index';
import { formatsPhrase, specOf } from '../kinds/registry';
import { EXTRACT, LS, nodeFiles } from './archiveCommands';
import { countBySeverity, diagnosticLine, jsonForTerminal, plural, safe, terminalSafeJson } from './format';
import { ArchiveFolderError, collectValidationInputs, readAnimationInput } from './input';
import {
  CliError, CliIO, Command, EXIT_CODES_HELP, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, EXIT_UNREADABLE, fsReason, OutputClosed,
  UsageError,
} from './output';
import { formatSummary } from './summaryText';
import { openAtomicFile, printChunks, writeChunks, writeFileAtomic } from './outputFile';
import { POSE, TEXTURES } from './modelCommands';
import { GLTF } from './gltfCommand';
import { IMPORT } from './importCommand';
import { BUILD } from './buildCommand';
import { KEYS } from './keysCommand';

/** From package.json, so the CLI and the extension's exports carry the same generator string. */
export const VERSION: string = version;

/** Where `animscope` asks to report an internal error (package.json `bugs`). */
const BUGS_URL: string = bugs.url;

const FILE_HELP = `FILE may reach into a RARC archive (plain or Yaz0) or a Shenmue PKS (plain or gzip), nested
archives included: TripodBossCore.arc/TripodBossCore/Wait.btk, STAGE.PKS/MOTION.BIN`;

/**
 * Writes to a file descriptor synchronously, waiting while a non-blocking pipe is full (EAGAIN):
 * streamed output (`sample`) must not pile up in memory when the reader is slower.
 */
function writeAllSync(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

export const nodeIO: CliIO = {
  out: (text) => {
    process.stdout.write(text + '\n');
    // A write into a pipe already closed by its reader fails at once (the 'error' event comes later).
    if (process.stdout.errored) throw new OutputClosed(process.stdout.errored);
  },
  err: (text) => process.stderr.write(text + '\n'),
  writeFile: (path, data) => writeFileAtomic(path, Buffer.from(data)),
  write: (chunk) => {
    try {
      writeAllSync(1, chunk);
    } catch (e) {
      // the reader closed the pipe (`… | head`): stop the command at once, quietly
      if ((e as NodeJS.ErrnoException).code === 'EPIPE') throw new OutputClosed(e as NodeJS.ErrnoException);
      throw e;
    }
  },
  openFile: openAtomicFile,
  files: nodeFiles,
};


function requireOne(positionals: string[], command: string): string {
  if (positionals.length !== 1) throw new UsageError(`${command} takes exactly one FILE (got ${positionals.length})`);
  return positionals[0];
}

/**
 * Exit code for a file whose output was written (export, sample): 1 with one line on stderr when
 * the decoder found errors, so a script sees them and a user knows where to look.
 */
function exitForDiagnostics(io: CliIO, command: string, arg: string, diagnostics: readonly Diagnostic[]): number {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return EXIT_OK;
  const first = errors[0];
  io.err(safe(`animscope ${command}: ${arg} has ${plural(errors.length, 'error')} (first: ${first.code} at ` +
    `${hex(first.offset)}); \`animscope validate ${arg}\` lists them`));
  return EXIT_ERRORS;
}

/**
 * One file for info, export and sample, decoded. A file that is no format AnimScope reads is
 * refused (exit 2) rather than shown as an empty structure with UNKNOWN_FORMAT; `validate`
 * reports that code instead.
 */
function decodeInput(arg: string, options: { fileName?: 'base' } = {}): DecodedFile {
  const input = readAnimationInput(arg);
  const file = decode(input.bytes, options.fileName === 'base' ? baseName(input.name) : input.name);
  if (file.format === 'unknown') {
    throw new CliError(`${arg} is not a file AnimScope reads: ${file.diagnostics.find((d) => d.severity === 'error')?.message ?? 'unknown format'}`);
  }
  return file;
}

/** What `info` shows for a folder inside an archive: its entries, so the next command can name one. */
function listArchiveFolder(io: CliIO, folder: ArchiveFolderError, blankLine: boolean): void {
  if (blankLine) io.out('');
  io.out(safe(`${folder.arg}: folder in an archive, ${plural(folder.entries.length, 'entry', 'entries')}`));
  for (const e of folder.entries) {
    io.out(safe(e.kind === 'folder' ? `  ${e.name}/` : `  ${e.name}  (${plural(e.size, 'byte')})`));
  }
}

function info(args: string[], io: CliIO): number {
  const { positionals } = parse(args, {});
  if (positionals.length === 0) throw new UsageError('info needs at least one FILE');
  let code = EXIT_OK;
  for (const [i, arg] of positionals.entries()) {
    try {
      const file = decodeInput(arg);
      if (i > 0) io.out('');
      io.out(formatSummary(summarize(file), arg));
      if (file.diagnostics.some((d) => d.severity === 'error')) code = Math.max(code, EXIT_ERRORS);
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      io.err(safe(`animscope info: ${e.message}`));
      if (e instanceof ArchiveFolderError) listArchiveFolder(io, e, i > 0);
      code = EXIT_UNREADABLE;
    }
  }
  return code;
}

function validate(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { json: { type: 'boolean' } });
  if (positionals.length === 0) throw new UsageError('validate needs at least one FILE or DIR');
  const { inputs, archives, unreadable } = collectValidationInputs(positionals);
  const results: { file: string; format: string; diagnostics: Diagnostic[] }[] = archives
    .filter((a) => a.diagnostics.length > 0)
    .map((a) => ({ file: a.display, format: 'archive', diagnostics: a.diagnostics }));
  for (const input of inputs) {
    const file = decode(input.bytes, input.name);
    results.push({ file: input.display, format: file.format, diagnostics: [...input.containerDiagnostics, ...file.diagnostics] });
  }
  let errors = 0, warnings = 0;
  for (const r of results) {
    const c = countBySeverity(r.diagnostics);
    errors += c.error;
    warnings += c.warning;
  }
  if (values.json) {
    io.out(jsonForTerminal({ files: results, unreadable }, 1));
  } else {
    for (const r of results) for (const d of r.diagnostics) io.out(diagnosticLine(r.file, d));
    for (const u of unreadable) io.err(safe(`animscope validate: ${u.message}`));
    io.out(`${plural(inputs.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
      (unreadable.length ? `, ${unreadable.length} unreadable` : ''));
  }
  if (unreadable.length > 0) return EXIT_UNREADABLE;
  return errors > 0 ? EXIT_ERRORS : EXIT_OK;
}

function exportCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' } });
  const arg = requireOne(positionals, 'export');
  // The file's own name, as the editor's "Export to JSON" has it (not the path typed here).
  const file = decodeInput(arg, { fileName: 'base' });
  // Streamed as the editor's Export to JSON writes it: motion.bin's document is 100 MB of text.
  const outPath = values.output as string | undefined;
  if (outPath) writeChunks(io, outPath, exportJsonChunks(file, VERSION).chunks);
  else printChunks(io, exportJsonChunks(file, VERSION, { compact: true }).chunks, terminalSafeJson);
  return exitForDiagnostics(io, 'export', arg, file.diagnostics);
}

/** `--max-samples N`: a non-negative integer. */
function maxSamplesOption(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_SAMPLES;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n)) throw new CliError(`--max-samples needs a whole number of samples (got ${JSON.stringify(text)})`);
  return n;
}

function sample(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { animation: { type: 'string' }, output: { type: 'string', short: 'o' }, 'max-samples': { type: 'string' } });
  const arg = requireOne(positionals, 'sample');
  const maxSamples = maxSamplesOption(values['max-samples'] as string | undefined);
  const file = decodeInput(arg);
  if (file.model) throw new CliError(`${arg} is a model, not an animation: nothing to sample (\`animscope pose ${arg} ANIMATION…\` poses it)`);
  if (!file.anim) throw new CliError(`nothing to sample in ${arg}: ${file.diagnostics.find((d) => d.severity === 'error')?.message ?? 'not an animation'}`);
  const animation = values.animation as string | undefined;
  const stream = sampleStream(file, { animation });
  if (animation !== undefined && stream.animationCount === 0) {
    if (stream.skipped?.includes(animation)) throw new CliError(`nothing written: animation ${JSON.stringify(animation)} is not in the standard ${specOf(stream.format).label} layout and cannot be sampled`);
    throw new CliError(`there is no animation ${JSON.stringify(animation)} in ${arg} (\`animscope info ${arg}\` lists the names)`);
  }
  const { groups } = specOf(stream.format);
  const severalAnimations = !!groups.separate;
  try {
    checkSampleLimit(stream, arg, maxSamples);
  } catch (e) {
    if (!(e instanceof SampleLimitError)) throw e;
    throw new CliError(`nothing written: ${e.message}; pass --max-samples ${e.samples} to write it anyway${severalAnimations ? `, or --animation NAME for one ${groups.noun.toLowerCase()}` : ''}`);
  }
  // Streamed: one track at a time, never the whole document as one string; the same text printed or to -o.
  const outPath = values.output as string | undefined;
  if (outPath) writeChunks(io, outPath, sampleJsonText(stream));
  else printChunks(io, sampleJsonText(stream));
  return exitForDiagnostics(io, 'sample', arg, file.diagnostics);
}

/** Every command, in the order `animscope --help` lists them: a new command is one entry here. */
const COMMANDS: readonly Command[] = [
  {
    name: 'info', synopsis: 'FILE…', summary: 'readable summary (format, duration, loop mode, counts, names)', run: info,
    help: `A readable summary of each animation: format, size, duration, loop mode, counts, names and how
many diagnostics of each severity the decoder found.

${FILE_HELP}`,
  },
  {
    name: 'validate', synopsis: '[--json] FILE|DIR…', summary: 'diagnostics, one per line with offset and code', run: validate,
    help: `Checks files the way the game reads them and prints each diagnostic on one line:
FILE OFFSET SEVERITY CODE message (codes: README "Diagnostics"), then a summary. A folder is
searched recursively for animations and archives; an archive is checked with every animation in it.

${FILE_HELP}

Options:
  --json              one JSON document: files (with their diagnostics) and unreadable paths`,
  },
  {
    name: 'export', synopsis: 'FILE [-o OUT]', summary: 'decoded structure with spans as JSON (schema/animscope-export.schema.json)', run: exportCommand,
    help: `The decoded structure of one animation as JSON, every field with its byte offset and size, plus
the summary and the diagnostics (schema: schema/animscope-export.schema.json). With -o, byte for
byte what the editor's "Export to JSON" writes (which adds a model section when a model is bound).

${FILE_HELP}

Options:
  -o, --output OUT    write to OUT (pretty-printed) instead of standard output (one line)`,
  },
  {
    name: 'sample', synopsis: 'FILE [--animation NAME] [-o OUT] [--max-samples N]', summary: 'values at every frame, as JSON', run: sample,
    help: `The value of every track at every frame, as JSON: {format, animations: [{name, duration,
loopMode, tracks: [{path, values}]}]}, evaluated the way the game does. Written as it is computed,
one track at a time; refused when it would hold more than N samples (one per track and frame, plus
MOTN keys; default ${grouped(DEFAULT_MAX_SAMPLES)}). One line, printed or with -o, byte for byte what
the editor's "Export Sampled Curves" writes as JSON.

${FILE_HELP}

Options:
  --animation NAME    only this animation (a MOTN sequence name)
  -o, --output OUT    write to OUT instead of standard output (the same text)
  --max-samples N     allow up to N samples`,
  },
  KEYS,
  BUILD,
  LS,
  EXTRACT,
  TEXTURES,
  POSE,
  GLTF,
  IMPORT,
];

const NAME_WIDTH = 38;

function usageLine(c: Command): string {
  return `animscope ${c.name} ${c.synopsis}`;
}

function overview(): string {
  const rows = COMMANDS.map((c) => {
    const left = `  ${usageLine(c)}`;
    return left.length + 2 <= NAME_WIDTH ? left.padEnd(NAME_WIDTH) + c.summary : `${left}\n${' '.repeat(NAME_WIDTH)}${c.summary}`;
  });
  return `animscope ${VERSION} — inspect ${formatsPhrase()}

Usage:
${rows.join('\n')}
  animscope help COMMAND              help for one command (also: animscope COMMAND --help)

${FILE_HELP}

${EXIT_CODES_HELP}`;
}

function commandHelp(c: Command): string {
  return `Usage: ${usageLine(c)}\n\n${c.help}\n  -h, --help          this help\n\n${EXIT_CODES_HELP}`;
}

/** `-h` / `--help` anywhere before a `--`. */
function wantsHelp(args: string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a === '-h' || a === '--help') return true;
  }
  return false;
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    throw new UsageError(`unknown command "${name}": the commands are ${COMMANDS.map((c) => c.name).join(', ')}`);
  }
  return command;
}

function dispatch(argv: string[], io: CliIO): number | Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    io.err(overview());
    return EXIT_UNREADABLE;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.out(overview());
    return EXIT_OK;
  }
  if (name === '--version' || name === '-V') {
    io.out(VERSION);
    return EXIT_OK;
  }
  if (name === 'help') {
    if (rest.length > 1) throw new UsageError('help takes one COMMAND');
    io.out(commandHelp(findCommand(rest[0])));
    return EXIT_OK;
  }
  const command = findCommand(name);
  if (wantsHelp(rest)) {
    io.out(commandHelp(command));
    return EXIT_OK;
  }
  if (command.runAsync) return command.runAsync(rest, io);
  return command.run!(rest, io);
}

/** The stack of an internal error is printed only with ANIMSCOPE_DEBUG=1 (or any value but 0/empty). */
function debugEnabled(): boolean {
  const v = process.env.ANIMSCOPE_DEBUG;
  return v !== undefined && v !== '' && v !== '0';
}

/**
 * Runs one command line and returns the exit code. Never throws and never prints a stack trace
 * (unless ANIMSCOPE_DEBUG is set): every failure is one line on `io.err`.
 */
export function run(argv: string[], io: CliIO = nodeIO): number {
  const label = commandLabel(argv);
  try {
    const result = dispatch(argv, io);
    if (typeof result === 'number') return result;
    // An asynchronous command (gltf) through the synchronous entry: only runAsync can wait for it.
    result.catch(() => undefined);
    io.err(`${label}: internal error: this command runs through runAsync()`);
    return EXIT_INTERNAL;
  } catch (e) {
    return failure(e, label, io);
  }
}

/** run() for every command, the asynchronous ones (gltf) included: main() uses it. */
export async function runAsync(argv: string[], io: CliIO = nodeIO): Promise<number> {
  const label = commandLabel(argv);
  try {
    return await dispatch(argv, io);
  } catch (e) {
    return failure(e, label, io);
  }
}

function commandLabel(argv: string[]): string {
  return argv[0] && COMMANDS.some((c) => c.name === argv[0]) ? `animscope ${argv[0]}` : 'animscope';
}

/** The one line (and exit code) of a failure: never a stack trace unless ANIMSCOPE_DEBUG is set. */
function failure(e: unknown, label: string, io: CliIO): number {
  if (e instanceof OutputClosed) {
    if (e.failure.code === 'EPIPE') return EXIT_OK;
    io.err(`animscope: cannot write to standard output: ${fsReason(e.failure)}`);
    return EXIT_UNREADABLE;
  }
  if (e instanceof UsageError) {
    const help = label === 'animscope' ? 'animscope --help' : `${label} --help`;
    io.err(safe(`${label}: ${e.message}; see \`${help}\``));
    return e.exitCode;
  }
  if (e instanceof CliError) {
    io.err(safe(`${label}: ${e.message}`));
    return e.exitCode;
  }
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  io.err(safe(`${label}: internal error (a bug in animscope ${VERSION}): ${what}. ` +
    `Please report it at ${BUGS_URL} with the command line and the file; ANIMSCOPE_DEBUG=1 prints the stack.`));
  if (debugEnabled() && e instanceof Error && e.stack) io.err(e.stack);
  return EXIT_INTERNAL;
}

/**
 * The process around run(): `bin/animscope.js` calls this. A reader that stops early
 * (`animscope export X | head`) closes the pipe: the next write fails with EPIPE, and the
 * command ends quietly with status 0 instead of an unhandled 'error' event.
 */
export function main(argv: string[]): void {
  const exitOnStreamError = (e: NodeJS.ErrnoException): void => {
    // EPIPE: the reader is gone, and so is anyone to tell. Anything else was already said by run()
    // when it happened during a write; a late one (the write was queued) is said here.
    if (e.code !== 'EPIPE' && process.exitCode !== EXIT_UNREADABLE) {
      try { process.stderr.write(`animscope: cannot write to standard output: ${fsReason(e)}\n`); } catch { /* nowhere to say it */ }
    }
    process.exit(e.code === 'EPIPE' ? EXIT_OK : EXIT_UNREADABLE);
  };
  process.stdout.on('error', exitOnStreamError);
  process.stderr.on('error', exitOnStreamError);
  // Synchronous commands set the status before a late stream error is handled (it reads it).
  if (COMMANDS.find((c) => c.name === argv[0])?.runAsync) void runAsync(argv).then((code) => { process.exitCode = code; });
  else process.exitCode = run(argv);
}

if (require.main === module) main(process.argv.slice(2));
