import { run } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/output';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

/** Runs the CLI in-process with captured output and an in-memory file sink. */
export function cli(...argv: string[]): CliResult {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), writeFile: (p, d) => files.set(p, d) };
  const code = run(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n'), files };
}
