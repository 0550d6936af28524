import * as fs from 'fs';
import { run } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/output';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

export interface CaptureOptions {
  /** `-o` writes go to the real file system (to see its errors) instead of the in-memory map. */
  realFiles?: boolean;
  /** Replaces the captured stdout writer (e.g. to make it fail like a broken pipe). */
  out?: (text: string) => void;
}

/** Runs the CLI in-process with captured output and an in-memory file sink. */
export function cli(...argv: string[]): CliResult {
  return cliWith({}, ...argv);
}

export function cliWith(options: CaptureOptions, ...argv: string[]): CliResult {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  const io: CliIO = {
    out: options.out ?? ((t) => out.push(t)),
    err: (t) => err.push(t),
    writeFile: options.realFiles ? (p, d) => fs.writeFileSync(p, d) : (p, d) => files.set(p, d),
  };
  const code = run(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n'), files };
}
