/**
 * bin/animscope.js loads the bundle through V8's code cache. V8 accepts a cache for any source of
 * the same length, so the launcher must key it by the bundle's size and mtime too: these tests run
 * a copy of the launcher beside a stand-in bundle and change the bundle under it.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PROJECT_ROOT } from '../helpers';

describe('the CLI launcher’s code cache (bin/animscope.js)', function () {
  this.timeout(30000);
  let root: string;
  let cacheRoot: string;
  let bundle: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-launcher-'));
    cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-launcher-tmp-'));
    fs.mkdirSync(path.join(root, 'bin'));
    fs.mkdirSync(path.join(root, 'dist'));
    fs.copyFileSync(path.join(PROJECT_ROOT, 'bin/animscope.js'), path.join(root, 'bin/animscope.js'));
    bundle = path.join(root, 'dist/cli.js');
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheRoot, { recursive: true, force: true });
  });

  /** A stand-in bundle that prints `word` and what it was given (same length for every 5-letter word). */
  function writeBundle(word: string, mtime: Date): void {
    fs.writeFileSync(bundle, `exports.main = (argv) => { process.stdout.write(${JSON.stringify(word)} + ' ' + argv.join(',')); };\n`);
    fs.utimesSync(bundle, mtime, mtime);
  }
  function run(env: Record<string, string> = {}): string {
    const r = spawnSync(process.execPath, [path.join(root, 'bin/animscope.js'), 'a', 'b'], { env: { ...process.env, TMPDIR: cacheRoot, ...env }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  }
  const cacheFiles = (): string[] => fs.readdirSync(cacheRoot, { recursive: true }).map(String).filter((f) => f.endsWith('.bin'));

  it('writes a cache on the first run and uses it on the next', () => {
    writeBundle('alpha', new Date(2020, 0, 1));
    assert.equal(run(), 'alpha a,b');
    assert.equal(cacheFiles().length, 1, 'one cache file in the temporary directory');
    assert.equal(run(), 'alpha a,b');
  });

  it('a bundle of the same length but another mtime is compiled again, not run from the old cache', () => {
    writeBundle('omega', new Date(2021, 0, 1));
    assert.equal(run(), 'omega a,b');
    assert.equal(run(), 'omega a,b');
  });

  it('ignores a cache directory that others may write to', () => {
    const [file] = cacheFiles();
    const dir = path.join(cacheRoot, path.dirname(file));
    fs.chmodSync(dir, 0o777);
    writeBundle('gamma', new Date(2022, 0, 1));
    assert.equal(run(), 'gamma a,b');
    const before = fs.statSync(path.join(cacheRoot, file)).mtimeMs;
    assert.equal(run(), 'gamma a,b');
    assert.equal(fs.statSync(path.join(cacheRoot, file)).mtimeMs, before, 'nothing written into a directory writable by others');
    fs.chmodSync(dir, 0o700);
  });

  it('ANIMSCOPE_NO_CODE_CACHE=1 loads the bundle without one', () => {
    fs.rmSync(path.join(cacheRoot), { recursive: true, force: true });
    fs.mkdirSync(cacheRoot);
    assert.equal(run({ ANIMSCOPE_NO_CODE_CACHE: '1' }), 'gamma a,b');
    assert.deepEqual(cacheFiles(), []);
  });
});
