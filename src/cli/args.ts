import { parseArgs } from 'util';
import { CliError } from './output';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Node's strict argument parser, with usage errors as CliError (exit 2). */
export function parse<O extends OptionSpec>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true as const, strict: true as const });
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
}
