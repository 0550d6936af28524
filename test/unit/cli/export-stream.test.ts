/**
 * `animscope export` writes its document a chunk at a time, as the editor's Export to JSON does
 * (issue 26: `export motion.bin` built its 49 MB line, or its 100 MB file, as one string and
 * peaked at ~568 MB), and `-o` goes through a temporary file renamed at the end.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { nodeIO, run, VERSION } from '../../../src/cli/main';
import type { CliIO, OutputFile } from '../../../src/cli/output';
import { exportJsonChunks } from '../../../src/export/files';
import { exportDecoded } from '../../../src/export/json';
import { jsonForTerminal } from '../../../src/cli/format';
import { decode } from '../../../src/formats/index';
import { samplePath } from '../helpers';

const MOTION = samplePath('motn/motion.bin');

/** The largest piece of text a chunked writer hands over: 64 KiB chunks, a value at depth 5 (motion.bin's largest: 250 KB) whole. */
const MAX_PIECE = 1 << 20;

/** An io that keeps every piece written to stdout or to a file, separately. */
function capture(): { io: CliIO; stdout: string[]; files: Map<string, string[]>; err: string[] } {
  const stdout: string[] = [], err: string[] = [];
  const files = new Map<string, string[]>();
  const io: CliIO = {
    out: (t) => stdout.push(t + '\n'),
    write: (t) => stdout.push(t),
    err: (t) => err.push(t),
    writeFile: (p, d) => files.set(p, [d]),
    openFile: (p): OutputFile => {
      const parts: string[] = [];
      return { write: (t) => parts.push(t), commit: () => files.set(p, parts), abort: () => undefined };
    },
  };
  return { io, stdout, files, err };
}

const longest = (pieces: string[]): number => pieces.reduce((n, p) => Math.max(n, p.length), 0);

describe('animscope export: streamed', () => {
  const file = decode(new Uint8Array(fs.readFileSync(MOTION)), 'motion.bin');

  it('motion.bin to standard output: pieces of at most 1 MiB, together the one line jsonForTerminal writes', () => {
    const c = capture();
    assert.equal(run(['export', MOTION], c.io), 0, c.err.join('\n'));
    // Before: one piece of 48,970,253 characters.
    assert.ok(c.stdout.length > 100 && longest(c.stdout) <= MAX_PIECE, `${c.stdout.length} pieces, the longest ${longest(c.stdout)}`);
    assert.equal(c.stdout.join(''), jsonForTerminal(exportDecoded(file, `animscope ${VERSION}`)) + '\n');
  });

  it('motion.bin -o: pieces of at most 1 MiB, together the editor\'s Export to JSON', () => {
    const c = capture();
    assert.equal(run(['export', MOTION, '-o', 'motion.json'], c.io), 0, c.err.join('\n'));
    const pieces = c.files.get('motion.json') ?? [];
    // Before: one piece of 100,024,603 characters, through writeFile.
    assert.ok(pieces.length > 100 && longest(pieces) <= MAX_PIECE, `${pieces.length} pieces, the longest ${longest(pieces)}`);
    assert.equal(pieces.join(''), [...exportJsonChunks(file, VERSION).chunks].join(''));
  });

  describe('-o on the file system', () => {
    let dir: string;
    beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-export-')); });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    const bck = samplePath('j3d/smg/TripodBossCore/2ndDemo.bck');

    it('writes the target through a temporary file that does not stay', () => {
      const target = path.join(dir, 'out.json');
      const err: string[] = [];
      assert.equal(run(['export', bck, '-o', target], { ...nodeIO, err: (t) => err.push(t) }), 0, err.join('\n'));
      assert.deepEqual(fs.readdirSync(dir), ['out.json']);
      assert.equal(JSON.parse(fs.readFileSync(target, 'utf8')).file.name, '2ndDemo.bck');
    });

    it('a write failing halfway leaves the old target as it was and no temporary file', () => {
      const target = path.join(dir, 'out.json');
      fs.writeFileSync(target, 'before');
      const err: string[] = [];
      let writes = 0;
      const failing: CliIO = {
        ...nodeIO,
        err: (t) => err.push(t),
        openFile: (p) => {
          const real = nodeIO.openFile!(p);
          return {
            ...real,
            write: (t) => {
              if (++writes === 2) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
              real.write(t);
            },
          };
        },
      };
      assert.equal(run(['export', MOTION, '-o', target], failing), 2);
      assert.equal(writes, 2);
      assert.match(err.join('\n'), /cannot write .*out\.json: no space left on the device/);
      assert.deepEqual(fs.readdirSync(dir), ['out.json']);
      assert.equal(fs.readFileSync(target, 'utf8'), 'before');
    });

    it('a folder as the target is refused before anything is written', () => {
      const err: string[] = [];
      assert.equal(run(['export', bck, '-o', dir], { ...nodeIO, err: (t) => err.push(t) }), 2);
      assert.match(err.join('\n'), /it is a folder; give a file name/);
      assert.deepEqual(fs.readdirSync(dir), []);
    });
  });
});
