/**
 * The editor's Export Sampled Curves → JSON writes the very bytes `animscope sample` prints and
 * writes with -o (issue 26: the editor wrote indented JSON, 115 MB for motion.bin against the
 * 71.5 MB the CLI printed, while the README says they are identical).
 */
import { strict as assert } from 'assert';
import { run } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/output';
import { sampleStream } from '../../../src/kinds/sample';
import { sampleJsonChunks } from '../../../src/export/files';
import { decode } from '../../../src/formats/index';
import { readSample, samplePath } from '../helpers';

/** The CLI's output with a raw stdout and chunked files, as the real process has them. */
function cliOutput(argv: string[]): { stdout: string; files: Map<string, string> } {
  const stdout: string[] = [];
  const files = new Map<string, string>();
  const io: CliIO = {
    out: (t) => stdout.push(t + '\n'),
    write: (t) => stdout.push(t),
    err: () => undefined,
    writeFile: (p, d) => files.set(p, d),
    openFile: (p) => {
      const parts: string[] = [];
      return { write: (t) => parts.push(t), commit: () => files.set(p, parts.join('')), abort: () => undefined };
    },
  };
  assert.equal(run(argv, io), 0);
  return { stdout: stdout.join(''), files };
}

describe('Export Sampled Curves → JSON ≡ animscope sample', () => {
  const cases: { sample: string; name: string; animation?: string }[] = [
    { sample: 'j3d/smg/TripodBossCore/2ndDemo.bck', name: '2ndDemo.bck' },
    { sample: 'motn/motion.bin', name: 'motion.bin', animation: 'SPK_2_WARMING' },
  ];
  for (const { sample, name, animation } of cases) {
    it(`${name}${animation ? ` --animation ${animation}` : ''}: the editor's file, standard output and -o are the same bytes`, () => {
      // What commands.ts writes for the JSON choice: sampleJsonChunks over sampleStream of the decode.
      const decoded = decode(readSample(sample), name);
      const editor = [...sampleJsonChunks(sampleStream(decoded, animation ? { animation } : {})).chunks].join('');
      const args = ['sample', samplePath(sample), ...(animation ? ['--animation', animation] : [])];
      const printed = cliOutput(args).stdout;
      const written = cliOutput([...args, '-o', 'curves.json']).files.get('curves.json');
      // Before: the editor's text and -o were indented (2ndDemo.bck: 40,999 characters against the 11,260 printed).
      assert.equal(editor.length, printed.length, 'as long as what the CLI prints');
      assert.equal(editor, printed);
      assert.equal(written, printed);
      assert.ok(printed.endsWith('}\n') && !printed.slice(0, -1).includes('\n'), 'one line and a newline');
    });
  }
});
