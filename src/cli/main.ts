/**
 * `animscope` — info, validate, export, sample (and ls/extract for archives).
 * run() returns the exit code; nothing here calls process.exit, so tests drive it directly.
 */
import * as fs from 'fs';
import packageJson from '../../package.json';
import { parse } from './args';
import { checkSampleLimit, DEFAULT_MAX_SAMPLES, SampleLimitError, sampleStream } from '../anim/sample';
import { exportDecoded } from '../export/json';
import { jsonFileText, sampleDocument, writeJson } from '../export/serialize';
import { summarize } from '../export/summary';
import type { Diagnostic } from '../formats/binary/diagnostics';
import { decode } from '../formats/index';
import { ARCHIVE_USAGE, extractCommand, lsCommand, nodeFiles } from './archiveCommands';
import { countBySeverity, diagnosticLine, plural } from './format';
import { collectValidationInputs, readAnimationInput } from './input';
import { CliError, CliIO, EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE } from './output';
import { formatSummary } from './summaryText';

/** From package.json, so the CLI and the extension's exports carry the same generator string. */
export const VERSION: string = packageJson.version;

const USAGE = `animscope ${VERSION} — inspect J3D (BCK, BTK, BRK) and Shenmue MOTN animations

Usage:
  animscope info FILE…                 readable summary (format, duration, loop mode, counts, names)
  animscope validate [--json] FILE|DIR…  diagnostics, one per line with offset and code
  animscope export FILE [-o OUT]        decoded structure with spans as JSON (schema/animscope-export.schema.json)
  animscope sample FILE [--animation NAME] [-o OUT] [--max-samples N]
                                        values at every frame, as JSON (refused past N samples,
                                        default ${DEFAULT_MAX_SAMPLES.toLocaleString('en-US')}: one per track and frame, plus MOTN keys)
${ARCHIVE_USAGE}

FILE may reach into a RARC archive (plain or Yaz0) or a Shenmue PKS (plain or gzip), nested
archives included: TripodBossCore.arc/TripodBossCore/Wait.btk, STAGE.PKS/MOTION.BIN
Exit codes: 0 no errors, 1 errors found, 2 a file could not be read or bad usage.`;

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
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
  writeFile: (path, data) => fs.writeFileSync(path, data),
  write: (chunk) => writeAllSync(1, chunk),
  openFile: (path) => {
    const fd = fs.openSync(path, 'w');
    return { write: (chunk) => fs.writeSync(fd, chunk), close: () => fs.closeSync(fd) };
  },
  files: nodeFiles,
};

function emitJson(io: CliIO, value: unknown, outPath: string | undefined): void {
  if (outPath) io.writeFile(outPath, jsonFileText(value));
  else io.out(JSON.stringify(value));
}

function requireOne(positionals: string[], command: string): string {
  if (positionals.length !== 1) throw new CliError(`${command} takes exactly one FILE (got ${positionals.length}).\n\n${USAGE}`);
  return positionals[0];
}

function info(args: string[], io: CliIO): number {
  const { positionals } = parse(args, {});
  if (positionals.length === 0) throw new CliError(`info needs at least one FILE.\n\n${USAGE}`);
  let code = EXIT_OK;
  for (const [i, arg] of positionals.entries()) {
    try {
      const input = readAnimationInput(arg);
      const file = decode(input.bytes, input.name);
      if (i > 0) io.out('');
      io.out(formatSummary(summarize(file), arg));
      if (file.diagnostics.some((d) => d.severity === 'error')) code = Math.max(code, EXIT_ERRORS);
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      io.err(`${arg}: ${e.message}`);
      code = EXIT_UNREADABLE;
    }
  }
  return code;
}

function validate(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { json: { type: 'boolean' } });
  if (positionals.length === 0) throw new CliError(`validate needs at least one FILE or DIR.\n\n${USAGE}`);
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
    io.out(JSON.stringify({ files: results, unreadable }, null, 1));
  } else {
    for (const r of results) for (const d of r.diagnostics) io.out(diagnosticLine(r.file, d));
    for (const u of unreadable) io.err(`${u.file}: ${u.message}`);
    io.out(`${plural(inputs.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
      (unreadable.length ? `, ${unreadable.length} unreadable` : ''));
  }
  if (unreadable.length > 0) return EXIT_UNREADABLE;
  return errors > 0 ? EXIT_ERRORS : EXIT_OK;
}

function exportCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' } });
  const arg = requireOne(positionals, 'export');
  const input = readAnimationInput(arg);
  const file = decode(input.bytes, input.name);
  emitJson(io, exportDecoded(file, `animscope ${VERSION}`), values.output as string | undefined);
  return file.diagnostics.some((d) => d.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
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
  const input = readAnimationInput(arg);
  const file = decode(input.bytes, input.name);
  if (!file.anim) throw new CliError(`nothing to sample: ${file.diagnostics.find((d) => d.severity === 'error')?.message ?? 'not an animation'}`, EXIT_ERRORS);
  const animation = values.animation as string | undefined;
  const stream = sampleStream(file, { animation });
  if (animation !== undefined && stream.animationCount === 0) {
    const why = stream.skipped?.includes(animation) ? 'is not in the standard MOTN layout and cannot be sampled' : `is not in ${arg}`;
    throw new CliError(`animation ${JSON.stringify(animation)} ${why}`, EXIT_ERRORS);
  }
  try {
    checkSampleLimit(stream, arg, maxSamples);
  } catch (e) {
    if (!(e instanceof SampleLimitError)) throw e;
    throw new CliError(`${e.message}; pass --max-samples ${e.samples} to write it anyway${stream.format === 'motn' ? ', or --animation NAME for one sequence' : ''}`, EXIT_ERRORS);
  }
  // Streamed: one track at a time, never the whole document as one string.
  const doc = sampleDocument(stream);
  const outPath = values.output as string | undefined;
  if (outPath) {
    if (io.openFile) {
      const out = io.openFile(outPath);
      try {
        writeJson(doc, (chunk) => out.write(chunk), 1);
        out.write('\n');
      } finally {
        out.close();
      }
    } else {
      const chunks: string[] = [];
      writeJson(doc, (chunk) => chunks.push(chunk), 1);
      io.writeFile(outPath, chunks.join('') + '\n');
    }
  } else if (io.write) {
    const write = io.write;
    writeJson(doc, (chunk) => write(chunk));
    write('\n');
  } else {
    const chunks: string[] = [];
    writeJson(doc, (chunk) => chunks.push(chunk));
    io.out(chunks.join(''));
  }
  return EXIT_OK;
}

const COMMANDS: Record<string, (args: string[], io: CliIO) => number> = {
  info,
  validate,
  export: exportCommand,
  sample,
  ls: lsCommand,
  extract: extractCommand,
};

export function run(argv: string[], io: CliIO = nodeIO): number {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? EXIT_OK : EXIT_UNREADABLE;
  }
  if (command === '--version' || command === '-V') {
    io.out(VERSION);
    return EXIT_OK;
  }
  const handler = COMMANDS[command];
  if (!handler) {
    io.err(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
    return EXIT_UNREADABLE;
  }
  try {
    return handler(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`animscope ${command}: ${e.message}`);
      return e.exitCode;
    }
    throw e;
  }
}

if (require.main === module) {
  process.exitCode = run(process.argv.slice(2));
}
