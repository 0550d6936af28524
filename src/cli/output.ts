/** Where CLI commands write: injectable so tests capture output without spawning processes. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Writes a whole `-o` file, when there is no `openFile` (tests' in-memory files). */
  writeFile(path: string, data: string): void;
  /** Raw stdout, no newline added (streamed output: `sample`); absent: the chunks are joined and go to `out`. */
  write?(chunk: string): void;
  /** A `-o` file written in chunks and put in place at the end (outputFile.ts: writeOutputFile). */
  openFile?(path: string): OutputFile;
  /** File-system access for `extract` (binary writes, folders, symlink checks); Node's fs when absent. */
  files?: CliFileSystem;
}

/** An output file being written: `commit` puts it in place, `abort` removes every trace of it. */
export interface OutputFile {
  write(chunk: string): void;
  commit(): void;
  abort(): void;
}

/** What `extract` needs of the file system: injectable for tests, Node's fs by default. */
export interface CliFileSystem {
  /** Creates one folder (parents exist). */
  mkdir(path: string): void;
  /** Creates or replaces a file, whole or not at all (temporary file + rename). */
  writeBytes(path: string, data: Uint8Array): void;
  /** {@link writeBytes} with the data produced in chunks (a large decompressed entry is never held whole). */
  writeChunks(path: string, produce: (write: (chunk: Uint8Array) => void) => void): void;
  /** What is at `path` without following a final symlink; undefined when nothing is. */
  lstat(path: string): 'file' | 'directory' | 'symlink' | 'other' | undefined;
  /** The canonical path (symlinks resolved); undefined when it does not resolve. */
  realpath(path: string): string | undefined;
}

/** One CLI command: `animscope NAME …`. main.ts lists them; help and errors are handled there for all. */
export interface Command {
  name: string;
  /** Arguments after the name, for the overview and the help: `FILE [-o OUT]`. */
  synopsis: string;
  /** One line for `animscope --help`. */
  summary: string;
  /** `animscope NAME --help` below the usage line: what it does, then its options. */
  help: string;
  /** Exactly one of run / runAsync (a command that writes through an asynchronous library). */
  run?(args: string[], io: CliIO): number;
  runAsync?(args: string[], io: CliIO): Promise<number>;
}

// Exit codes: the same for every command (README "Exit codes", `animscope --help`).
export const EXIT_OK = 0;
/** The command ran, but found problems: error-severity diagnostics, extract paths skipped. */
export const EXIT_ERRORS = 1;
/** Nothing usable: a file could not be read or is not what the command takes, or the command line is wrong. */
export const EXIT_UNREADABLE = 2;
/** A bug in animscope (an exception no command expected). */
export const EXIT_INTERNAL = 3;

export const EXIT_CODES_HELP = `Exit codes (the same for every command):
  0  done, no errors found (also when the reader of the output stops early: | head)
  1  done, errors found: error diagnostics in a file (its output is still written),
     entries extract or textures skipped, or animations pose could not bind to the model
  2  nothing done: a file could not be read or is not what the command takes, -o cannot
     be written, sample refused past --max-samples, or bad usage
  3  internal error: a bug in animscope (ANIMSCOPE_DEBUG=1 prints the stack)`;

/** An expected failure, printed as one line `animscope CMD: message`. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = EXIT_UNREADABLE) {
    super(message);
  }
}

/** A wrong command line (exit 2): the message gets a pointer to the command's --help. */
export class UsageError extends CliError {}

/**
 * Standard output failed: its reader closed it (EPIPE: `animscope … | head`) or the device did.
 * Thrown from the write so the command stops at once; run() ends with 0 on EPIPE, saying nothing.
 */
export class OutputClosed extends Error {
  constructor(readonly failure: NodeJS.ErrnoException) {
    super(`cannot write to standard output: ${failure.code ?? failure.message}`);
  }
}

/** Why a file-system call failed, in words (Node's error codes mean nothing to most users). */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT': return 'no such file or folder';
    case 'ENOTDIR': return 'a part of the path is not a folder';
    case 'EISDIR': return 'it is a folder';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EROFS': return 'read-only file system';
    case 'ENOSPC': return 'no space left on the device';
    case 'EEXIST': return 'it already exists';
    case 'ENAMETOOLONG': return 'the name is too long';
    case 'EMFILE': case 'ENFILE': return 'too many open files';
    case 'EIO': return 'input/output error';
    default: return code ?? (e instanceof Error ? e.message : String(e));
  }
}
