/** `animscope keys FILE [-o OUT]`: the editable form of an animation (src/write/keysForm.ts) as JSON. */
import { jsonChunks, withNewline } from '../export/serialize';
import { decode } from '../formats/index';
import { keysDocument, KeysFormTooLarge } from '../write/keysForm';
import { parse } from './args';
import { terminalSafeJson } from './format';
import { printChunks, writeChunks } from './outputFile';
import { readAnimationInput } from './input';
import { CliError, CliIO, Command, EXIT_OK, UsageError } from './output';

function keysCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' } });
  if (positionals.length !== 1) throw new UsageError(`keys takes exactly one FILE (got ${positionals.length})`);
  const arg = positionals[0];
  const input = readAnimationInput(arg);
  const file = decode(input.bytes, input.name);
  if (!file.anim) throw new CliError(`${arg} is not an animation: no keys to print`);
  let doc;
  try {
    doc = keysDocument(file.anim, input.bytes);
  } catch (e) {
    if (e instanceof KeysFormTooLarge) throw new CliError(`${arg}: ${e.message}`);
    throw e;
  }
  // Streamed, a chunk at a time: a large form is more text than one string should hold.
  const outPath = values.output as string | undefined;
  if (outPath) writeChunks(io, outPath, withNewline(jsonChunks(doc, { indent: 1 })));
  else printChunks(io, withNewline(jsonChunks(doc)), terminalSafeJson);
  return EXIT_OK;
}

export const KEYS: Command = {
  name: 'keys', synopsis: 'FILE [-o OUT]', summary: 'the editable form: header values and every track\'s keys, as JSON', run: keysCommand,
  help: `The editable form of one animation as JSON: {keysVersion, format, header (loopMode, duration,
rotationFraction, matrixMode as the kind has them), targets: [{index, key, label, [name, duration,
loopMode for MOTN sequences], tracks: [{path, channel, axis, unit, keys | step}]}]}. Keyed tracks
list {frame, value, in, out} in the units the curves show (degrees, units, 0–255 colours; slopes
per frame); step tracks list {frame, value} where the value changes, with the frames they store.
A MOTN also carries \`layout\` (for the file and per sequence): what its keys cannot say — data
order and aliases, the extra data, raw sequences, the build date — kept so \`animscope build\` lays
the file out again; not for editing (docs/writing.md). A form past 2,000,000 keys (a file whose
tracks share runs of keys at every offset) is refused: export the file whole instead.

Options:
  -o, --output OUT    write to OUT (pretty-printed) instead of standard output (one line)`,
};
