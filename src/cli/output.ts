/** Where CLI commands write: injectable so tests capture output without spawning processes. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Writes a file (export -o). */
  writeFile(path: string, data: string): void;
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
