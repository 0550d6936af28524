/**
 * `animscope extract` and the files it writes: existing files are not replaced without --force,
 * every file goes through a temporary file renamed into place, gzip entries are streamed to disk.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { run } from '../../../src/cli/main';
import type { CliFileSystem, CliIO } from '../../../src/cli/output';
import { nodeFiles } from '../../../src/cli/archiveCommands';
import { writeFileViaTemp } from '../../../src/cli/outputFile';
import { buildPks } from '../../fixtures/pks-writer';
import { cli } from './capture';

let tmp: string;
before(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-extract-')); });
after(() => { fs.rmSync(tmp, { recursive: true, force: true }); });

function freshDir(name: string): string {
  const d = path.join(tmp, name);
  fs.mkdirSync(d, { recursive: true });
  return d;
}

describe('animscope extract: existing files', () => {
  it('refuses to replace files that exist (exit 2, listed, nothing written) unless --force', () => {
    const base = freshDir('overwrite');
    const file = path.join(base, 'a.pks');
    fs.writeFileSync(file, buildPks([
      { name: 'ONE.BIN', data: new Uint8Array([1, 1]) }, { name: 'TWO.BIN', data: new Uint8Array([2, 2]) }, { name: 'NEW.BIN', data: new Uint8Array([3]) },
    ]).bytes);
    const out = path.join(base, 'out');
    assert.strictEqual(cli('extract', file, 'ONE.BIN', 'TWO.BIN', '-o', out).code, 0);
    // The modder edits one file; re-extracting everything must not lose the edit, nor write the rest.
    fs.writeFileSync(path.join(out, 'ONE.BIN'), 'edited');
    const r = cli('extract', file, '-o', out);
    assert.strictEqual(r.code, 2, r.stdout);
    const lines = r.stderr.split('\n');
    assert.match(lines[0], /^animscope extract: 2 files already exist under .*out; nothing written \(--force replaces them\):$/);
    assert.deepStrictEqual(lines.slice(1), [`  ${path.join(fs.realpathSync(out), 'ONE.BIN')}`, `  ${path.join(fs.realpathSync(out), 'TWO.BIN')}`]);
    assert.strictEqual(fs.readFileSync(path.join(out, 'ONE.BIN'), 'utf8'), 'edited');
    assert.deepStrictEqual(fs.readdirSync(out).sort(), ['ONE.BIN', 'TWO.BIN']);

    const forced = cli('extract', file, '-o', out, '--force');
    assert.strictEqual(forced.code, 0, forced.stderr);
    assert.deepStrictEqual([...fs.readFileSync(path.join(out, 'ONE.BIN'))], [1, 1]);
    assert.deepStrictEqual([...fs.readFileSync(path.join(out, 'NEW.BIN'))], [3]);
    // No temporary file is left next to them.
    assert.deepStrictEqual(fs.readdirSync(out).sort(), ['NEW.BIN', 'ONE.BIN', 'TWO.BIN']);
  });
});

describe('extract writes through a temporary file', () => {
  it('a write that fails leaves neither a partial file nor the temporary one, and keeps the file it would replace', () => {
    const dir = freshDir('temp');
    const target = path.join(dir, 'x.bin');
    assert.throws(() => writeFileViaTemp(target, (write) => { write(new Uint8Array(10)); throw new Error('disk full'); }), /disk full/);
    assert.deepStrictEqual(fs.readdirSync(dir), []);
    fs.writeFileSync(target, 'old');
    assert.throws(() => nodeFiles.writeChunks(target, (write) => { write(new Uint8Array(10)); throw new Error('cancelled'); }), /cancelled/);
    assert.deepStrictEqual(fs.readdirSync(dir), ['x.bin']);
    assert.strictEqual(fs.readFileSync(target, 'utf8'), 'old');
    nodeFiles.writeBytes(target, new Uint8Array([7, 8]));
    assert.deepStrictEqual([...fs.readFileSync(target)], [7, 8]);
    assert.deepStrictEqual(fs.readdirSync(dir), ['x.bin']);
  });

  it('--decompress streams a gzip entry to disk in chunks, never the whole entry at once', () => {
    // 4 MiB of varied bytes (about 36:1 under gzip: below the bomb limit of 128:1).
    const data = Uint8Array.from({ length: 4 * 1024 * 1024 }, (_, i) => ((i * 2654435761) >>> 24) & 0x0f);
    const gz = new Uint8Array(zlib.gzipSync(data));
    const file = path.join(freshDir('stream'), 'g.pks');
    fs.writeFileSync(file, buildPks([{ name: 'BIG.BIN', data: gz }]).bytes);
    const chunks: number[] = [];
    const received: Uint8Array[] = [];
    const files: CliFileSystem = {
      ...nodeFiles,
      lstat: () => undefined,
      realpath: (p) => p,
      mkdir: () => undefined,
      writeBytes: (_p, d) => { chunks.push(d.length); received.push(d.slice()); },
      writeChunks: (_p, produce) => produce((d) => { chunks.push(d.length); received.push(d.slice()); }),
    };
    const out: string[] = [];
    const io: CliIO = { out: (t) => out.push(t), err: (t) => out.push(t), writeFile: () => undefined, files };
    assert.strictEqual(run(['extract', file, '--decompress', '-o', path.join(tmp, 'stream-out')], io), 0, out.join('\n'));
    assert.ok(Buffer.concat(received).equals(Buffer.from(data)));
    // fflate gives one chunk per 8 KiB of input fed: many chunks, each a fraction of the entry.
    assert.ok(chunks.length >= 8 && Math.max(...chunks) <= data.length / 4, `${chunks.length} chunks, largest ${Math.max(...chunks)}`);
  });
});
