/**
 * Every `-o` of every command goes through here: a file (`export`, `sample`) or a folder
 * (`textures`, `extract`). A file is written into a temporary sibling and renamed over the target
 * at the end, so a failure leaves nothing behind and the target as it was. Failures are CliError
 * with the reason in words (exit 2), never a raw `EISDIR`/`ENOENT`/`EEXIST`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { partialPath } from '../export/chunkedFile';
import { CliError, CliFileSystem, CliIO, fsReason, OutputFile } from './output';

/** Node's file system: a temporary sibling of `target`, renamed over it by commit(). */
export function openAtomicFile(target: string): OutputFile {
  // Renaming onto a folder would fail only at the end, after all the work.
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw Object.assign(new Error(`${target} is a folder`), { code: 'EISDIR' });
  }
  const partial = partialPath(target);
  const fd = fs.openSync(partial, 'wx');
  let open = true;
  const close = (): void => {
    if (open) { open = false; fs.closeSync(fd); }
  };
  return {
    write: (chunk) => {
      const bytes = Buffer.from(chunk);
      for (let done = 0; done < bytes.length;) done += fs.writeSync(fd, bytes, done);
    },
    commit: () => {
      close();
      fs.renameSync(partial, target);
    },
    abort: () => {
      try { close(); } catch { /* already failing */ }
      fs.rmSync(partial, { force: true });
    },
  };
}

/** Writes one chunk; called in order. */
export type ChunkWriter = (chunk: Uint8Array) => void;

let tempCounter = 0;

/** A short name in the target's folder (a long target name plus a suffix could pass the 255-byte limit). */
function tempNameFor(target: string): string {
  return path.join(path.dirname(target), `.animscope-${process.pid}-${++tempCounter}.tmp`);
}

/**
 * Creates `target` (replacing a file there) with what `produce` writes, through a temporary file
 * renamed into place. Throws fs errors (and whatever `produce` throws) after removing the
 * temporary file.
 */
export function writeFileViaTemp(target: string, produce: (write: ChunkWriter) => void): void {
  const temp = tempNameFor(target);
  // 'wx': never opens something that exists (a symlink planted under the temporary name included).
  let fd: number | undefined = fs.openSync(temp, 'wx', 0o666);
  try {
    const handle = fd;
    produce((chunk) => {
      for (let done = 0; done < chunk.length;) done += fs.writeSync(handle, chunk, done, chunk.length - done);
    });
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, target);
  } catch (e) {
    if (fd !== undefined) {
      try { fs.closeSync(fd); } catch { /* already failing */ }
    }
    try { fs.unlinkSync(temp); } catch { /* nothing left to remove */ }
    throw e;
  }
}

/** Writes a whole file the same way (textures' PNGs, extracted entries). */
export function writeFileAtomic(target: string, data: Uint8Array): void {
  writeFileViaTemp(target, (write) => write(data));
}

/** Why `-o FILE` cannot be written, in words. */
export function outputFileError(outPath: string, e: unknown): CliError {
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? `the folder ${path.dirname(outPath)} does not exist`
    : code === 'EISDIR' ? 'it is a folder; give a file name'
      : code === 'ENOTDIR' ? `${path.dirname(outPath)} is not a folder`
        : fsReason(e);
  return new CliError(`cannot write ${outPath}: ${why}`);
}

const isFsError = (e: unknown): boolean => typeof (e as NodeJS.ErrnoException | undefined)?.code === 'string' && e instanceof Error;

/**
 * `-o FILE`: `produce` writes the content in chunks. Through `io.openFile` when the IO has one
 * (the process: atomic), else the chunks are joined and handed to `io.writeFile` (tests).
 */
export function writeOutputFile(io: CliIO, outPath: string, produce: (write: (chunk: string) => void) => void): void {
  let file: OutputFile;
  try {
    file = io.openFile ? io.openFile(outPath) : bufferedFile(io, outPath);
  } catch (e) {
    if (!isFsError(e)) throw e;
    throw outputFileError(outPath, e);
  }
  try {
    produce((chunk) => file.write(chunk));
    file.commit();
  } catch (e) {
    file.abort();
    if (!isFsError(e)) throw e;
    throw outputFileError(outPath, e);
  }
}

function bufferedFile(io: CliIO, outPath: string): OutputFile {
  const chunks: string[] = [];
  return { write: (c) => chunks.push(c), commit: () => io.writeFile(outPath, chunks.join('')), abort: () => undefined };
}

/**
 * `-o DIR`: the folder to write into, created (with its parents) when missing; its real path.
 * A file in the way is refused: `purpose` says what the folder is for ("extract into").
 */
export function outputFolder(files: CliFileSystem, outDir: string, purpose: string): string {
  const existing = files.lstat(outDir);
  if (existing === 'file' || existing === 'other') throw new CliError(`${outDir} is a file, not a folder: -o names the folder to ${purpose}`);
  try {
    fs.mkdirSync(outDir, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(`cannot create the folder ${outDir}: ${code === 'EEXIST' || code === 'ENOTDIR' ? 'a part of the path is a file' : fsReason(e)}`);
  }
  const root = files.realpath(outDir);
  if (!root) throw new CliError(`cannot create the folder ${outDir}: it does not resolve`);
  return root;
}

/** A document to OUT a chunk at a time (never one string: `export motion.bin` is 100 MB). */
export function writeChunks(io: CliIO, outPath: string, chunks: Iterable<string>): void {
  writeOutputFile(io, outPath, (write) => {
    for (const chunk of chunks) write(chunk);
  });
}

/**
 * A document that ends in a newline to standard output, a chunk at a time (`escape`: for JSON that
 * may hold names from files, jsonForTerminal's escapes); an io without a raw write gets it as one
 * io.out line (whose newline io.out adds).
 */
export function printChunks(io: CliIO, chunks: Iterable<string>, escape: (chunk: string) => string = (chunk) => chunk): void {
  const write = io.write?.bind(io);
  if (!write) {
    io.out([...chunks].map(escape).join('').replace(/\n$/, ''));
    return;
  }
  for (const chunk of chunks) write(escape(chunk));
}
