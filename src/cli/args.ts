import { parseArgs } from 'util';
import { safe } from './format';
import { UsageError } from './output';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

function optionList(options: OptionSpec): string {
  const names = Object.entries(options).map(([long, o]) => (o.short ? `-${o.short}/` : '') + `--${long}`);
  return names.length ? `options: ${names.join(', ')}` : 'this command has none';
}

/** Node's parser messages, reworded into one line (they quote oddly and span lines). */
function usageMessage(e: unknown, options: OptionSpec): string {
  const err = e as { code?: string; message?: string };
  const message = err.message ?? String(e);
  const option = safe(/'([^']+)'/.exec(message)?.[1] ?? '');
  // `-o, --output <value>`, `--json`, `-o`: the flag as written, and its long form.
  const flag = option.split(', ').pop()?.replace(/ <value>$/, '') ?? option;
  const long = flag.startsWith('--') ? flag : '--' + (Object.entries(options).find(([, o]) => `-${o.short}` === flag)?.[0] ?? flag);
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option} (${optionList(options)})`;
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `${long} takes no value`;
    if (/ambiguous/.test(message)) return `${flag} needs a value (for a value starting with "-", write ${long}=-VALUE)`;
    return `${long} needs a value`;
  }
  return safe(message.split('\n')[0]);
}

/** Node's strict argument parser, with usage errors as one-line UsageError (exit 2). */
export function parse<O extends OptionSpec>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true as const, strict: true as const });
  } catch (e) {
    throw new UsageError(usageMessage(e, options));
  }
}
