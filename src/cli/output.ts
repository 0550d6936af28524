/** Where CLI commands write: injectable so tests capture output without spawning processes. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Writes a file (export -o). */
  writeFile(path: string, data: string): void;
  /** Raw stdout, no newline added (streamed output: `sample`); absent: the chunks are joined and go to `out`. */
  write?(chunk: string): void;
  /** A file written in chunks (`sample -o`); absent: the chunks are joined and go to `writeFile`. */
  openFile?(path: string): { write(chunk: string): void; close(): void };
  /** File-system access for `extract` (binary writes, folders, symlink checks); Node's fs when absent. */
  files?: CliFileSystem;
}

/** What `extract` needs of the file system: injectable for tests, Node's fs by default. */
export interface CliFileSystem {
  /** Creates one folder (parents exist). */
  mkdir(path: string): void;
  writeBytes(path: string, data: Uint8Array): void;
  /** What is at `path` without following a final symlink; undefined when nothing is. */
  lstat(path: string): 'file' | 'directory' | 'symlink' | 'other' | undefined;
  /** The canonical path (symlinks resolved); undefined when it does not resolve. */
  realpath(path: string): string | undefined;
}

export const EXIT_OK = 0;
/** At least one error-severity diagnostic. */
export const EXIT_ERRORS = 1;
/** A file could not be read, or the command line is wrong. */
export const EXIT_UNREADABLE = 2;

export class CliError extends Error {
  constructor(message: string, readonly exitCode = EXIT_UNREADABLE) {
    super(message);
  }
}
